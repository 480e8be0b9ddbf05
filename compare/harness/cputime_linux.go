package harness

import (
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

// cpuNow is the CPU time, user plus system, this process and its waited-for
// children (an exec: solver) have used so far; ok is false where it
// cannot be read. The process's own is CLOCK_PROCESS_CPUTIME_ID, the sum
// over its threads that getrusage(RUSAGE_SELF) splits into user and
// system, read to the nanosecond (getrusage gives microseconds, too
// coarse for the quickest solves); the children's is getrusage
// (RUSAGE_CHILDREN). A worker runs one solve at a time, so the difference
// of two readings around a solve is that solve's CPU time (with the
// worker's own runtime threads, the garbage collector's included, which
// are the solve's cost too).
func cpuNow() (time.Duration, bool) {
	var ts unix.Timespec
	var children syscall.Rusage
	if unix.ClockGettime(unix.CLOCK_PROCESS_CPUTIME_ID, &ts) != nil || syscall.Getrusage(syscall.RUSAGE_CHILDREN, &children) != nil {
		return 0, false
	}
	return time.Duration(ts.Nano()) + time.Duration(children.Utime.Nano()+children.Stime.Nano()), true
}
