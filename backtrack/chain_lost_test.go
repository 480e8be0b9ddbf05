package backtrack

import (
	"errors"
	"fmt"
	"os"
	"strconv"
	"testing"

	"github.com/gridsat/gridsat/instances"
)

// BenchmarkChainLost runs the DFS on the boards of the counting family it
// lost itself on before its frontier check (compare/puzzles/testdata/chain_lost.txt:
// swapped K=2 boards, all with a path), each with a node limit
// (GRIDSAT_CHAIN_LOST_NODES, or 1,000,000), and reports per board the nodes
// (search and refutation), the frontier checks run, the nodes they cut
// off, the states they kept, and the CPU seconds; a path found is
// verified. Compare two builds with the nodes first: they do not depend on
// the load.
func BenchmarkChainLost(b *testing.B) {
	f, err := os.Open("../compare/puzzles/testdata/chain_lost.txt")
	if err != nil {
		b.Fatal(err)
	}
	boards, err := instances.ParseChain("chain_lost.txt", f)
	f.Close()
	if err != nil {
		b.Fatal(err)
	}
	limit := int64(1000000)
	if v, err := strconv.ParseInt(os.Getenv("GRIDSAT_CHAIN_LOST_NODES"), 10, 64); err == nil && v > 0 {
		limit = v
	}
	for i, c := range boards {
		b.Run(fmt.Sprintf("board=%d/N=%d", i+1, c.N), func(b *testing.B) {
			var res ChainResult
			cpu := cpuSeconds()
			for j := 0; j < b.N; j++ {
				res, err = SolveChain(c, ChainOptions{MaxNodes: limit})
				if err != nil && !errors.Is(err, ErrChainNodeLimit) {
					b.Fatal(err)
				}
				if res.Solved {
					if err := instances.VerifyChain(c, res.Answer); err != nil {
						b.Fatal(err)
					}
				}
			}
			b.ReportMetric(float64(res.Nodes), "nodes")
			b.ReportMetric(float64(res.Sweeps), "sweeps")
			b.ReportMetric(float64(res.Refuted), "cuts")
			b.ReportMetric(float64(res.Swept), "states")
			b.ReportMetric((cpuSeconds()-cpu)/float64(b.N), "cpu-s/op")
			if !res.Solved {
				b.ReportMetric(1, "past-limit")
			}
		})
	}
}
