// Package report draws what a comparison found (a compare.Report, from a
// live run or from results files): tables, markdown, CSV and JSON with
// each solver's summary and PAR-2, the paired statistics, plots, and a
// self-contained HTML page. It takes its data as given and runs nothing.
package report

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/clipperhouse/displaywidth"
	"github.com/olekukonko/tablewriter"
	"github.com/olekukonko/tablewriter/renderer"
	"github.com/olekukonko/tablewriter/tw"
	"gonum.org/v1/gonum/stat"

	"github.com/gridsat/gridsat/compare"
)

// machineLines are the machine records for a report's text.
func (r view) machineLines() []string {
	var lines []string
	for _, m := range r.Machines {
		ls := m.Machine.Lines(m.LoadEnd)
		if len(r.Machines) > 1 && len(ls) > 0 {
			ls[0] = m.Label + ": " + strings.TrimPrefix(ls[0], "machine: ")
		}
		lines = append(lines, ls...)
	}
	return lines
}

// perMachine summarizes each solver's times on each machine when the
// report mixes machines: times measured on different CPUs do not compare,
// so each machine's stand apart.
func (r view) perMachine() []string {
	if len(r.Machines) < 2 {
		return nil
	}
	var lines []string
	for _, m := range r.Machines {
		var parts []string
		for i, spec := range r.Specs {
			var times []time.Duration
			for _, row := range r.Rows {
				if i < len(row.Runs) && row.Runs[i].Machine == m.Label && row.Runs[i].Verdict.Solved() {
					times = append(times, r.timeOf(row.Runs[i]))
				}
			}
			if len(times) > 0 {
				parts = append(parts, fmt.Sprintf("%s median %s over %s", spec, compare.FormatDuration(compare.Median(times)), compare.Count(len(times), "case")))
			}
		}
		if len(parts) > 0 {
			lines = append(lines, fmt.Sprintf("on %s (%s): %s", m.Label, m.Machine.CPUName(), strings.Join(parts, ", ")))
		}
	}
	return lines
}

// view is a report as the renderers draw it: its time chosen (Clock), so
// that figuring each run's time does not scan the whole report again.
type view struct {
	compare.Report
	// autoTime says Time was chosen by Clock, not asked for.
	autoTime bool
	// reasons numbers the footnotes of the verdicts that need a reason
	// (reasonNotes).
	reasons map[string]int
	// sectionID is the id of the HTML section being drawn.
	sectionID string
}

// resolve is r's view, its time chosen.
func resolve(r compare.Report) view { return view{Report: r}.resolved() }

// resolved is r with its time chosen (Clock).
func (r view) resolved() view {
	if r.Time == "" {
		r.Time = r.Clock()
		r.autoTime = true
	}
	_, r.reasons = reasonNotes(r.Rows)
	return r
}

// timeOf is a run's time as the report counts it: its CPU time under
// TimeCPU (its wall time where the CPU time was not measured), else its
// solve time (RunTime).
func (r view) timeOf(run compare.Run) time.Duration {
	if run.CPU > 0 && r.Clock() == compare.TimeCPU {
		return run.CPU
	}
	return compare.RunTime(run)
}

// clockNote says which time the report's figures are.
func (r view) clockNote() string {
	var note string
	switch {
	case r.Clock() == compare.TimeWall && r.autoTime:
		note = fmt.Sprintf("times: wall-clock time of the solve as the solver times it (no proof check); %s no CPU time (older records, or no getrusage)", hasHave(r.Unmeasured(), "run"))
	case r.Clock() == compare.TimeWall:
		note = "times: wall-clock time of the solve as the solver times it (no proof check; the worker's wall time is wall_ns in the JSON; --time cpu for CPU time, with it)"
	default:
		note = "times: CPU time of the solve, user+system of the worker and its children (--time wall for wall-clock time)"
		if n := r.Unmeasured(); n > 0 {
			note += fmt.Sprintf("; %s no CPU time measured and count their wall time", hasHave(n, "run"))
		}
	}
	if n := r.repeats(); n > 1 {
		note += fmt.Sprintf("; each the median of %s, their range (min-max) in parentheses", compare.Count(n, "repeat"))
	}
	if n := r.repeatedSolves(); n > 0 {
		note += fmt.Sprintf("; %d quick runs timed as the mean of a round of solves in their worker (warm: the first, cold solve's times are in the JSON as first_wall_ns, first_cpu_ns)", n)
	}
	return note
}

