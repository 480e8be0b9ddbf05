//go:build !unix

package backtrack

// cpuSeconds is 0 where getrusage is not (the benchmarks' cpu-s/op and
// the estimate's rate then read 0).
func cpuSeconds() float64 { return 0 }
