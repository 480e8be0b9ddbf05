package main

import (
	"context"
	"fmt"
	"io"
	"math"
	"math/big"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"github.com/dustin/go-humanize"
	"github.com/spf13/cobra"

	"github.com/gridsat/gridsat/compare"
	"github.com/gridsat/gridsat/compare/harness"
	"github.com/gridsat/gridsat/compare/outputs"
	"github.com/gridsat/gridsat/compare/report"
)

type compareFlags struct {
	solvers  string
	format   string
	unique   bool
	certify  bool
	proofs   string
	opts     []string
	timeout  time.Duration
	mem      string
	jobs     int
	out      string // --results
	oldOut   string // --out, refused with a hint
	resume   bool
	plot     string
	inproc   bool
	progress string
	shard    string
	repeat   int
	warmup   int
	seed     uint64
	pin      bool
	cpus     []int // the CPUs --pin gives the workers
	report   reportFlags
}

func newCompareCmd() *cobra.Command {
	var f compareFlags
	cmd := &cobra.Command{
		Use:   "compare PUZZLE [PATH...] | compare all",
		Short: "run the solvers on instance sets, verify and cross-check every answer, and report",
		Long: `compare runs every solver on every case of every PATH, checks every answer
with the puzzle's independent verifier, checks that the solvers agree, and
prints one row per case: case, size, then per solver its verdict (ok, unsat,
timeout, memout, error, WRONG), time and statistics, then agreement. The
problems found and a summary per solver follow.

A PATH is a judge-format file, a directory (its .txt files), or a bundled set
(` + setExample() + `; "gridsat sets" lists them). Without a PATH the
puzzle's bundled sets are run; "compare all" runs every puzzle's.

Each (case, solver) run goes to a worker process (a copy of this binary) with
a wall-clock limit (--timeout) and a resident-memory limit (--mem); a run past
either is recorded as timeout or memout and the comparison goes on. Times are
measured inside the worker around the solve (parsing excluded): CPU time
(user+system of the worker and its children, getrusage) unless --time wall;
the CSV and JSON reports carry both. --repeat N runs each (case, solver) N
times in shuffled rounds (--seed) and reports the median and the range;
--pin gives each worker a CPU of its own; the results file (--results) records
the machine. Ctrl-C stops cleanly: finished rows are reported.

` + crossCheckHelp() + `
The exit status is 0 only when every answer verifies and the solvers agree; a
timeout is not a disagreement.

Reports (--format): a table with each solver's headline statistics (--stats
full for all of them), as wide as the terminal or 120 columns; markdown; csv
and json with every statistic; html, one self-contained page with the
summary, the plots, every run sortable and each case's boards. Exports go
to files beside the report (--export-csv, --export-json, --export-markdown,
--export-html FILE, several at once): one record per (case, solver) run with
a puzzle column, columns and units in docs/exports.md; --format csv or json
of several puzzles prints that export. The summary
scores each solver by PAR-2 (mean time per case, a timeout, memout, error or
WRONG answer counted as twice --timeout) beside the virtual best solver (each
case's fastest), and says how many runs --resume took from --results.

Solvers are given as --solvers dfs,sat; options follow a solver's name after
colons, so variants can be compared as columns:
  --solvers dfs,sat,sat:backend=gini`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return runCompare(cmd.InOrStdin(), cmd.OutOrStdout(), cmd.ErrOrStderr(), args, f, cmd.Flags().Changed)
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&f.solvers, "solvers", "dfs,sat", "comma-separated solver specs, e.g. dfs,sat,sat:backend=gini")
	fl.StringVar(&f.format, "format", "table", "report format: "+strings.Join(report.Formats, ", "))
	fl.BoolVar(&f.unique, "unique", false, "also prove uniqueness ("+takers(compare.UniqueOption)+"); the solvers must then agree on it")
	fl.StringVar(&f.proofs, "proofs", "", "with --certify: keep each checked claim in this directory (CNF with the accepted cut lemmas, DRAT proof, JSON), for drat-trim or gridsat report --proofs; with --repeat every repeat's: the first's in DIR, repeat R's in DIR/repeat-R, warm-up W's in DIR/warmup-W")
	fl.BoolVar(&f.certify, "certify", false, "the sat solvers check a clausal proof of every absence they claim (no solution, optimal, unique, -1) before reporting it (unsat✓, ok✓; a failed check is WRONG); refused with backends that cannot prove (gini)")
	fl.StringArrayVar(&f.opts, "opt", nil, "option NAME=VALUE for every solver that takes it (repeatable)")
	fl.DurationVar(&f.timeout, "timeout", 10*time.Second, "wall-clock limit per run (0: none)")
	fl.StringVar(&f.mem, "mem", "2GiB", "resident-memory limit per run, e.g. 512MiB, 2GiB (0: none)")
	fl.IntVarP(&f.jobs, "jobs", "j", runtime.NumCPU(), "runs at once")
	fl.StringVar(&f.out, "results", "", "append each run to this JSON-lines results file as it ends (for --resume and gridsat report; the report itself is -o)")
	fl.StringVar(&f.oldOut, "out", "", "")
	fl.Lookup("out").Hidden = true
	fl.BoolVar(&f.resume, "resume", false, "with --results: skip runs already in that file")
	fl.StringVar(&f.plot, "plot", "", "draw a plot (--plot-kind) to this .svg, .png or .pdf file; %s stands for the puzzle's name")
	fl.BoolVar(&f.inproc, "inproc", false, "run solvers in this process, one at a time, with no limits")
	fl.StringVar(&f.progress, "progress", "auto", "progress bar on stderr: auto (when a terminal), always, never")
	fl.StringVar(&f.shard, "shard", "", "run only shard i/n of the (case, solver) runs (0 <= i < n; needs --results); merge the shards' files with gridsat report")
	fl.IntVar(&f.repeat, "repeat", 1, "run each (case, solver) N times, in rounds shuffled by --seed; reports show the median and the spread")
	fl.IntVar(&f.warmup, "warmup", 0, "runs of each (case, solver) before its repeats, not recorded")
	fl.BoolVar(&f.pin, "pin", false, "pin each worker to its own logical CPU (one per physical core first); -j may not exceed the CPUs available")
	fl.Uint64Var(&f.seed, "seed", 0, "seed of the shuffled order of --repeat and --warmup runs and of the bootstrap (default: a fresh one, recorded in --results' header; --resume keeps the recorded one)")
	f.report.add(fl)
	return cmd
}

