package report

import (
	"bytes"
	"fmt"
	"html/template"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/gridsat/gridsat/compare"
)

// WriteHTML writes one self-contained HTML page for reports (one section
// per puzzle): the summary with PAR-2 and the virtual best solver, the
// problems, the plots as inline SVG, and every run in a table sortable by
// any column, with the board each solver answered shown on demand. Styles
// and scripts are inline; the page loads nothing from the network.
//
// Boards are drawn while they take at most opt.BoardBytes in all (the
// rows with problems first); the rest say they were left out.
func WriteHTML(w io.Writer, reports []compare.Report, opt Options) error {
	views := make([]view, len(reports))
	for i, r := range reports {
		views[i] = resolve(r)
	}
	return writeHTML(w, views, opt)
}

// writeHTML is WriteHTML of views.
func writeHTML(w io.Writer, reports []view, opt Options) error {
	page := htmlPage{Style: template.CSS(htmlStyle), Script: template.JS(htmlScript)}
	budget := opt.BoardBytes
	if budget == 0 {
		budget = defaultBoardBytes
	}
	var names []string
	for i, r := range reports {
		s, err := htmlSectionOf(r, i, &budget)
		if err != nil {
			return err
		}
		page.Sections = append(page.Sections, s)
		if r.Name() != "" {
			names = append(names, r.Name())
		}
	}
	page.Title = "gridsat comparison"
	if len(names) > 0 {
		page.Title += ": " + strings.Join(names, ", ")
	}
	var buf bytes.Buffer
	if err := htmlTemplate().Execute(&buf, page); err != nil {
		return fmt.Errorf("writing HTML report: %w", err)
	}
	if _, err := w.Write(buf.Bytes()); err != nil {
		return fmt.Errorf("writing HTML report: %w", err)
	}
	return nil
}

type htmlPage struct {
	Title    string
	Style    template.CSS
	Script   template.JS
	Sections []htmlSection
}

type htmlSection struct {
	ID, Name string
	Machine  []string // the machine record, above the summary
	Summary  htmlTable
	Notes    []string
	Problems []string
	// Reasons are the footnotes of the verdicts' reasons.
	Reasons []htmlReason
	Plots   []htmlPlot
	Runs    htmlTable
	// RunsAll is the runs table with every column, behind a toggle.
	RunsAll htmlTable
}

// htmlReason is a footnote of the runs table: a verdict's reason.
type htmlReason struct {
	ID   string
	N    int
	Text string
}

type htmlPlot struct {
	Title string
	SVG   template.HTML
	Err   string
}

// htmlTable is a table the page's script sorts: each heading's Kind says
// how its column sorts ("num" by each cell's Sort value, "text" by the
// cell's text, "" not at all).
type htmlTable struct {
	ID     string
	Head   []htmlHead
	Rows   []htmlRow
	Footer []htmlRow
}

type htmlHead struct {
	Label, Kind, Title string
}

type htmlRow struct {
	Class string
	Cells []htmlCell
	// BoardCell says the row ends with a cell for Boards (the runs table
	// of a puzzle that draws its boards).
	BoardCell bool
	Boards    []htmlBoard
	BoardNote string // why there are no boards
}

type htmlCell struct {
	Text, Sort, Class, Title string
	// Note is the number of the cell's footnote (a verdict's reason), 0
	// for none; NoteID the footnote's id.
	Note   int
	NoteID string
}

type htmlBoard struct {
	Label string
	SVG   template.HTML
}

