package puzzles

import (
	"errors"
	"fmt"
	"math/rand"
	"testing"

	"github.com/gridsat/gridsat/backtrack"
	"github.com/gridsat/gridsat/encode"
	"github.com/gridsat/gridsat/encode/sat"
	"github.com/gridsat/gridsat/instances"
)

// TestChainSolversAgreeOldAndNew holds the chain DFS and SAT solvers to
// each other and to the behaviour they replaced on random boards of 2x2 to
// 7x7, K from 1 to 4, labels swapped (the counts kept, often -1), perturbed
// or planted, from fixed seeds: the DFS with every rule, the SAT solver on
// gophersat with and without the look-ahead (encode.ChainOptions.NoLookahead,
// the old rule) and on gini must give the same answer; so must the
// judge's plain search where it finishes within its node budget, and the
// brute force up to 4x4. Every path must verify.
func TestChainSolversAgreeOldAndNew(t *testing.T) {
	boards := 300
	if testing.Short() {
		boards = 80
	}
	var backends []sat.Backend
	for _, name := range []string{"gophersat", "gini"} {
		be, err := sat.LookupBackend(name)
		if err != nil {
			t.Fatal(err)
		}
		backends = append(backends, be)
	}
	rng := rand.New(rand.NewSource(35))
	solved, unsolved, plainRuns := 0, 0, 0
	for i := 0; i < boards; i++ {
		n, k := 2+rng.Intn(6), 1+i%4
		opts := instances.ChainGenOptions{N: n, K: k, Swap: i%3 == 1, Perturb: i%3 == 2}
		b, _, err := instances.GenerateChain(rng, opts)
		if err != nil {
			t.Fatal(err)
		}
		name := fmt.Sprintf("board %d (N=%d K=%d swap=%v perturb=%v)", i, n, k, opts.Swap, opts.Perturb)
		dfs, err := backtrack.SolveChain(b, backtrack.ChainOptions{})
		if err != nil {
			t.Fatalf("%s dfs: %v", name, err)
		}
		want := dfs.Answer
		if dfs.Solved {
			if err := instances.VerifyChain(b, want); err != nil {
				t.Fatalf("%s dfs: %v", name, err)
			}
			solved++
		} else {
			unsolved++
		}
		plain, err := backtrack.SolveChain(b, backtrack.ChainOptions{Plain: true, MaxNodes: 200_000})
		switch {
		case errors.Is(err, backtrack.ErrChainNodeLimit):
		case err != nil:
			t.Fatalf("%s plain: %v", name, err)
		case plain.Answer != want:
			t.Fatalf("%s: dfs %q, the plain search %q", name, want, plain.Answer)
		default:
			plainRuns++
		}
		if n <= 4 {
			if brute := instances.BruteChain(b); brute != want {
				t.Fatalf("%s: dfs %q, the brute force %q", name, want, brute)
			}
		}
		for _, o := range []encode.ChainOptions{
			{SATOptions: encode.SATOptions{Backend: backends[0]}},
			{SATOptions: encode.SATOptions{Backend: backends[0]}, NoLookahead: true},
			{SATOptions: encode.SATOptions{Backend: backends[1]}},
		} {
			res, err := encode.SolveChain(b, o)
			if err != nil {
				t.Fatalf("%s sat %s lookahead=%v: %v", name, o.Backend.Name(), !o.NoLookahead, err)
			}
			if res.Answer != want {
				t.Fatalf("%s sat %s lookahead=%v: %q, the DFS %q", name, o.Backend.Name(), !o.NoLookahead, res.Answer, want)
			}
		}
	}
	if solved < boards/5 || unsolved < boards/5 || plainRuns < boards/2 {
		t.Errorf("%d boards with a path, %d without, %d plain runs finished: the test lost its teeth", solved, unsolved, plainRuns)
	}
	t.Logf("%d boards with a path, %d without, %d plain runs finished", solved, unsolved, plainRuns)
}
