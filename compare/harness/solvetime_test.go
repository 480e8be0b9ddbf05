package harness

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/gridsat/gridsat/compare"
)

// fakeClocks are clocks that move only when told: a solve advances them
// by its own cost, so the timing logic is checked without a real clock.
type fakeClocks struct {
	wall, cpu time.Duration
	log       []string
}

func (f *fakeClocks) clocks() clocks {
	return clocks{
		wall: func() time.Time { f.log = append(f.log, "wall"); return time.Unix(0, int64(f.wall)) },
		cpu:  func() (time.Duration, bool) { f.log = append(f.log, "cpu"); return f.cpu, true },
	}
}

// A measure reads the wall clock around the CPU clock: on one CPU the CPU
// time it gives cannot pass its wall time.
func TestMeasureNestsCPUInWall(t *testing.T) {
	f := &fakeClocks{}
	s := f.clocks().measure(func() {
		f.log = append(f.log, "solve")
		f.wall += 7 * time.Microsecond
		f.cpu += 5 * time.Microsecond
	})
	if got := strings.Join(f.log, " "); got != "wall cpu solve cpu wall" {
		t.Errorf("clock reads in the order %q, want the CPU clock inside the wall clock", got)
	}
	if s.wall != 7*time.Microsecond || s.cpu != 5*time.Microsecond {
		t.Errorf("span %+v, want wall 7µs, CPU 5µs", s)
	}
}

// A solve quicker than the minimum is repeated in rounds until one lasts
// the minimum, and reported per solve, with the count; the first call's
// result is the one returned (the parent verifies it).
func TestSolveTimedRepeatsQuickSolves(t *testing.T) {
	const per, perCPU = 7 * time.Microsecond, 6 * time.Microsecond
	tests := []struct {
		name     string
		min      time.Duration
		fail     int // the call that fails, 0 for none
		cost     time.Duration
		repeated bool
	}{
		{"quick", time.Millisecond, 0, per, true},
		{"no minimum", 0, 0, per, false},
		{"slow", time.Millisecond, 0, 2 * time.Millisecond, false},
		{"a repeat fails", time.Millisecond, 3, per, false},
	}
	for _, tt := range tests {
		f := &fakeClocks{}
		calls := 0
		solve := func() (compare.Result, error) {
			calls++
			f.wall += tt.cost
			f.cpu += tt.cost * perCPU / per
			if calls == tt.fail {
				return compare.Result{}, errors.New("failed")
			}
			answer := "first"
			if calls > 1 {
				answer = "a repeat's"
			}
			return compare.Result{Solved: true, Answer: answer, Time: tt.cost}, nil
		}
		res, err, took, n := f.clocks().solveTimed(solve, tt.min)
		s := took.per
		if took.first.wall != tt.cost {
			t.Errorf("%s: first solve %v, want %v", tt.name, took.first.wall, tt.cost)
		}
		if err != nil || res.Answer != "first" {
			t.Errorf("%s: result %+v, %v; want the first call's", tt.name, res, err)
		}
		if !tt.repeated {
			if n != 1 || s.wall != tt.cost || (tt.fail == 0 && calls != 1) {
				t.Errorf("%s: %d solves timed, %d calls, span %+v; want the first alone", tt.name, n, calls, s)
			}
			continue
		}
		if n < 2 || time.Duration(n)*s.wall < tt.min || s.wall != per || s.cpu != perCPU || res.Time != per {
			t.Errorf("%s: %d solves of %v (CPU %v, solver's time %v); want a round of at least %v, per solve %v and %v",
				tt.name, n, s.wall, s.cpu, res.Time, tt.min, per, perCPU)
		}
		if time.Duration(n)*per > 2*tt.min {
			t.Errorf("%s: the last round of %d solves overshoots %v", tt.name, n, tt.min)
		}
	}
}

