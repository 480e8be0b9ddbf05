//go:build !unix

package puzzles

import "time"

// processCPU is 0 where getrusage is not (its callers skip the figure).
func processCPU() time.Duration { return 0 }