// repeatedSolves counts the runs whose times are the mean of several
// solves (Run.Solves).
func (r view) repeatedSolves() int {
	n := 0
	for _, row := range r.Rows {
		for _, run := range row.Runs {
			if run.Solves > 1 {
				n++
			}
		}
	}
	return n
}

// repeats is the most repeats any run of the report stands for.
func (r view) repeats() int {
	n := 1
	for _, row := range r.Rows {
		for _, reps := range row.Repeats {
			n = max(n, len(reps))
		}
		for _, run := range row.Runs {
			if run.Spread != nil {
				n = max(n, run.Spread.N)
			}
		}
	}
	return n
}

// Options say how to print a report.
type Options struct {
	// Format is one of Formats; "" means "table".
	Format string
	// Stats is "compact" (the default for table and markdown: each
	// solver's headline statistics) or "full" (every statistic and step).
	// CSV, JSON and HTML always carry every statistic.
	Stats string
	// Width is the widest line a table may print, in terminal columns;
	// 0 means DefaultWidth. Compact statistics are left out, the least
	// telling first, until the table fits. Markdown is not fitted.
	Width int
	// BoardBytes bounds the size of the boards an HTML page draws, in
	// bytes of SVG; 0 means defaultBoardBytes, a negative value none.
	BoardBytes int
}

// defaultBoardBytes is how much SVG an HTML page spends on boards unless
// told otherwise: about the size of 60 boards of 50x50 slant.
const defaultBoardBytes = 16 << 20

// Formats are the report formats WriteReport knows.
var Formats = []string{"table", "markdown", "csv", "json", "html"}

// StatsModes are the values of Options.Stats.
var StatsModes = []string{"compact", "full"}

// DefaultWidth is the widest line of a table when no terminal says
// otherwise.
const DefaultWidth = 120

// WriteReport prints r in opt.Format: a table (or markdown table) followed
// by the problems and the summary, CSV with one column per statistic, JSON
// with the rows and the summary, or a self-contained HTML page (WriteHTML).
func WriteReport(w io.Writer, r compare.Report, opt Options) error {
	return writeReport(w, resolve(r), opt)
}

// writeReport is WriteReport of a view.
func writeReport(w io.Writer, r view, opt Options) error {
	switch opt.Stats {
	case "", "compact", "full":
	default:
		return fmt.Errorf("unknown stats mode %q (known: %s)", opt.Stats, strings.Join(StatsModes, ", "))
	}
	switch opt.Format {
	case "", "table", "markdown":
		return writeTable(w, r, opt)
	case "csv":
		return writeCSV(w, r)
	case "json":
		solvers, best := scores(r)
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		if err := enc.Encode(struct {
			Puzzle      string               `json:"puzzle,omitempty"`
			Machines    []compare.MachineRun `json:"machines,omitempty"`
			Time        string               `json:"time"`
			Solvers     []string             `json:"solvers"`
			Timeout     int64                `json:"timeout_ns,omitempty"`
			Reused      int                  `json:"reused,omitempty"`
			Rerun       int                  `json:"rerun,omitempty"`
			Rows        []compare.Row        `json:"rows"`
			Summary     []Summary            `json:"summary"`
			VirtualBest Summary              `json:"virtual_best"`
			Pairs       []PairStat           `json:"pairs,omitempty"`
		}{r.Name(), r.Machines, r.Clock(), r.Specs, int64(r.Timeout), r.Reused, r.Rerun, r.Rows, solvers, best, r.pairs()}); err != nil {
			return fmt.Errorf("writing JSON report: %w", err)
		}
		return nil
	case "html":
		return writeHTML(w, []view{r}, opt)
	}
	return fmt.Errorf("unknown format %q (known: %s)", opt.Format, strings.Join(Formats, ", "))
}

