//go:build !unix

package harness

import (
	"time"
)

// burnCPU spins for d of wall time where CPU time cannot be read.
func burnCPU(d time.Duration) {
	for start := time.Now(); time.Since(start) < d; {
	}
}

// burnProcessCPU is burnCPU.
func burnProcessCPU(d time.Duration) { burnCPU(d) }

// selfCPU is 0 where CPU time cannot be read.
func selfCPU() time.Duration { return 0 }

// cpuTime is 0 where getrusage is not (the benchmark's CPU figures read 0).
func cpuTime() time.Duration { return 0 }

// childCPUTime is 0 where getrusage is not.
func childCPUTime() time.Duration { return 0 }
