package encode

import (
	"math"
	"runtime/debug"

	"github.com/gridsat/gridsat/encode/sat"
)

// gophersatGCPercent is the garbage collector's target during a queens
// search on gophersat, and a slant solve of at most slantRaiseGCCells
// cells. gophersat allocates a buffer of two bytes per variable for every
// conflict it analyses (learnClause's met and metLvl), and a slant solve
// allocates its clauses, probing's and gophersat's indexes anew for each
// board, so the collector runs often at the default 100%; at 400% the
// queens proofs and the hard slant boards take less CPU for a larger peak
// heap (docs/findings.md, queens and slant). A memory limit the
// harness's workers set (debug.SetMemoryLimit) still holds: the collector
// runs sooner when the heap nears it.
const gophersatGCPercent = 400

// chainRaiseGCClauses is the largest chain formula (in clauses) whose
// lexicographic search raises the collector's target: its many small
// solvers, one per question, are garbage within the search.
const chainRaiseGCClauses = 100_000

// slantRaiseGCCells is the largest slant board (in cells) whose solve
// raises the collector's target: past it, the peak heap of the default
// target is the limit that matters (SlantMemory), not the collector's
// time.
const slantRaiseGCCells = 200 * 200

// raiseGC raises the garbage collector's target to gophersatGCPercent for
// a search on gophersat, unless it is higher already or off, and returns
// the function that puts the old target back.
func raiseGC(backend sat.Backend) func() {
	if backend.Name() != "gophersat" {
		return func() {}
	}
	old := debug.SetGCPercent(gophersatGCPercent)
	if old < 0 || old >= gophersatGCPercent {
		debug.SetGCPercent(old)
		return func() {}
	}
	return func() { debug.SetGCPercent(old) }
}

// slantHeapPerCell and slantHeapBase make the soft memory limit a large
// slant solve sets (limitSlantHeap): above the live heap the planted
// boards reach (BenchmarkSlantSATPlanted; gctrace), well under the peak
// that the collector's default headroom lets the heap grow to.
const (
	slantHeapPerCell = 1300
	slantHeapBase    = 64 << 20
)

// limitSlantHeap sets the Go runtime's soft memory limit for a slant
// solve of more than slantRaiseGCCells cells, unless a limit is set
// already (GOMEMLIMIT, or a worker's --mem): the collector then works
// harder as the heap nears it instead of letting it double. It returns
// the function that puts the old limit back.
func limitSlantHeap(cells int) func() {
	if cells <= slantRaiseGCCells || debug.SetMemoryLimit(-1) != math.MaxInt64 {
		return func() {}
	}
	debug.SetMemoryLimit(slantHeapBase + slantHeapPerCell*int64(cells))
	return func() { debug.SetMemoryLimit(math.MaxInt64) }
}
