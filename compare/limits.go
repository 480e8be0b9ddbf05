package compare

import (
	"fmt"
	"time"
)

// runTook is how long a run took, for its limits: the longer of its wall
// time and the solve time the solver reported.
func runTook(run Run) time.Duration { return max(run.Wall, RunTime(run)) }

// enforceTimeLimit makes a run that ended past the time limit (limit > 0)
// a timeout, whatever it answered: a quick run's start and reply can reach
// the parent in one read, past a deadline no read noticed, and a results
// file can hold an answer given past its limit. Runs already stopped by a
// limit, the harness's failures and runs that never ran are left as they
// are.
func enforceTimeLimit(run Run, limit time.Duration) Run {
	switch run.Verdict {
	case VerdictTimeout, VerdictMemout, VerdictHarness, VerdictMissing, verdictCancelled:
		return run
	}
	if took := runTook(run); limit > 0 && took > limit {
		answered := run.Verdict
		if answered == "" {
			answered = "answered"
		}
		run.Verdict, run.Detail = VerdictTimeout, fmt.Sprintf("%s after %s, past the %s limit", answered, FormatDuration(took), FormatDuration(limit))
	}
	return run
}