func runCompare(stdin io.Reader, stdout, stderr io.Writer, args []string, f compareFlags, changed func(string) bool) error {
	// Everything is checked before anything runs: a bad flag, spec or input
	// is exit 2 with one line on stderr and nothing on stdout.
	plan, err := f.plan(args, stdin, stderr, changed)
	if err != nil {
		return err
	}
	if err := compareFiles(plan.Puzzles, f, args[1:], stdin, stdout).Check(); err != nil {
		return fail(exitUsage, err)
	}
	// Every check has passed: the report's temporary file first (the
	// report file itself is replaced only at the end, by a complete
	// report), then (in harness.Run) the results file, locked for the run.
	out, err := f.report.openOutput(stdout)
	if err != nil {
		return fail(exitUsage, err)
	}
	defer out.abort()
	if !f.inproc {
		self, err := os.Executable()
		if err != nil {
			return fail(exitFail, fmt.Errorf("finding this program to start workers: %w", err))
		}
		plan.Worker = []string{self, "worker"}
	}
	w := &compareReports{f: &f, out: out, stderr: stderr, many: len(plan.Puzzles) > 1, shard: plan.Shard}
	plan.Report = w.write
	plan.Note = func(msg string) { fmt.Fprintln(stderr, "gridsat: "+msg) }
	if bar := newProgress(stderr, f.progress); bar != nil {
		plan.Watch = bar
	}
	outcome, err := harness.Run(context.Background(), plan)
	if harness.IsRefused(err) {
		return fail(exitUsage, err)
	}
	if err != nil {
		if out.file == nil {
			f.report.finish(out, f.format, w.pages) // the page of what ran; a file is left as it was
		}
		return fail(exitFail, err)
	}
	if err := f.report.finish(out, f.format, w.pages); err != nil {
		return fail(exitFail, err)
	}
	if outcome.Interrupted {
		fmt.Fprintln(stderr, "gridsat: interrupted; the rows above are the finished ones")
		return quiet(exitInterrupted)
	}
	if outcome.Failed {
		return quiet(exitFail)
	}
	return nil
}