// maxHeadline is how many statistics a compact table shows per solver.
const maxHeadline = 3

func writeTable(w io.Writer, r view, opt Options) error {
	markdown := opt.Format == "markdown"
	full := opt.Stats == "full"
	width := opt.Width
	if width <= 0 {
		width = DefaultWidth
	}
	heads := make([][]string, len(r.Specs))
	for i, spec := range r.Specs {
		heads[i] = r.headline(i, spec)
	}
	// Fit: drop the last headline statistic of every solver until the
	// table fits; with none left the statistics columns go.
	var table bytes.Buffer
	for n := maxHeadline; n >= 0; n-- {
		table.Reset()
		if err := renderTable(&table, r, markdown, full, heads, n); err != nil {
			return err
		}
		if full || markdown || n == 0 || maxLineWidth(table.String()) <= width {
			break
		}
	}
	if _, err := w.Write(table.Bytes()); err != nil {
		return fmt.Errorf("writing table: %w", err)
	}
	var problems []string
	for _, row := range r.Rows {
		for _, p := range row.Problems {
			problems = append(problems, row.Where()+": "+p)
		}
	}
	bullet := "  "
	if markdown {
		bullet = "- "
	}
	if reasons := r.reasonLines(); len(reasons) > 0 {
		fmt.Fprintln(w, "\nWHY (each verdict's reason, by its number in the table):")
		if markdown {
			fmt.Fprintln(w)
		}
		for _, l := range reasons {
			fmt.Fprintln(w, bullet+l)
		}
	}
	if len(problems) > 0 {
		fmt.Fprintf(w, "\nPROBLEMS (%d):\n", len(problems))
		if markdown {
			fmt.Fprintln(w)
		}
		for _, p := range problems {
			fmt.Fprintln(w, bullet+p)
		}
	}
	fmt.Fprintln(w)
	for _, l := range r.machineLines() {
		if markdown {
			fmt.Fprintln(w, bullet+l)
			continue
		}
		for _, l := range wrap(l, width, 2) {
			fmt.Fprintln(w, l)
		}
	}
	names := len(virtualBest)
	for _, s := range r.Specs {
		names = max(names, len(s))
	}
	lines, solverLines := summaryLines(r)
	for i, line := range lines {
		if markdown {
			fmt.Fprintln(w, bullet+line)
			continue
		}
		indent := 2
		if i < solverLines {
			indent = names + 1 // under the figures
		}
		for _, l := range wrap(line, width, indent) {
			fmt.Fprintln(w, l)
		}
	}
	return nil
}

// wrap breaks line after its commas and semicolons into lines at most
// width columns wide (when its parts allow), the later ones indented.
func wrap(line string, width, indent int) []string {
	var out []string
	cur := ""
	for _, part := range strings.SplitAfter(strings.ReplaceAll(line, "; ", ";, "), ", ") {
		part = strings.ReplaceAll(part, ";, ", "; ")
		if cur != "" && displaywidth.String(cur+strings.TrimRight(part, " ")) > width {
			out = append(out, strings.TrimRight(cur, " "))
			cur = strings.Repeat(" ", indent)
		}
		cur += part
	}
	return append(out, strings.TrimRight(cur, " "))
}

