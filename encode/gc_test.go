package encode

import (
	"math"
	"runtime/debug"
	"testing"

	"github.com/gridsat/gridsat/encode/sat"
)

// raiseGC raises the collector's target for gophersat only, never lowers
// it, and puts the old one back.
func TestRaiseGC(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	gs, err := sat.LookupBackend("gophersat")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name    string
		backend sat.Backend
		before  int
		during  int
	}{
		{"gophersat from 100", gs, 100, gophersatGCPercent},
		{"gophersat from higher", gs, 1000, 1000},
		{"gophersat with the collector off", gs, -1, -1},
	}
	if gini, err := sat.LookupBackend("gini"); err == nil {
		tests = append(tests, struct {
			name    string
			backend sat.Backend
			before  int
			during  int
		}{"gini", gini, 100, 100})
	}
	for _, tt := range tests {
		debug.SetGCPercent(tt.before)
		restore := raiseGC(tt.backend)
		if got := debug.SetGCPercent(tt.during); got != tt.during {
			t.Errorf("%s: target %d during the search, want %d", tt.name, got, tt.during)
		}
		restore()
		if got := debug.SetGCPercent(100); got != tt.before {
			t.Errorf("%s: target %d after, want %d back", tt.name, got, tt.before)
		}
	}
}

// TestSlantRestoresGC: a slant solve small enough to raise the
// collector's target puts the old one back, on success and on an
// unsatisfiable board alike.
func TestSlantRestoresGC(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(150))
	for _, id := range []string{"3x3:e4j", "2x2:4h"} {
		s := parseSlantID(t, id)
		if _, err := SolveSlant(s, SlantOptions{}); err != nil {
			t.Fatal(err)
		}
		if got := debug.SetGCPercent(150); got != 150 {
			t.Errorf("%s: the collector's target is %d after the solve, want 150", id, got)
		}
	}
}

// TestLimitSlantHeap: a large slant solve sets a soft memory limit from
// its cells and takes it back; a small one, or one under a limit set
// already (a worker's --mem), leaves the limit alone.
func TestLimitSlantHeap(t *testing.T) {
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(math.MaxInt64))
	restore := limitSlantHeap(slantRaiseGCCells)
	if got := debug.SetMemoryLimit(-1); got != math.MaxInt64 {
		t.Errorf("a 200x200 solve set the limit %d", got)
	}
	restore()
	cells := 1000 * 1000
	restore = limitSlantHeap(cells)
	if got, want := debug.SetMemoryLimit(-1), int64(slantHeapBase+slantHeapPerCell*cells); got != want {
		t.Errorf("a 1000x1000 solve set the limit %d, want %d", got, want)
	}
	restore()
	if got := debug.SetMemoryLimit(-1); got != math.MaxInt64 {
		t.Errorf("the limit %d stayed after the solve", got)
	}
	debug.SetMemoryLimit(8 << 30)
	restore = limitSlantHeap(cells)
	if got := debug.SetMemoryLimit(-1); got != 8<<30 {
		t.Errorf("a solve under a set limit changed it to %d", got)
	}
	restore()
	if got := debug.SetMemoryLimit(-1); got != 8<<30 {
		t.Errorf("a solve under a set limit left %d", got)
	}
}

// TestChainRestoresGC: a chain search small enough to raise the
// collector's target puts the old one back, with a path and without.
func TestChainRestoresGC(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(150))
	for _, board := range []string{"3 3\n0 1 2\n1 1 0\n2 2 0\n", "2 2\n0 0\n0 0\n"} {
		if _, err := SolveChain(chainBoard(t, board), ChainOptions{}); err != nil {
			t.Fatal(err)
		}
		if got := debug.SetGCPercent(150); got != 150 {
			t.Errorf("%q: the collector's target is %d after the search, want 150", board, got)
		}
	}
}
