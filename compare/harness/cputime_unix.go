//go:build unix && !linux

package harness

import (
	"syscall"
	"time"
)

// cpuNow is the CPU time, user plus system, this process and its waited-for
// children (an exec: solver) have used so far, from getrusage(2); ok is
// false where it cannot be read. A worker runs one solve at a time, so the
// difference of two readings around a solve is that solve's CPU time
// (with the worker's own runtime threads, the garbage collector's
// included, which are the solve's cost too).
func cpuNow() (time.Duration, bool) {
	var self, children syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &self) != nil || syscall.Getrusage(syscall.RUSAGE_CHILDREN, &children) != nil {
		return 0, false
	}
	tv := func(t syscall.Timeval) time.Duration { return time.Duration(t.Nano()) }
	return tv(self.Utime) + tv(self.Stime) + tv(children.Utime) + tv(children.Stime), true
}
