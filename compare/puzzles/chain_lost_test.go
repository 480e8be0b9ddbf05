package puzzles

import (
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/gridsat/gridsat/backtrack"
	"github.com/gridsat/gridsat/compare"
	"github.com/gridsat/gridsat/instances"
)

// The boards of the counting family (chainCountFamily, the seeds
// BenchmarkChainCountFamily uses) on which the DFS lost itself before its
// frontier check: swapped boards, the counts right, that pass a node
// limit. testdata/chain_lost.txt holds those found past 200,000 nodes (dfs
// with memo and refute, at 90c3280), each after a comment line naming its
// family, seed and case, so the DFS's work on them can be followed without
// regenerating the family; BenchmarkChainFamilyLost finds none now.

// chainLostFile holds the lost boards in the judge format.
const chainLostFile = "testdata/chain_lost.txt"

// chainLostLimit is the node limit BenchmarkChainFamilyLost lists boards
// past: GRIDSAT_CHAIN_LOST_NODES, or 200,000.
func chainLostLimit() int64 {
	if v, err := strconv.ParseInt(os.Getenv("GRIDSAT_CHAIN_LOST_NODES"), 10, 64); err == nil && v > 0 {
		return v
	}
	return 200000
}

// chainLostHeader is the comment line written before a lost board.
func chainLostHeader(n, k, index int, limit int64) string {
	return fmt.Sprintf("# family N=%d K=%d seed %d case %d: dfs past %d nodes", n, k, 1000*n+k, index, limit)
}

// BenchmarkChainFamilyLost runs the DFS on every board of the counting
// family with the counts right (the swapped half), N=12 and 16, K=2, 3 and
// 5, 500 boards per family as BenchmarkChainCountFamily makes them, with
// the node limit chainLostLimit, and lists (b.Log) the boards past it with
// their seeds and cases; every answer it gives is checked against sat's.
// With GRIDSAT_CHAIN_LOST_OUT=FILE it writes those boards there in the
// judge format (testdata/chain_lost.txt was written so). It reports the
// boards past the limit and the most nodes a board that finished took.
func BenchmarkChainFamilyLost(b *testing.B) {
	p := chainPuzzle(b)
	limit := chainLostLimit()
	specs := chainSpecs(b, p, fmt.Sprintf("dfs:nodes=%d", limit), "sat")
	var out strings.Builder
	lost, most := 0, int64(0)
	for i := 0; i < b.N; i++ {
		out.Reset()
		lost, most = 0, 0
		for _, n := range []int{12, 16} {
			for _, k := range []int{2, 3, 5} {
				for j, c := range chainCountFamily(b, int64(1000*n+k), n, k, 500) {
					if j%2 == 0 {
						continue // infeasible by its counts
					}
					nodes, done := solveChainLost(b, specs, c)
					if done {
						most = max(most, nodes)
						continue
					}
					lost++
					b.Logf("N=%d K=%d seed %d case %d: past %d nodes", n, k, 1000*n+k, j+1, limit)
					fmt.Fprintln(&out, chainLostHeader(n, k, j+1, limit))
					if err := instances.FormatChain(&out, []*instances.Chain{c}); err != nil {
						b.Fatal(err)
					}
				}
			}
		}
	}
	if path := os.Getenv("GRIDSAT_CHAIN_LOST_OUT"); path != "" {
		if err := os.WriteFile(path, []byte(out.String()), 0o644); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(lost), "boards-past-limit")
	b.ReportMetric(float64(most), "max-nodes-done")
}

// solveChainLost solves c with specs (the DFS with its node limit, then
// sat), checks the answers as solveChainFamily does, and returns the DFS's
// nodes and whether it finished.
func solveChainLost(t testing.TB, specs []compare.Spec, c *instances.Chain) (int64, bool) {
	t.Helper()
	res, err := specs[0].Solver.Solve(c, specs[0].Options)
	nodes, _ := res.Stat("nodes")
	if errors.Is(err, backtrack.ErrChainNodeLimit) {
		return int64(nodes), false
	}
	solveChainFamily(t, specs, c)
	return int64(nodes), true
}