// summaryLines are the summary under a table: a line per solver, the
// virtual best solver (the first n lines), what PAR-2 means here, and the
// runs reused.
func summaryLines(r view) (lines []string, n int) {
	solvers, best := scores(r)
	names := len(virtualBest)
	for _, s := range r.Specs {
		names = max(names, len(s))
	}
	for _, s := range solvers {
		lines = append(lines, s.line(names))
	}
	if len(r.Specs) > 1 && len(r.Rows) > 0 {
		line := best.line(names)
		var fast []string
		for _, s := range solvers {
			fast = append(fast, fmt.Sprintf("%s %d", s.Solver, s.Fastest))
		}
		if best.WithinNoise > 0 {
			fast = append(fast, fmt.Sprintf("within noise %d", best.WithinNoise))
		}
		line += "; fastest: " + strings.Join(fast, ", ")
		if best.AcrossMachines > 0 {
			line += fmt.Sprintf("; %s left out, their runs measured on different machines", compare.Count(best.AcrossMachines, "case"))
		}
		lines = append(lines, line)
		for _, ps := range r.pairs() {
			lines = append(lines, ps.String())
		}
	}
	n = len(lines)
	lines = append(lines, r.perMachine()...)
	lines = append(lines, par2Note(r.Timeout), r.clockNote())
	lines = append(lines, claimsLines(r, solvers)...)
	if r.Reused > 0 || r.Rerun > 0 {
		lines = append(lines, fmt.Sprintf("runs: %d reused from the results file, %d run now", r.Reused, r.Rerun))
	}
	return lines, n
}

// withinNoise reports whether the repeats of row's fastest run overlap
// those of the next fastest solver that solved the case.
func (r view) withinNoise(row compare.Row, fastest int) bool {
	a := r.spreadOf(row.Runs[fastest])
	if a == nil {
		return false
	}
	next := -1
	for i := range r.Specs {
		if i == fastest || i >= len(row.Runs) || !row.Runs[i].Verdict.Solved() {
			continue
		}
		if next < 0 || r.timeOf(row.Runs[i]) < r.timeOf(row.Runs[next]) {
			next = i
		}
	}
	if next < 0 {
		return false
	}
	b := r.spreadOf(row.Runs[next])
	return b != nil && a.Max >= b.Min && b.Max >= a.Min
}

func par2Note(limit time.Duration) string {
	if limit <= 0 {
		return "PAR-2: mean time per case; no time limit, so it is given only for solvers that solved every case"
	}
	return fmt.Sprintf("PAR-2: mean time per case, an unsolved run (timeout, memout, error, wrong answer) counted as 2 x %s", compare.FormatDuration(limit))
}

func renderTable(w io.Writer, r view, markdown, full bool, heads [][]string, n int) error {
	header := []string{"case", "size"}
	for i, s := range r.Specs {
		header = append(header, s)
		switch {
		case full:
			header = append(header, "stats")
		case n > 0 && len(heads[i]) > 0:
			header = append(header, strings.Join(heads[i][:min(n, len(heads[i]))], "/"))
		}
	}
	header = append(header, "agree")
	var opts []tablewriter.Option
	if markdown {
		opts = append(opts, tablewriter.WithRenderer(renderer.NewMarkdown()))
	}
	opts = append(opts, tablewriter.WithHeaderAutoFormat(tw.Off), tablewriter.WithRowAlignmentConfig(tw.CellAlignment{Global: tw.AlignLeft}))
	t := tablewriter.NewTable(w, opts...)
	t.Header(header)
	for _, row := range r.Rows {
		line := []string{row.Where(), row.Size}
		for i := range r.Specs {
			var run compare.Run
			if i < len(row.Runs) {
				run = row.Runs[i]
			}
			line = append(line, r.verdictCell(run))
			switch {
			case full:
				line = append(line, fullStats(run))
			case n > 0 && len(heads[i]) > 0:
				line = append(line, compactStats(run, heads[i][:min(n, len(heads[i]))]))
			}
		}
		line = append(line, row.Agree)
		if err := t.Append(line); err != nil {
			return fmt.Errorf("writing table: %w", err)
		}
	}
	if err := t.Render(); err != nil {
		return fmt.Errorf("writing table: %w", err)
	}
	return nil
}

