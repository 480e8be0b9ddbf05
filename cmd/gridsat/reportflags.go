package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strings"

	"github.com/spf13/pflag"
	"golang.org/x/term"

	"github.com/gridsat/gridsat/compare"
	"github.com/gridsat/gridsat/compare/outputs"
	"github.com/gridsat/gridsat/compare/report"
)

// reportFlags are the flags that shape compare's report and plots.
type reportFlags struct {
	plotKind string
	plotPair string
	timeOnX  bool
	stats    string
	output   string
	time     string
	// exports are the --export-FORMAT files, by format (report.ExportFormats).
	exports map[string]*string
	// kept are the reports of every puzzle, for the exports and for a
	// CSV or JSON report of several puzzles.
	kept []compare.Report
}

func (rf *reportFlags) add(fl *pflag.FlagSet) {
	fl.StringVar(&rf.plotKind, "plot-kind", "scaling", "with --plot: scaling (time against size), cactus (cases solved within a time, per solver\n"+
		"and the virtual best) or scatter (one solver's time against another's, log-log)")
	fl.BoolVar(&rf.timeOnX, "cactus-time-x", false, "draw the cactus plot with the time on x and the cases solved on y (default: the SAT competitions' way, cases solved on x)")
	fl.StringVar(&rf.plotPair, "plot-pair", "", "the two solvers of a scatter plot, X,Y (default: the first two solvers)")
	fl.StringVar(&rf.stats, "stats", "compact", "statistics in table and markdown reports: compact (each solver's headline figures) or full")
	fl.StringVarP(&rf.output, "output", "o", "", "write the report to this file instead of stdout")
	fl.StringVar(&rf.time, "time", "", "the time the table, summaries, PAR-2 and plots use: cpu (user+system of the solve) or wall\n"+
		"(default: cpu where every run's CPU time was measured, else wall); CSV and JSON carry both")
	rf.exports = map[string]*string{}
	for _, format := range report.ExportFormats {
		rf.exports[format] = fl.String("export-"+format, "", "also write every puzzle's runs and statistics as "+format+" to this file (docs/exports.md; several exports may be given at once)")
	}
}

// keep keeps r for the exports and a report of several puzzles.
func (rf *reportFlags) keep(r compare.Report) { rf.kept = append(rf.kept, r) }

// exportGuard names the --export-* files to g.
func (rf *reportFlags) exportGuard(g *outputs.Guard) {
	for _, format := range report.ExportFormats {
		if path := *rf.exports[format]; path != "" {
			g.Output("--export-"+format, path)
		}
	}
}

// exported says whether an --export-* flag names a file.
func (rf *reportFlags) exported() bool {
	for _, path := range rf.exports {
		if *path != "" {
			return true
		}
	}
	return false
}

// writeExports writes each --export-* file, each replaced only by a
// complete export.
func (rf *reportFlags) writeExports() error {
	for _, format := range report.ExportFormats {
		path := *rf.exports[format]
		if path == "" {
			continue
		}
		o, err := compare.CreateOutput(path)
		if err != nil {
			return fmt.Errorf("--export-%s %q: %w", format, path, err)
		}
		bw := bufio.NewWriterSize(o, 64<<10)
		err = report.Export(bw, format, rf.kept, report.Options{Format: format, Stats: rf.stats})
		if err == nil {
			err = bw.Flush()
		}
		if err != nil {
			o.Abort()
			return fmt.Errorf("--export-%s %q: %w", format, path, err)
		}
		if err := o.Commit(); err != nil {
			return fmt.Errorf("--export-%s %q: %w", format, path, err)
		}
	}
	return nil
}

// apply sets what the flags choose on a report.
func (rf *reportFlags) apply(r *compare.Report) { r.Time = rf.time }

// plotOptions are the plot the flags ask for.
func (rf *reportFlags) plotOptions() report.PlotOptions {
	opt := report.PlotOptions{Kind: rf.plotKind, TimeOnX: rf.timeOnX}
	if rf.plotPair != "" {
		a, b, _ := strings.Cut(rf.plotPair, ",")
		opt.Pair = [2]string{strings.TrimSpace(a), strings.TrimSpace(b)}
	}
	return opt
}

// check refuses bad report flags before anything runs, given the solver
// specs as written, the --plot file template and the puzzles to report:
// each error is one line naming the flag and its value.
func (rf *reportFlags) check(specs []string, plot string, puzzles []string) error {
	ok := false
	for _, m := range report.StatsModes {
		ok = ok || rf.stats == m
	}
	if !ok {
		return fmt.Errorf("--stats %q: want %s", rf.stats, strings.Join(report.StatsModes, " or "))
	}
	switch rf.time {
	case "", compare.TimeCPU, compare.TimeWall:
	default:
		return fmt.Errorf("--time %q: want %s", rf.time, strings.Join(compare.TimeKinds, " or "))
	}
	if rf.plotPair != "" && strings.Count(rf.plotPair, ",") != 1 {
		return fmt.Errorf("--plot-pair %q: want two solvers, X,Y", rf.plotPair)
	}
	if err := report.CheckPlotOptions(rf.plotOptions(), specs); err != nil {
		if rf.plotPair != "" {
			return fmt.Errorf("--plot-pair %q: %w", rf.plotPair, err)
		}
		return fmt.Errorf("--plot-kind %q: %w", rf.plotKind, err)
	}
	if plot != "" {
		if err := report.CheckPlotPath(plot, puzzles); err != nil {
			return fmt.Errorf("--plot %q: %w", plot, err)
		}
	}
	return nil
}