func htmlSectionOf(r view, index int, budget *int) (htmlSection, error) {
	name := r.Name()
	id := name
	if id == "" {
		id = "report" + strconv.Itoa(index+1)
	}
	s := htmlSection{ID: id, Name: name}
	r.sectionID = id
	notes, _ := reasonNotes(r.Rows)
	for _, n := range notes {
		s.Reasons = append(s.Reasons, htmlReason{ID: fmt.Sprintf("why-%s-%d", id, n.N), N: n.N, Text: n.Text})
	}
	if s.Name == "" {
		s.Name = "comparison"
	}
	solvers, best := scores(r)
	s.Summary = htmlSummary(id, r, solvers, best)
	s.Machine = r.machineLines()
	for _, ps := range r.pairs() {
		s.Notes = append(s.Notes, ps.String())
	}
	if best.WithinNoise > 0 {
		s.Notes = append(s.Notes, fmt.Sprintf("fastest on: %s within noise (the fastest solver's repeats overlap the next one's) credited to no one", compare.Count(best.WithinNoise, "case")))
	}
	if best.AcrossMachines > 0 {
		s.Notes = append(s.Notes, fmt.Sprintf("virtual best: %s left out, their runs measured on different machines", compare.Count(best.AcrossMachines, "case")))
	}
	s.Notes = append(s.Notes, r.perMachine()...)
	s.Notes = append(s.Notes, par2Note(r.Timeout), r.clockNote())
	s.Notes = append(s.Notes, claimsLines(r, solvers)...)
	if r.Reused > 0 || r.Rerun > 0 {
		s.Notes = append(s.Notes, fmt.Sprintf("runs: %d reused from the results file, %d run now", r.Reused, r.Rerun))
	}
	for _, row := range r.Rows {
		for _, p := range row.Problems {
			s.Problems = append(s.Problems, row.Where()+": "+p)
		}
	}
	kinds := []PlotOptions{{Kind: "scaling"}, {Kind: "cactus"}}
	if len(r.Specs) >= 2 {
		kinds = append(kinds, PlotOptions{Kind: "scatter"})
	}
	for _, k := range kinds {
		var buf bytes.Buffer
		pl := htmlPlot{Title: k.Kind}
		if err := writePlot(&buf, "svg", r, k); err != nil {
			pl.Err = err.Error()
		} else {
			pl.SVG = template.HTML(svgElement(buf.String()))
		}
		s.Plots = append(s.Plots, pl)
	}
	all, err := htmlRuns(id, r, budget, true)
	if err != nil {
		return s, err
	}
	s.RunsAll = all
	runs, err := htmlRuns(id, r, budget, false)
	if err != nil {
		return s, err
	}
	s.Runs = runs
	return s, nil
}

// svgElement is an SVG document without what comes before its <svg> tag
// (an XML declaration, comments), ready to stand inline in HTML.
func svgElement(doc string) string {
	if i := strings.Index(doc, "<svg"); i > 0 {
		return doc[i:]
	}
	return doc
}

func htmlSummary(id string, r view, solvers []Summary, best Summary) htmlTable {
	t := htmlTable{ID: "summary-" + id, Head: []htmlHead{
		{"solver", "text", ""}, {"solved", "num", "ok or unsat"}, {"out of limits", "num", "timeout or memout"},
		{"failed", "num", "WRONG or error"}, {"total", "num", "time of the solved runs"}, {"median", "num", "of the solved runs"},
		{"PAR-2", "num", "mean time per case, unsolved counted as twice the limit"},
		{"fastest on", "num", "cases this solver solved fastest"}, {"geomean ratio", "num", "time against the first solver's, over cases both solved"},
	}}
	line := func(s Summary, vbs bool) htmlRow {
		row := htmlRow{Cells: []htmlCell{
			{Text: s.Solver},
			{Text: fmt.Sprintf("%d/%d", s.Solved, s.Runs), Sort: strconv.Itoa(s.Solved)},
			{Text: strconv.Itoa(s.Out), Sort: strconv.Itoa(s.Out)},
			{Text: strconv.Itoa(s.Failed), Sort: strconv.Itoa(s.Failed)},
			durationCell(s.Total), durationCell(s.Median), durationCell(s.PAR2),
		}}
		if s.Solved == 0 {
			row.Cells[4], row.Cells[5] = htmlCell{Text: "-"}, htmlCell{Text: "-"}
		}
		if s.PAR2 == 0 {
			row.Cells[6] = htmlCell{Text: "n/a"}
		}
		if s.Failed > 0 {
			row.Cells[3].Class = "bad"
		}
		if vbs {
			row.Class = "vbs"
			row.Cells = append(row.Cells, htmlCell{}, htmlCell{})
			return row
		}
		row.Cells = append(row.Cells, htmlCell{Text: strconv.Itoa(s.Fastest), Sort: strconv.Itoa(s.Fastest)})
		if s.Ref != "" && s.Both > 0 {
			row.Cells = append(row.Cells, htmlCell{Text: fmt.Sprintf("%.3gx vs %s (%s%s)", s.Ratio, s.Ref, pairsText(s.Both), leftOutCount(s.LeftOut)),
				Title: strings.Join(s.LeftOut, "; "), Sort: strconv.FormatFloat(s.Ratio, 'g', -1, 64)})
		} else {
			row.Cells = append(row.Cells, htmlCell{})
		}
		return row
	}
	for _, s := range solvers {
		t.Rows = append(t.Rows, line(s, false))
	}
	if len(r.Specs) > 1 && len(r.Rows) > 0 {
		t.Footer = append(t.Footer, line(best, true))
	}
	return t
}

