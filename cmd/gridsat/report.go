package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"runtime"
	"strings"

	"github.com/spf13/cobra"

	"github.com/gridsat/gridsat/compare"
	"github.com/gridsat/gridsat/compare/harness"
	"github.com/gridsat/gridsat/compare/outputs"
	"github.com/gridsat/gridsat/compare/report"
)

type reportCmdFlags struct {
	format  string
	plot    string
	mixed   bool
	recheck string
	jobs    int
	proofs  []string
	inputs  []string
	report  reportFlags
}

func newReportCmd() *cobra.Command {
	var f reportCmdFlags
	cmd := &cobra.Command{
		Use:   "report RUNS.jsonl...",
		Short: "report from results files alone: merge shards, verify every answer again, cross-check",
		Long: `report reads the results files that compare --results wrote (one comparison's
shards, run on several machines with compare --shard i/n, or one run resumed several
times), checks that they come from the same inputs, solvers and gridsat
version, merges them, verifies every answer again with the puzzle's
verifier, cross-checks the solvers, and prints the report compare would
have printed, in any --format, with any --plot.

A run found in several files is merged when the copies agree and listed
under PROBLEMS when they do not. A run no file holds is "missing" (a shard
that did not finish, or a file left out). A run made under other limits
than the latest header's counts only if it stands for a run under those
limits (a finished run within them, a timeout under a limit no larger).

A file is refused (exit 2, naming the line) when a case's text does not
hash to its key, a run's version, solver, options or limits are not its
header's, a timeout or memout does not fit its limits, or a run has a
field its options cannot produce (certified without certify=true,
uniqueness without unique=true, an unknown verdict, a time out of range,
a case not its key's). A claim no verifier can check (no solution, an
optimum, uniqueness) is labelled by what backs it: certified (--proofs:
a kept proof of every fact the answer needs, derived from the case,
checked again; copies, extra claims and claims of other facts are
refused by name, exit 1), by a bound (a theorem or bound checked from
the case), cross-checked (an independent solver agrees) or claimed
(marked "?"). A run the file says was certified when run is taken at no
more than that word: claimed, or cross-checked, until --proofs checks
its kept proofs (the file can be edited; the proofs are checked).
--recheck runs the claimed ones again
(--recheck=all every claim) and reports a record a run now contradicts.
Split parts are joined only when splitting their whole case again gives
them, each under its number; a join that differs from a whole-case row
is a disagreement (exit 1).

Exit status: 0 when every run is there, verified and agreeing; 1 when a
run is missing, wrong, failed or disagrees, or a recheck contradicts a
record; 2 when a file cannot be read, the files come from different
comparisons, or a record fails a check.`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return runReport(cmd.OutOrStdout(), cmd.ErrOrStderr(), args, f)
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&f.format, "format", "table", "report format: "+strings.Join(report.Formats, ", "))
	fl.StringVar(&f.recheck, "recheck", "", "run again (in workers, under the header's limits) the runs whose claims are labelled claimed\n"+
		"(--recheck), or every claim no verifier can check (--recheck=all), and report a record a run now contradicts")
	fl.Lookup("recheck").NoOptDefVal = compare.ClaimClaimed
	fl.IntVarP(&f.jobs, "jobs", "j", runtime.NumCPU(), "with --recheck: runs at once")
	fl.StringArrayVar(&f.inputs, "inputs", nil, "the inputs the comparison read (its files, folders or set names, as given to compare, in that order; repeat the flag for several): every case of the results must be one of theirs, and the header's digest of its inputs theirs (exit 1 otherwise); one puzzle's results only")
	fl.StringArrayVar(&f.proofs, "proofs", nil, "check again the proofs kept in this directory (compare --certify --proofs DIR; repeat the flag for several) and label certified (✓✓) the runs whose every needed fact a kept proof meets; without it a run the file says was certified when made is labelled by what report checks itself (a bound, a cross-check) or claimed (?)")
	fl.StringVar(&f.plot, "plot", "", "draw a plot (--plot-kind) to this .svg, .png or .pdf file; %s stands for the puzzle's name")
	fl.BoolVar(&f.mixed, "mixed-machines", false, "merge files measured on different CPU models, their times summarized per machine")
	f.report.add(fl)
	return cmd
}