// maxLineWidth is the widest line of s in terminal columns.
func maxLineWidth(s string) int {
	widest := 0
	for _, line := range strings.Split(s, "\n") {
		widest = max(widest, displaywidth.String(line))
	}
	return widest
}

// verdictCell is a run's verdict and, when it ran to an answer, its time:
// "ok 35.9µs", "timeout".
func (r view) verdictCell(run compare.Run) string {
	switch run.Verdict {
	case "":
		return ""
	case compare.VerdictOK, compare.VerdictUnsat, compare.VerdictWrong:
		cell := string(run.Verdict) + claimMarks[run.Claim] + " " + compare.FormatDuration(r.timeOf(run))
		if q := r.spreadOf(run); q != nil {
			cell += " (" + compare.FormatDuration(q.Min) + "-" + compare.FormatDuration(q.Max) + ")"
		}
		return cell + r.reasonMark(run)
	}
	return string(run.Verdict) + r.reasonMark(run)
}

// headline returns the statistics a compact table shows for column i: the
// solver's Headline, or the first statistics its runs report.
func (r view) headline(i int, spec string) []string {
	name, _, _ := strings.Cut(spec, ":")
	if r.Puzzle != nil {
		for _, s := range r.Puzzle.Solvers {
			if s.Name == name && len(s.Headline) > 0 {
				return s.Headline[:min(maxHeadline, len(s.Headline))]
			}
		}
	}
	var names []string
	seen := map[string]bool{}
	for _, row := range r.Rows {
		if i >= len(row.Runs) {
			continue
		}
		for _, s := range row.Runs[i].Result.Stats {
			if !seen[s.Name] && len(names) < maxHeadline {
				seen[s.Name] = true
				names = append(names, s.Name)
			}
		}
	}
	return names
}

// compactStats is the values of the statistics names, short ("12.3k"),
// separated by "/" like the column's heading; "-" where a run lacks one.
func compactStats(run compare.Run, names []string) string {
	if len(run.Result.Stats) == 0 {
		return ""
	}
	parts := make([]string, len(names))
	for i, n := range names {
		parts[i] = "-"
		if v, ok := run.Result.Stat(n); ok {
			parts[i] = shortCount(v)
		}
	}
	return strings.Join(parts, "/")
}

// shortCount prints a count in at most five characters: 9999, 12.3k, 4.56M.
func shortCount(v int64) string {
	if v > -1e4 && v < 1e4 {
		return strconv.FormatInt(v, 10)
	}
	f := float64(v)
	for _, u := range []struct {
		div    float64
		suffix string
	}{{1e3, "k"}, {1e6, "M"}, {1e9, "G"}, {1e12, "T"}} {
		if x := f / u.div; math.Abs(x) < 999.5 {
			return strconv.FormatFloat(x, 'g', 3, 64) + u.suffix
		}
	}
	return strconv.FormatFloat(f, 'e', 2, 64)
}

// fullStats is every statistic of a run and its steps, name=value.
func fullStats(run compare.Run) string {
	var parts []string
	for _, s := range run.Result.Stats {
		parts = append(parts, fmt.Sprintf("%s=%d", s.Name, s.Value))
	}
	if n := len(run.Result.Steps); n > 0 {
		var ks []string
		for _, st := range run.Result.Steps {
			ks = append(ks, fmt.Sprintf("%s:%s", st.Label, st.Status))
		}
		parts = append(parts, "steps="+strings.Join(ks, ","))
	}
	return strings.Join(parts, " ")
}

