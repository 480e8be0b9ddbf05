package compare

import (
	"fmt"
	"strings"
	"time"

	"github.com/gridsat/gridsat/instances"
)

// Judging is the same wherever runs come from (a live comparison, results
// files merged, a recheck): each run's verdict from the puzzle's verifier,
// the runs of a row checked against each other, a row's repeats merged
// into one run per solver.

// Judge fills in each run's verdict from the puzzle's verifier and checks
// the finished runs of a row against each other.
func Judge(p *Puzzle, c instances.Case, row *Row) {
	row.Problems = nil
	var done []int
	for i := range row.Runs {
		run := &row.Runs[i]
		judgeRun(p, c, run)
		switch run.Verdict {
		case VerdictOK, VerdictUnsat:
			done = append(done, i)
		case VerdictWrong, VerdictError, VerdictHarness:
			row.Problems = append(row.Problems, fmt.Sprintf("%s: %s: %s", run.Solver, run.Verdict, run.Detail))
		}
	}
	row.Agree = "-"
	if len(done) < 2 {
		return
	}
	row.Agree = "yes"
	// Every pair: agreeing with the first run is not agreeing with each
	// other (two runs that decided uniqueness, beside a first that did
	// not, were never compared).
	for a, i := range done {
		for _, j := range done[a+1:] {
			first, other := row.Runs[i], row.Runs[j]
			if err := disagreement(p, c, first, other); err != nil {
				row.Agree = "NO"
				row.Problems = append(row.Problems, fmt.Sprintf("%s vs %s: %v", first.Solver, other.Solver, err))
			}
		}
	}
}

// disagreement says how two settled runs of case c (or of two cases with
// one board) answer differently, nil when they agree.
func disagreement(p *Puzzle, c instances.Case, a, b Run) error {
	switch {
	case a.Result.Solved != b.Result.Solved:
		return fmt.Errorf("%s says %s, %s says %s", a.Solver, a.Verdict, b.Solver, b.Verdict)
	case a.Result.UniqueChecked && b.Result.UniqueChecked &&
		(a.Result.Second == "") != (b.Result.Second == ""):
		return fmt.Errorf("%s says unique=%v, %s says unique=%v", a.Solver, a.Result.Second == "", b.Solver, b.Result.Second == "")
	}
	return p.Agree(c, a.Result, b.Result)
}

// judgeRun sets a run's verdict from the verifier unless the harness set
// one.
func judgeRun(p *Puzzle, c instances.Case, run *Run) {
	defer func() {
		// A claim is certified only when its run stands: verified, and
		// its proof checked.
		run.Certified = run.Result.Certified && (run.Verdict == VerdictOK || run.Verdict == VerdictUnsat)
	}()
	if run.Verdict != "" {
		return
	}
	if err := p.Verify(c, run.Result); err != nil {
		run.Verdict, run.Detail = VerdictWrong, err.Error()
	} else if run.Result.CertError != "" {
		run.Verdict, run.Detail = VerdictWrong, "certificate: "+run.Result.CertError
	} else if run.Result.Solved {
		run.Verdict = VerdictOK
	} else {
		run.Verdict = VerdictUnsat
	}
}

// JudgeRow judges a row as Judge does; a row with repeats first judges
// every repeat, makes each solver's run stand for its repeats
// (mergeRepeats), and lists repeats that disagree on the verdict or the
// answer as problems.
func JudgeRow(p *Puzzle, c instances.Case, row *Row) {
	if len(row.Repeats) == 0 {
		Judge(p, c, row)
		return
	}
	var problems []string
	contradict := false
	for i, reps := range row.Repeats {
		if len(reps) == 0 {
			continue // none found (a merge): the run says missing
		}
		for k := range reps {
			judgeRun(p, c, &reps[k])
		}
		var problem string
		row.Runs[i], problem = mergeRepeats(reps)
		if problem != "" {
			problems = append(problems, problem)
		}
		contradict = contradict || answersDiffer(reps)
	}
	Judge(p, c, row)
	row.Problems = append(row.Problems, problems...)
	if contradict {
		// A solver's repeats that answer differently back nothing: the
		// row is a disagreement, and no run of it is cross-checked. (One
		// that timed out in some repeat only is no disagreement: the run
		// stands as a timeout, mergeRepeats.)
		row.Agree = "NO"
	}
}

