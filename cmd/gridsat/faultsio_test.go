package main

import (
	"encoding/csv"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gridsat/gridsat/compare"
)

// Issue 21, fault 6: without a PATH compare runs the bundled sets from
// the binary, even when the working directory holds a file named
// "bundled" (it was read instead: 1 case, exit 0).
func TestCompareBundledIgnoresCwd(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "bundled"), []byte("1\n4 4\nX...\n....\n....\n....\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Chdir(dir)
	p, _ := compare.Lookup("queens")
	srcs, err := compare.LoadBundled(p)
	if err != nil {
		t.Fatal(err)
	}
	want := 0
	for _, s := range srcs {
		want += len(s.Cases)
	}
	out, stderr, code := gridsat(t, "", "compare", "queens", "--solvers", "dfs", "--inproc", "--format", "csv")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	recs, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	if err != nil || len(recs)-1 != want {
		t.Fatalf("%d rows (%v), want the %d bundled cases", len(recs)-1, err, want)
	}
}

// Issue 21, fault 12: gen refuses NaN shares and parameters its puzzle
// does not read, naming the ones it does (exit 2, nothing written).
func TestGenRefusesBadParams(t *testing.T) {
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"gen", "queens", "--size", "5", "--param", "density=NaN"}, "density"},
		{[]string{"gen", "queens", "--size", "5", "--param", "density=-1"}, "density"},
		{[]string{"gen", "slant", "--size", "5", "--param", "planted=true", "--param", "clues=NaN"}, "clues"},
		{[]string{"gen", "queens", "--size", "5", "--param", "desnity=0.9"}, "it takes density, full"},
		{[]string{"gen", "slant", "--size", "5", "--param", "densty=0.9"}, "it takes difficulty, clues, planted"},
		{[]string{"gen", "chain", "--size", "4", "--param", "K=3"}, "it takes k, perturb, swap"},
	}
	for _, tc := range cases {
		usageError(t, "", tc.want, tc.args...)
	}
}

// Issue 21, faults 7 and 8: solve reads /dev/zero a bounded line at a
// time (exit 2 naming the file and line, not an out-of-memory crash),
// and an exec: solver printing without end is killed: "solver output
// too large", not a crash.
func TestSolveBoundedReads(t *testing.T) {
	if _, err := os.Stat("/dev/zero"); err != nil {
		t.Skip("no /dev/zero")
	}
	_, stderr, code := gridsatProc(t, "", nil, "solve", "slant", "/dev/zero")
	if code != exitUsage || !strings.Contains(stderr, "/dev/zero: line 1") || !strings.Contains(stderr, "longer than") {
		t.Errorf("solve slant /dev/zero: exit %d, %q; want exit 2 naming /dev/zero line 1 and the line limit", code, stderr)
	}
	yes := filepath.Join(t.TempDir(), "yes-solver")
	if err := os.WriteFile(yes, []byte("#!/bin/sh\nexec yes \"v 1 2 3\"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	_, stderr, code = gridsatProc(t, "1\n1\n..\n.1\n", nil, "solve", "slant", "--solver", "sat:backend=exec:"+yes)
	if code != exitFail || !strings.Contains(stderr, "solver output too large") {
		t.Errorf("solve with yes as a solver: exit %d, %q; want exit 1 saying the solver output is too large", code, stderr)
	}
}
