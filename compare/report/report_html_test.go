package report

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"github.com/gridsat/gridsat/compare"
	"github.com/gridsat/gridsat/compare/comparetest"
	"github.com/gridsat/gridsat/instances"
)

// htmlReports runs dfs and sat on the sample sets of slant and chain (real
// answers, verified), then sets the times so that input order is not time
// order, and adds a WRONG answer and a timeout to chain's.
func htmlReports(t *testing.T) []compare.Report {
	t.Helper()
	var reports []compare.Report
	for _, name := range []string{"slant", "chain"} {
		p, err := compare.Lookup(name)
		if err != nil {
			t.Skip(err)
		}
		set, ok := instances.FindSet(name, "sample")
		if !ok {
			t.Fatalf("%s has no sample set", name)
		}
		src := comparetest.ReadSet(t, p, set)
		specs := []string{"dfs", "sat"}
		var sp []compare.Spec
		for _, s := range specs {
			spec, err := p.ParseSpec(s, nil)
			if err != nil {
				t.Fatal(err)
			}
			sp = append(sp, spec)
		}
		rows := comparetest.SolveRows(p, sp, []*comparetest.Source{src})
		if len(rows) == 0 || rows[0].Failed() {
			t.Fatalf("%s sample: %+v", name, rows)
		}
		if name == "chain" {
			// Case 2: sat answers wrongly; case 3: dfs times out.
			wrong := rows[0]
			wrong.Case, wrong.Runs = 2, append([]compare.Run(nil), rows[0].Runs...)
			wrong.Runs[1].Result.Answer, wrong.Runs[1].Verdict = "41255213", ""
			compare.Judge(p, wrong.Input, &wrong)
			out := rows[0]
			out.Case, out.Runs = 3, append([]compare.Run(nil), rows[0].Runs...)
			out.Runs[0] = compare.Run{Solver: "dfs", Verdict: compare.VerdictTimeout}
			compare.Judge(p, out.Input, &out)
			rows = append(rows, wrong, out)
		}
		for k := range rows {
			for i := range rows[k].Runs {
				if rows[k].Runs[i].Verdict != compare.VerdictTimeout {
					// Both clocks, descending by row: the page shows CPU
					// time where every run has it (as these in-process
					// runs do), and sorting must move the rows.
					d := time.Duration(len(rows)-k) * time.Millisecond * time.Duration(i+1)
					rows[k].Runs[i].Result.Time, rows[k].Runs[i].CPU = d, d
				}
			}
		}
		reports = append(reports, compare.Report{Puzzle: p, Specs: specs, Rows: rows, Timeout: 10 * time.Second, Reused: 1, Rerun: 2*len(rows) - 1})
	}
	return reports
}

