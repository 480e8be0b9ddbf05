package encode

import (
	"math/rand"
	"testing"

	"github.com/gridsat/gridsat/encode/sat"
	"github.com/gridsat/gridsat/instances"
)

// TestSolveChainParts splits boards (planted, perturbed, swapped; N 3..8),
// solves every part on gophersat and gini, checks each answer with the
// verifier (prefix included), and checks that the smallest of the parts'
// paths, -1 when every part says -1, is the unsplit answer.
func TestSolveChainParts(t *testing.T) {
	gini, err := sat.LookupBackend("gini")
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewSource(43))
	paths, nones := 0, 0
	for _, n := range []int{3, 4, 5, 6, 8} {
		for _, o := range []instances.ChainGenOptions{{N: n, K: 3}, {N: n, K: 2, Perturb: true}, {N: n, K: 3, Swap: true}} {
			b, _, err := instances.GenerateChain(rng, o)
			if err != nil {
				t.Fatal(err)
			}
			for _, be := range []sat.Backend{gophersatBackend, gini} {
				whole, err := SolveChain(b, ChainOptions{SATOptions: SATOptions{Backend: be}})
				if err != nil {
					t.Fatal(err)
				}
				if joined := solveChainJoined(t, b, be, 6); joined != whole.Answer {
					t.Fatalf("%s %+v: joined %s, unsplit %s", be.Name(), o, joined, whole.Answer)
				}
				if whole.Solved {
					paths++
				} else {
					nones++
				}
			}
		}
	}
	if paths == 0 || nones == 0 {
		t.Fatalf("%d boards with a path, %d without: want both", paths, nones)
	}
}

// solveChainJoined solves b's parts (at most jobs) on be and returns the
// smallest of their paths, -1 when none has one.
func solveChainJoined(t *testing.T, b *instances.Chain, be sat.Backend, jobs int) string {
	t.Helper()
	parts, err := instances.SplitChain(b, jobs)
	if err != nil {
		t.Fatal(err)
	}
	joined := instances.ChainNoPath
	for _, p := range parts {
		res, err := SolveChain(p, ChainOptions{SATOptions: SATOptions{Backend: be}})
		if err != nil {
			t.Fatalf("%s: %v", p.Part.Name(), err)
		}
		if !res.Solved {
			continue
		}
		if err := instances.VerifyChain(p, res.Answer); err != nil {
			t.Fatalf("%s %s: answer %s: %v", be.Name(), p.Part.Name(), res.Answer, err)
		}
		if joined == instances.ChainNoPath || res.Answer < joined {
			joined = res.Answer
		}
	}
	return joined
}
