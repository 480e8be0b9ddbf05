package compare

import (
	"strings"
	"testing"
	"time"
)

func TestRepeatsMedianAndSpread(t *testing.T) {
	reps := []Run{
		{Solver: "a", Verdict: VerdictOK, Wall: 5 * time.Millisecond, CPU: 4 * time.Millisecond, Result: Result{Solved: true, Answer: "2", Time: 5 * time.Millisecond}},
		{Solver: "a", Verdict: VerdictOK, Wall: 9 * time.Millisecond, CPU: 2 * time.Millisecond, Result: Result{Solved: true, Answer: "2", Time: 9 * time.Millisecond}, Repeat: 1},
		{Solver: "a", Verdict: VerdictOK, Wall: 1 * time.Millisecond, CPU: 1 * time.Millisecond, Result: Result{Solved: true, Answer: "2", Time: 1 * time.Millisecond}, Repeat: 2},
		{Solver: "a", Verdict: VerdictOK, Wall: 7 * time.Millisecond, CPU: 8 * time.Millisecond, Result: Result{Solved: true, Answer: "2", Time: 7 * time.Millisecond}, Repeat: 3},
		{Solver: "a", Verdict: VerdictOK, Wall: 3 * time.Millisecond, CPU: 6 * time.Millisecond, Result: Result{Solved: true, Answer: "2", Time: 3 * time.Millisecond}, Repeat: 4},
	}
	run, problem := mergeRepeats(reps)
	ms := time.Millisecond
	if problem != "" || run.Wall != 5*ms || run.CPU != 4*ms || run.Result.Time != 5*ms || run.Spread == nil || run.Spread.N != 5 {
		t.Fatalf("merged %+v, problem %q", run, problem)
	}
	if want := (Quartiles{Min: ms, Q1: 3 * ms, Median: 5 * ms, Q3: 7 * ms, Max: 9 * ms}); run.Spread.Wall != want {
		t.Errorf("wall spread %+v, want %+v", run.Spread.Wall, want)
	}
	if want := (Quartiles{Min: ms, Q1: 2 * ms, Median: 4 * ms, Q3: 6 * ms, Max: 8 * ms}); run.Spread.CPU != want {
		t.Errorf("CPU spread %+v, want %+v", run.Spread.CPU, want)
	}
	reps[3].Verdict, reps[3].Result.Answer = VerdictTimeout, ""
	if _, problem := mergeRepeats(reps); !strings.Contains(problem, "repeats disagree") || !strings.Contains(problem, "repeat 3 timeout") {
		t.Errorf("a timeout among ok repeats: problem %q", problem)
	}
	// Timeouts agree whatever they answered: a run that answered just past
	// the limit keeps its answer (unjudged), one stopped at it has none.
	late, stopped := reps[0], reps[3]
	late.Verdict, late.Detail = VerdictTimeout, "answered after 895µs, past the 1µs limit"
	if _, problem := mergeRepeats([]Run{late, stopped}); problem != "" {
		t.Errorf("two timeouts, one with a late answer: problem %q", problem)
	}
	late.Verdict, stopped.Verdict = VerdictMemout, VerdictMemout
	if _, problem := mergeRepeats([]Run{late, stopped}); problem != "" {
		t.Errorf("two memouts, one with a late answer: problem %q", problem)
	}
	if _, problem := mergeRepeats([]Run{late, reps[3]}); !strings.Contains(problem, "repeats disagree") {
		t.Errorf("a memout and a timeout: problem %q", problem)
	}
}

// A run is solved only when every repeat solved its case, whichever
// repeat came first (audit: ok then two timeouts counted solved, its
// median the timeouts' limit; the reverse order counted out).
func TestRepeatsSolvedOnlyWhenAllAre(t *testing.T) {
	ok := Run{Solver: "a", Verdict: VerdictOK, Wall: time.Millisecond, Result: Result{Solved: true, Answer: "2"}}
	out := Run{Solver: "a", Verdict: VerdictTimeout, Wall: 10 * time.Second}
	for _, reps := range [][]Run{{ok, out, out}, {out, ok, ok}, {ok, ok, out}} {
		if run, problem := mergeRepeats(reps); run.Verdict != VerdictTimeout || problem == "" {
			t.Errorf("repeats %s %s %s: merged %s, problem %q", reps[0].Verdict, reps[1].Verdict, reps[2].Verdict, run.Verdict, problem)
		}
	}
	if run, _ := mergeRepeats([]Run{ok, ok}); run.Verdict != VerdictOK {
		t.Errorf("two ok repeats: merged %s", run.Verdict)
	}
}

// A run that timed out in some repeat only stands as a timeout, and is
// no disagreement of its row (red-team pass: agree NO on a one-solver
// row whose repeat came in just past its limit); repeats that answer
// differently are one.
func TestRepeatsTimeoutIsNoDisagreement(t *testing.T) {
	ok := Run{Solver: "a", Verdict: VerdictOK, Result: Result{Solved: true, Answer: "2"}}
	out := Run{Solver: "a", Verdict: VerdictTimeout}
	other := ok
	other.Result.Answer = "3"
	if answersDiffer([]Run{ok, out, ok}) || !answersDiffer([]Run{ok, other}) || answersDiffer([]Run{out, out}) {
		t.Errorf("answersDiffer: ok/timeout/ok %v, ok/other %v, timeouts %v", answersDiffer([]Run{ok, out, ok}), answersDiffer([]Run{ok, other}), answersDiffer([]Run{out, out}))
	}
}
