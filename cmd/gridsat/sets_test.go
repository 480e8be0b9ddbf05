package main

import (
	"fmt"
	"strings"
	"testing"

	"github.com/gridsat/gridsat/instances"
)

// TestSetsOneLineEach: gridsat sets prints one short line per set (the
// planted chain set used to take 600 characters).
func TestSetsOneLineEach(t *testing.T) {
	stdout, _, code := gridsat(t, "", "sets")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	lines := strings.Split(strings.TrimSuffix(stdout, "\n"), "\n")
	if len(lines) != len(instances.Sets("")) {
		t.Errorf("%d lines for %d sets:\n%s", len(lines), len(instances.Sets("")), stdout)
	}
	for _, l := range lines {
		if len(l) > 80 || !strings.Contains(l, " case") {
			t.Errorf("line %q", l)
		}
	}
	if !strings.Contains(stdout, "chain/planted          40 cases  N=3..10 K=1..10\n") {
		t.Errorf("chain/planted not summarized:\n%s", stdout)
	}
}

func TestSizeSummary(t *testing.T) {
	mk := func(sizes ...string) []instances.Case {
		var cs []instances.Case
		for _, s := range sizes {
			// Cells as the puzzles count them: W*H, or N*N.
			var w, h int
			if _, err := fmt.Sscanf(s, "%dx%d", &w, &h); err != nil {
				fmt.Sscanf(s, "N=%d", &w)
				h = w
			}
			cs = append(cs, &fakeCase{size: s, cells: w * h})
		}
		return cs
	}
	for _, tt := range []struct {
		cases []instances.Case
		want  string
	}{
		{mk("3x3", "5x5", "3x3"), "3x3 5x5"},
		{mk("N=3 K=1", "N=3 K=2", "N=4 K=9", "N=8 K=3", "N=5 K=1"), "N=3..8 K=1..9"},
		{mk("9x9", "2x2", "8x8", "7x7", "5x3"), "2x2 .. 9x9, 5 sizes"},
		{mk("N=3 K=1", "N=3", "N=4 K=9", "N=8 K=3", "N=5 K=1"), "N=3 K=1 .. N=8 K=3, 5 sizes"},
	} {
		if got := sizeSummary(tt.cases); got != tt.want {
			t.Errorf("sizeSummary = %q, want %q", got, tt.want)
		}
	}
}

// fakeCase is a case with nothing but a size.
type fakeCase struct {
	instances.Loc
	size  string
	cells int
}

func (c *fakeCase) Size() string { return c.size }
func (c *fakeCase) Cells() int   { return c.cells }
