package puzzles

import (
	"fmt"
	"math/rand"
	"testing"
	"time"

	"github.com/gridsat/gridsat/instances"
)

// chainLargeBoards returns the boards of issue 23's size targets for side
// n: the all-zero K=1 board, and for K = 2, 3 and 5 three boards each of
// planted paths and perturbed ones (a few labels changed); with swapped,
// three boards per K with a few pairs of labels swapped instead (counts
// kept), the DFS's hard case.
func chainLargeBoards(t testing.TB, n int, swapped bool) []*instances.Chain {
	t.Helper()
	var boards []*instances.Chain
	if !swapped {
		boards = append(boards, &instances.Chain{Loc: instances.Loc{File: "all-zero", Case: 1, Line: 1}, N: n, K: 1, Labels: make([]int, n*n)})
	}
	rng := rand.New(rand.NewSource(int64(n)))
	kinds := []instances.ChainGenOptions{{}, {Perturb: true}}
	if swapped {
		kinds = []instances.ChainGenOptions{{Swap: true}}
		rng = rand.New(rand.NewSource(int64(1000 + n)))
	}
	for _, k := range []int{2, 3, 5} {
		for _, o := range kinds {
			for i := 0; i < 3; i++ {
				o.N, o.K = n, k
				b, _, err := instances.GenerateChain(rng, o)
				if err != nil {
					t.Fatal(err)
				}
				b.Loc = instances.Loc{File: fmt.Sprintf("K=%d %+v", k, o), Case: i + 1, Line: 1}
				boards = append(boards, b)
			}
		}
	}
	return boards
}

// BenchmarkChainLarge solves the boards of issue 23's size targets, N=24
// and N=32 (chainLargeBoards: 19 boards per size), with the DFS and the
// default sat, checking every answer as the counting family does, and
// reports each solver's slowest board and its time on the all-zero one
// (CPU times, as solveChainFamily measures them), and both solvers'
// slowest swapped board (9 per size; before the frontier check the DFS
// could lose itself on such boards, and they went to sat alone). The
// target: every board within 60 s by both.
func BenchmarkChainLarge(b *testing.B) {
	p := chainPuzzle(b)
	specs := chainSpecs(b, p, "dfs", "sat")
	for _, n := range []int{24, 32} {
		boards := chainLargeBoards(b, n, false)
		swapped := chainLargeBoards(b, n, true)
		b.Run(fmt.Sprintf("N=%d", n), func(b *testing.B) {
			worst := make([]time.Duration, len(specs))
			zero := make([]time.Duration, len(specs))
			worstSwapped := make([]time.Duration, len(specs))
			for i := 0; i < b.N; i++ {
				for bi, c := range boards {
					for j, d := range solveChainFamily(b, specs, c) {
						worst[j] = max(worst[j], d)
						if bi == 0 {
							zero[j] = d
						}
					}
				}
				for _, c := range swapped {
					for j, d := range solveChainFamily(b, specs, c) {
						worstSwapped[j] = max(worstSwapped[j], d)
					}
				}
			}
			for j, sp := range specs {
				b.ReportMetric(worst[j].Seconds(), sp.Text+"-max-s")
				b.ReportMetric(zero[j].Seconds(), sp.Text+"-allzero-s")
			}
			for j, sp := range specs {
				b.ReportMetric(worstSwapped[j].Seconds(), sp.Text+"-swapped-max-s")
			}
		})
	}
}

// TestChainLargeBoards: a 64x64 board (K=5, planted, perturbed and
// swapped) goes through the DFS and the default sat, the answers agree
// and verify.
func TestChainLargeBoards(t *testing.T) {
	p := chainPuzzle(t)
	specs := chainSpecs(t, p, "dfs", "sat")
	rng := rand.New(rand.NewSource(64))
	for _, o := range []instances.ChainGenOptions{{}, {Perturb: true}, {Swap: true}} {
		o.N, o.K, o.Moves = 64, 5, 3000
		b, _, err := instances.GenerateChain(rng, o)
		if err != nil {
			t.Fatal(err)
		}
		b.Loc = instances.Loc{File: fmt.Sprintf("N=64 %+v", o), Case: 1, Line: 1}
		solveChainFamily(t, specs, b)
	}
}