// durationCell shows d for people and sorts by its seconds.
func durationCell(d time.Duration) htmlCell {
	return htmlCell{Text: compare.FormatDuration(d), Sort: strconv.FormatFloat(d.Seconds(), 'g', -1, 64)}
}

// htmlRuns is every row with every statistic: case, size, cells, then per
// solver its verdict, time and each statistic its runs report, then
// agreement and the boards.
//
// Boards are drawn while their total size stays within *budget bytes,
// which is reduced by what they take.
//
// With full false it is the key columns alone (case, size, each solver's
// verdict and time, agreement, boards); with full true every column and
// no boards (the page puts it behind a toggle).
func htmlRuns(id string, r view, budget *int, full bool) (htmlTable, error) {
	t := htmlTable{ID: "runs-" + id, Head: []htmlHead{{"case", "num", "input order"}, {"size", "num", "by cells"}}}
	if full {
		t.ID = "runs-all-" + id
		t.Head = append(t.Head, htmlHead{"cells", "num", ""})
	}
	cols := runColumns(r)
	if !full {
		cols = make([]runColumn, len(r.Specs))
	}
	for i, spec := range r.Specs {
		t.Head = append(t.Head, htmlHead{spec, "text", spec + ": verdict"}, htmlHead{spec + " time", "num", spec + ": solve time"})
		for _, n := range cols[i].stats {
			t.Head = append(t.Head, htmlHead{spec + " " + n, "num", ""})
		}
		if cols[i].steps {
			t.Head = append(t.Head, htmlHead{spec + " steps", "text", ""})
		}
	}
	t.Head = append(t.Head, htmlHead{"agree", "text", ""})
	drawable := r.Puzzle != nil && r.Puzzle.Render != nil && !full
	if drawable {
		t.Head = append(t.Head, htmlHead{"boards", "", "the boards the solvers answered"})
	}
	for k, row := range r.Rows {
		hr := htmlRow{Cells: []htmlCell{
			{Text: row.Where(), Sort: strconv.Itoa(k), Title: fmt.Sprintf("%s line %d", row.File, row.Line)},
			{Text: row.Size, Sort: strconv.Itoa(row.Cells)},
		}}
		if full {
			hr.Cells = append(hr.Cells, htmlCell{Text: strconv.Itoa(row.Cells), Sort: strconv.Itoa(row.Cells)})
		}
		if row.Failed() {
			hr.Class = "bad"
		}
		for i := range r.Specs {
			var run compare.Run
			if i < len(row.Runs) {
				run = row.Runs[i]
			}
			hr.Cells = append(hr.Cells, r.runCells(run, cols[i])...)
		}
		agree := htmlCell{Text: row.Agree}
		if row.Agree == "NO" {
			agree.Class = "bad"
		}
		hr.Cells = append(hr.Cells, agree)
		hr.BoardCell = drawable
		t.Rows = append(t.Rows, hr)
	}
	if !drawable {
		return t, nil
	}
	return t, drawBoards(&t, r, budget)
}

// runColumn is what the table shows of one solver's runs beyond verdict
// and time: each statistic any of them reports, and whether any has steps.
type runColumn struct {
	stats []string
	steps bool
}

// runColumns are the columns of each solver of r.
func runColumns(r view) []runColumn {
	cols := make([]runColumn, len(r.Specs))
	for i := range r.Specs {
		seen := map[string]bool{}
		for _, row := range r.Rows {
			if i >= len(row.Runs) {
				continue
			}
			for _, st := range row.Runs[i].Result.Stats {
				if !seen[st.Name] {
					seen[st.Name] = true
					cols[i].stats = append(cols[i].stats, st.Name)
				}
			}
			cols[i].steps = cols[i].steps || len(row.Runs[i].Result.Steps) > 0
		}
	}
	return cols
}

