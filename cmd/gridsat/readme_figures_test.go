package main

import (
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/gridsat/gridsat/compare/measure"
)

var updateReadmeFigures = flag.Bool("update-readme-figures", false, "rewrite README.md's figures from compare/measure/MEASUREMENTS.md")

// figureLink is a figure cited in README.md: its text and its ID.
var figureLink = regexp.MustCompile(`\[([^\]]*)\]\(compare/measure/MEASUREMENTS\.md#([a-z0-9-]+)\)`)

// bareFigure is a measured quantity written out: a number with a unit of
// time, memory or ratio.
var bareFigure = regexp.MustCompile(`\b[0-9]+(\.[0-9]+)?( ?(ns|µs|ms|s|min|h|KB|MB|GB|KiB|MiB|GiB)|x)\b`)

// TestReadmeFiguresRecorded checks that every figure README.md's prose
// quotes is a link to its record in MEASUREMENTS.md with the recorded
// value as its text, and that the prose quotes no figure outside such a
// link (code blocks, which show a command's output, and tables aside).
// After a new recording, -update-readme-figures rewrites the links' texts.
func TestReadmeFiguresRecorded(t *testing.T) {
	records, err := measure.Records(measure.Recorded)
	if err != nil {
		t.Fatal(err)
	}
	readme := readRepoFile(t, "README.md")
	lines := strings.Split(readme, "\n")
	fenced, cited := false, 0
	for i, line := range lines {
		if strings.HasPrefix(line, "```") {
			fenced = !fenced
		}
		if fenced || strings.HasPrefix(line, "    ") || strings.HasPrefix(line, "\t") || strings.HasPrefix(strings.TrimSpace(line), "|") {
			continue
		}
		lines[i] = figureLink.ReplaceAllStringFunc(line, func(link string) string {
			m := figureLink.FindStringSubmatch(link)
			cited++
			r, ok := records[m[2]]
			switch {
			case !ok:
				t.Errorf("README.md line %d cites figure %s, which MEASUREMENTS.md does not record", i+1, m[2])
			case *updateReadmeFigures:
				return "[" + r.Text + "](compare/measure/MEASUREMENTS.md#" + m[2] + ")"
			case m[1] != r.Text:
				t.Errorf("README.md line %d: figure %s reads %q, MEASUREMENTS.md records %q (go test ./cmd/gridsat -run ReadmeFigures -update-readme-figures)", i+1, m[2], m[1], r.Text)
			}
			return link
		})
		if bare := bareFigure.FindAllString(figureLink.ReplaceAllString(line, ""), -1); len(bare) > 0 {
			t.Errorf("README.md line %d quotes %q with no record: measure it in compare/measure (a Figure), or drop it", i+1, bare)
		}
	}
	if cited == 0 {
		t.Error("README.md cites no figure of MEASUREMENTS.md")
	}
	if *updateReadmeFigures {
		if err := os.WriteFile(filepath.Join(repoRoot, "README.md"), []byte(strings.Join(lines, "\n")), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestBareFigure pins what counts as a figure in prose.
func TestBareFigure(t *testing.T) {
	for text, want := range map[string]bool{
		"took 32 s": true, "1.07s": true, "3.2x on slant": true, "321 MB": true, "812µs": true, "25 min": true,
		"a 200x200 board": false, "gamma(Q_20) = 11": false, "64 parts": false, "45% of its clues": false, "N=24": false,
	} {
		if got := bareFigure.MatchString(text); got != want {
			t.Errorf("%q: figure %v, want %v", text, got, want)
		}
	}
}
