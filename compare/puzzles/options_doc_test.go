package puzzles

import (
	"flag"
	"fmt"
	"maps"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/gridsat/gridsat/compare"
)

var updateReadme = flag.Bool("update", false, "rewrite compare/README.md's option tables and testdata/resolved.txt from the declarations")

// TestReadmeOptionTables: the option tables of compare/README.md are the
// declarations' (OptionTables); go test ./compare/puzzles -run ReadmeOption
// -update rewrites them.
func TestReadmeOptionTables(t *testing.T) {
	const path = "../README.md"
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	text := string(data)
	before, rest, ok1 := strings.Cut(text, compare.OptionTablesBegin+"\n")
	tables, after, ok2 := strings.Cut(rest, compare.OptionTablesEnd)
	if !ok1 || !ok2 {
		t.Fatalf("%s has no %s ... %s section", path, compare.OptionTablesBegin, compare.OptionTablesEnd)
	}
	want := compare.OptionTables(List())
	if tables == want {
		return
	}
	if *updateReadme {
		if err := os.WriteFile(path, []byte(before+compare.OptionTablesBegin+"\n"+want+compare.OptionTablesEnd+after), 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("%s: option tables rewritten", path)
		return
	}
	got, wantLines := strings.Split(tables, "\n"), strings.Split(want, "\n")
	for i := range max(len(got), len(wantLines)) {
		g, w := line(got, i), line(wantLines, i)
		if g != w {
			t.Fatalf("%s's option tables differ from the declarations at table line %d (go test ./compare/puzzles -run ReadmeOption -update rewrites them):\n README: %s\ndeclared: %s", path, i+1, g, w)
		}
	}
}

// line returns lines[i], or "(end)" past the end.
func line(lines []string, i int) string {
	if i < len(lines) {
		return lines[i]
	}
	return "(end)"
}

// TestResolvedGolden: the options a run's resume key and its results
// record spell out (Spec.Resolved: every option, defaults included, bools
// as true or false) are those of testdata/resolved.txt, which results files
// of before were written with: a change there means their runs no longer
// resume, and must be meant (go test ./compare/puzzles -run ResolvedGolden -update
// rewrites the file).
func TestResolvedGolden(t *testing.T) {
	const path = "testdata/resolved.txt"
	var b strings.Builder
	for _, p := range sortedList() {
		for _, s := range p.Solvers {
			for _, text := range []string{s.Name, s.Name + ":" + compare.UniqueOption + "=1"} {
				spec, err := p.ParseSpec(text, nil)
				if err != nil {
					continue // unique=1 for a solver without it
				}
				r := spec.Resolved()
				fmt.Fprintf(&b, "%s %s:", p.Name, text)
				for _, k := range slices.Sorted(maps.Keys(r)) {
					fmt.Fprintf(&b, " %s=%s", k, r[k])
				}
				b.WriteString("\n")
			}
		}
	}
	want, err := os.ReadFile(path)
	if *updateReadme {
		if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if err != nil {
		t.Fatal(err)
	}
	got, wantLines := strings.Split(b.String(), "\n"), strings.Split(string(want), "\n")
	for i := range max(len(got), len(wantLines)) {
		if g, w := line(got, i), line(wantLines, i); g != w {
			t.Fatalf("the resolved options differ from %s at line %d: results files of before will not resume\n got: %s\nwant: %s", path, i+1, g, w)
		}
	}
}

// sortedList is List sorted by name, as the registry lists puzzles.
func sortedList() []*compare.Puzzle {
	ps := List()
	slices.SortFunc(ps, func(a, b *compare.Puzzle) int { return strings.Compare(a.Name, b.Name) })
	return ps
}