func runReport(stdout, stderr io.Writer, paths []string, f reportCmdFlags) error {
	labels, err := f.check(paths)
	if err != nil {
		return err
	}
	merged, err := mergeForReport(paths, f, stdout)
	if err != nil {
		return err
	}
	out, err := f.report.openOutput(stdout)
	if err != nil {
		return fail(exitUsage, err)
	}
	defer out.abort()
	w := &mergedReports{f: &f, out: out, stderr: stderr, many: len(merged) > 1, all: merged, labels: labels}
	status := 0
	for i, m := range merged {
		failed, err := w.write(i, m)
		if err != nil {
			return err
		}
		if failed {
			status = exitFail
		}
	}
	if err := f.report.finish(out, f.format, w.pages); err != nil {
		return fail(exitFail, err)
	}
	if status != 0 {
		return quiet(status)
	}
	return nil
}

// check checks report's flags and the files it reads (exit 2), and
// returns the claim labels --recheck runs again.
func (f reportCmdFlags) check(paths []string) ([]string, error) {
	if !validFormat(f.format) {
		return nil, fail(exitUsage, fmt.Errorf("--format %q: want one of %s", f.format, strings.Join(report.Formats, ", ")))
	}
	labels, err := recheckLabels(f.recheck, f.jobs)
	if err != nil {
		return nil, fail(exitUsage, err)
	}
	for _, dir := range f.proofs {
		// A mistyped folder checked no proof and said so in a note, exit 0.
		if st, err := os.Stat(dir); err != nil || !st.IsDir() {
			return nil, fail(exitUsage, fmt.Errorf("--proofs %s: no such folder (compare --certify --proofs DIR keeps proofs in one)", dir))
		}
	}
	if err := distinctResults(paths); err != nil {
		return nil, fail(exitUsage, err)
	}
	return labels, nil
}

// mergeForReport merges the results files at paths into each puzzle's
// report and checks the reports' flags against what they hold (exit 2).
func mergeForReport(paths []string, f reportCmdFlags, stdout io.Writer) ([]*harness.Merged, error) {
	merged, err := harness.MergeResultsWith(paths, harness.MergeOptions{MixedMachines: f.mixed})
	if err != nil {
		// Unreadable, corrupt, empty or mismatched files: bad input.
		return nil, fail(exitUsage, err)
	}
	var puzzles []string
	for _, m := range merged {
		puzzles = append(puzzles, m.Report.Name())
		if err := f.report.check(m.Report.Specs, f.plot, puzzles); err != nil {
			return nil, fail(exitUsage, err)
		}
	}
	if len(f.inputs) > 0 && len(merged) > 1 {
		return nil, fail(exitUsage, fmt.Errorf("--inputs: the results hold %d puzzles (%s); give one puzzle's results with its inputs", len(merged), strings.Join(puzzles, ", ")))
	}
	g := new(outputs.Guard)
	for _, path := range paths {
		g.Input("input", path)
	}
	for _, path := range f.inputs {
		if path == "-" {
			return nil, fail(exitUsage, fmt.Errorf("--inputs -: name the input files (standard input cannot be read again)"))
		}
		if _, err := os.Stat(path); err == nil {
			g.Input("--inputs", path)
		}
	}
	for _, dir := range f.proofs {
		g.InputDir("--proofs", dir)
	}
	reportGuard(g, f.report.output, f.plot, puzzles, stdout)
	f.report.exportGuard(g)
	if err := g.Check(); err != nil {
		return nil, fail(exitUsage, err)
	}
	return merged, nil
}

// mergedReports writes the report of each puzzle merged from the results
// files, after rechecking claims (--recheck) and proofs (--proofs), with
// a note on stderr of what the merge found.
type mergedReports struct {
	f      *reportCmdFlags
	out    *reportOutput
	stderr io.Writer
	many   bool // several puzzles: each report has a heading
	all    []*harness.Merged
	labels []string
	pages  []compare.Report // --format html: one page at the end
}

