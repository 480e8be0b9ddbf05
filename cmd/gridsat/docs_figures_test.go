package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/gridsat/gridsat/compare/measure"
)

// The docs quote no measured figure outside the measurements record
// (issue 31's "figures you can measure again", issue 33's "docs that
// guide"): a figure goes stale with the next change and the next load,
// so a page either links to its record in compare/measure/MEASUREMENTS.md
// (with the recorded value as the link's text) or names the benchmark or
// command that shows it.
//
// What counts as a figure is docFigure: a number with a unit of time or
// memory, a ratio ("4.4x") or a count of search work ("27.2M nodes").
// What does not: sizes (24x24), flags and settings, which are written in
// code spans (`--timeout 10s`, default `2GiB`), code blocks (a command and
// what it prints), and a table marked as a command's output by the line
// sampleOutputMark before it.

// sampleOutputMark marks the next table as what a command printed.
const sampleOutputMark = "<!-- sample output -->"

// docFigure is a measured figure written in prose or a table.
var docFigure = commentFigure

// measureLink is a link to a figure's record, from any folder.
var measureLink = regexp.MustCompile(`\[([^\]]*)\]\((?:[./a-z]*/)?compare/measure/MEASUREMENTS\.md#([a-z0-9-]+)\)|\[([^\]]*)\]\((?:\.\./)*(?:measure/)?MEASUREMENTS\.md#([a-z0-9-]+)\)`)

// figureLines returns, for one Markdown file, the lines quoting a figure
// with no record ("N: [figures]") and the figure links whose text is not
// the recorded value.
func figureLines(path string, records map[string]measure.Record) (bare, wrong []string, err error) {
	sample := false
	err = eachProseLine(path, func(n int, line string) {
		trimmed := strings.TrimSpace(line)
		switch {
		case trimmed == sampleOutputMark:
			sample = true
			return
		case strings.HasPrefix(trimmed, "|") && sample:
			return
		case trimmed != "":
			sample = false
		}
		prose := codeRE.ReplaceAllString(line, "")
		for _, m := range measureLink.FindAllStringSubmatch(prose, -1) {
			text, id := m[1]+m[3], m[2]+m[4]
			if r, ok := records[id]; !ok || r.Text != text {
				wrong = append(wrong, strings.Join([]string{strconv.Itoa(n), id, text}, ": "))
			}
		}
		if figs := docFigure.FindAllString(measureLink.ReplaceAllString(prose, ""), -1); len(figs) > 0 {
			bare = append(bare, strconv.Itoa(n)+": "+strings.Join(figs, ", "))
		}
	})
	return bare, wrong, err
}

// TestDocsFiguresRecorded checks every Markdown file of the repository but
// the record itself: no bare figure, and every figure link reads the
// recorded value.
func TestDocsFiguresRecorded(t *testing.T) {
	records, err := measure.Records(measure.Recorded)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range markdownFiles(t) {
		if base := filepath.Base(f); base == "MEASUREMENTS.md" || base == "CAMPAIGN.md" || base == "CHANGELOG.md" {
			continue
		}
		bare, wrong, err := figureLines(f, records)
		if err != nil {
			t.Fatal(err)
		}
		for _, b := range bare {
			t.Errorf("%s:%s: a measured figure with no record: link it to compare/measure/MEASUREMENTS.md (a Figure in compare/measure), or name the benchmark or command that shows it", relToRoot(f), b)
		}
		for _, w := range wrong {
			t.Errorf("%s:%s: figure link does not read the recorded value", relToRoot(f), w)
		}
	}
}

// TestFigureLines checks the check on a small page: prose, a table, a
// marked sample table, code, code spans and links.
func TestFigureLines(t *testing.T) {
	records := map[string]measure.Record{"main-job-cpu": {ID: "main-job-cpu", Text: "1.23 s"}}
	doc := "# Page\n\nIt took 4.2 s, [1.23 s](../compare/measure/MEASUREMENTS.md#main-job-cpu) of CPU.\n" +
		"A [1.5 s](MEASUREMENTS.md#main-job-cpu) link that lies.\n" +
		"Flags: `--timeout 10s`, a 24x24 board, issue 33.\n\n" +
		"| a | b |\n|---|---|\n| 3.2x | 27.2M nodes |\n\n" + sampleOutputMark + "\n\n| a | b |\n|---|---|\n| ok 36µs | 1ms |\n\n" +
		"    took 9 s (code)\n\nEnd: 321 MB.\n"
	path := filepath.Join(t.TempDir(), "page.md")
	if err := os.WriteFile(path, []byte(doc), 0o644); err != nil {
		t.Fatal(err)
	}
	bare, wrong, err := figureLines(path, records)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := strings.Join(bare, "; "), "3: 4.2 s; 9: 3.2x, 27.2M nodes; 19: 321 MB"; got != want {
		t.Errorf("bare figures %q, want %q", got, want)
	}
	if got, want := strings.Join(wrong, "; "), "4: main-job-cpu: 1.5 s"; got != want {
		t.Errorf("wrong links %q, want %q", got, want)
	}
}

// pageMaxLines is the most lines a README or docs page may have (issue
// 33): a page past it is a manual or a lab log, to split by task.
const pageMaxLines = 250

// TestPageBudgets checks every README.md and docs page against
// pageMaxLines, and logs those past the aim of about 200 lines.
func TestPageBudgets(t *testing.T) {
	for _, f := range markdownFiles(t) {
		base := filepath.Base(f)
		if base != "README.md" && filepath.Base(filepath.Dir(f)) != "docs" {
			continue
		}
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		switch n := strings.Count(string(b), "\n"); {
		case n > pageMaxLines:
			t.Errorf("%s has %d lines, over %d: move the manual to docs/ by task, the figures to the measurements record", relToRoot(f), n, pageMaxLines)
		case n > 200:
			t.Logf("%s has %d lines, past the aim of about 200", relToRoot(f), n)
		}
	}
}
