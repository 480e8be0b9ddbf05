package main

import (
	"go/ast"
	"go/token"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// A puzzle is one registry entry (issue 22 item 4): outside its tests,
// compare and its packages spell a puzzle's name only in that puzzle's
// adapter file (compare/puzzles/NAME.go; the list, list.go, calls its
// entry by a Go name).
// compare/measure is the exception: its figures are command lines as a
// user types them ("gen slant ..."), documentation more than code.
func TestPuzzleNamesOnlyInAdapters(t *testing.T) {
	_, files, _ := parseModule(t)
	var offenders []string
	seen := 0
	for _, f := range files {
		if f.test || (f.dir != "compare" && !strings.HasPrefix(f.dir, "compare/")) || f.dir == "compare/measure" {
			continue
		}
		seen++
		ast.Inspect(f.ast, func(n ast.Node) bool {
			lit, ok := n.(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				return true
			}
			for _, p := range puzzleNames {
				s, err := strconv.Unquote(lit.Value)
				spells := (err == nil && s == p) || strings.Contains(lit.Value, strconv.Quote(p))
				if spells && f.name != "compare/puzzles/"+p+".go" {
					offender := f.name + " (" + strconv.Quote(p) + ")"
					if !slices.Contains(offenders, offender) {
						offenders = append(offenders, offender)
					}
				}
			}
			return true
		})
	}
	if seen == 0 {
		t.Fatal("no file of compare found")
	}
	for _, o := range offenders {
		t.Errorf("a puzzle's name as a string literal outside its adapter: %s", o)
	}
}