// plan checks the flags and arguments of compare and reads its inputs:
// the comparison to run, or an exit-2 error.
func (f *compareFlags) plan(args []string, stdin io.Reader, stderr io.Writer, changed func(string) bool) (harness.Plan, error) {
	plan, err := f.runPlan(changed)
	if err != nil {
		return plan, fail(exitUsage, err)
	}
	names, paths, err := comparePuzzles(args, f.format)
	if err != nil {
		return plan, fail(exitUsage, err)
	}
	base, err := optionFlags(f.opts)
	if err != nil {
		return plan, err
	}
	if f.unique {
		base[compare.UniqueOption] = "true"
	}
	if err := certifyOptions(base, f.certify, f.proofs); err != nil {
		return plan, err
	}
	if err := f.report.check(specTexts(f.solvers), f.plot, names); err != nil {
		return plan, fail(exitUsage, err)
	}
	for _, name := range names {
		pp, err := planCompare(name, f.solvers, base, paths, stdin, func(msg string) { fmt.Fprintln(stderr, "gridsat: "+msg) })
		if err != nil {
			return plan, err
		}
		if err := harness.CheckRuns(pp.Cases(), len(pp.Specs), f.repeat, f.warmup); err != nil {
			return plan, fail(exitUsage, fmt.Errorf("%s: %w", pp.Puzzle.Name, err))
		}
		plan.Puzzles = append(plan.Puzzles, pp)
	}
	return plan, nil
}

// runPlan checks the flags that say how the runs go (limits, jobs,
// resume, shard, repeats, pinning) and makes them a plan with no puzzle
// yet.
func (f *compareFlags) runPlan(changed func(string) bool) (harness.Plan, error) {
	var plan harness.Plan
	if !validFormat(f.format) {
		return plan, fmt.Errorf("--format %q: want one of %s", f.format, strings.Join(report.Formats, ", "))
	}
	switch f.progress {
	case "auto", "always", "never":
	default:
		return plan, fmt.Errorf("--progress %q: want auto, always or never", f.progress)
	}
	if f.jobs < 1 {
		return plan, fmt.Errorf("--jobs %d: want at least 1", f.jobs)
	}
	if f.timeout < 0 || f.timeout > compare.MaxTimeout {
		return plan, fmt.Errorf("--timeout %s: want a duration from 0 (no limit) to %s", f.timeout, compare.FormatDuration(compare.MaxTimeout))
	}
	if err := f.checkResults(changed); err != nil {
		return plan, err
	}
	if f.resume && f.out == "" {
		return plan, fmt.Errorf("--resume needs --results FILE")
	}
	if f.shard != "" {
		var err error
		if plan.Shard, err = harness.ParseShard(f.shard); err != nil {
			return plan, fmt.Errorf("--shard %w", err)
		}
		if f.report.exported() {
			return plan, fmt.Errorf("--shard writes a shard's runs alone: export every shard's with gridsat report FILE... --export-FORMAT")
		}
		if f.out == "" {
			return plan, fmt.Errorf("--shard needs --results FILE: a shard's runs are reported by gridsat report over every shard's file")
		}
	}
	limits, err := f.limits(changed)
	if err != nil {
		return plan, err
	}
	if err := f.checkTiming(changed); err != nil {
		return plan, err
	}
	plan.Limits, plan.Jobs, plan.CPUs = limits, f.jobs, f.cpus
	plan.Repeat, plan.Warmup, plan.Seed = f.repeat, f.warmup, f.seed
	plan.RecordedSeed = !changed("seed") // a resume keeps the first run's
	plan.Out, plan.Resume = f.out, f.resume
	return plan, nil
}

