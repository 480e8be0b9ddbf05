package harness

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/gridsat/gridsat/compare"
)

// A run that ends past its time limit is a timeout whatever it answered
// (0.13.0 reported "ok 35µs" under --timeout 1ns: the worker's start and
// reply came in one read, past a deadline no read noticed).
func TestRunPastLimitIsTimeout(t *testing.T) {
	p := toyPuzzle()
	src := toySource(t, "1 2 -1\n")
	pool := testPool(time.Nanosecond, 0)
	defer pool.Close()
	rows := compareAll(context.Background(), compareConfig{Puzzle: p, Specs: specs(t, p, "good", "fail"), Sources: []*Source{src}, Exec: pool})
	if len(rows) != 3 {
		t.Fatalf("%d rows", len(rows))
	}
	for _, row := range rows {
		for _, run := range row.Runs {
			if run.Verdict != compare.VerdictTimeout {
				t.Errorf("%s on %s: %s %s under a 1ns limit", run.Solver, row.Size, run.Verdict, run.Detail)
			}
		}
	}
}

// A record of a run that ended past its limit is a timeout when read back,
// and --resume under the same limit reuses it as one.
func TestRecordPastLimitIsTimeout(t *testing.T) {
	p := toyPuzzle()
	src := toySource(t, "1\n")
	tk := Task{Puzzle: p, Source: src, Spec: specs(t, p, "good")[0]}
	limits := Limits{Timeout: time.Nanosecond}
	rec := &RunRecord{Puzzle: "toy", Key: tk.Key(), Spec: "good", Options: tk.Spec.Resolved(), Version: compare.Version, Limits: limits,
		Run: compare.Run{Solver: "good", Verdict: compare.VerdictOK, Wall: 35 * time.Microsecond, Result: compare.Result{Solved: true, Answer: "2"}}}
	run, reused, found := newDone(&ResultsLog{Runs: []*RunRecord{rec}}).Lookup(tk, limits)
	if !found || !reused || run.Verdict != compare.VerdictTimeout || !strings.Contains(run.Detail, "past the 1ns limit") {
		t.Errorf("an answer past its limit: found %v, reused %v, %s %s; want a reused timeout", found, reused, run.Verdict, run.Detail)
	}
	for _, tt := range []struct {
		run  compare.Run
		want compare.Verdict
	}{
		{compare.Run{Verdict: compare.VerdictError, Wall: time.Second}, compare.VerdictTimeout},
		{compare.Run{Wall: time.Nanosecond}, ""},
		{compare.Run{Verdict: compare.VerdictMemout, Wall: time.Second}, compare.VerdictMemout},
		{compare.Run{Verdict: compare.VerdictHarness, Wall: time.Second}, compare.VerdictHarness},
		{compare.Run{Result: compare.Result{Time: 2}}, compare.VerdictTimeout},
	} {
		if got := enforceTimeLimit(tt.run, time.Nanosecond).Verdict; got != tt.want {
			t.Errorf("%+v: %q, want %q", tt.run, got, tt.want)
		}
	}
	if got := enforceTimeLimit(compare.Run{Wall: time.Hour}, 0).Verdict; got != "" {
		t.Errorf("no limit: %q", got)
	}
}
