package harness

import (
	"context"
	"fmt"
	"runtime/debug"
	"strings"
	"testing"
	"time"

	"github.com/gridsat/gridsat/compare"
)

// BenchmarkParentOverhead runs 100,000 trivial cases (1x1 slant boards)
// with both solvers in two workers, and reports the share of the wall
// time the parent process spent on the CPU (parsing, sending jobs,
// reading replies, judging): the harness's own cost, which must stay
// small next to the solvers' however many cases there are. Run with
//
//	go test -run X -bench ParentOverhead -benchtime 1x ./compare/
func BenchmarkParentOverhead(b *testing.B) {
	for _, n := range []int{10_000, 100_000} {
		b.Run(fmt.Sprintf("cases=%d", n), func(b *testing.B) {
			var in strings.Builder
			fmt.Fprintln(&in, n)
			for i := 0; i < n; i++ {
				// Every clue pattern of a 1x1 board that has a solution.
				fmt.Fprintf(&in, "1\n%s\n", []string{"..\n..", "1.\n.1", ".1\n1.", "0.\n.0", ".0\n0."}[i%5])
			}
			p, err := compare.Lookup("slant")
			if err != nil {
				b.Fatal(err)
			}
			sp := []compare.Spec{}
			for _, name := range []string{"dfs", "sat"} {
				s, err := p.ParseSpec(name, nil)
				if err != nil {
					b.Fatal(err)
				}
				sp = append(sp, s)
			}
			defer debug.SetGCPercent(debug.SetGCPercent(parentGCPercent))
			for i := 0; i < b.N; i++ {
				before, beforeKids := cpuTime(), childCPUTime()
				start := time.Now()
				srcs, err := LoadPath(p, "-", strings.NewReader(in.String()))
				if err != nil {
					b.Fatal(err)
				}
				pool := testPool(10*time.Second, 2<<30)
				rows := compareAll(context.Background(), compareConfig{Puzzle: p, Specs: sp, Sources: srcs, Exec: pool, Jobs: 2})
				pool.Close()
				wall := time.Since(start)
				cpu := cpuTime() - before
				kids := childCPUTime() - beforeKids
				if len(rows) != n {
					b.Fatalf("%d rows", len(rows))
				}
				for _, r := range rows {
					if r.Failed() || r.Runs[0].Verdict != compare.VerdictOK || r.Runs[1].Verdict != compare.VerdictOK {
						b.Fatalf("case %d: %+v", r.Case, r)
					}
				}
				b.ReportMetric(100*cpu.Seconds()/wall.Seconds(), "parent-cpu-%")
				b.ReportMetric(float64(wall.Microseconds())/float64(2*n), "µs/run")
				b.ReportMetric(float64(cpu.Microseconds())/float64(2*n), "parent-cpu-µs/run")
				b.ReportMetric(float64(kids.Microseconds())/float64(2*n), "worker-cpu-µs/run")
			}
		})
	}
}
