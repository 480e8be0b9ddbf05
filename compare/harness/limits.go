package harness

import (
	"fmt"
	"time"

	"github.com/gridsat/gridsat/compare"
)

// runTook is how long a run took, for its limits: the longer of its wall
// time and the solve time the solver reported.
func runTook(run compare.Run) time.Duration { return max(run.Wall, compare.RunTime(run)) }

// enforceTimeLimit makes a run that ended past the time limit (limit > 0)
// a timeout, whatever it answered: a quick run's start and reply can reach
// the parent in one read, past a deadline no read noticed, and a results
// file can hold an answer given past its limit. Runs already stopped by a
// limit, the harness's failures and runs that never ran are left as they
// are.
func enforceTimeLimit(run compare.Run, limit time.Duration) compare.Run {
	switch run.Verdict {
	case compare.VerdictTimeout, compare.VerdictMemout, compare.VerdictHarness, compare.VerdictMissing, verdictCancelled:
		return run
	}
	if took := runTook(run); limit > 0 && took > limit {
		answered := run.Verdict
		if answered == "" {
			answered = "answered"
		}
		run.Verdict, run.Detail = compare.VerdictTimeout, fmt.Sprintf("%s after %s, past the %s limit", answered, compare.FormatDuration(took), compare.FormatDuration(limit))
	}
	return run
}
