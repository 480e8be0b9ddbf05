package main

import (
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

var updateMainJob = flag.Bool("update-readme-table", false, "rewrite README.md's main-job table from a run of compare slant --format markdown")

// timeCell is a verdict cell's time, the one part of the table a rerun
// cannot reproduce.
var timeCell = regexp.MustCompile(`^(\S+) [0-9.]+(ns|µs|ms|s|m)$`)

// TestReadmeMainJobTable checks that README.md's table of the main job
// (its slant part, `compare slant --format markdown`) is what the main
// job prints today, times aside: the same cases, sizes, verdicts,
// statistics columns and values (the solvers are deterministic) and
// agreement. A change of a default that moves a statistic fails here until
// the table is rewritten with -update-readme-table (which writes that
// run's times too).
func TestReadmeMainJobTable(t *testing.T) {
	out, errb, code := gridsat(t, "", "compare", "slant", "--format", "markdown")
	if code != 0 {
		t.Fatalf("compare slant: exit %d\n%s", code, errb)
	}
	got := markdownTable(out)
	if len(got) < 3 {
		t.Fatalf("compare slant printed no markdown table:\n%s", out)
	}
	path := filepath.Join(repoRoot, "README.md")
	readme := readRepoFile(t, "README.md")
	_, section, ok := strings.Cut(readme, "\n## What the main job prints\n")
	if !ok {
		t.Fatal("README.md has no section \"What the main job prints\"")
	}
	want := markdownTable(section)
	if *updateMainJob {
		old, now := strings.Join(want, "\n")+"\n", strings.Join(got, "\n")+"\n"
		if len(want) == 0 || strings.Count(readme, old) != 1 {
			t.Fatalf("README.md: no single table to rewrite")
		}
		if err := os.WriteFile(path, []byte(strings.Replace(readme, old, now, 1)), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if len(want) != len(got) {
		t.Fatalf("README.md's main-job table has %d lines, the main job prints %d: rewrite it (go test ./cmd/gridsat -run ReadmeMainJob -update-readme-table)", len(want), len(got))
	}
	for i := range got {
		if w, g := timeless(want[i]), timeless(got[i]); w != g {
			t.Errorf("README.md's main-job table, line %d:\n README: %s\n now:    %s\nrewrite it: go test ./cmd/gridsat -run ReadmeMainJob -update-readme-table", i+1, w, g)
		}
	}
}

// markdownTable is the first Markdown table in text (its lines, trimmed).
func markdownTable(text string) []string {
	var table []string
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if strings.HasPrefix(line, "|") {
			table = append(table, line)
		} else if len(table) > 0 {
			break
		}
	}
	return table
}

// timeless is a table line with each cell's time dropped and the cells
// trimmed of their padding.
func timeless(line string) string {
	cells := strings.Split(strings.Trim(line, "|"), "|")
	for i, c := range cells {
		c = strings.TrimSpace(c)
		if m := timeCell.FindStringSubmatch(c); m != nil {
			c = m[1]
		}
		cells[i] = c
	}
	return strings.Join(cells, "|")
}
