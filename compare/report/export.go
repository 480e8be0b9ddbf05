package report

import (
	_ "embed"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"

	"github.com/gridsat/gridsat/compare"
)

// Exports: every comparison of a run (one puzzle or all) as one file a
// program reads, one record per (case, solver) run, like hyperfine's
// --export-csv and --export-json. docs/exports.md documents the columns
// and their units; schema/export.schema.json is the JSON's schema, and
// its "x-csv-columns" the CSV's header.

// ExportFormats are the formats of Export.
var ExportFormats = []string{"csv", "json", "markdown", "html"}

// ExportVersion is the version of the export's layout (the JSON's
// "version"); it grows when a column changes meaning or goes away.
const ExportVersion = 1

// ExportRun is one (case, solver) run of an export: a CSV row, an
// element of the JSON's "runs". Times are in seconds.
type ExportRun struct {
	Puzzle    string  `json:"puzzle"`
	Set       string  `json:"set"`
	File      string  `json:"file"`
	Case      int     `json:"case"`
	Line      int     `json:"line"`
	Size      string  `json:"size"`
	Cells     int     `json:"cells"`
	Solver    string  `json:"solver"`
	Verdict   string  `json:"verdict"`
	Reason    string  `json:"reason"`
	Clock     string  `json:"clock"`
	Time      float64 `json:"time_s"`
	Wall      float64 `json:"wall_s"`
	CPU       float64 `json:"cpu_s"`
	Repeats   int     `json:"repeats"`
	TimeMin   float64 `json:"time_min_s"`
	TimeMax   float64 `json:"time_max_s"`
	PeakRSS   int64   `json:"peak_rss_bytes"`
	Certified bool    `json:"certified"`
	Claim     string  `json:"claim"`
	Answer    string  `json:"answer"`
	Stats     string  `json:"stats"`
	Agree     string  `json:"agree"`
	Problems  string  `json:"problems"`
}

// ExportSummary is one solver's totals (or the virtual best's) in an
// export; PAR2 is null when it cannot be known.
type ExportSummary struct {
	Solver  string   `json:"solver"`
	Runs    int      `json:"runs"`
	Solved  int      `json:"solved"`
	Failed  int      `json:"failed"`
	Out     int      `json:"out"`
	Total   float64  `json:"total_s"`
	Median  *float64 `json:"median_s"`
	PAR2    *float64 `json:"par2_s"`
	Fastest int      `json:"fastest"`
	// WithinNoise, of the virtual best, counts the cases no solver is
	// credited with in Fastest: their fastest runs' repeats overlap.
	WithinNoise int `json:"within_noise"`
	// AcrossMachines, of the virtual best, counts the cases it leaves
	// out: their solved runs were measured on different machines.
	AcrossMachines int `json:"across_machines"`
}

// ExportPair is a pair's statistics in an export (PairStat); the
// interval's bounds are null over too few pairs.
type ExportPair struct {
	A        string   `json:"a"`
	B        string   `json:"b"`
	Cases    int      `json:"cases"`
	Ratio    float64  `json:"geomean_ratio"`
	Min      float64  `json:"ratio_min"`
	Max      float64  `json:"ratio_max"`
	Low      *float64 `json:"ci_low"`
	High     *float64 `json:"ci_high"`
	Seed     uint64   `json:"bootstrap_seed"`
	Wilcoxon *float64 `json:"wilcoxon_p"`
}

// ExportComparison is one puzzle's comparison in an export: its settings
// and statistics (its runs are in the export's "runs").
type ExportComparison struct {
	Puzzle      string          `json:"puzzle"`
	Clock       string          `json:"clock"`
	Timeout     float64         `json:"timeout_s"`
	Seed        uint64          `json:"bootstrap_seed"`
	Solvers     []string        `json:"solvers"`
	Summary     []ExportSummary `json:"summary"`
	VirtualBest ExportSummary   `json:"virtual_best"`
	Pairs       []ExportPair    `json:"pairs"`
}

// ExportFile is the JSON export.
type ExportFile struct {
	Format      string             `json:"format"`
	Version     int                `json:"version"`
	Gridsat     string             `json:"gridsat"`
	Comparisons []ExportComparison `json:"comparisons"`
	Runs        []ExportRun        `json:"runs"`
}

