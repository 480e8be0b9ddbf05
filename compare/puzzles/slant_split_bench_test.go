package puzzles

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/gridsat/gridsat/compare"
	"github.com/gridsat/gridsat/instances"
	"github.com/gridsat/gridsat/instances/instancestest"
)

// slantSplitJobs are the part counts BenchmarkSlantSplit compares with
// the whole case (1).
var slantSplitJobs = []int{1, 16, 64}

// BenchmarkSlantSplit solves the hard unique 50x50 fixtures with
// unique=true by one solver, each board whole and cut by split into 16
// and 64 parts, alternating (whole, 16, 64, board after board), every
// part solved in this process one after another, and checks that exactly
// one part has a solution, unique. Per part count it reports the CPU time
// of the solves (cpu-s-jobsN/op; the split's own time apart,
// split-ms-jobsN/op) and the longest part (max-part-ms-jobsN): the
// parts' total against the whole's is the split's load. The processes of
// a real run add their own start-up per shard. Run it with -count and
// quote medians; say the load (uptime) beside its figures.
//
//	go test ./compare/puzzles -run XXX -bench SlantSplit -benchtime 2x -count 3
func BenchmarkSlantSplit(b *testing.B) {
	p := slantPuzzle(b)
	boards := instancestest.SlantFixture(b, "slant_hard_50.txt")
	for _, solver := range []string{"dfs", "sat"} {
		var solve func(instances.Case, compare.Options) (compare.Result, error)
		for _, s := range p.Solvers {
			if s.Name == solver {
				solve = s.Solve
			}
		}
		b.Run("solver="+solver, func(b *testing.B) {
			cpu := make([]time.Duration, len(slantSplitJobs))
			split := make([]time.Duration, len(slantSplitJobs))
			longest := make([]time.Duration, len(slantSplitJobs))
			for range b.N {
				for _, s := range boards {
					for k, jobs := range slantSplitJobs {
						c, sp, l := slantSplitSolve(b, p, solve, s, jobs)
						cpu[k], split[k], longest[k] = cpu[k]+c, split[k]+sp, max(longest[k], l)
					}
				}
			}
			n := float64(b.N)
			for k, jobs := range slantSplitJobs {
				b.ReportMetric(cpu[k].Seconds()/n, fmt.Sprintf("cpu-s-jobs%d/op", jobs))
				b.ReportMetric(float64(longest[k].Microseconds())/1000, fmt.Sprintf("max-part-ms-jobs%d", jobs))
				if jobs > 1 {
					b.ReportMetric(float64(split[k].Microseconds())/1000/n, fmt.Sprintf("split-ms-jobs%d/op", jobs))
				}
			}
		})
	}
}

// slantSplitSolve splits s into jobs parts (none for 1) and solves each
// with unique=true, verified; it returns the solves' CPU time, the
// split's, and the longest part's.
func slantSplitSolve(b *testing.B, p *compare.Puzzle, solve func(instances.Case, compare.Options) (compare.Result, error), s *instances.Slant, jobs int) (cpu, split, longest time.Duration) {
	start := processCPU()
	cases := []*instances.Slant{s}
	if jobs > 1 {
		var buf strings.Builder
		if err := p.Split(&buf, []instances.Case{s}, compare.SplitConfig{Jobs: jobs, Bound: -1}); err != nil {
			b.Fatal(err)
		}
		cs, err := instances.ParseSlant("parts", strings.NewReader(buf.String()))
		if err != nil {
			b.Fatal(err)
		}
		cases = cs
	}
	split = processCPU() - start
	solved := 0
	for _, c := range cases {
		t0 := processCPU()
		res, err := solve(c, compare.Options{"unique": "true"})
		if err != nil {
			b.Fatal(err)
		}
		d := processCPU() - t0
		cpu, longest = cpu+d, max(longest, d)
		if err := p.Verify(c, res); err != nil {
			b.Fatal(err)
		}
		if res.Solved {
			solved++
			if res.Second != "" {
				b.Fatalf("%s: a second solution", c.Location())
			}
		}
	}
	if solved != 1 {
		b.Fatalf("%s, %d jobs: %d parts with solutions, want 1 (unique)", s.Location(), jobs, solved)
	}
	return cpu, split, longest
}