func writeCSV(w io.Writer, r view) error {
	specs, rows := r.Specs, r.Rows
	spread := r.repeats() > 1
	// A report that mixes machines (--mixed-machines) says each run's.
	mixed := len(r.Machines) > 1
	// One column per statistic any run of a solver reported.
	statNames := make([][]string, len(specs))
	for i := range specs {
		seen := map[string]bool{}
		for _, r := range rows {
			if i < len(r.Runs) {
				for _, s := range r.Runs[i].Result.Stats {
					if !seen[s.Name] {
						seen[s.Name] = true
						statNames[i] = append(statNames[i], s.Name)
					}
				}
			}
		}
	}
	cw := csv.NewWriter(w)
	header := []string{"set", "file", "case", "line", "size", "cells"}
	for i, s := range specs {
		header = append(header, s+".verdict", s+".reason", s+".time_s", s+".wall_s", s+".cpu_s", s+".answer", s+".certified", s+".claim")
		if mixed {
			header = append(header, s+".machine")
		}
		if spread {
			header = append(header, s+".repeats", s+".time_min_s", s+".time_q1_s", s+".time_q3_s", s+".time_max_s")
		}
		for _, n := range statNames[i] {
			header = append(header, s+"."+n)
		}
	}
	header = append(header, "agree", "problems")
	cw.Write(header)
	for _, row := range rows {
		rec := []string{row.Set, row.File, strconv.Itoa(row.Case), strconv.Itoa(row.Line), row.Size, strconv.Itoa(row.Cells)}
		for i := range specs {
			var run compare.Run
			if i < len(row.Runs) {
				run = row.Runs[i]
			}
			rec = append(rec, string(run.Verdict), Reason(run), seconds(r.timeOf(run)), seconds(run.Wall), seconds(run.CPU), run.Result.Answer, strconv.FormatBool(run.Certified), run.Claim)
			if mixed {
				rec = append(rec, run.Machine)
			}
			if spread {
				rec = append(rec, spreadCSV(r, run)...)
			}
			for _, n := range statNames[i] {
				if v, ok := run.Result.Stat(n); ok {
					rec = append(rec, strconv.FormatInt(v, 10))
				} else {
					rec = append(rec, "")
				}
			}
		}
		rec = append(rec, row.Agree, strings.Join(row.Problems, "; "))
		cw.Write(rec)
	}
	cw.Flush()
	if err := cw.Error(); err != nil {
		return fmt.Errorf("writing CSV report: %w", err)
	}
	return nil
}

// spreadCSV is a run's repeats and the spread of their times in the
// report's time: count, min, first quartile, third quartile, max.
func spreadCSV(r view, run compare.Run) []string {
	q := r.spreadOf(run)
	if q == nil {
		return []string{"1", "", "", "", ""}
	}
	return []string{strconv.Itoa(run.Spread.N), seconds(q.Min), seconds(q.Q1), seconds(q.Q3), seconds(q.Max)}
}

func seconds(d time.Duration) string { return strconv.FormatFloat(d.Seconds(), 'f', 6, 64) }

// Summary is one solver's totals over a comparison.
type Summary struct {
	Solver string `json:"solver"`
	// Runs counts the runs made; NotRun the rows with none to judge (a
	// record no results file holds, a harness failure), which say
	// nothing of the solver and count in no figure.
	Runs   int           `json:"runs"`
	NotRun int           `json:"not_run,omitempty"`
	Solved int           `json:"solved"` // ok or unsat
	Failed int           `json:"failed"` // WRONG or error
	Out    int           `json:"out"`    // timeout or memout
	Total  time.Duration `json:"total_ns"`
	Median time.Duration `json:"median_ns"`
	// Ratio is the geometric mean, over cases both solved, of this
	// solver's time divided by the first solver's; 0 for the first.
	Ratio float64 `json:"geomean_ratio_vs_first,omitempty"`
	Both  int     `json:"both_solved,omitempty"`
	Ref   string  `json:"ratio_against,omitempty"`
	// LeftOut names the cases the ratio leaves out, with why (PairStat).
	LeftOut []string `json:"ratio_left_out,omitempty"`
	// PAR2 is the mean over runs of the solve time, a run that did not
	// solve its case (timeout, memout, error, WRONG) counted as twice the
	// time limit; 0 when it cannot be known (no limit, and an unsolved
	// run). Only Scores fills it in.
	PAR2 time.Duration `json:"par2_ns,omitempty"`
	// Claims counts the solver's claims that no verifier can check, by
	// label (claims.go).
	Claims map[string]int `json:"claims,omitempty"`
	// Fastest counts the cases this solver solved fastest of all (ties go
	// to the earlier column); the virtual best solver's own is 0. Only
	// Scores fills it in.
	Fastest int `json:"fastest"`
	// WithinNoise, of the virtual best solver, counts the cases whose
	// fastest solver's repeats overlap the next fastest's (min-max): no
	// solver is credited with them in Fastest.
	WithinNoise int `json:"within_noise,omitempty"`
	// AcrossMachines, of the virtual best solver, counts the cases it
	// leaves out: their solved runs were measured on different machines.
	AcrossMachines int `json:"across_machines,omitempty"`
}

