package harness

import (
	"fmt"
	"math/rand/v2"
	"slices"
)

// With --repeat N each (case, solver) runs N times; a row then keeps every
// repeat (Row.Repeats) and stands for them with one run per solver whose
// times are the repeats' medians and whose Spread says how far they moved.

// maxRuns bounds the runs of one comparison, cases x solvers x (repeats
// + warm-up runs): the plan is made before the first run starts (the
// parent's memory at the bound: docs/limits.md), and a
// --repeat of a hundred million ended in a fatal out-of-memory (one of
// 2^62 in a panic).
const maxRuns = 10_000_000

// CheckRuns refuses a comparison of more than maxRuns runs.
func CheckRuns(cases, solvers, repeat, warmup int) error {
	if repeat > maxRuns || warmup > maxRuns {
		return fmt.Errorf("--repeat %d, --warmup %d: at most %d runs in one comparison", repeat, warmup, maxRuns)
	}
	per := repeat + warmup
	if n := cases * solvers; n > 0 && per > maxRuns/n {
		return fmt.Errorf("%d cases x %d solvers x (--repeat %d + --warmup %d) is more than %d runs in one comparison: fewer repeats, or split the input", cases, solvers, repeat, warmup, maxRuns)
	}
	return nil
}

// schedule orders a comparison's runs, given each run's repeat index
// (negative for warm-ups), and returns their positions in running order.
// Once through (no shuffle) they go in input order. Else they go in
// rounds, the warm-up rounds first: round k holds the k-th run of every
// (case, solver) still to run, in an order shuffled by seed and k, so that
// each solver's repeats are spread over the whole comparison and
// interleaved with the other solvers' (a burst of load hits one repeat of
// several solvers, not every repeat of one).
func schedule(repeats []int, seed uint64, shuffle bool) []int {
	order := make([]int, len(repeats))
	for i := range order {
		order[i] = i
	}
	if !shuffle {
		return order
	}
	rounds := map[int][]int{}
	var keys []int
	for i, r := range repeats {
		if _, ok := rounds[r]; !ok {
			keys = append(keys, r)
		}
		rounds[r] = append(rounds[r], i)
	}
	slices.Sort(keys)
	order = order[:0]
	for _, k := range keys {
		round := rounds[k]
		rng := rand.New(rand.NewPCG(seed, uint64(int64(k))))
		rng.Shuffle(len(round), func(i, j int) { round[i], round[j] = round[j], round[i] })
		order = append(order, round...)
	}
	return order
}

// NewSeed is a seed for a comparison's order when none is given.
func NewSeed() uint64 { return rand.Uint64() >> 11 } // exact in JSON numbers read as float64
