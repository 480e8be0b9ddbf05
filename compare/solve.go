package compare

import (
	"fmt"
	"runtime/debug"
	"time"

	"github.com/gridsat/gridsat/instances"
)

// SolveCase runs spec on c, timing the call and turning a solver panic into
// an error, so that one bad case cannot take finished results down with it.
// Result.Time is the solver's own time when it set one, else the call's.
func SolveCase(spec Spec, c instances.Case) (res Result, err error) {
	start := time.Now()
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("solver %s panicked: %v\n%s", spec.Text, r, debug.Stack())
		}
		if res.Time == 0 {
			res.Time = time.Since(start)
		}
	}()
	return spec.Solver.Solve(c, spec.Options)
}