func (s Summary) String() string { return s.line(12) }

// line is String with the solver's name padded to width.
func (s Summary) line(width int) string {
	line := fmt.Sprintf("%-*s solved %d/%d", width, s.Solver, s.Solved, s.Runs)
	if s.Out > 0 {
		line += fmt.Sprintf(", %d out of limits", s.Out)
	}
	if s.Failed > 0 {
		line += fmt.Sprintf(", %d FAILED", s.Failed)
	}
	if s.NotRun > 0 {
		line += fmt.Sprintf(", %d not run (missing or a harness failure)", s.NotRun)
	}
	line += fmt.Sprintf(", total %s, median %s", s.figure(s.Total), s.figure(s.Median))
	if s.PAR2 > 0 {
		line += ", PAR-2 " + compare.FormatDuration(s.PAR2)
	} else if s.Runs > 0 {
		line += ", PAR-2 n/a"
	}
	if s.Ref != "" && s.Both > 0 {
		line += fmt.Sprintf(", geomean time ratio vs %s %.3gx over %s%s", s.Ref, s.Ratio, pairsText(s.Both), leftOutNote(s.LeftOut))
	}
	return line
}

// figure is a total or median of the solver's solved runs, "-" when it
// solved none: a figure over nothing is not 0.
func (s Summary) figure(d time.Duration) string {
	if s.Solved == 0 {
		return "-"
	}
	return compare.FormatDuration(d)
}

// virtualBest is the name of the virtual best solver's summary.
const virtualBest = "virtual best"

// summarize totals each solver's runs and compares every solver's times
// with the first's, in CPU time where every finished run has one (Clock).
// It knows no time limit: scores adds PAR-2.
func (r view) summarize() []Summary {
	specs, rows := r.Specs, r.Rows
	out := make([]Summary, len(specs))
	for i, spec := range specs {
		s := Summary{Solver: spec}
		var times []time.Duration
		for _, row := range rows {
			if i >= len(row.Runs) {
				continue
			}
			run := row.Runs[i]
			if !ran(run) {
				s.NotRun++
				continue
			}
			s.Runs++
			switch {
			case run.Verdict.Solved():
				s.Solved++
				t := r.timeOf(run)
				times = append(times, t)
				s.Total += t
			case run.Verdict == compare.VerdictTimeout || run.Verdict == compare.VerdictMemout:
				s.Out++
			default:
				s.Failed++
			}
		}
		s.Median = compare.Median(times)
		if c := claimCounts(rows, i); len(c) > 0 {
			s.Claims = c
		}
		if i > 0 {
			if _, diffs, left := r.pairRatios(0, i); len(diffs) > 0 {
				s.Ratio, s.Both, s.Ref, s.LeftOut = math.Exp(stat.Mean(diffs, nil)), len(diffs), specs[0], left
			}
		}
		out[i] = s
	}
	return out
}

// ran reports whether a run was made and judged: not a record no file
// holds (missing) nor a harness failure, which say nothing of the solver.
func ran(run compare.Run) bool {
	return run.Verdict != compare.VerdictMissing && run.Verdict != compare.VerdictHarness
}

