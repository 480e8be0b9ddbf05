package backtrack

import (
	"math/rand"
	"testing"

	"github.com/gridsat/gridsat/instances"
)

// chainSplitBoards are the boards the chain split tests run on: planted,
// perturbed and swapped boards (the last two often without a path),
// N 3..8.
func chainSplitBoards(t *testing.T, sizes []int) []*instances.Chain {
	t.Helper()
	rng := rand.New(rand.NewSource(41))
	var bs []*instances.Chain
	for _, n := range sizes {
		for _, k := range []int{2, 3} {
			for _, o := range []instances.ChainGenOptions{{N: n, K: k}, {N: n, K: k, Perturb: true}, {N: n, K: k, Swap: true}} {
				b, _, err := instances.GenerateChain(rng, o)
				if err != nil {
					t.Fatal(err)
				}
				bs = append(bs, b)
			}
		}
	}
	return bs
}

// TestSolveChainParts splits each board, solves every part, checks each
// answer with the verifier (prefix included), and checks that the
// smallest of the parts' paths, -1 when every part says -1, is the
// unsplit answer.
func TestSolveChainParts(t *testing.T) {
	paths := 0
	for bi, b := range chainSplitBoards(t, []int{3, 4, 5, 6, 8}) {
		whole, err := SolveChain(b, ChainOptions{})
		if err != nil {
			t.Fatal(err)
		}
		for _, jobs := range []int{1, 4, 8} {
			parts, err := instances.SplitChain(b, jobs)
			if err != nil {
				t.Fatal(err)
			}
			joined := instances.ChainNoPath
			for _, p := range parts {
				res, err := SolveChain(p, ChainOptions{})
				if err != nil {
					t.Fatalf("board %d, %s: %v", bi, p.Part.Name(), err)
				}
				if !res.Solved {
					continue
				}
				if err := instances.VerifyChain(p, res.Answer); err != nil {
					t.Fatalf("board %d, %s: answer %s: %v", bi, p.Part.Name(), res.Answer, err)
				}
				if joined == instances.ChainNoPath || res.Answer < joined {
					joined = res.Answer
				}
			}
			if joined != whole.Answer {
				t.Fatalf("board %d (%s), %d jobs: joined %s, unsplit %s", bi, b.Size(), jobs, joined, whole.Answer)
			}
		}
		if whole.Solved {
			paths++
		}
	}
	if paths == 0 {
		t.Fatal("no board has a path: the test checks only -1")
	}
}
