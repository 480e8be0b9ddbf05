package harness

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gridsat/gridsat/compare"
	_ "github.com/gridsat/gridsat/compare/puzzles"
)

// CheckInputs holds each row to the inputs' case of its file and number,
// not to any case of the inputs: two files' case 1 swapped (found by a
// red-team pass) fails, the rows as read pass.
func TestCheckInputsByFileAndNumber(t *testing.T) {
	p, err := compare.Lookup("queens")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "a.txt"), []byte("3 3\n...\n...\n...\n0\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "b.txt"), []byte("4 4\nXXXX\nXXXX\nXXXX\nXXXX\n0\n"), 0o644)
	srcs, err := LoadPath(p, dir, nil)
	if err != nil || len(srcs) != 2 {
		t.Fatalf("%d sources, %v", len(srcs), err)
	}
	rows := func(swap bool) *Merged {
		m := &Merged{Report: compare.Report{Puzzle: p}}
		for i, src := range srcs {
			in := src.Cases[0]
			if swap {
				in = srcs[1-i].Cases[0]
			}
			m.Report.Rows = append(m.Report.Rows, compare.Row{CaseInfo: compare.CaseInfo{File: src.File, Case: 1}, Input: in})
		}
		return m
	}
	for _, swap := range []bool{false, true} {
		m := rows(swap)
		m.CheckInputs(srcs) // the header's digest is not set here: only the rows are judged
		for _, row := range m.Report.Rows {
			if bad := strings.Contains(strings.Join(row.Problems, " "), "not the inputs' case"); bad != swap {
				t.Errorf("swap %v: %s: problems %v", swap, row.Where(), row.Problems)
			}
		}
	}
}
