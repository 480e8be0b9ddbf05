package encode

import (
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