// limits are each run's limits: --timeout and --mem, or none in process
// (--inproc, which refuses them).
func (f *compareFlags) limits(changed func(string) bool) (harness.Limits, error) {
	mem, err := parseSize(f.mem)
	if err != nil {
		return harness.Limits{}, fmt.Errorf("--mem: %w", err)
	}
	if !f.inproc {
		return harness.Limits{Timeout: f.timeout, Mem: mem}, nil
	}
	for _, flag := range []string{"timeout", "mem", "jobs"} {
		if changed(flag) {
			return harness.Limits{}, fmt.Errorf("--inproc runs every solver in this process, one at a time, without limits: --%s does not apply", flag)
		}
	}
	return harness.Limits{InProcess: true}, nil
}

// comparePuzzles are the puzzles compare's arguments name (every puzzle
// with bundled sets for "all") and the paths to read.
func comparePuzzles(args []string, format string) (names, paths []string, err error) {
	names, paths = []string{args[0]}, args[1:]
	if args[0] == "all" {
		if len(paths) > 0 {
			return nil, nil, fmt.Errorf("compare all runs the bundled sets and takes no PATH")
		}
		names = nil
		for _, name := range compare.PuzzleNames() {
			if len(compare.Sets(name)) > 0 {
				names = append(names, name)
			}
		}
		if len(names) == 0 {
			return nil, nil, fmt.Errorf("no puzzle has bundled sets")
		}
	}
	stdinUsed := 0
	for _, path := range paths {
		if path == "-" {
			stdinUsed++
		}
	}
	if stdinUsed > 1 {
		return nil, nil, fmt.Errorf("standard input (-) can be read only once")
	}
	return names, paths, nil
}

// compareReports writes each puzzle's report as its comparison ends
// (harness.Plan.Report): a heading when there are several, then the
// report (or a shard's note), or, for --format html, keeps it for the one
// page at the end.
type compareReports struct {
	f      *compareFlags
	out    *reportOutput
	stderr io.Writer
	many   bool // several puzzles: each report has a heading
	n      int  // reports written
	shard  harness.Shard
	pages  []compare.Report
}

func (w *compareReports) write(r compare.Report) error {
	f := w.f
	f.report.apply(&r)
	f.report.keep(r)
	if w.many && (f.format == "csv" || f.format == "json") {
		return f.report.drawPlot(w.stderr, f.plot, r) // one export of every puzzle at the end
	}
	if w.many {
		puzzleHeading(w.out, f.format, r.Name(), w.n == 0)
	}
	w.n++
	if w.shard.Count > 0 {
		// A shard's rows are mostly split with other shards: its report
		// is gridsat report's, over every shard's file.
		fmt.Fprintf(w.out, "%s: shard %s ran %s and reused %d, written to %s; report every shard with: gridsat report FILE...\n",
			r.Name(), w.shard, compare.Count(r.Rerun, "run"), r.Reused, f.out)
		return nil
	}
	if f.format == "html" {
		w.pages = append(w.pages, r)
		return f.report.drawPlot(w.stderr, f.plot, r)
	}
	return f.report.writeReport(w.out, w.stderr, f.format, f.plot, r)
}

// compareFiles names to a guard every file compare reads (each input
// file, a directory's files, standard input for "-") and writes (the
// report, on stdout or --output, each puzzle's --plot, the results file
// --results, the --proofs folder).
func compareFiles(plans []harness.PuzzlePlan, f compareFlags, paths []string, stdin io.Reader, stdout io.Writer) *outputs.Guard {
	g := new(outputs.Guard)
	var names []string
	for _, plan := range plans {
		names = append(names, plan.Puzzle.Name)
		for _, src := range plan.Sources {
			if src.Set == "" && src.File != "" {
				g.Input("input", src.File)
			}
		}
	}
	for _, path := range paths {
		if path == "-" {
			g.Stdin(stdin)
		}
	}
	reportGuard(g, f.report.output, f.plot, names, stdout)
	f.report.exportGuard(g)
	g.Results("--results", f.out)
	var specs []compare.Spec
	for _, plan := range plans {
		specs = append(specs, plan.Specs...)
	}
	proofsGuard(g, f.certify, f.proofs, specs)
	return g
}