// write writes merged puzzle i's report; failed says whether it holds a
// failure (a failed row, a run missing or disagreeing, a proof unread).
func (w *mergedReports) write(i int, m *harness.Merged) (failed bool, err error) {
	f := w.f
	inputsFailed, err := checkInputs(w.stderr, m, f.inputs)
	if err != nil {
		return false, err
	}
	if len(w.labels) > 0 {
		if err := recheck(w.stderr, m, w.labels, f.jobs); err != nil {
			return false, err
		}
	}
	r := m.Report
	unreadable, err := recheckProofs(w.stderr, &r, specOptions(m), f.proofs)
	if err != nil {
		return false, err
	}
	f.report.apply(&r)
	r.Reused = m.Runs
	compare.JudgeTwins(r.Puzzle, r.Rows) // again: --recheck may have changed a run
	joins := compare.JoinParts(&r)       // before the report: it marks rows
	f.report.keep(r)
	if w.many && !manyTables(f.format, 2) {
		puzzleHeading(w.out, f.format, r.Name(), i == 0)
	}
	if manyTables(f.format, len(w.all)) {
		err = f.report.drawPlot(w.stderr, f.plot, r)
	} else if f.format == "html" {
		w.pages = append(w.pages, r)
		err = f.report.drawPlot(w.stderr, f.plot, r)
	} else {
		err = f.report.writeReport(w.out, w.stderr, f.format, f.plot, r)
	}
	if err != nil {
		return false, fail(exitFail, err)
	}
	joined := reportJoins(w.out, w.stderr, f.format, &r, joins)
	fmt.Fprintln(w.stderr, "gridsat report: "+mergeNote(m, r))
	failed = !joined || unreadable > 0 || m.Missing > 0 || m.MissingCases > 0 || m.Conflicts > 0 || inputsFailed
	for _, row := range r.Rows {
		failed = failed || row.Failed()
	}
	return failed, nil
}

// mergeNote says what merging m's files found.
func mergeNote(m *harness.Merged, r compare.Report) string {
	note := fmt.Sprintf("%s: merged %s: %s of %s; %s agreed, %d disagreed; %s missing",
		r.Name(), compare.Count(len(m.Files), "file"), compare.Count(m.Runs, "run"), compare.Count(len(r.Rows), "case"),
		compare.Count(m.Duplicates, "duplicate run"), m.Conflicts, compare.Count(m.Missing, "run"))
	if m.MissingCases > 0 {
		note += fmt.Sprintf("; %d of the input's %s in no file", m.MissingCases, compare.Count(m.Header.Cases, "case"))
	}
	if m.Rerun > 0 {
		note += fmt.Sprintf("; %s run again", compare.Count(m.Rerun, "harness failure"))
	}
	if m.Superseded > 0 {
		note += fmt.Sprintf("; %s superseded (made under other limits)", compare.Count(m.Superseded, "record"))
	}
	for _, at := range m.Cut {
		note += fmt.Sprintf("; %s is cut mid-line (a run killed while writing its record): skipped", at)
	}
	return note
}

// specOptions are the resolved options of m's columns, from its header.
func specOptions(m *harness.Merged) []compare.Options {
	var opts []compare.Options
	for _, s := range m.Header.Specs {
		opts = append(opts, s.Options)
	}
	return opts
}