// Export writes reports in format (one of ExportFormats): CSV with one
// row per (case, solver) run, JSON with the runs and each comparison's
// statistics, markdown tables (a heading per puzzle), or the HTML page.
func Export(w io.Writer, format string, reports []compare.Report, opt Options) error {
	views := make([]view, len(reports))
	for i, r := range reports {
		views[i] = resolve(r)
	}
	switch format {
	case "csv":
		return exportCSV(w, views)
	case "json":
		return exportJSON(w, views)
	case "markdown":
		opt.Format = "markdown"
		for i, r := range views {
			if len(views) > 1 {
				if i > 0 {
					fmt.Fprintln(w)
				}
				fmt.Fprintf(w, "### %s\n\n", r.Name())
			}
			if err := writeTable(w, r, opt); err != nil {
				return err
			}
		}
		return nil
	case "html":
		return writeHTML(w, views, opt)
	}
	return fmt.Errorf("unknown export format %q (known: %s)", format, strings.Join(ExportFormats, ", "))
}

// ExportColumns are the CSV export's columns, in order: ExportRun's JSON
// names.
func ExportColumns() []string {
	var cols []string
	for _, f := range exportFields(ExportRun{}) {
		cols = append(cols, f.name)
	}
	return cols
}

// exportField is one column of an export run and its cell.
type exportField struct{ name, cell string }

// exportFields are run's columns and cells, in ExportRun's order.
func exportFields(run ExportRun) []exportField {
	num := func(f float64) string { return strconv.FormatFloat(f, 'f', 6, 64) }
	return []exportField{
		{"puzzle", run.Puzzle}, {"set", run.Set}, {"file", run.File}, {"case", strconv.Itoa(run.Case)},
		{"line", strconv.Itoa(run.Line)}, {"size", run.Size}, {"cells", strconv.Itoa(run.Cells)},
		{"solver", run.Solver}, {"verdict", run.Verdict}, {"reason", run.Reason}, {"clock", run.Clock},
		{"time_s", num(run.Time)}, {"wall_s", num(run.Wall)}, {"cpu_s", num(run.CPU)},
		{"repeats", strconv.Itoa(run.Repeats)}, {"time_min_s", num(run.TimeMin)}, {"time_max_s", num(run.TimeMax)},
		{"peak_rss_bytes", strconv.FormatInt(run.PeakRSS, 10)}, {"certified", strconv.FormatBool(run.Certified)},
		{"claim", run.Claim}, {"answer", run.Answer}, {"stats", run.Stats}, {"agree", run.Agree}, {"problems", run.Problems},
	}
}

func exportCSV(w io.Writer, views []view) error {
	cw := csv.NewWriter(w)
	cw.Write(ExportColumns())
	for _, r := range views {
		for _, run := range r.exportRuns() {
			var rec []string
			for _, f := range exportFields(run) {
				rec = append(rec, f.cell)
			}
			cw.Write(rec)
		}
	}
	cw.Flush()
	if err := cw.Error(); err != nil {
		return fmt.Errorf("writing CSV export: %w", err)
	}
	return nil
}

