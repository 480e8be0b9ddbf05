package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// split --estimate writes a queens case's estimate (a line per part and
// a total) instead of the parts; other puzzles, and --probes 0, are
// refused with a usage error.
func TestSplitEstimate(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "q9.txt")
	if err := os.WriteFile(in, []byte("9 9\n"+strings.Repeat("XXXXXXXXX\n", 9)+"0\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out, stderr, code := gridsat(t, "", "split", "queens", in, "--jobs", "3", "--bound", "4", "--estimate", "--probes", "64")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 5 || !strings.HasPrefix(lines[0], "# Knuth's estimate") || !strings.Contains(lines[4], "(3 parts of ") {
		t.Errorf("want a header, 3 part lines and a total:\n%s", out)
	}
	for _, args := range [][]string{
		{"split", "slant", slantInput(t, dir), "--jobs", "2", "--estimate"},
		{"split", "queens", in, "--jobs", "2", "--estimate", "--probes", "0"},
	} {
		if _, stderr, code := gridsat(t, "", args...); code != 2 || !strings.Contains(stderr, "--estimate") {
			t.Errorf("%v: exit %d (%s), want 2 naming --estimate", args, code, stderr)
		}
	}
}