// recheckProofs checks again the proofs kept in dirs (none when dirs is
// empty) and labels the runs of r they back (opts: each column's resolved
// options); it returns how many kept claims could not be read or are of
// no run (each named on stderr: a failure of no row).
func recheckProofs(stderr io.Writer, r *compare.Report, opts []compare.Options, dirs []string) (int, error) {
	if len(dirs) == 0 {
		return 0, nil
	}
	pc, err := compare.RecheckProofs(r, opts, dirs...)
	if err != nil {
		return 0, fail(exitUsage, fmt.Errorf("--proofs: %w", err))
	}
	note := fmt.Sprintf("%s: %s checked again in %s, %d failed, %d refused; %s certified by them", r.Name(), compare.Count(pc.Claims, "kept proof"), strings.Join(dirs, ", "), pc.Failed, pc.Refused, compare.Count(pc.Runs, "run"))
	if pc.Unproved > 0 {
		note += fmt.Sprintf("; %s saying certified when run with some needed fact not kept (not certified)", compare.Count(pc.Unproved, "run"))
	}
	fmt.Fprintln(stderr, "gridsat report: "+note)
	for _, p := range pc.Unreadable {
		fmt.Fprintf(stderr, "gridsat report: --proofs: a kept claim cannot be read: %s\n", p)
	}
	return len(pc.Unreadable), nil
}

// recheckLabels are the claim labels --recheck re-runs: none without the
// flag, claimed ones with it, every one with --recheck=all; jobs is
// --jobs, checked here too.
func recheckLabels(flag string, jobs int) ([]string, error) {
	if jobs < 1 {
		return nil, fmt.Errorf("--jobs %d: want at least 1", jobs)
	}
	switch flag {
	case "":
		return nil, nil
	case compare.ClaimClaimed:
		return []string{compare.ClaimClaimed}, nil
	case "all":
		return compare.ClaimLabels, nil
	}
	return nil, fmt.Errorf("--recheck=%q: want claimed (the default) or all", flag)
}

// recheck runs m's claims labelled with labels again in workers under the
// header's limits (in process for a comparison made --inproc), and says
// what it found on stderr.
func recheck(stderr io.Writer, m *harness.Merged, labels []string, jobs int) error {
	var worker []string
	if !m.Header.Limits.InProcess {
		self, err := os.Executable()
		if err != nil {
			return fail(exitFail, fmt.Errorf("finding this program to start workers: %w", err))
		}
		worker = []string{self, "worker"}
	}
	rc, interrupted, err := m.RecheckRun(context.Background(), worker, jobs, labels)
	if err != nil {
		return fail(exitFail, err)
	}
	fmt.Fprintf(stderr, "gridsat report: %s: --recheck ran %s again: %d say what their record says, %d contradict it, %d did not finish\n",
		m.Report.Name(), compare.Count(rc.Runs, "run"), rc.Confirmed, rc.Contradicted, rc.Unfinished)
	if interrupted {
		return fail(exitInterrupted, fmt.Errorf("interrupted during --recheck"))
	}
	return nil
}

// distinctResults refuses a results file given twice (by one path or two,
// a link): its runs were merged with themselves and reported as
// duplicates that agreed.
func distinctResults(paths []string) error {
	seen := make([]os.FileInfo, len(paths))
	for i, p := range paths {
		st, err := os.Stat(p)
		if err != nil {
			continue // MergeResultsWith says why
		}
		for j := range i {
			if seen[j] != nil && os.SameFile(seen[j], st) {
				also := ""
				if paths[j] != p {
					also = " (as " + paths[j] + " too)"
				}
				return fmt.Errorf("results file %s is given twice%s: its runs would count as duplicates that agree", p, also)
			}
		}
		seen[i] = st
	}
	return nil
}

// checkInputs ties m's cases to the inputs given with --inputs (none:
// nothing to check): a case none of theirs fails its row, and a header
// whose digest of its inputs is not theirs is a failure named on stderr.
func checkInputs(stderr io.Writer, m *harness.Merged, paths []string) (failed bool, err error) {
	if len(paths) == 0 {
		return false, nil
	}
	var srcs []*harness.Source
	for _, path := range paths {
		s, err := harness.LoadPath(m.Report.Puzzle, path, nil)
		if err != nil {
			return false, fail(exitUsage, fmt.Errorf("--inputs: %w", err))
		}
		srcs = append(srcs, s...)
	}
	if err := m.CheckInputs(srcs); err != nil {
		fmt.Fprintf(stderr, "gridsat report: %s: --inputs: %v\n", m.Report.Name(), err)
		return true, nil
	}
	return false, nil
}