// TestChainLostFixtures checks testdata/chain_lost.txt: every board
// follows a comment line naming its family, seed and case (the benchmark
// regenerates them; regenerating them here would take most of a minute),
// has the counts right, and has a path, which sat finds and the verifier
// accepts, and which the DFS finds too within 100,000 nodes, by its
// frontier checks. BenchmarkChainFamilyLost and backtrack's
// BenchmarkChainLost measure the DFS on them.
func TestChainLostFixtures(t *testing.T) {
	data, err := os.ReadFile(chainLostFile)
	if err != nil {
		t.Fatal(err)
	}
	boards, err := instances.ParseChain(chainLostFile, strings.NewReader(string(data)))
	if err != nil {
		t.Fatal(err)
	}
	heads := 0
	for _, line := range strings.Split(string(data), "\n") {
		var n, k, seed, index int
		if _, err := fmt.Sscanf(line, "# family N=%d K=%d seed %d case %d:", &n, &k, &seed, &index); err == nil {
			heads++
		}
	}
	if heads != len(boards) || len(boards) == 0 {
		t.Fatalf("%s: %d boards, %d family lines", chainLostFile, len(boards), heads)
	}
	specs := chainSpecs(t, chainPuzzle(t), "sat", "dfs:nodes=100000")
	sat, dfs := specs[0], specs[1]
	for i, c := range boards {
		if why := c.Infeasible(); why != "" {
			t.Errorf("%s: board %d: %s", chainLostFile, i+1, why)
		}
		res, err := sat.Solver.Solve(c, sat.Options)
		if err != nil {
			t.Fatal(err)
		}
		if !res.Solved {
			t.Errorf("%s: board %d: sat finds no path", chainLostFile, i+1)
		}
		if err := verifyChain(c, res); err != nil {
			t.Errorf("%s: board %d: %v", chainLostFile, i+1, err)
		}
		// The DFS lost itself on these before its frontier check (past
		// 1,000,000 nodes each); with it, each takes at most 3,612.
		d, err := dfs.Solver.Solve(c, dfs.Options)
		if err != nil {
			t.Errorf("%s: board %d: dfs: %v", chainLostFile, i+1, err)
			continue
		}
		if d.Answer != res.Answer {
			t.Errorf("%s: board %d: dfs answers %q, sat %q", chainLostFile, i+1, d.Answer, res.Answer)
		}
		if cuts, _ := d.Stat("sweeps"); cuts == 0 {
			t.Errorf("%s: board %d: dfs ran no frontier check", chainLostFile, i+1)
		}
	}
}

// BenchmarkChainSwappedRules runs DFS configurations on the swapped K=2
// boards of the counting family (N=12 and 16, 250 each, the ones the DFS
// loses itself on when it does), each with a node limit of 1,000,000, and
// reports per configuration the boards past it, the nodes over all boards
// and on the worst, and the CPU seconds; every answer is verified. The
// configurations are GRIDSAT_CHAIN_RULES (specs separated by commas), else
// the default, memo off, refute on (off by default), and frontier off.
func BenchmarkChainSwappedRules(b *testing.B) {
	p := chainPuzzle(b)
	configs := []string{"dfs", "dfs:memo=false", "dfs:refute=true", "dfs:memo=false:refute=true", "dfs:frontier=false"}
	if v := os.Getenv("GRIDSAT_CHAIN_RULES"); v != "" {
		configs = strings.Split(v, ",")
	}
	var boards []*instances.Chain
	for _, n := range []int{12, 16} {
		for j, c := range chainCountFamily(b, int64(1000*n+2), n, 2, 500) {
			if j%2 == 1 {
				boards = append(boards, c)
			}
		}
	}
	for _, cfg := range configs {
		b.Run(cfg, func(b *testing.B) {
			spec := chainSpecs(b, p, cfg+":nodes=1000000")[0]
			var lost, total, most int64
			cpu := processCPU()
			for i := 0; i < b.N; i++ {
				lost, total, most = 0, 0, 0
				for _, c := range boards {
					res, err := spec.Solver.Solve(c, spec.Options)
					nodes, _ := res.Stat("nodes")
					total += int64(nodes)
					most = max(most, int64(nodes))
					if errors.Is(err, backtrack.ErrChainNodeLimit) {
						lost++
						continue
					}
					if err != nil {
						b.Fatal(err)
					}
					if err := verifyChain(c, res); err != nil {
						b.Fatalf("%s: %v", c.Location(), err)
					}
				}
			}
			b.ReportMetric(float64(lost), "past-limit")
			b.ReportMetric(float64(total), "nodes")
			b.ReportMetric(float64(most), "max-nodes")
			b.ReportMetric((processCPU()-cpu).Seconds()/float64(b.N), "cpu-s/op")
		})
	}
}
