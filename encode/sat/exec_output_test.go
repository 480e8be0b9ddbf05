package sat

import (
	"runtime"
	"strings"
	"testing"
	"time"
)

// A solver that prints without end (yes "v 1 2 3") or past its model's
// size is killed and fails with "solver output too large"; one that
// floods its standard error is quoted by its tail. Memory stays bounded
// by the cap, whatever the solver prints.
func TestExecOutputCapped(t *testing.T) {
	f := &CNF{NumVars: 3, Clauses: [][]int{{1}}}
	cases := []struct {
		name, script, err string
	}{
		{"endless", `exec yes "v 1 2 3"`, "solver output too large"},
		{"100 MB then exit", `yes "v 1 2 3" | head -c 100000000; echo "s SATISFIABLE"; exit 10`, "solver output too large"},
		{"endless stderr", `yes "noise" | head -c 100000000 >&2; echo "last words" >&2; exit 1`, "last words"},
		{"minisat 20 MB file", `yes "1 2 3" | head -c 20000000 > "$2"; exit 10`, "solver output too large"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			name := "fake"
			if strings.Contains(tc.name, "minisat") {
				name = "minisat-fake"
			}
			b := fakeSolver(t, name, tc.script)
			s, err := b.New(f)
			if err != nil {
				t.Fatal(err)
			}
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			st, err := s.Solve(time.Now().Add(time.Minute))
			runtime.ReadMemStats(&after)
			outcomeIs(t, tc.name, st, err, Unknown, tc.err)
			if got := after.TotalAlloc - before.TotalAlloc; got > 64<<20 {
				t.Errorf("%s: allocated %d MiB reading the solver's output, cap %d MiB", tc.name, got>>20, outputCap(3)>>20)
			}
		})
	}
}

func TestTailBufferKeepsTheEnd(t *testing.T) {
	tb := &tailBuffer{max: 8}
	for _, s := range []string{"abc", "defghijk", "0123456789", "xy"} {
		tb.Write([]byte(s))
	}
	if got := tb.String(); got != "23456789xy"[2:] {
		t.Errorf("tail %q, want %q", got, "456789xy")
	}
}
