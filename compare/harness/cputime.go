package harness

import (
	"time"
)

// timeSource says how a run's times are measured, for the results file's
// machine record.
const timeSource = "cpu: user+sys of the worker (Linux: CLOCK_PROCESS_CPUTIME_ID; else getrusage) and its children " +
	"(getrusage RUSAGE_CHILDREN) around the solve; wall: monotonic clock around the CPU clock's readings"

// cpuSpan measures the CPU time of one solve: start it before, call done
// after.
type cpuSpan struct {
	start time.Duration
	ok    bool
}

func startCPU() cpuSpan {
	t, ok := cpuNow()
	return cpuSpan{t, ok}
}

// done is the CPU time used since the span started: at least 1ns when
// measured (a clock counting microseconds reads 0 for a solve under one,
// and 0 means "not measured"), 0 where it cannot be.
func (s cpuSpan) done() time.Duration {
	t, ok := cpuNow()
	if !ok || !s.ok {
		return 0
	}
	return max(t-s.start, 1)
}
