package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/clipperhouse/displaywidth"
	"golang.org/x/net/html"

	"github.com/gridsat/gridsat/compare"
	"github.com/gridsat/gridsat/compare/report"
	"github.com/gridsat/gridsat/instances"
)

// TestReportFlagsRefusedBeforeRun: a bad --plot, --plot-kind, --plot-pair,
// --stats or --output is refused with exit 2 and one line naming the flag
// and its value, before anything runs (the results file is not even
// created) and with nothing on stdout.
func TestReportFlagsRefusedBeforeRun(t *testing.T) {
	dir := t.TempDir()
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"compare", "all", "--plot", filepath.Join(dir, "x.svg")}, `--plot "` + filepath.Join(dir, "x.svg") + `": 3 puzzles would overwrite one file`},
		{[]string{"compare", "slant", "--plot", filepath.Join(dir, "no", "x.svg")}, `--plot "` + filepath.Join(dir, "no", "x.svg") + `": there is no folder`},
		{[]string{"compare", "slant", "--plot", filepath.Join(dir, "x.gif")}, `--plot "` + filepath.Join(dir, "x.gif") + `": want a file name ending in .svg`},
		{[]string{"compare", "slant", "--plot-kind", "pie"}, `--plot-kind "pie": unknown plot kind`},
		{[]string{"compare", "slant", "--plot-kind", "scatter", "--solvers", "dfs"}, `--plot-kind "scatter": a scatter plot needs two solvers`},
		{[]string{"compare", "slant", "--plot-kind", "scatter", "--plot-pair", "dfs,gini"}, `--plot-pair "dfs,gini": scatter plot: "gini" is not one of the solvers`},
		{[]string{"compare", "slant", "--plot-pair", "dfs"}, `--plot-pair "dfs": want two solvers`},
		{[]string{"compare", "slant", "--stats", "some"}, `--stats "some": want compact or full`},
		{[]string{"compare", "slant", "-o", filepath.Join(dir, "no", "r.html")}, `--output "` + filepath.Join(dir, "no", "r.html") + `"`},
	}
	runs := filepath.Join(dir, "runs.jsonl")
	for _, tt := range tests {
		stdout, stderr, code := gridsat(t, "", append(tt.args, "--results", runs)...)
		if code != exitUsage || stdout != "" || !strings.HasPrefix(stderr, "gridsat: "+tt.want) || strings.Count(stderr, "\n") != 1 {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit 2, nothing on stdout, one line %q", tt.args, code, stdout, stderr, tt.want)
		}
		if _, err := os.Stat(runs); err == nil {
			t.Fatalf("%v: the run started (%s written)", tt.args, runs)
		}
	}
}

// TestPlotNamedSet: %s is the puzzle's name with a named set too (it was
// filled only for bundled runs), and each kind is drawn.
func TestPlotNamedSet(t *testing.T) {
	dir := t.TempDir()
	for _, kind := range report.PlotKinds {
		_, stderr, code := gridsat(t, "", "compare", "slant", "sample", "--inproc", "--plot", filepath.Join(dir, "%s-"+kind+".svg"), "--plot-kind", kind)
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", kind, code, stderr)
		}
		b, err := os.ReadFile(filepath.Join(dir, "slant-"+kind+".svg"))
		if err != nil || !bytes.Contains(b, []byte("<svg")) {
			t.Errorf("%s: %v", kind, err)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "%s-cactus.svg")); err == nil {
		t.Errorf("a file literally called %q", "%s-cactus.svg")
	}
}