// answersDiffer reports whether two solved repeats answer differently.
func answersDiffer(reps []Run) bool {
	var first *Run
	for k := range reps {
		r := &reps[k]
		if !r.Verdict.Solved() {
			continue
		}
		if first == nil {
			first = r
		} else if !SameRun(*first, *r) {
			return true
		}
	}
	return false
}

// mergeRepeats is the run that stands for one solver's judged repeats:
// the first repeat's verdict and answer (the first unsolved repeat's,
// when some repeat did not solve the case), the medians of their times,
// the largest peak memory, and their spread; problem says how they
// disagree, "" when they do not.
func mergeRepeats(reps []Run) (run Run, problem string) {
	if len(reps) == 0 {
		return Run{}, ""
	}
	run = reps[0]
	run.Repeat = 0
	var walls, cpus, times []time.Duration
	var differ []string
	for k, rep := range reps {
		walls = append(walls, rep.Wall)
		times = append(times, RunTime(rep))
		if rep.CPU > 0 {
			cpus = append(cpus, rep.CPU)
		}
		run.PeakRSS = max(run.PeakRSS, rep.PeakRSS)
		if k > 0 && !SameRun(reps[0], rep) {
			differ = append(differ, fmt.Sprintf("repeat %d %s", rep.Repeat, DescribeRun(rep)))
		}
	}
	sp := &Spread{N: len(reps), Wall: QuartilesOf(times)}
	if len(cpus) == len(reps) {
		sp.CPU = QuartilesOf(cpus)
	}
	run.Spread = sp
	run.Wall = QuartilesOf(walls).Median
	run.CPU = sp.CPU.Median
	run.Result.Time = sp.Wall.Median
	if len(differ) > 0 {
		problem = fmt.Sprintf("%s: repeats disagree: repeat %d %s, %s", run.Solver, reps[0].Repeat, DescribeRun(reps[0]), strings.Join(differ, ", "))
		// A run is solved only when every repeat solved its case: one
		// that timed out, failed or was wrong in some repeat stands as
		// that repeat (the first such), whichever repeat came first.
		for _, rep := range reps {
			if !rep.Verdict.Solved() && run.Verdict.Solved() {
				run.Verdict, run.Detail, run.Result = rep.Verdict, rep.Detail, rep.Result
				break
			}
		}
	}
	return run, problem
}

// SameRun reports whether two records of one run say the same thing: the
// same verdict and the same answer (times may differ). Two runs out of
// the same limit (timeout, memout) agree whatever they answered: one
// that answered just past the limit keeps its answer, unjudged, and one
// stopped at it has none.
func SameRun(a, b Run) bool {
	if a.Verdict == b.Verdict && (a.Verdict == VerdictTimeout || a.Verdict == VerdictMemout) {
		return true
	}
	return a.Verdict == b.Verdict && SameAnswer(a.Result, b.Result)
}

// SameAnswer reports whether two results of one case answer the same:
// solved or not, the same answer, uniqueness decided alike (the second
// solutions may differ).
func SameAnswer(a, b Result) bool {
	return a.Solved == b.Solved && a.Answer == b.Answer &&
		a.UniqueChecked == b.UniqueChecked && (a.Second == "") == (b.Second == "")
}

// DescribeRun says what a run answered, for messages: its verdict and
// its answer, clipped.
func DescribeRun(r Run) string {
	v := string(r.Verdict)
	if v == "" {
		v = "answered"
	}
	if r.Result.Answer != "" {
		return fmt.Sprintf("%s %q", v, Clip(r.Result.Answer, 40))
	}
	return v
}
