//go:build unix

package harness

import (
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

// burnCPU spins until this process has used d more of CPU time (all its
// threads: CLOCK_PROCESS_CPUTIME_ID, another reading of what getrusage
// counts), so that the CPU time of a run that calls it is known whatever
// else runs on the machine. (Spinning on the thread's own clock instead
// leaves the Go runtime's other threads out: they add 3-10% to a 50ms
// spin, measured, more when the goroutine moves between threads.)
func burnCPU(d time.Duration) {
	var start, now unix.Timespec
	unix.ClockGettime(unix.CLOCK_PROCESS_CPUTIME_ID, &start)
	for {
		unix.ClockGettime(unix.CLOCK_PROCESS_CPUTIME_ID, &now)
		if time.Duration(now.Nano()-start.Nano()) >= d {
			return
		}
	}
}

// burnProcessCPU spins until this process has used d of CPU time since it
// started (a child standing for an exec: solver of known CPU time).
func burnProcessCPU(d time.Duration) {
	var now unix.Timespec
	for {
		unix.ClockGettime(unix.CLOCK_PROCESS_CPUTIME_ID, &now)
		if time.Duration(now.Nano()) >= d {
			return
		}
	}
}

// selfCPU is this process's own CPU time so far, its children's left out.
func selfCPU() time.Duration {
	var now unix.Timespec
	unix.ClockGettime(unix.CLOCK_PROCESS_CPUTIME_ID, &now)
	return time.Duration(now.Nano())
}

// cpuTime is the CPU time this process used so far.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// childCPUTime is the CPU time of this process's children that ended.
func childCPUTime() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_CHILDREN, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
