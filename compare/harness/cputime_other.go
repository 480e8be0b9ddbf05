//go:build !unix

package harness

import (
	"time"
)

// cpuNow cannot read CPU time outside Unix: runs are timed by the wall
// clock only there.
func cpuNow() (time.Duration, bool) { return 0, false }