// par2 is the mean of the solved times and 2*limit for each unsolved run;
// 0 when there are no runs, or unsolved runs and no limit.
func par2(solved []time.Duration, unsolved int, limit time.Duration) time.Duration {
	n := len(solved) + unsolved
	if n == 0 || (unsolved > 0 && limit <= 0) {
		return 0
	}
	var sum float64
	for _, t := range solved {
		sum += float64(t)
	}
	sum += float64(unsolved) * 2 * float64(limit)
	mean := math.Round(sum / float64(n))
	if mean >= math.MaxInt64 {
		// A limit past half the longest duration (a results file's limit
		// can be any number): the score saturates, it never wraps.
		return math.MaxInt64
	}
	return max(time.Duration(mean), 1)
}

// scores summarizes each solver as summarize does, with its PAR-2 score
// under r.Timeout and the cases it solved fastest, and the virtual best
// solver: for each case the fastest solver that solved it (ok or unsat),
// unsolved when none did.
func scores(r view) (solvers []Summary, best Summary) {
	solvers = r.summarize()
	solvedTimes := make([][]time.Duration, len(r.Specs))
	best.Solver = virtualBest
	var bestTimes []time.Duration
	for _, row := range r.Rows {
		fastest := -1
		for i := range r.Specs {
			if i >= len(row.Runs) || !row.Runs[i].Verdict.Solved() {
				continue
			}
			t := r.timeOf(row.Runs[i])
			solvedTimes[i] = append(solvedTimes[i], t)
			if fastest < 0 || t < r.timeOf(row.Runs[fastest]) {
				fastest = i
			}
		}
		if !slices.ContainsFunc(row.Runs, ran) {
			continue // no run to judge: nothing of any solver
		}
		if acrossMachines(row) {
			// Runs of one case measured on different machines
			// (--mixed-machines): the fastest of them is no time of any
			// one machine, and no solver is the fastest by it.
			best.AcrossMachines++
			continue
		}
		best.Runs++
		if fastest < 0 {
			// Counted as the worst of the columns: a limit if any run
			// hit one, else a failure.
			out := false
			for _, run := range row.Runs {
				if !ran(run) {
					continue
				}
				out = out || run.Verdict == compare.VerdictTimeout || run.Verdict == compare.VerdictMemout
			}
			if out {
				best.Out++
			} else {
				best.Failed++
			}
			continue
		}
		t := r.timeOf(row.Runs[fastest])
		if r.withinNoise(row, fastest) {
			best.WithinNoise++
		} else {
			solvers[fastest].Fastest++
		}
		best.Solved++
		best.Total += t
		bestTimes = append(bestTimes, t)
	}
	for i := range solvers {
		solvers[i].PAR2 = par2(solvedTimes[i], solvers[i].Runs-solvers[i].Solved, r.Timeout)
	}
	best.Median = compare.Median(bestTimes)
	best.PAR2 = par2(bestTimes, best.Runs-best.Solved, r.Timeout)
	return solvers, best
}

// acrossMachines reports whether a row's solved runs were measured on
// more than one machine (labels set only when a merge mixes machines).
func acrossMachines(row compare.Row) bool {
	first := ""
	for _, run := range row.Runs {
		if !run.Verdict.Solved() || run.Machine == "" {
			continue
		}
		if first == "" {
			first = run.Machine
		} else if run.Machine != first {
			return true
		}
	}
	return false
}

// spreadOf is the spread of the run's repeats in the report's time, nil
// when it has none.
func (r view) spreadOf(run compare.Run) *compare.Quartiles {
	if run.Spread == nil || run.Spread.N < 2 {
		return nil
	}
	if r.Clock() == compare.TimeCPU && run.CPU > 0 {
		return &run.Spread.CPU
	}
	return &run.Spread.Wall
}

// hasHave is Count with its verb: "1 run has", "2 runs have".
func hasHave(n int, noun string) string {
	if n == 1 {
		return compare.Count(n, noun) + " has"
	}
	return compare.Count(n, noun) + " have"
}
