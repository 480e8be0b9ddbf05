package compare

import (
	"math"
	"testing"
	"time"
)

// A run's CPU time is held to what its CPUs give in twice its limit and a
// grace, computed without wrapping around: under a limit near the
// longest duration (a results file's header can say anything), an
// honest run stays accepted, and past the bound a run is refused
// (red-team pass: the product wrapped to a negative bound that refused
// every run).
func TestRecordCPUBoundDoesNotWrap(t *testing.T) {
	run := Run{Solver: "dfs", Verdict: VerdictOK, CPU: time.Second, Result: Result{Solved: true}}
	for _, limit := range []time.Duration{time.Minute, math.MaxInt64 / 2, math.MaxInt64} {
		if err := CheckRecordFields(run, Options{}, limit, 64); err != nil {
			t.Errorf("1 s of CPU under a %v limit: %v", limit, err)
		}
	}
	run.CPU = 3 * time.Minute
	if err := CheckRecordFields(run, Options{}, time.Minute, 1); err == nil {
		t.Errorf("3 min of CPU on one CPU under a 1 min limit: accepted")
	}
}
