package compare

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/olekukonko/tablewriter"
	"github.com/olekukonko/tablewriter/renderer"
	"github.com/olekukonko/tablewriter/tw"
)

// Formats are the report formats Write knows.
var Formats = []string{"table", "markdown", "csv", "json"}

// Write prints rows in format: a table (or markdown table) followed by the
// problems and the summary, CSV with one column per statistic, or JSON.
func Write(w io.Writer, format string, specs []string, rows []Row) error {
	switch format {
	case "table", "markdown":
		return writeTable(w, format == "markdown", specs, rows)
	case "csv":
		return writeCSV(w, specs, rows)
	case "json":
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		if err := enc.Encode(struct {
			Solvers []string  `json:"solvers"`
			Rows    []Row     `json:"rows"`
			Summary []Summary `json:"summary"`
		}{specs, rows, Summarize(specs, rows)}); err != nil {
			return fmt.Errorf("writing JSON report: %w", err)
		}
		return nil
	}
	return fmt.Errorf("unknown format %q (known: %s)", format, strings.Join(Formats, ", "))
}

// Where names a row's case for people: "set/file#case".
func (r *Row) Where() string {
	name := filepath.Base(r.File)
	if r.Set != "" {
		name = r.Set
	}
	return fmt.Sprintf("%s#%d", name, r.Case)
}

func writeTable(w io.Writer, markdown bool, specs []string, rows []Row) error {
	header := []string{"case", "size"}
	for _, s := range specs {
		header = append(header, s, "time", "stats")
	}
	header = append(header, "agree")
	var opts []tablewriter.Option
	if markdown {
		opts = append(opts, tablewriter.WithRenderer(renderer.NewMarkdown()))
	}
	opts = append(opts, tablewriter.WithHeaderAutoFormat(tw.Off), tablewriter.WithRowAlignmentConfig(tw.CellAlignment{Global: tw.AlignLeft}))
	t := tablewriter.NewTable(w, opts...)
	t.Header(header)
	for _, r := range rows {
		line := []string{r.Where(), r.Size}
		for i := range specs {
			if i >= len(r.Runs) {
				line = append(line, "", "", "")
				continue
			}
			run := r.Runs[i]
			line = append(line, run.Verdict, FormatDuration(runTime(run)), compactStats(run))
		}
		line = append(line, r.Agree)
		if err := t.Append(line); err != nil {
			return fmt.Errorf("writing table: %w", err)
		}
	}
	if err := t.Render(); err != nil {
		return fmt.Errorf("writing table: %w", err)
	}
	var problems []string
	for _, r := range rows {
		for _, p := range r.Problems {
			problems = append(problems, r.Where()+": "+p)
		}
	}
	bullet := "  "
	if markdown {
		bullet = "- "
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
	for _, s := range Summarize(specs, rows) {
		if markdown {
			fmt.Fprint(w, bullet)
		}
		fmt.Fprintln(w, s.String())
	}
	return nil
}

// runTime is the solve time reported from inside the solver when there is
// one, else the wall time.
func runTime(run Run) time.Duration {
	if run.Result.Time > 0 {
		return run.Result.Time
	}
	return run.Wall
}

// compactStats formats the statistics people read in a table.
func compactStats(run Run) string {
	var parts []string
	for _, s := range run.Result.Stats {
		switch s.Name {
		case "conflicts", "decisions", "solves":
			continue // in CSV and JSON
		}
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

func writeCSV(w io.Writer, specs []string, rows []Row) error {
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
		header = append(header, s+".verdict", s+".time_s", s+".wall_s", s+".answer")
		for _, n := range statNames[i] {
			header = append(header, s+"."+n)
		}
	}
	header = append(header, "agree", "problems")
	cw.Write(header)
	for _, r := range rows {
		rec := []string{r.Set, r.File, strconv.Itoa(r.Case), strconv.Itoa(r.Line), r.Size, strconv.Itoa(r.Cells)}
		for i := range specs {
			var run Run
			if i < len(r.Runs) {
				run = r.Runs[i]
			}
			rec = append(rec, run.Verdict, seconds(runTime(run)), seconds(run.Wall), run.Result.Answer)
			for _, n := range statNames[i] {
				if v, ok := run.Result.Stat(n); ok {
					rec = append(rec, strconv.FormatInt(v, 10))
				} else {
					rec = append(rec, "")
				}
			}
		}
		rec = append(rec, r.Agree, strings.Join(r.Problems, "; "))
		cw.Write(rec)
	}
	cw.Flush()
	if err := cw.Error(); err != nil {
		return fmt.Errorf("writing CSV report: %w", err)
	}
	return nil
}

func seconds(d time.Duration) string { return strconv.FormatFloat(d.Seconds(), 'f', 6, 64) }

// FormatDuration prints d with three significant digits: "812µs", "12.3ms".
func FormatDuration(d time.Duration) string {
	switch {
	case d <= 0:
		return "0"
	case d < time.Microsecond:
		return fmt.Sprintf("%dns", d.Nanoseconds())
	case d < time.Millisecond:
		return fmt.Sprintf("%.3gµs", float64(d)/float64(time.Microsecond))
	case d < time.Second:
		return fmt.Sprintf("%.3gms", float64(d)/float64(time.Millisecond))
	}
	return fmt.Sprintf("%.3gs", d.Seconds())
}

// Summary is one solver's totals over a comparison.
type Summary struct {
	Solver string        `json:"solver"`
	Runs   int           `json:"runs"`
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
}

func (s Summary) String() string {
	line := fmt.Sprintf("%-12s solved %d/%d", s.Solver, s.Solved, s.Runs)
	if s.Out > 0 {
		line += fmt.Sprintf(", %d out of limits", s.Out)
	}
	if s.Failed > 0 {
		line += fmt.Sprintf(", %d FAILED", s.Failed)
	}
	line += fmt.Sprintf(", total %s, median %s", FormatDuration(s.Total), FormatDuration(s.Median))
	if s.Ref != "" && s.Both > 0 {
		line += fmt.Sprintf(", geomean time ratio vs %s %.3gx over %d cases", s.Ref, s.Ratio, s.Both)
	}
	return line
}

func solvedVerdict(v string) bool { return v == VerdictOK || v == VerdictUnsat }

// Summarize totals each solver's runs and compares every solver's times
// with the first's.
func Summarize(specs []string, rows []Row) []Summary {
	out := make([]Summary, len(specs))
	for i, spec := range specs {
		s := Summary{Solver: spec}
		var times []time.Duration
		logSum, both := 0.0, 0
		for _, r := range rows {
			if i >= len(r.Runs) {
				continue
			}
			run := r.Runs[i]
			s.Runs++
			switch {
			case solvedVerdict(run.Verdict):
				s.Solved++
				t := runTime(run)
				times = append(times, t)
				s.Total += t
				if i > 0 && len(r.Runs) > 0 && solvedVerdict(r.Runs[0].Verdict) {
					a, b := runTime(r.Runs[0]), t
					if a > 0 && b > 0 {
						logSum += math.Log(float64(b) / float64(a))
						both++
					}
				}
			case run.Verdict == VerdictTimeout || run.Verdict == VerdictMemout:
				s.Out++
			default:
				s.Failed++
			}
		}
		if len(times) > 0 {
			sort.Slice(times, func(a, b int) bool { return times[a] < times[b] })
			s.Median = times[len(times)/2]
		}
		if i > 0 && both > 0 {
			s.Ratio, s.Both, s.Ref = math.Exp(logSum/float64(both)), both, specs[0]
		}
		out[i] = s
	}
	return out
}
