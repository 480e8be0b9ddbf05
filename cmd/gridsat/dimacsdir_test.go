package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/gridsat/gridsat/compare"
)

// dimacs -o DIR/ leaves in DIR the case files of its own input only: the
// case files of an earlier run with more cases go, other files stay; after
// bad input, the cases before it.
func TestDimacsDirHoldsThisRunsCases(t *testing.T) {
	for _, name := range puzzlesWithGen(t) {
		if p, _ := compare.Lookup(name); p.CNF == nil {
			continue
		}
		t.Run(name, func(t *testing.T) { dimacsDirCases(t, name) })
	}
}

func dimacsDirCases(t *testing.T, name string) {
	dir := t.TempDir()
	out := filepath.Join(dir, "cnf") + "/"
	gen := func(count string, cut bool) string {
		t.Helper()
		args := append([]string{"gen", name}, genArgs(name)...)
		args[slices.Index(args, "--count")+1] = count
		text, stderr, code := gridsat(t, "", append(args, "--seed", "1")...)
		if code != 0 {
			t.Fatalf("gen: exit %d: %s", code, stderr)
		}
		if cut { // the last case cut short by two lines (queens' last is an end mark)
			for range 2 {
				text = text[:strings.LastIndex(strings.TrimSuffix(text, "\n"), "\n")+1]
			}
		}
		path := filepath.Join(dir, count+".txt")
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	listing := func() []string {
		names, _ := filepath.Glob(filepath.Join(dir, "cnf", "*"))
		for i := range names {
			names[i] = filepath.Base(names[i])
		}
		slices.Sort(names)
		return names
	}
	dimacs := func(input string, want int) {
		t.Helper()
		if _, stderr, code := gridsat(t, "", "dimacs", name, input, "-o", out); code != want {
			t.Fatalf("dimacs %s: exit %d, want %d: %s", filepath.Base(input), code, want, stderr)
		}
	}
	four := gen("4", false)
	dimacs(four, 0)
	if err := os.WriteFile(filepath.Join(dir, "cnf", "notes.txt"), []byte("mine"), 0o644); err != nil {
		t.Fatal(err)
	}
	if got := listing(); len(got) != 5 {
		t.Fatalf("after a run of 4 cases: %v", got)
	}
	dimacs(gen("1", false), 0)
	if got := listing(); !slices.Equal(got, []string{"case-001.cnf", "notes.txt"}) {
		t.Errorf("after a run of one case over a run of 4: %v", got)
	}
	// Bad input: the cases before it, none of the earlier run's after.
	dimacs(four, 0)
	dimacs(gen("4", true), exitUsage)
	if got := listing(); !slices.Equal(got, []string{"case-001.cnf", "case-002.cnf", "case-003.cnf", "notes.txt"}) {
		t.Errorf("after bad input at case 4 over a run of 4: %v", got)
	}
	// A case file that cannot be written (here read-only; a full disk
	// alike) stops the run and removes nothing of the earlier run's.
	four = gen("4", false)
	dimacs(four, 0)
	ro := filepath.Join(dir, "cnf", "case-002.cnf")
	before, _ := os.ReadFile(ro)
	os.Chmod(ro, 0o444)
	four = gen("4", false)
	if _, stderr, code := gridsat(t, "", "dimacs", name, four, "-o", out); code == 0 || !strings.Contains(stderr, "case-002.cnf") {
		t.Errorf("dimacs over a read-only case file: exit %d: %s", code, stderr)
	}
	if got := listing(); len(got) != 5 {
		t.Errorf("after a case that cannot be written: %v, want the earlier run's 4 cases kept", got)
	}
	if after, _ := os.ReadFile(ro); string(after) != string(before) {
		t.Errorf("the read-only case file changed")
	}
}