// reportOutput is where a report goes: stdout, or the file --output
// names, written as a compare.Output (a temporary file renamed onto it
// by finish, so that a run that fails leaves the old file as it was).
type reportOutput struct {
	io.Writer
	file *compare.Output // nil for stdout
	buf  *bufio.Writer
}

// openOutput returns where the report goes. The temporary file of
// --output is made now, so that a folder it cannot be written in is
// refused before anything runs; the file itself is not touched.
func (rf *reportFlags) openOutput(stdout io.Writer) (*reportOutput, error) {
	if rf.output == "" || rf.output == "-" {
		return &reportOutput{Writer: stdout}, nil
	}
	o, err := compare.CreateOutput(rf.output)
	if err != nil {
		return nil, fmt.Errorf("--output %q: %w", rf.output, err)
	}
	bw := bufio.NewWriterSize(o, 64<<10)
	return &reportOutput{Writer: bw, file: o, buf: bw}, nil
}

// abort drops the report file, if any, leaving --output as it was; it
// does nothing after commit, so that it can be deferred.
func (o *reportOutput) abort() {
	if o.file != nil {
		o.file.Abort()
	}
}

// commit puts the report file in place of --output.
func (o *reportOutput) commit() error {
	if o.file == nil {
		return nil
	}
	if err := o.buf.Flush(); err != nil {
		o.file.Abort()
		return err
	}
	return o.file.Commit()
}

// reportOptions are the report options for w: a table as wide as the
// terminal when w is one, else report.DefaultWidth.
func (rf *reportFlags) reportOptions(w io.Writer, format string) report.Options {
	opt := report.Options{Format: format, Stats: rf.stats}
	if ro, ok := w.(*reportOutput); ok {
		w = ro.Writer
	}
	if u, ok := w.(interface{ Unwrap() io.Writer }); ok {
		w = u.Unwrap()
	}
	if fh, ok := w.(*os.File); ok && term.IsTerminal(int(fh.Fd())) {
		if width, _, err := term.GetSize(int(fh.Fd())); err == nil && width > 0 {
			opt.Width = width
		}
	}
	return opt
}

// writeReport prints one puzzle's report and draws its plot, if asked.
func (rf *reportFlags) writeReport(w, stderr io.Writer, format, plot string, r compare.Report) error {
	if err := report.WriteReport(w, r, rf.reportOptions(w, format)); err != nil {
		return err
	}
	return rf.drawPlot(stderr, plot, r)
}

// drawPlot draws r's plot to the file template plot names, if one does.
// A plot that cannot be drawn (no solved run) is reported on stderr; the
// report stands. A plot that could not be written (a full disk) is an
// error: the file asked for is not there.
func (rf *reportFlags) drawPlot(stderr io.Writer, plot string, r compare.Report) error {
	if plot == "" {
		return nil
	}
	err := report.PlotReport(report.PlotPath(plot, r.Name()), r, rf.plotOptions())
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return err
	}
	if err != nil {
		fmt.Fprintln(stderr, "gridsat:", err)
	}
	return nil
}

// finish writes the HTML page of pages, if any (--format html collects
// every puzzle's report into one page), and puts the report file, if
// any, in place.
func (rf *reportFlags) finish(out *reportOutput, format string, pages []compare.Report) error {
	if manyTables(format, len(rf.kept)) {
		if err := report.Export(out, format, rf.kept, rf.reportOptions(out.Writer, format)); err != nil {
			out.abort()
			return err
		}
	}
	if err := rf.writeExports(); err != nil {
		out.abort()
		return err
	}
	if len(pages) > 0 {
		if err := report.WriteHTML(out, pages, rf.reportOptions(out.Writer, format)); err != nil {
			out.abort()
			return err
		}
	}
	if err := out.commit(); err != nil {
		return fmt.Errorf("--output %q: %w", rf.output, err)
	}
	return nil
}

// manyTables says whether a report in format of n puzzles is one
// export of them all (CSV and JSON, one record per run with a puzzle
// column) rather than a report per puzzle.
func manyTables(format string, n int) bool { return n > 1 && (format == "csv" || format == "json") }

// specTexts splits a --solvers list into the specs as written.
func specTexts(solvers string) []string {
	var specs []string
	for _, s := range strings.Split(solvers, ",") {
		specs = append(specs, strings.TrimSpace(s))
	}
	return specs
}
