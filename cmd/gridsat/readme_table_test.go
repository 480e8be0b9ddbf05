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
var timeCell = regexp.MustCompile(`^(\S+) [0-9.]+(ns|µs|ms|s)$|^(\S+) [0-9]+(m[0-9]+s|h[0-9]+m|d[0-9]+h)$`)

// rule is a separator cell of a Markdown table, whose width follows the
// widest cell of its column (a time's among them).
var rule = regexp.MustCompile(`^:?-+:?$`)

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

// timeless is a table line with each cell's time dropped, the cells
// trimmed of their padding and each separator cell cut to its alignment
// (":-", "-:", ":-:" or "-").
func timeless(line string) string {
	cells := strings.Split(strings.Trim(line, "|"), "|")
	for i, c := range cells {
		c = strings.TrimSpace(c)
		if m := timeCell.FindStringSubmatch(c); m != nil {
			c = m[1] + m[3]
		}
		if rule.MatchString(c) {
			c = strings.TrimSuffix(c[:1], "-") + "-" + strings.TrimPrefix(c[len(c)-1:], "-")
		}
		cells[i] = c
	}
	return strings.Join(cells, "|")
}

// TestTimeless checks that two lines of the main job's table that differ
// only in their times, and so in their padding and the widths of their
// separator cells, compare equal, and that other differences still show.
func TestTimeless(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		same bool
	}{
		{"| slant#1 | ok 36µs   | 0/0/0 |", "| slant#1 | ok 1.24ms | 0/0/0 |", true},
		{"| slant#1 | ok 999µs | yes |", "| slant#1 | ok 25m12s | yes |", true},
		{"| slant#1 | ok 2h5m | yes |", "| slant#1 | ok 3d4h | yes |", true},
		{"|:------|:---------|------:|:---:|---|", "|:---|:------------|--:|:-------:|--------|", true},
		{"|:------|", "|------:|", false},
		{"|:---:|", "|:----|", false},
		{"| slant#1 | ok 36µs | 0/0/0 |", "| slant#1 | ok 36µs | 0/1/0 |", false},
		{"| slant#1 | ok 36µs | yes |", "| slant#1 | WRONG 36µs | yes |", false},
	} {
		if got := timeless(tc.a) == timeless(tc.b); got != tc.same {
			t.Errorf("timeless(%q) == timeless(%q) is %v, want %v (%q, %q)", tc.a, tc.b, got, tc.same, timeless(tc.a), timeless(tc.b))
		}
	}
}
