package compare

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/gridsat/gridsat/instances"
)

// BenchmarkSlantSplit solves the hard unique 50x50 fixtures with
// unique=true, whole (jobs=1) and cut by split into 16 and 64 parts, every
// part solved in this process one after another by the same solver, and
// checks that the join says unique. It reports the CPU time of the solves
// (cpu-s/op; the split's own time apart, split-ms/op), the parts made and
// the longest part's time (max-part-ms/op): the parts' total against the
// whole's is the split's load. The processes of a real run add their own
// start-up per shard. Say the load (uptime) beside its figures.
//
//	go test ./compare -run XXX -bench SlantSplit -benchtime 3x
func BenchmarkSlantSplit(b *testing.B) {
	p := slantPuzzle(b)
	boards := slantFixture(b, "slant_hard_50.txt")
	o := Options{"unique": "true"}
	for _, solver := range []string{"dfs", "sat"} {
		var solve func(instances.Case, Options) (Result, error)
		for _, s := range p.Solvers {
			if s.Name == solver {
				solve = s.Solve
			}
		}
		for _, jobs := range []int{1, 16, 64} {
			b.Run(fmt.Sprintf("solver=%s/jobs=%d", solver, jobs), func(b *testing.B) {
				var cpu, split, longest time.Duration
				parts := 0
				for range b.N {
					for _, s := range boards {
						start := processCPU()
						cases := []*instances.Slant{s}
						if jobs > 1 {
							var buf strings.Builder
							if err := p.Split(&buf, []instances.Case{s}, SplitConfig{Jobs: jobs, Bound: -1}); err != nil {
								b.Fatal(err)
							}
							cs, err := instances.ParseSlant("parts", strings.NewReader(buf.String()))
							if err != nil {
								b.Fatal(err)
							}
							cases = cs
						}
						split += processCPU() - start
						parts += len(cases)
						solved := 0
						for _, c := range cases {
							t0 := processCPU()
							res, err := solve(c, o)
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
							b.Fatalf("%s: %d parts with solutions, want 1 (unique)", s.Location(), solved)
						}
					}
				}
				n := float64(b.N)
				b.ReportMetric(cpu.Seconds()/n, "cpu-s/op")
				b.ReportMetric(float64(split.Milliseconds())/n, "split-ms/op")
				b.ReportMetric(float64(longest.Microseconds())/1000, "max-part-ms")
				b.ReportMetric(float64(parts)/n, "parts/op")
			})
		}
	}
}