// runCells are one run's cells: its verdict (and claim), its time (and
// the spread of its repeats), its statistics and its steps.
func (r view) runCells(run compare.Run, col runColumn) []htmlCell {
	v := htmlCell{Text: string(run.Verdict) + claimMarks[run.Claim], Title: Reason(run), Class: "v-" + strings.ToLower(string(run.Verdict))}
	if n := r.reasons[reasonKey(run)]; n > 0 {
		v.Note, v.NoteID = n, fmt.Sprintf("why-%s-%d", r.sectionID, n)
	}
	if run.Claim != "" {
		v.Title = strings.TrimPrefix(v.Title+"; "+run.Claim, "; ")
	}
	cells := []htmlCell{v}
	if run.Verdict.Solved() || run.Verdict == compare.VerdictWrong {
		c := durationCell(r.timeOf(run))
		if q := r.spreadOf(run); q != nil {
			c.Text += " (" + compare.FormatDuration(q.Min) + "-" + compare.FormatDuration(q.Max) + ")"
			c.Title = fmt.Sprintf("median of %s; min-max %s-%s", compare.Count(run.Spread.N, "repeat"), compare.FormatDuration(q.Min), compare.FormatDuration(q.Max))
			if run.Spread.N >= 4 {
				c.Title += fmt.Sprintf("; IQR %s-%s", compare.FormatDuration(q.Q1), compare.FormatDuration(q.Q3))
			}
		}
		cells = append(cells, c)
	} else {
		cells = append(cells, htmlCell{})
	}
	for _, n := range col.stats {
		c := htmlCell{}
		if v, ok := run.Result.Stat(n); ok {
			c.Text, c.Sort = strconv.FormatInt(v, 10), strconv.FormatInt(v, 10)
		}
		cells = append(cells, c)
	}
	if col.steps {
		var ks []string
		for _, st := range run.Result.Steps {
			ks = append(ks, fmt.Sprintf("%s (%s)", st.Label, st.Status))
		}
		cells = append(cells, htmlCell{Text: strings.Join(ks, "; ")})
	}
	return cells
}

// drawBoards draws each row's boards into t, the rows with problems
// first, while the page has room (*budget bytes, reduced by what they
// take).
func drawBoards(t *htmlTable, r view, budget *int) error {
	var order []int
	for pass := 0; pass < 2; pass++ {
		for k, row := range r.Rows {
			if row.Failed() == (pass == 0) {
				order = append(order, k)
			}
		}
	}
	for _, k := range order {
		if *budget <= 0 {
			t.Rows[k].BoardNote = "not drawn (the page is full)"
			continue
		}
		boards, err := htmlBoards(r, r.Rows[k])
		if err != nil {
			return fmt.Errorf("drawing %s: %w", r.Rows[k].Where(), err)
		}
		size := 0
		for _, b := range boards {
			size += len(b.SVG)
		}
		if size > *budget {
			t.Rows[k].BoardNote = "not drawn (the page is full)"
			continue
		}
		*budget -= size
		t.Rows[k].Boards = boards
	}
	return nil
}

// htmlBoards draws each different answer of a row once, labelled with the
// solvers that gave it; when no solver answered, the bare case.
func htmlBoards(r view, row compare.Row) ([]htmlBoard, error) {
	if r.Puzzle == nil || r.Puzzle.Render == nil || row.Input == nil {
		return nil, nil
	}
	type answer struct {
		res    compare.Result
		labels []string
	}
	var answers []*answer
	var unsolved []string
	for i, run := range row.Runs {
		spec := run.Solver
		if i < len(r.Specs) {
			spec = r.Specs[i]
		}
		if !run.Result.Solved || (run.Verdict != compare.VerdictOK && run.Verdict != compare.VerdictWrong) {
			unsolved = append(unsolved, spec+" ("+string(run.Verdict)+")")
			continue
		}
		label := spec
		if run.Verdict == compare.VerdictWrong {
			label += " (WRONG)"
		}
		found := false
		for _, a := range answers {
			if a.res.Answer == run.Result.Answer && a.res.Witness == run.Result.Witness {
				a.labels = append(a.labels, label)
				found = true
				break
			}
		}
		if !found {
			answers = append(answers, &answer{res: run.Result, labels: []string{label}})
		}
	}
	var boards []htmlBoard
	draw := func(res compare.Result, label string) error {
		var buf bytes.Buffer
		if err := r.Puzzle.Render(&buf, row.Input, res); err != nil {
			return err
		}
		boards = append(boards, htmlBoard{Label: label, SVG: template.HTML(svgElement(buf.String()))})
		return nil
	}
	for _, a := range answers {
		if err := draw(a.res, "answer of "+strings.Join(a.labels, ", ")); err != nil {
			return nil, err
		}
	}
	if len(answers) == 0 {
		if err := draw(compare.Result{}, "the case; no answer: "+strings.Join(unsolved, ", ")); err != nil {
			return nil, err
		}
	}
	return boards, nil
}
