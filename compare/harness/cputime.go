package harness

// timeSource says how a run's times are measured, for the results file's
// machine record.
const timeSource = "cpu: user+sys of the worker (Linux: CLOCK_PROCESS_CPUTIME_ID; else getrusage) and its children " +
	"(getrusage RUSAGE_CHILDREN) around the solve; wall: monotonic clock around the CPU clock's readings"
