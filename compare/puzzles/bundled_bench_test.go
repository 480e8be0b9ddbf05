package puzzles

import (
	"fmt"
	"runtime/debug"
	"testing"

	"github.com/gridsat/gridsat/compare"
	"github.com/gridsat/gridsat/compare/comparetest"
	"github.com/gridsat/gridsat/compare/harness"
	"github.com/gridsat/gridsat/instances"
)

// BenchmarkBundled solves each case of each puzzle's bundled sets with
// each of its default solvers, one sub-benchmark per case
// (Bundled/slant/sat/ladder#11): what `compare PUZZLE` measures in its
// workers, without the harness (cpu-ns/op is the process's CPU time,
// the collector's threads included, as the harness reads it), so that benchstat can put a case's dfs and
// sat side by side and -cpuprofile on one case shows where a side's time
// goes. The first solve's answer is verified, before the timer starts;
// the timed solves must agree with it on whether there is one.
func BenchmarkBundled(b *testing.B) {
	// The workers' collector target, which the harness sets.
	defer debug.SetGCPercent(debug.SetGCPercent(harness.WorkerGCPercent))
	for _, name := range []string{"slant", "queens", "chain"} {
		p, err := compare.Lookup(name)
		if err != nil {
			b.Fatal(err)
		}
		type labelled struct {
			label string
			c     instances.Case
		}
		var cases []labelled
		for _, set := range instances.Sets(name) {
			for i, c := range comparetest.ReadSet(b, p, set).Cases {
				cases = append(cases, labelled{fmt.Sprintf("%s#%d", set.Name, i+1), c})
			}
		}
		for _, text := range []string{"dfs", "sat"} {
			spec, err := p.ParseSpec(text, compare.Options{})
			if err != nil {
				b.Fatal(err)
			}
			for _, lc := range cases {
				b.Run(fmt.Sprintf("%s/%s/%s", name, text, lc.label), func(b *testing.B) {
					first, err := compare.SolveCase(spec, lc.c)
					if err != nil {
						b.Fatalf("%s: %v", lc.c.Location(), err)
					}
					if first.Solved {
						if err := p.Verify(lc.c, first); err != nil {
							b.Fatalf("%s: %v", lc.c.Location(), err)
						}
					}
					b.ResetTimer()
					cpu0 := processCPU()
					for i := 0; i < b.N; i++ {
						res, err := compare.SolveCase(spec, lc.c)
						if err != nil || res.Solved != first.Solved {
							b.Fatalf("%s: solved=%v, the first solve %v: %v", lc.c.Location(), res.Solved, first.Solved, err)
						}
					}
					if cpu := processCPU() - cpu0; cpu > 0 {
						b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N), "cpu-ns/op")
					}
				})
			}
		}
	}
}
