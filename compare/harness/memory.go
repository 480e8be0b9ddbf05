package harness

import (
	"fmt"

	"github.com/gridsat/gridsat/compare"
)

// Memory estimates: a solver may say how much memory a solve will take
// (Solver.Memory), so that a board too big for --mem is refused up front,
// with the estimate, instead of being started and killed at the limit
// after minutes. An estimate is a formula in the board's size, fitted to
// measured peaks (the solver's doc says which), on the high side.

// memoryRefusal returns why t is not run under the memory limit (bytes,
// 0 for none): its solver's estimate passes it; "" when it may run.
func memoryRefusal(t Task, limit int64) string {
	if limit <= 0 || t.Spec.Solver == nil || t.Spec.Solver.Memory == nil {
		return ""
	}
	est := t.Spec.Solver.Memory(t.Case(), t.Spec.Options)
	if est <= limit {
		return ""
	}
	return fmt.Sprintf("refused before running: estimated peak memory %s is over the %s limit (--mem)", compare.FormatBytes(est), compare.FormatBytes(limit))
}
