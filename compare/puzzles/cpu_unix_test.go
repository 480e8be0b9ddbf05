//go:build unix

package puzzles

import (
	"syscall"
	"time"
)

// processCPU is the process's CPU time so far, user plus system
// (getrusage); 0 where it cannot be read.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
