//go:build unix

package backtrack

import (
	"syscall"
	"time"
)

// cpuSeconds is the process's CPU time so far (user and system): on a
// shared machine the figure to compare, where wall time is the load's.
func cpuSeconds() float64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()).Seconds()
}