func exportJSON(w io.Writer, views []view) error {
	out := ExportFile{Format: "gridsat-export", Version: ExportVersion, Gridsat: compare.Version,
		Comparisons: []ExportComparison{}, Runs: []ExportRun{}}
	for _, r := range views {
		out.Comparisons = append(out.Comparisons, r.exportComparison())
		out.Runs = append(out.Runs, r.exportRuns()...)
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	if err := enc.Encode(out); err != nil {
		return fmt.Errorf("writing JSON export: %w", err)
	}
	return nil
}

// exportRuns are r's runs, one per (case, solver), in row order.
func (r view) exportRuns() []ExportRun {
	var out []ExportRun
	for _, row := range r.Rows {
		for i, spec := range r.Specs {
			var run compare.Run
			if i < len(row.Runs) {
				run = row.Runs[i]
			}
			clock := r.Clock()
			if clock == compare.TimeCPU && run.CPU <= 0 {
				clock = compare.TimeWall // a run with no CPU time counts its wall time (timeOf)
			}
			e := ExportRun{Puzzle: r.Name(), Set: row.Set, File: row.File, Case: row.Case, Line: row.Line,
				Size: row.Size, Cells: row.Cells, Solver: spec, Verdict: string(run.Verdict), Reason: Reason(run),
				Clock: clock, Time: r.timeOf(run).Seconds(), Wall: run.Wall.Seconds(), CPU: run.CPU.Seconds(),
				Repeats: 1, PeakRSS: run.PeakRSS, Certified: run.Certified, Claim: run.Claim,
				Answer: oneLine(run.Result.Answer), Stats: statsCell(run), Agree: row.Agree, Problems: strings.Join(row.Problems, "; ")}
			e.TimeMin, e.TimeMax = e.Time, e.Time
			if q := r.spreadOf(run); q != nil {
				e.Repeats, e.TimeMin, e.TimeMax = run.Spread.N, q.Min.Seconds(), q.Max.Seconds()
			}
			out = append(out, e)
		}
	}
	return out
}

// exportComparison is r's settings and statistics.
func (r view) exportComparison() ExportComparison {
	solvers, best := scores(r)
	c := ExportComparison{Puzzle: r.Name(), Clock: r.Clock(), Timeout: r.Timeout.Seconds(), Seed: r.seed(),
		Solvers: r.Specs, VirtualBest: exportSummary(best), Pairs: []ExportPair{}}
	for _, s := range solvers {
		c.Summary = append(c.Summary, exportSummary(s))
	}
	for _, ps := range r.pairs() {
		p := ExportPair{A: ps.A, B: ps.B, Cases: ps.Cases, Ratio: ps.Ratio, Min: ps.Min, Max: ps.Max, Seed: ps.Seed}
		if ps.CIMethod != "" {
			p.Low, p.High = &ps.Low, &ps.High
		}
		if ps.Test.Method != methodNone {
			p.Wilcoxon = &ps.Test.P
		}
		c.Pairs = append(c.Pairs, p)
	}
	return c
}

// exportSummary is s in seconds.
func exportSummary(s Summary) ExportSummary {
	e := ExportSummary{Solver: s.Solver, Runs: s.Runs, Solved: s.Solved, Failed: s.Failed, Out: s.Out,
		Total: s.Total.Seconds(), Fastest: s.Fastest, WithinNoise: s.WithinNoise, AcrossMachines: s.AcrossMachines}
	if s.Solved > 0 {
		m := s.Median.Seconds()
		e.Median = &m
	}
	if s.PAR2 > 0 {
		p := s.PAR2.Seconds()
		e.PAR2 = &p
	}
	return e
}

// oneLine is an answer on one line: its lines joined by " | ".
func oneLine(answer string) string {
	return strings.Join(strings.Split(strings.TrimRight(answer, "\n"), "\n"), " | ")
}

// statsCell is a run's statistics as "name=value" separated by spaces,
// sorted by name.
func statsCell(run compare.Run) string {
	var parts []string
	for _, s := range run.Result.Stats {
		parts = append(parts, fmt.Sprintf("%s=%d", s.Name, s.Value))
	}
	sort.Strings(parts)
	return strings.Join(parts, " ")
}

// seed is the seed of r's bootstrap (pairs).
func (r view) seed() uint64 {
	if r.Seed == 0 {
		return 1
	}
	return r.Seed
}

// Reason says why a run came to its verdict when the verdict alone does
// not (timeout, memout, error, harness, WRONG, missing): the worker's or
// the verifier's words, or the verdict's meaning when none were
// recorded; "" for ok and unsat.
func Reason(run compare.Run) string {
	if run.Verdict.Solved() || run.Verdict == "" {
		return ""
	}
	d := strings.Join(strings.Fields(run.Detail), " ")
	if d != "" {
		return d
	}
	switch run.Verdict {
	case compare.VerdictTimeout:
		return "stopped at the time limit"
	case compare.VerdictMemout:
		return "stopped at the memory limit"
	case compare.VerdictMissing:
		return "no results file holds this run"
	}
	return "no reason recorded"
}

// ExportSchema is the JSON Schema of the JSON export; its
// "x-csv-columns" are the CSV export's columns.
//
//go:embed schema/export.schema.json
var ExportSchema []byte