// node helpers for the parsed page.
func findAll(n *html.Node, match func(*html.Node) bool) []*html.Node {
	var out []*html.Node
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		if match(n) {
			out = append(out, n)
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(n)
	return out
}

func isElem(a atom.Atom) func(*html.Node) bool {
	return func(n *html.Node) bool { return n.Type == html.ElementNode && n.DataAtom == a }
}

func attr(n *html.Node, key string) (string, bool) {
	for _, a := range n.Attr {
		if a.Key == key {
			return a.Val, true
		}
	}
	return "", false
}

func text(n *html.Node) string {
	var b strings.Builder
	for _, t := range findAll(n, func(n *html.Node) bool { return n.Type == html.TextNode }) {
		b.WriteString(t.Data)
	}
	return b.String()
}

func byID(doc *html.Node, id string) *html.Node {
	nodes := findAll(doc, func(n *html.Node) bool { v, _ := attr(n, "id"); return n.Type == html.ElementNode && v == id })
	if len(nodes) != 1 {
		return nil
	}
	return nodes[0]
}

// TestHTMLReportParses parses the page and checks what it must hold: no
// network use, each puzzle's summary with the virtual best solver, its
// problems, three inline plots, the runs table with a cell under every
// heading, and each case's boards on demand.
func TestHTMLReportParses(t *testing.T) {
	reports := htmlReports(t)
	var buf bytes.Buffer
	if err := WriteHTML(&buf, reports, Options{}); err != nil {
		t.Fatal(err)
	}
	doc, err := html.Parse(bytes.NewReader(buf.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	head := findAll(doc, isElem(atom.Head))
	if title := findAll(head[0], isElem(atom.Title)); len(title) != 1 || text(title[0]) != "gridsat comparison: slant, chain" {
		t.Errorf("title %v", title)
	}
	// Self-contained: nothing to fetch.
	for _, n := range findAll(doc, func(n *html.Node) bool { return n.Type == html.ElementNode }) {
		for _, a := range n.Attr {
			if (a.Key == "src" || a.Key == "href" || a.Key == "xlink:href") && !strings.HasPrefix(a.Val, "#") {
				t.Errorf("<%s %s=%q> loads something", n.Data, a.Key, a.Val)
			}
		}
		if n.DataAtom == atom.Link || n.DataAtom == atom.Img || n.DataAtom == atom.Iframe {
			t.Errorf("<%s> in a self-contained page", n.Data)
		}
	}
	for _, st := range findAll(doc, isElem(atom.Style)) {
		if s := text(st); strings.Contains(s, "url(") || strings.Contains(s, "@import") {
			t.Errorf("style loads something: %s", s)
		}
	}
	if len(findAll(doc, isElem(atom.Script))) != 1 {
		t.Error("want one inline script")
	}

	for _, r := range reports {
		section := byID(doc, r.Name())
		if section == nil {
			t.Fatalf("no section %s", r.Name())
		}
		summary := byID(section, "summary-"+r.Name())
		if summary == nil || !strings.Contains(text(summary), virtualBest) || !strings.Contains(text(summary), "PAR-2") {
			t.Errorf("%s: summary %q", r.Name(), text(summary))
		}
		if !strings.Contains(text(section), "1 reused from the results file") {
			t.Errorf("%s: runs reused not said", r.Name())
		}
		problems := findAll(section, func(n *html.Node) bool {
			c, _ := attr(n.Parent, "class")
			return n.DataAtom == atom.Li && c == "problems"
		})
		checkReasonNotes(t, r.Name(), section)
		wantProblems := 0
		for _, row := range r.Rows {
			wantProblems += len(row.Problems)
		}
		if len(problems) != wantProblems {
			t.Errorf("%s: %d problems listed, want %d", r.Name(), len(problems), wantProblems)
		}
		plots := findAll(section, func(n *html.Node) bool { c, _ := attr(n, "class"); return c == "plot" })
		for _, pl := range plots {
			if len(findAll(pl, isElem(atom.Svg))) != 1 {
				t.Errorf("%s: plot %q is not an inline SVG", r.Name(), text(pl))
			}
		}
		if len(plots) != 3 {
			t.Errorf("%s: %d plots, want 3", r.Name(), len(plots))
		}

		runs := byID(section, "runs-"+r.Name())
		if runs == nil {
			t.Fatalf("%s: no runs table", r.Name())
		}
		heads := findAll(runs, isElem(atom.Th))
		checkKeyColumns(t, r, section, heads)
		sortable := 0
		for _, th := range heads {
			if _, ok := attr(th, "data-type"); ok {
				sortable++
			}
		}
		if sortable != len(heads)-1 { // all but the boards
			t.Errorf("%s: %d of %d columns sortable", r.Name(), sortable, len(heads))
		}
		body := findAll(runs, isElem(atom.Tbody))[0]
		trs := findAll(body, func(n *html.Node) bool { return isElem(atom.Tr)(n) && n.Parent == body })
		if len(trs) != len(r.Rows) {
			t.Fatalf("%s: %d table rows, want %d", r.Name(), len(trs), len(r.Rows))
		}
		for k, tr := range trs {
			var tds []*html.Node
			for c := tr.FirstChild; c != nil; c = c.NextSibling {
				if isElem(atom.Td)(c) {
					tds = append(tds, c)
				}
			}
			if len(tds) != len(heads) {
				t.Errorf("%s row %d: %d cells under %d headings", r.Name(), k, len(tds), len(heads))
				continue
			}
			row := r.Rows[k]
			if got := text(tds[0]); got != row.Where() {
				t.Errorf("%s row %d: case %q, want %q", r.Name(), k, got, row.Where())
			}
			details := findAll(tds[len(tds)-1], isElem(atom.Details))
			if len(details) != 1 {
				t.Errorf("%s row %d: no boards", r.Name(), k)
				continue
			}
			if _, open := attr(details[0], "open"); open {
				t.Errorf("%s row %d: boards open before asked", r.Name(), k)
			}
			boards := findAll(details[0], func(n *html.Node) bool { c, _ := attr(n, "class"); return c == "board" })
			captions := text(details[0])
			switch {
			case row.Runs[0].Verdict == compare.VerdictTimeout:
				if len(boards) != 1 || !strings.Contains(captions, "answer of sat") {
					t.Errorf("%s row %d (dfs timed out): boards %q", r.Name(), k, captions)
				}
			case row.Failed():
				if len(boards) != 2 || !strings.Contains(captions, "sat (WRONG)") {
					t.Errorf("%s row %d (sat WRONG): boards %q", r.Name(), k, captions)
				}
			case r.Name() == "chain":
				// One answer, the same from both: drawn once.
				if len(boards) != 1 || !strings.Contains(captions, "answer of dfs, sat") {
					t.Errorf("%s row %d: boards %q", r.Name(), k, captions)
				}
			}
			for _, b := range boards {
				if len(findAll(b, isElem(atom.Svg))) != 1 {
					t.Errorf("%s row %d: a board without its SVG", r.Name(), k)
				}
			}
		}
	}

	// A page too small for boards says so instead.
	buf.Reset()
	if err := WriteHTML(&buf, reports[:1], Options{BoardBytes: 1}); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(buf.String(), "<details>") || !strings.Contains(buf.String(), "not drawn (the page is full)") {
		t.Error("a page without room for boards drew them or did not say so")
	}
	// WriteReport's html is the same page for one report.
	var one bytes.Buffer
	if err := WriteReport(&one, reports[0], Options{Format: "html"}); err != nil || !strings.HasPrefix(one.String(), "<!DOCTYPE html>") {
		t.Errorf("WriteReport html: %v", err)
	}
}

// browserCheck is added to a copy of the page for TestHTMLReportInBrowser:
// it sorts the runs table by sat's time (twice), opens the first boards,
// and writes what it saw into the page for --dump-dom to print.
const browserCheck = `<script>
(function () {
  var out = {};
  try {
    var table = document.getElementById("runs-chain");
    var heads = table.tHead.rows[0].cells, col = -1;
    for (var i = 0; i < heads.length; i++) { if (heads[i].textContent === "sat time") { col = i; } }
    function column() {
      return Array.prototype.map.call(table.tBodies[0].rows, function (r) { return r.cells[col].getAttribute("data-v") || ""; });
    }
    function cases() {
      return Array.prototype.map.call(table.tBodies[0].rows, function (r) { return r.cells[0].textContent; });
    }
    out.before = cases();
    heads[col].click();
    out.ascSort = heads[col].getAttribute("aria-sort");
    out.asc = column();
    out.ascCases = cases();
    heads[col].click();
    out.descSort = heads[col].getAttribute("aria-sort");
    out.desc = column();
    var details = table.tBodies[0].querySelector("details");
    var svg = details.querySelector("svg");
    out.closedOpen = details.open;
    out.closedVisible = svg.checkVisibility();
    details.querySelector("summary").click();
    out.open = details.open;
    out.openVisible = svg.checkVisibility();
    out.openHeight = svg.getBoundingClientRect().height;
    out.openWidth = svg.getBoundingClientRect().width;
  } catch (e) {
    out.error = String(e);
  }
  var pre = document.createElement("pre");
  pre.id = "browser-check";
  pre.textContent = JSON.stringify(out);
  document.body.appendChild(pre);
})();
</script>
</body>`

// chromium returns the headless browser to test with, or skips.
func chromium(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("-short: no browser")
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if path, err := exec.LookPath(name); err == nil {
			return path
		}
	}
	t.Skip("no chromium installed (Debian package chromium): the page was only parsed, not loaded in a browser")
	return ""
}

// TestHTMLReportInBrowser loads the page in headless Chromium, sorts a
// column both ways by clicking its heading, and opens a board.
func TestHTMLReportInBrowser(t *testing.T) {
	browser := chromium(t)
	t.Parallel() // the browser starts slowly: let the other tests run meanwhile
	reports := htmlReports(t)
	var buf bytes.Buffer
	if err := WriteHTML(&buf, reports, Options{}); err != nil {
		t.Fatal(err)
	}
	page := strings.Replace(buf.String(), "</body>", browserCheck, 1)
	dir := t.TempDir()
	file := filepath.Join(dir, "report.html")
	if err := os.WriteFile(file, []byte(page), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, browser, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
		"--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync",
		"--user-data-dir="+filepath.Join(dir, "profile"), "--dump-dom", "file://"+file)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	dom, err := cmd.Output()
	if err != nil {
		var ee *exec.ExitError
		if errors.As(err, &ee) || ctx.Err() != nil {
			t.Fatalf("chromium: %v\n%s", err, stderr.String())
		}
		t.Skipf("chromium does not start: %v", err)
	}
	doc, err := html.Parse(bytes.NewReader(dom))
	if err != nil {
		t.Fatal(err)
	}
	pre := byID(doc, "browser-check")
	if pre == nil {
		t.Fatalf("the check did not run; the page as the browser left it:\n%.2000s\nstderr:\n%s", dom, stderr.String())
	}
	var got struct {
		Before, Asc, AscCases, Desc []string
		AscSort, DescSort, Error    string
		OpenHeight, OpenWidth       float64
		ClosedOpen, ClosedVisible   bool
		Open, OpenVisible           bool
	}
	if err := json.Unmarshal([]byte(text(pre)), &got); err != nil {
		t.Fatalf("%v: %s", err, text(pre))
	}
	if got.Error != "" {
		t.Fatalf("the page failed in the browser: %s", got.Error)
	}
	if got.AscSort != "ascending" || got.DescSort != "descending" {
		t.Errorf("aria-sort %q then %q", got.AscSort, got.DescSort)
	}
	sorted := func(vals []string, asc bool) bool {
		prev, blanks := 0.0, false
		for i, v := range vals {
			if v == "" {
				blanks = true
				continue
			}
			x, err := strconv.ParseFloat(v, 64)
			if err != nil || blanks {
				return false // a number after a blank, or not a number
			}
			if i > 0 && (asc && x < prev || !asc && x > prev) {
				return false
			}
			prev = x
		}
		return true
	}
	if !sorted(got.Asc, true) || !sorted(got.Desc, false) {
		t.Errorf("not sorted by sat time: ascending %v, descending %v", got.Asc, got.Desc)
	}
	if strings.Join(got.Before, " ") == strings.Join(got.AscCases, " ") {
		t.Errorf("sorting did not move a row: %v", got.Before)
	}
	if got.ClosedOpen || got.ClosedVisible {
		t.Errorf("board shown before it was asked for: open %v, visible %v", got.ClosedOpen, got.ClosedVisible)
	}
	if !got.Open || !got.OpenVisible || got.OpenHeight <= 0 || got.OpenWidth <= 0 {
		t.Errorf("board asked for: open %v, visible %v, %v x %v", got.Open, got.OpenVisible, got.OpenWidth, got.OpenHeight)
	}
}

// checkReasonNotes: every verdict cell of a run that is neither ok nor
// unsat in the section's runs table links to a footnote of the section
// that gives its reason, apart from the verdict's text (issue 32, item 3).
func checkReasonNotes(t *testing.T, name string, section *html.Node) {
	t.Helper()
	for _, cell := range findAll(section, func(n *html.Node) bool {
		c, _ := attr(n, "class")
		return n.DataAtom == atom.Td && strings.HasPrefix(c, "v-") && c != "v-ok" && c != "v-unsat"
	}) {
		links := findAll(cell, isElem(atom.A))
		if len(links) != 1 {
			t.Errorf("%s: verdict cell %q has no footnote link", name, text(cell))
			continue
		}
		href, _ := attr(links[0], "href")
		note := byID(section, strings.TrimPrefix(href, "#"))
		if note == nil || !strings.Contains(text(note), ": ") {
			t.Errorf("%s: verdict cell %q links to %s, no reason there", name, text(cell), href)
		}
	}
}

// checkKeyColumns (issue 32, item 9): the runs table shows the key
// columns alone (case, size, each solver's verdict and time, agree,
// boards), agreement before the boards; every column is in a second
// table behind a <details> toggle.
func checkKeyColumns(t *testing.T, r compare.Report, section *html.Node, heads []*html.Node) {
	t.Helper()
	want := []string{"case", "size"}
	for _, s := range r.Specs {
		want = append(want, s, s+" time")
	}
	want = append(want, "agree", "boards")
	var got []string
	for _, th := range heads {
		got = append(got, text(th))
	}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("%s: runs table columns %v, want the key ones %v", r.Name(), got, want)
	}
	all := byID(section, "runs-all-"+r.Name())
	if all == nil || all.Parent == nil || all.Parent.Parent == nil || all.Parent.Parent.DataAtom != atom.Details {
		t.Fatalf("%s: no table of every column behind a toggle", r.Name())
	}
	if n := len(findAll(all, isElem(atom.Th))); n <= len(heads) {
		t.Errorf("%s: the table of every column has %d columns, the key one %d", r.Name(), n, len(heads))
	}
}