// proofsGuard names to g every folder the runs keep proofs in: --proofs,
// and a proofs=DIR a spec or --opt gives, which writes files just as
// much.
func proofsGuard(g *outputs.Guard, certify bool, flag string, specs []compare.Spec) {
	seen := map[string]bool{}
	if certify && flag != "" {
		g.OutputDir("--proofs", flag)
		if abs, err := filepath.Abs(flag); err == nil {
			seen[abs] = true
		}
	}
	for _, spec := range specs {
		dir := spec.Options[compare.ProofsOption]
		abs, err := filepath.Abs(dir)
		if dir == "" || err != nil || seen[abs] {
			continue
		}
		seen[abs] = true
		g.OutputDir(fmt.Sprintf("%s (%s)", compare.ProofsOption, spec.Text), dir)
	}
}

// reportGuard names the files a report writes: --output (stdout when
// none) and each puzzle's --plot.
func reportGuard(g *outputs.Guard, output, plot string, puzzles []string, stdout io.Writer) {
	if output == "" || output == "-" {
		g.Stdout(stdout)
	} else {
		g.Output("--output", output)
	}
	if plot != "" {
		for _, name := range puzzles {
			g.Output("--plot", report.PlotPath(plot, name))
		}
	}
}

// checkTiming checks --repeat, --warmup and --pin, draws a seed unless
// --seed gave one, and picks the CPUs of pinned workers.
func (f *compareFlags) checkTiming(changed func(string) bool) error {
	if f.repeat < 1 {
		return fmt.Errorf("--repeat %d: want at least 1", f.repeat)
	}
	if f.warmup < 0 {
		return fmt.Errorf("--warmup %d: want 0 or more", f.warmup)
	}
	if !changed("seed") {
		f.seed = harness.NewSeed()
	}
	if !f.pin {
		return nil
	}
	if f.inproc {
		return fmt.Errorf("--pin pins worker processes; --inproc runs none")
	}
	cpus, err := harness.PinCPUs()
	if err != nil {
		return fmt.Errorf("--pin: %w", err)
	}
	if !changed("jobs") {
		f.jobs = min(f.jobs, len(cpus))
	}
	if f.jobs > len(cpus) {
		return fmt.Errorf("--pin: -j %d is more than the %d CPUs this process may use (%v)", f.jobs, len(cpus), cpus)
	}
	f.cpus = cpus[:f.jobs]
	return nil
}

// planCompare resolves one puzzle's solver specs and reads its inputs.
func planCompare(name, solvers string, base compare.Options, paths []string, stdin io.Reader, note func(string)) (harness.PuzzlePlan, error) {
	var plan harness.PuzzlePlan
	p, err := lookupPuzzle(name)
	if err != nil {
		return plan, err
	}
	plan.Puzzle = p
	seen := map[string]string{} // resolved solver -> spec text
	for _, text := range strings.Split(solvers, ",") {
		text = strings.TrimSpace(text)
		spec, err := p.ParseSpec(text, base)
		if err != nil {
			return plan, fail(exitUsage, fmt.Errorf("--solvers: %w", err))
		}
		if k := compare.DimacsOnlyIn(spec); k != "" {
			return plan, fail(exitUsage, fmt.Errorf("--solvers: %s: option %s is read by gridsat dimacs only", text, k))
		}
		id := spec.Solver.Name + fmt.Sprint(spec.Resolved())
		if other, dup := seen[id]; dup {
			if other == text {
				return plan, fail(exitUsage, fmt.Errorf("--solvers: %s is given twice", text))
			}
			return plan, fail(exitUsage, fmt.Errorf("--solvers: %s and %s are the same solver with the same options", other, text))
		}
		seen[id] = text
		plan.Specs = append(plan.Specs, spec)
	}
	for k := range base {
		known := false
		for _, spec := range plan.Specs {
			if _, ok := spec.Options[k]; ok {
				known = true
			}
		}
		if !known && k == compare.CertifyOption {
			return plan, fail(exitUsage, fmt.Errorf("--certify: no solver of %s in --solvers writes proofs (the sat solvers do)", p.Name))
		}
		if !known && k != compare.UniqueOption {
			return plan, fail(exitUsage, fmt.Errorf("--opt %s: no solver of %s in --solvers takes it", k, p.Name))
		}
	}
	if len(paths) == 0 {
		// The bundled sets, from the binary: never a path lookup.
		srcs, err := harness.LoadBundled(p)
		if err != nil {
			return plan, fail(exitUsage, err)
		}
		plan.Sources = srcs
	}
	for _, path := range paths {
		srcs, err := harness.LoadInput(p, path, stdin, note)
		if err != nil {
			return plan, fail(exitUsage, err)
		}
		plan.Sources = append(plan.Sources, srcs...)
	}
	return plan, nil
}

