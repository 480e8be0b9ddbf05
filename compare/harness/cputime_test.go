package harness

import (
	"context"
	"os/exec"
	"testing"
	"time"

	"github.com/gridsat/gridsat/compare"
)

// busyCPU is the CPU time the toy's busy solvers spend.
const busyCPU = 50 * time.Millisecond

// TestCPUTimeOfKnownRuns runs solvers of known CPU time (50ms busy loops,
// in the worker and in a child process) beside a CPU hog, and checks the
// CPU time measured within 10% (and 5 ms more above): the hog stretches
// their wall time, not their CPU time.
func TestCPUTimeOfKnownRuns(t *testing.T) {
	if _, ok := cpuNow(); !ok {
		t.Skip("no CPU time on this platform")
	}
	hog := exec.Command("sh", "-c", "while :; do :; done")
	if err := hog.Start(); err != nil {
		t.Skipf("no shell for the CPU hog: %v", err)
	}
	defer func() { hog.Process.Kill(); hog.Wait() }()
	p := toyPuzzle()
	src := toySource(t, "1 2\n")
	pool := testPool(0, 0)
	defer pool.Close()
	for _, tt := range []struct {
		name string
		exec executor
	}{{"worker", pool}, {"inproc", inProcess{}}} {
		t.Run(tt.name, func(t *testing.T) {
			solvers := []string{"busy", "childbusy"}
			if tt.name == "inproc" {
				solvers = solvers[:1] // the toy is registered in workers only; the child needs none
			}
			rows := compareAll(context.Background(), compareConfig{Puzzle: p, Specs: specs(t, p, solvers...), Sources: []*Source{src}, Exec: tt.exec, Jobs: 1})
			for _, row := range rows {
				for _, run := range row.Runs {
					if run.Verdict != compare.VerdictOK {
						t.Fatalf("%s: %s %s", run.Solver, run.Verdict, run.Detail)
					}
					// A child's start counts to its CPU time: on a loaded
					// machine it alone can pass busyCPU (85ms seen under
					// go test ./... at load 25), so the kernel's account of
					// that child (its wait4 rusage, its exit included) is
					// what the worker must have measured.
					// The worker's own CPU time starting the child and
					// waiting for it is the run's too: some ms in a race
					// build (55ms measured against the child's 50ms).
					want := busyCPU
					if used, ok := run.Result.Stat("child_cpu_ns"); ok {
						if time.Duration(used) < busyCPU {
							t.Errorf("%s on %s: the child used %s, less than its %s busy loop", run.Solver, row.Where(), time.Duration(used), busyCPU)
						}
						self, _ := run.Result.Stat("starter_cpu_ns")
						want = time.Duration(used + self)
					}
					t.Logf("%s on %s: CPU %s (want %s), wall %s", run.Solver, row.Where(), run.CPU, want, run.Wall)
					// Above, 5 ms more are allowed: under go test ./... at
					// load 12 one run measured 55.5 ms for the 50 ms loop,
					// with no garbage collection in the worker (gctrace)
					// and not reproduced in 60 runs since; the kernel
					// charges a loaded machine's page faults and reclaim to
					// the process that faults, so the extra CPU is real but
					// not the solver's. A harness that missed or counted
					// twice a solve or a child is off by 50 ms.
					if d := run.CPU - want; d < -want/10 || d > want/10+5*time.Millisecond {
						t.Errorf("%s on %s: CPU time %s, want %s within -10%%..+10%%+5ms (wall %s)", run.Solver, row.Where(), run.CPU, want, run.Wall)
					}
				}
			}
		})
	}
}
