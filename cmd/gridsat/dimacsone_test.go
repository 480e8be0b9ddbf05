package main

import (
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// checkOneFormula checks that text is one DIMACS CNF formula: comments,
// one "p cnf V C" line, then C clauses of literals within V, each ended
// by 0. It returns the header's comments.
func checkOneFormula(text string) (comments []string, err error) {
	vars, clauses, seen := -1, 0, 0
	for i, line := range strings.Split(strings.TrimRight(text, "\n"), "\n") {
		switch {
		case strings.HasPrefix(line, "c"):
			comments = append(comments, line)
		case strings.HasPrefix(line, "p "):
			if vars >= 0 {
				return nil, fmt.Errorf("line %d: a second problem line %q", i+1, line)
			}
			if _, err := fmt.Sscanf(line, "p cnf %d %d", &vars, &clauses); err != nil {
				return nil, fmt.Errorf("line %d: %q: %w", i+1, line, err)
			}
		default:
			f := strings.Fields(line)
			if vars < 0 || len(f) == 0 || f[len(f)-1] != "0" {
				return nil, fmt.Errorf("line %d: %q is no clause of the formula", i+1, line)
			}
			for _, lit := range f {
				n, err := strconv.Atoi(lit)
				if err != nil || n > vars || -n > vars {
					return nil, fmt.Errorf("line %d: literal %q out of 1..%d", i+1, lit, vars)
				}
			}
			seen++
		}
	}
	if vars < 0 || seen != clauses {
		return nil, fmt.Errorf("%d clauses under a header of %d (vars %d)", seen, clauses, vars)
	}
	return comments, nil
}

// Issue 32, item 5: dimacs writes one formula on stdout (an input of
// several cases is refused with a hint, --case N picks one), -o DIR a file
// each, and its header says truly per puzzle whether constraints are left
// out for the sat solver to add lazily.
func TestDimacsOneFormula(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		puzzle, size string
		lazy         bool
	}{{"slant", "3", true}, {"queens", "6x7", false}, {"chain", "4", true}} {
		in := filepath.Join(dir, tc.puzzle+".txt")
		if _, stderr, code := gridsat(t, "", "gen", tc.puzzle, "--size", tc.size, "--count", "2", "-o", in); code != 0 {
			t.Fatalf("gen %s: %s", tc.puzzle, stderr)
		}
		usageError(t, "", "give --case N for one, or -o DIR/ for a file each", "dimacs", tc.puzzle, in)
		usageError(t, "", "give --case N", "dimacs", tc.puzzle, in, "-o", filepath.Join(dir, "one.cnf"))
		usageError(t, "", "--case 3: the input has 2 cases", "dimacs", tc.puzzle, in, "--case", "3")
		stdout, stderr, code := gridsat(t, "", "dimacs", tc.puzzle, in, "--case", "2")
		comments, err := checkOneFormula(stdout)
		if code != 0 || err != nil {
			t.Fatalf("dimacs %s --case 2: exit %d, %v, %s", tc.puzzle, code, err, stderr)
		}
		head := strings.Join(comments, "\n")
		if !strings.Contains(head, "case 2 of") || strings.Contains(head, "not included") != tc.lazy || strings.Contains(head, "no constraint lazily") == tc.lazy {
			t.Errorf("dimacs %s: header does not say truly whether lazy constraints are left out:\n%s", tc.puzzle, head)
		}
		out := filepath.Join(dir, tc.puzzle) + "/"
		if _, stderr, code := gridsat(t, "", "dimacs", tc.puzzle, in, "-o", out); code != 0 {
			t.Fatalf("dimacs %s -o DIR: %s", tc.puzzle, stderr)
		}
		for _, name := range []string{"case-001.cnf", "case-002.cnf"} {
			if _, err := checkOneFormula(string(readFile(t, filepath.Join(out, name)))); err != nil {
				t.Errorf("dimacs %s -o DIR: %s: %v", tc.puzzle, name, err)
			}
		}
	}
}
