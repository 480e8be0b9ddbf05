package harness

import (
	"slices"
	"time"

	"github.com/gridsat/gridsat/compare"
)

// A solve of a few microseconds is below what one reading of the clocks
// can time: the readings themselves cost about as much (clockCost). As Go's
// benchmarks do with b.N, a worker repeats a solve quicker than the job's
// MinSolve in rounds of growing size until one round lasts MinSolve, and
// reports that round's times divided by its count of solves. The first
// solve's result is the one replied, and so the one the parent verifies;
// the rounds only time.

// defaultMinSolve is the shortest solve a comparison times on its own;
// quicker ones are repeated (Pool.MinSolve).
const defaultMinSolve = time.Millisecond

// maxSolves bounds the solves of one round.
const maxSolves = 1 << 20

// timed is what solveTimed measured: the times per solve, and the first
// solve's own.
type timed struct {
	per, first span
}

// span is the times of one measured stretch: wall clock around CPU
// clock, so that on one CPU the CPU time cannot pass the wall time by
// more than the clocks' own reading.
type span struct {
	wall, cpu time.Duration
}

// clocks are the two clocks a worker reads: wall time, and the CPU time
// of the process and its children (cpuNow).
type clocks struct {
	wall func() time.Time
	cpu  func() (time.Duration, bool)
}

// realClocks are the clocks solves are timed with.
var realClocks = clocks{wall: time.Now, cpu: cpuNow}

// measure times f: the wall clock read first and last, the CPU clock
// inside. The CPU time is at least 1ns when measured (a clock counting
// microseconds reads 0 for a solve under one, and 0 means "not
// measured"), 0 where it cannot be.
func (k clocks) measure(f func()) span {
	start := k.wall()
	c0, ok0 := k.cpu()
	f()
	c1, ok1 := k.cpu()
	s := span{wall: k.wall().Sub(start)}
	if ok0 && ok1 {
		s.cpu = max(c1-c0, 1)
	}
	return s
}

// solveTimed calls solve, timed; a solve quicker than min is repeated as
// the comment above says. It returns the first call's result and error,
// the times per solve and the first call's, and the count of solves the
// times per solve are the mean of (1: the first call alone). A repeat that fails, or says solved where the
// first did not (or the reverse), ends the rounds: the first call then
// stands alone.
func (k clocks) solveTimed(solve func() (compare.Result, error), min time.Duration) (compare.Result, error, timed, int) {
	var res compare.Result
	var err error
	first := k.measure(func() { res, err = solve() })
	if err != nil || min <= 0 || first.wall >= min {
		return res, err, timed{first, first}, 1
	}
	n, last := 1, first.wall
	for n < maxSolves {
		n = nextRound(n, last, min)
		var solveTime time.Duration
		same := true
		round := k.measure(func() {
			for i := 0; i < n && same; i++ {
				r, err := solve()
				same = err == nil && r.Solved == res.Solved
				solveTime += r.Time
			}
		})
		if !same {
			return res, nil, timed{first, first}, 1
		}
		if round.wall >= min || n >= maxSolves {
			res.Time = solveTime / time.Duration(n)
			return res, nil, timed{span{wall: round.wall / time.Duration(n), cpu: round.cpu / time.Duration(n)}, first}, n
		}
		last = round.wall
	}
	return res, nil, timed{first, first}, 1
}

// nextRound is the size of the round after one of n solves that took
// last, aiming at 1.2 x min as testing.B does: at least one more solve, at
// most 100 times as many, at most maxSolves.
func nextRound(n int, last, min time.Duration) int {
	want := int64(maxSolves)
	if last > 0 {
		want = int64(float64(min) * 1.2 * float64(n) / float64(last))
	}
	return int(slices.Min([]int64{max(want, int64(n)+1), 100 * int64(n), maxSolves}))
}

// clockCost is what timing a solve that does nothing reads: the median,
// over calibrationRuns empty spans, of their CPU and wall times. A
// measured CPU time carries this much of the clocks' own work.
func clockCost() span {
	const calibrationRuns = 201
	var walls, cpus []time.Duration
	for range calibrationRuns {
		s := realClocks.measure(func() {})
		walls, cpus = append(walls, s.wall), append(cpus, s.cpu)
	}
	return span{wall: compare.Median(walls), cpu: compare.Median(cpus)}
}

// minSolve is the job's MinSolve, 0 when its solves write files (kept
// proofs): a repeat would write them again.
func (job workerJob) minSolve() time.Duration {
	if job.Options[compare.ProofsOption] != "" {
		return 0
	}
	return job.MinSolve
}

// minSolveFor is the MinSolve of a comparison under a time limit: at
// most a hundredth of the limit, so that the rounds never bring a quick
// solve near it.
func minSolveFor(limit time.Duration) time.Duration {
	if limit > 0 {
		return min(defaultMinSolve, limit/100)
	}
	return defaultMinSolve
}