// TestCompareAllHTML: compare all writes one HTML page with a section per
// puzzle to -o, nothing to stdout; a redirect gets the same kind of page.
func TestCompareAllHTML(t *testing.T) {
	file := filepath.Join(t.TempDir(), "report.html")
	stdout, stderr, code := gridsat(t, "", "compare", "all", "--solvers", "dfs", "--inproc", "--format", "html", "-o", file)
	if code != 0 || stdout != "" {
		t.Fatalf("exit %d, stdout %q, stderr %s", code, stdout, stderr)
	}
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	doc, err := html.Parse(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	ids := map[string]bool{}
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode && n.Data == "section" {
			for _, a := range n.Attr {
				if a.Key == "id" {
					ids[a.Val] = true
				}
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(doc)
	for _, name := range compare.PuzzleNames() {
		if len(instances.Sets(name)) > 0 && !ids[name] {
			t.Errorf("no section for %s (sections %v)", name, ids)
		}
	}
	if strings.Count(string(b), "<html") != 1 || !strings.Contains(string(b), "virtual best") {
		t.Error("not one page with the summaries")
	}

	stdout, _, code = gridsat(t, "", "compare", "slant", "sample", "--inproc", "--format", "html")
	if code != 0 || !strings.HasPrefix(stdout, "<!DOCTYPE html>") || !strings.HasSuffix(stdout, "</html>\n") {
		t.Errorf("--format html to stdout: exit %d, %.100q", code, stdout)
	}
}

// TestProgressBarClearedBeforeTable: with stdout and stderr on one
// terminal, the finished bar's line is cleared, so the table's top border
// starts a clean line (it used to follow the bar on its line).
func TestProgressBarClearedBeforeTable(t *testing.T) {
	var both bytes.Buffer
	code := run([]string{"compare", "slant", "sample", "--inproc", "--progress", "always"}, strings.NewReader(""), &both, &both)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, both.String())
	}
	out := both.String()
	top := strings.Index(out, "┌")
	if top < 0 || !strings.Contains(out[:top], "slant") {
		t.Fatalf("no bar before the table:\n%q", out)
	}
	line := out[strings.LastIndex(out[:top], "\n")+1 : top]
	if shown := screenLine(line); strings.TrimSpace(shown) != "" || !strings.HasSuffix(line, "\r") {
		t.Errorf("the table starts after %q (shown as %q) on its line, not on a cleared one", line, shown)
	}
}

// screenLine is what a terminal shows of a line written as s: a carriage
// return moves back to the first column, later characters overwrite.
func screenLine(s string) string {
	var shown []rune
	col := 0
	for _, r := range s {
		if r == '\r' {
			col = 0
			continue
		}
		if col < len(shown) {
			shown[col] = r
		} else {
			shown = append(shown, r)
		}
		col++
	}
	return string(shown)
}

// TestRunsReusedSaid: the summary says how many runs came from the results
// file and how many were run.
func TestRunsReusedSaid(t *testing.T) {
	runs := filepath.Join(t.TempDir(), "runs.jsonl")
	args := []string{"compare", "slant", "sample", "--inproc", "--results", runs}
	for _, tt := range []struct {
		resume bool
		want   string
	}{{false, "runs: 0 reused from the results file, 4 run now"}, {true, "runs: 4 reused from the results file, 0 run now"}} {
		a := args
		if tt.resume {
			a = append(a, "--resume")
		}
		stdout, stderr, code := gridsat(t, "", a...)
		if code != 0 || !strings.Contains(stdout, tt.want) {
			t.Errorf("resume %v: exit %d, %s\nstdout:\n%s", tt.resume, code, stderr, stdout)
		}
	}
}

// TestDefaultTableFits: the real table of every puzzle's bundled sets
// (compact statistics) is at most 120 columns; compare's own test checks
// the widest cells a run can have.
func TestDefaultTableFits(t *testing.T) {
	stdout, stderr, code := gridsat(t, "", "compare", "all", "--solvers", "dfs", "--inproc")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, line := range strings.Split(stdout, "\n") {
		if w := displaywidth.String(line); w > report.DefaultWidth {
			t.Errorf("%d columns: %s", w, line)
		}
	}
}

// TestHTMLAfterBadInput: bad input is refused before anything runs, so no
// page is written.
func TestHTMLAfterBadInput(t *testing.T) {
	dir := t.TempDir()
	in, page := filepath.Join(dir, "cut.txt"), filepath.Join(dir, "report.html")
	if err := os.WriteFile(in, []byte("2\n3\n....\n..4.\n.22.\n.2..\n3\n...\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, stderr, code := gridsat(t, "", "compare", "slant", in, "--inproc", "--format", "html", "-o", page)
	if code != exitUsage || !strings.Contains(stderr, "cut.txt: case 2") {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if _, err := os.Stat(page); err == nil {
		t.Errorf("a page was written for an input refused before the run")
	}
}
