package encode

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/gridsat/gridsat/instances"
)

// chainSwappedSlow reads testdata/chain_swapped_slow.txt: swapped K=2
// boards (gen chain --param k=2 --param swap=true) on which the
// lexicographic search on gophersat once ran for seconds to many minutes
// (N=20, seed 2, case 35; N=24, seed 1, case 17; the N=32 board of
// backtrack/README.md).
func chainSwappedSlow(tb testing.TB) []*instances.Chain {
	tb.Helper()
	name := filepath.Join("testdata", "chain_swapped_slow.txt")
	r, err := os.Open(name)
	if err != nil {
		tb.Fatal(err)
	}
	defer r.Close()
	cs, err := instances.ParseChain(name, r)
	if err != nil {
		tb.Fatal(err)
	}
	return cs
}

// BenchmarkChainSATSwappedSlow solves the boards of chain_swapped_slow.txt
// on both embedded backends, verifies every answer, checks that the
// backends agree, and reports the solves, questions and rebuilds per board.
func BenchmarkChainSATSwappedSlow(b *testing.B) {
	for i, c := range chainSwappedSlow(b) {
		var answer string
		for _, be := range []string{"gophersat", "gini"} {
			backend := mustBackend(be)
			b.Run(fmt.Sprintf("%d/N=%d/%s", i+1, c.N, be), func(b *testing.B) {
				var res ChainResult
				for range b.N {
					var err error
					if res, err = SolveChain(c, withBackend(ChainOptions{}, backend)); err != nil {
						b.Fatal(err)
					}
				}
				if err := instances.VerifyChain(c, res.Answer); err != nil {
					b.Fatal(err)
				}
				if answer != "" && answer != res.Answer {
					b.Fatalf("backends differ: %s and %s", answer, res.Answer)
				}
				answer = res.Answer
				b.ReportMetric(float64(res.Stats.Solves), "solves")
				b.ReportMetric(float64(res.Trials), "questions")
				b.ReportMetric(float64(res.Rebuilds), "rebuilds")
			})
		}
	}
}
