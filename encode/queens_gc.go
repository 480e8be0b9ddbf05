package encode

import (
	"runtime/debug"

	"github.com/gridsat/gridsat/encode/sat"
)

// gophersatGCPercent is the garbage collector's target during a queens
// search on gophersat. gophersat allocates a buffer of two bytes per
// variable for every conflict it analyses (learnClause's met and metLvl),
// so on a large formula the collector runs often at the default 100%;
// at 400% the queens proofs take less CPU for a larger peak heap
// (docs/findings.md, queens). A memory limit the harness's workers set
// (debug.SetMemoryLimit) still holds: the collector runs sooner when the
// heap nears it.
const gophersatGCPercent = 400

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