// nextRound grows as testing.B does: toward 1.2 x the minimum, by one at
// least, by 100 times at most.
func TestNextRound(t *testing.T) {
	ms := time.Millisecond
	for _, tt := range []struct {
		n         int
		last, min time.Duration
		want      int
	}{
		{1, 10 * time.Microsecond, ms, 100},
		{1, 100 * time.Microsecond, ms, 12},
		{10, 900 * time.Microsecond, ms, 13},
		{10, 999 * time.Microsecond, ms, 12},
		{100, 999 * time.Microsecond, ms, 120},
		{5, 2 * ms, ms, 6},
		{1, 0, ms, 100},
		{maxSolves / 2, 1, ms, maxSolves},
	} {
		if got := nextRound(tt.n, tt.last, tt.min); got != tt.want {
			t.Errorf("nextRound(%d, %v, %v) = %d, want %d", tt.n, tt.last, tt.min, got, tt.want)
		}
	}
	if minSolveFor(0) != defaultMinSolve || minSolveFor(10*time.Millisecond) != 100*time.Microsecond || minSolveFor(time.Hour) != defaultMinSolve {
		t.Error("minSolveFor: want at most a hundredth of the limit")
	}
}

// Through real workers: a quick solve comes back timed over many solves,
// its answer verified; without a minimum, one solve.
func TestWorkerRepeatsQuickSolves(t *testing.T) {
	p := toyPuzzle()
	src := toySource(t, "1 -1\n")
	for _, min := range []time.Duration{0, time.Millisecond} {
		pool := testPool(0, 0)
		pool.MinSolve = min
		rows := compareAll(context.Background(), compareConfig{Puzzle: p, Specs: specs(t, p, "good"), Sources: []*Source{src}, Exec: pool, Jobs: 1})
		pool.Close()
		for _, row := range rows {
			run := row.Runs[0]
			if !run.Verdict.Solved() {
				t.Fatalf("min %v, %s: %s %s", min, row.Where(), run.Verdict, run.Detail)
			}
			// A solve is repeated when it took less than min: a busy
			// machine can stretch the toy's microseconds past it, and
			// then the one solve stands alone (its time is the run's).
			first := run.Wall
			if run.Solves > 1 {
				first = run.FirstWall
			}
			quick := min > 0 && first < min
			if repeated := run.Solves > 1; run.Solves < 1 || repeated != quick || repeated != (run.FirstWall > 0) {
				t.Errorf("min %v, %s: %d solves timed, the first's time %v, the run's %v", min, row.Where(), run.Solves, run.FirstWall, run.Wall)
			}
		}
	}
}

// The clocks' cost is measured (where there is a CPU clock) and recorded;
// a machine record and a run without it, from an older file, still read.
func TestClockCostRecorded(t *testing.T) {
	m := newMachine(nil)
	if _, ok := cpuNow(); ok && (m.ClockCost <= 0 || m.ClockCostWall <= 0) {
		t.Errorf("clock cost %v CPU, %v wall: not measured", m.ClockCost, m.ClockCostWall)
	}
	m.MinSolve = time.Millisecond
	if lines := strings.Join(m.Lines(nil), "\n"); !strings.Contains(lines, "reading the clocks costs") || !strings.Contains(lines, "solves under 1ms repeated") {
		t.Errorf("machine lines lack the clock cost or the repeats:\n%s", lines)
	}
	var old struct {
		Machine compare.Machine `json:"machine"`
		Run     compare.Run     `json:"run"`
	}
	const record = `{"machine": {"cpu_model": "X", "time_source": "cpu"}, "run": {"solver": "dfs", "verdict": "ok", "wall_ns": 5000, "cpu_ns": 7000}}`
	if err := json.Unmarshal([]byte(record), &old); err != nil || old.Run.Solves != 0 || old.Machine.ClockCost != 0 {
		t.Fatalf("an older record: %+v, %v", old, err)
	}
	if lines := strings.Join(old.Machine.Lines(nil), "\n"); strings.Contains(lines, "clocks cost") || strings.Contains(lines, "repeated") {
		t.Errorf("an older machine record claims a clock cost or repeats:\n%s", lines)
	}
}

// A job that keeps proofs writes files: it is never repeated.
func TestNoRepeatsKeepingProofs(t *testing.T) {
	job := workerJob{MinSolve: time.Millisecond, Options: compare.Options{"card": "seq"}}
	if job.minSolve() != time.Millisecond {
		t.Errorf("a job without proofs: min solve %v", job.minSolve())
	}
	job.Options[compare.ProofsOption] = t.TempDir()
	if job.minSolve() != 0 {
		t.Errorf("a job keeping proofs: min solve %v, want 0 (no repeats)", job.minSolve())
	}
}