func validFormat(f string) bool {
	for _, k := range report.Formats {
		if k == f {
			return true
		}
	}
	return false
}

// parseSize reads a memory size: "2GiB", "512MiB", "1.5GiB", "64MB"
// (decimal units, 10^6), "0" (no limit). go-humanize reads the units;
// NaN, infinities, exponents, negative sizes, thousands separators and
// fractions of a byte are refused.
func parseSize(s string) (int64, error) {
	s = strings.TrimSpace(s)
	bad := func(why string) (int64, error) {
		return 0, fmt.Errorf("%q is not a size like 512MiB or 2GiB%s", s, why)
	}
	if strings.ContainsAny(s, ",_") {
		return bad(" (no separators)")
	}
	v, err := humanize.ParseBigBytes(s)
	if err != nil {
		return bad("")
	}
	i := strings.IndexFunc(s, func(r rune) bool { return (r < '0' || r > '9') && r != '.' })
	if i < 0 {
		i = len(s)
	}
	num, ok := new(big.Rat).SetString(s[:i])
	unit, err := humanize.ParseBigBytes("1" + s[i:])
	if !ok || err != nil {
		return bad("")
	}
	if !num.Mul(num, new(big.Rat).SetInt(unit)).IsInt() {
		return bad(" (a whole number of bytes)")
	}
	if !v.IsInt64() {
		return 0, fmt.Errorf("%q is out of range (at most %s)", s, compare.FormatBytes(math.MaxInt64))
	}
	return v.Int64(), nil
}

// puzzleHeading starts one puzzle's report among several (none for html,
// whose page has its own sections).
func puzzleHeading(w io.Writer, format, name string, first bool) {
	if format == "html" {
		return
	}
	if !first {
		fmt.Fprintln(w)
	}
	if format == "markdown" {
		fmt.Fprintf(w, "### %s\n\n", name)
	} else {
		fmt.Fprintf(w, "== %s ==\n", name)
	}
}

// reportExts are the extensions of the files a report or plot is written
// to: a results file (--results) given one is refused, as a report file
// would be overwritten by JSON lines.
var reportExts = []string{".html", ".htm", ".csv", ".md", ".markdown", ".svg", ".png", ".pdf", ".json"}

// checkResults refuses compare's old --out, whose name other commands
// give their main output, and a results file named like a report.
func (f *compareFlags) checkResults(changed func(string) bool) error {
	if changed("out") {
		return fmt.Errorf("compare has no --out: the report goes to -o/--output FILE, the JSON-lines runs file (for --resume and gridsat report) to --results FILE")
	}
	ext := strings.ToLower(filepath.Ext(f.out))
	for _, e := range reportExts {
		if ext == e && (e == ".svg" || e == ".png" || e == ".pdf") {
			return fmt.Errorf("--results %s: the results file is JSON lines (name it .jsonl); a plot is drawn with --plot %s", f.out, f.out)
		}
		if ext == e {
			return fmt.Errorf("--results %s: the results file is JSON lines (name it .jsonl); for a %s report give -o %s --format %s", f.out, strings.TrimPrefix(ext, "."), f.out, formatOfExt(ext))
		}
	}
	return nil
}

// formatOfExt is the report format a file extension suggests.
func formatOfExt(ext string) string {
	switch ext {
	case ".html", ".htm":
		return "html"
	case ".csv":
		return "csv"
	case ".md", ".markdown":
		return "markdown"
	case ".json":
		return "json"
	}
	return "table"
}
