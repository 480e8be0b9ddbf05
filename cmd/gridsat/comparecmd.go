package main

import (
	"context"
	"fmt"
	"io"
	"math"
	"math/big"
	"os"
	"os/signal"
	"runtime"
	"runtime/debug"
	"strings"
	"syscall"
	"time"

	"github.com/dustin/go-humanize"
	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"
	"golang.org/x/term"

	"github.com/gridsat/gridsat/compare"
	"github.com/gridsat/gridsat/compare/harness"
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
	out      string
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
--pin gives each worker a CPU of its own; the results file (--out) records
the machine. Ctrl-C stops cleanly: finished rows are reported.

` + crossCheckHelp() + `
The exit status is 0 only when every answer verifies and the solvers agree; a
timeout is not a disagreement.

Reports (--format): a table with each solver's headline statistics (--stats
full for all of them), as wide as the terminal or 120 columns; markdown; csv
and json with every statistic; html, one self-contained page with the
summary, the plots, every run sortable and each case's boards. The summary
scores each solver by PAR-2 (mean time per case, a timeout, memout, error or
WRONG answer counted as twice --timeout) beside the virtual best solver (each
case's fastest), and says how many runs --resume took from --out.

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
	fl.StringVar(&f.proofs, "proofs", "", "with --certify: keep each checked claim in this directory (CNF with the accepted cut lemmas, DRAT proof, JSON), for drat-trim or gridsat report --proofs")
	fl.BoolVar(&f.certify, "certify", false, "the sat solvers check a clausal proof of every absence they claim (no solution, optimal, unique, -1) before reporting it (unsat✓, ok✓; a failed check is WRONG); refused with backends that cannot prove (gini)")
	fl.StringArrayVar(&f.opts, "opt", nil, "option NAME=VALUE for every solver that takes it (repeatable)")
	fl.DurationVar(&f.timeout, "timeout", 10*time.Second, "wall-clock limit per run (0: none)")
	fl.StringVar(&f.mem, "mem", "2GiB", "resident-memory limit per run, e.g. 512MiB, 2GiB (0: none)")
	fl.IntVarP(&f.jobs, "jobs", "j", runtime.NumCPU(), "runs at once")
	fl.StringVar(&f.out, "out", "", "append each run to this JSON-lines file as it ends")
	fl.BoolVar(&f.resume, "resume", false, "with --out: skip runs already in that file")
	fl.StringVar(&f.plot, "plot", "", "draw a plot (--plot-kind) to this .svg, .png or .pdf file; %s stands for the puzzle's name")
	fl.BoolVar(&f.inproc, "inproc", false, "run solvers in this process, one at a time, with no limits")
	fl.StringVar(&f.progress, "progress", "auto", "progress bar on stderr: auto (when a terminal), always, never")
	fl.StringVar(&f.shard, "shard", "", "run only shard i/n of the (case, solver) runs (0 <= i < n; needs --out); merge the shards' files with gridsat report")
	fl.IntVar(&f.repeat, "repeat", 1, "run each (case, solver) N times, in rounds shuffled by --seed; reports show the median and the spread")
	fl.IntVar(&f.warmup, "warmup", 0, "runs of each (case, solver) before its repeats, not recorded")
	fl.BoolVar(&f.pin, "pin", false, "pin each worker to its own logical CPU (one per physical core first); -j may not exceed the CPUs available")
	fl.Uint64Var(&f.seed, "seed", 0, "seed of the shuffled order of --repeat and --warmup runs and of the bootstrap (default: a fresh one, recorded in --out's header)")
	f.report.add(fl)
	return cmd
}

// comparePlan is one puzzle's comparison, checked and loaded before
// anything runs.
type comparePlan struct {
	puzzle  *compare.Puzzle
	specs   []compare.Spec
	names   []string
	sources []*harness.Source
	cases   int
}

func runCompare(stdin io.Reader, stdout, stderr io.Writer, args []string, f compareFlags, changed func(string) bool) error {
	// Everything is checked before anything runs: a bad flag, spec or input
	// is exit 2 with one line on stderr and nothing on stdout.
	if !validFormat(f.format) {
		return fail(exitUsage, fmt.Errorf("--format %q: want one of %s", f.format, strings.Join(report.Formats, ", ")))
	}
	switch f.progress {
	case "auto", "always", "never":
	default:
		return fail(exitUsage, fmt.Errorf("--progress %q: want auto, always or never", f.progress))
	}
	if f.jobs < 1 {
		return fail(exitUsage, fmt.Errorf("--jobs %d: want at least 1", f.jobs))
	}
	if f.timeout < 0 {
		return fail(exitUsage, fmt.Errorf("--timeout %s: want a duration >= 0 (0: no limit)", f.timeout))
	}
	if f.resume && f.out == "" {
		return fail(exitUsage, fmt.Errorf("--resume needs --out FILE"))
	}
	var shard harness.Shard
	if f.shard != "" {
		var err error
		if shard, err = harness.ParseShard(f.shard); err != nil {
			return fail(exitUsage, fmt.Errorf("--shard %w", err))
		}
		if f.out == "" {
			return fail(exitUsage, fmt.Errorf("--shard needs --out FILE: a shard's runs are reported by gridsat report over every shard's file"))
		}
	}
	mem, err := parseSize(f.mem)
	if err != nil {
		return fail(exitUsage, fmt.Errorf("--mem: %w", err))
	}
	limits := harness.Limits{Timeout: f.timeout, Mem: mem}
	if f.inproc {
		for _, flag := range []string{"timeout", "mem", "jobs"} {
			if changed(flag) {
				return fail(exitUsage, fmt.Errorf("--inproc runs every solver in this process, one at a time, without limits: --%s does not apply", flag))
			}
		}
		limits = harness.Limits{InProcess: true}
	}
	if err := f.checkTiming(changed); err != nil {
		return fail(exitUsage, err)
	}
	names := []string{args[0]}
	paths := args[1:]
	if args[0] == "all" {
		if len(paths) > 0 {
			return fail(exitUsage, fmt.Errorf("compare all runs the bundled sets and takes no PATH"))
		}
		if f.format == "csv" || f.format == "json" {
			return fail(exitUsage, fmt.Errorf("compare all prints tables; give one puzzle for --format %s", f.format))
		}
		names = nil
		for _, name := range compare.PuzzleNames() {
			if len(compare.Sets(name)) > 0 {
				names = append(names, name)
			}
		}
		if len(names) == 0 {
			return fail(exitUsage, fmt.Errorf("no puzzle has bundled sets"))
		}
	}
	stdinUsed := 0
	for _, path := range paths {
		if path == "-" {
			stdinUsed++
		}
	}
	if stdinUsed > 1 {
		return fail(exitUsage, fmt.Errorf("standard input (-) can be read only once"))
	}
	base, err := optionFlags(f.opts)
	if err != nil {
		return err
	}
	if f.unique {
		base[compare.UniqueOption] = "true"
	}
	if err := certifyOptions(base, f.certify, f.proofs); err != nil {
		return err
	}
	if err := f.report.check(specTexts(f.solvers), f.plot, names); err != nil {
		return fail(exitUsage, err)
	}
	var plans []*comparePlan
	for _, name := range names {
		plan, err := planCompare(name, f.solvers, base, paths, stdin, func(msg string) { fmt.Fprintln(stderr, "gridsat: "+msg) })
		if err != nil {
			return err
		}
		if err := harness.CheckRuns(plan.cases, len(plan.specs), f.repeat, f.warmup); err != nil {
			return fail(exitUsage, fmt.Errorf("%s: %w", plan.puzzle.Name, err))
		}
		plans = append(plans, plan)
	}

	if err := checkDistinct(plans, f); err != nil {
		return fail(exitUsage, err)
	}
	// Every check has passed: the report's temporary file first (the
	// report file itself is replaced only at the end, by a complete
	// report), then the results file, locked for the run.
	out, err := f.report.openOutput(stdout)
	if err != nil {
		return fail(exitUsage, err)
	}
	defer out.abort()
	var pages []compare.Report // --format html: one page at the end

	var results *harness.ResultsFile
	var done *harness.Done
	if f.out != "" {
		var log *harness.ResultsLog
		var cut int64
		results, log, cut, err = harness.AppendResults(f.out, f.resume, planHeaders(plans, limits, shard))
		if err != nil {
			return fail(exitUsage, err)
		}
		defer results.Close()
		if cut > 0 {
			fmt.Fprintf(stderr, "gridsat: %s: cut off an unfinished last line (%d bytes) left by an earlier run\n", f.out, cut)
		}
		if f.resume {
			done = harness.NewDone(log)
		}
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	debug.SetGCPercent(harness.ParentGCPercent)
	var exec harness.Executor = harness.InProcess{}
	if !f.inproc {
		self, err := os.Executable()
		if err != nil {
			return fail(exitFail, fmt.Errorf("finding this program to start workers: %w", err))
		}
		pool := &harness.Pool{Command: []string{self, "worker"}, Timeout: f.timeout, Mem: mem, CPUs: f.cpus}
		defer pool.Close()
		exec = pool
	}

	status := 0
	for i, plan := range plans {
		if ctx.Err() != nil {
			break
		}
		if len(plans) > 1 {
			puzzleHeading(out, f.format, plan.puzzle.Name, i == 0)
		}
		st, err := comparePuzzle(ctx, out, stderr, plan, f, limits, shard, exec, results, done, &pages)
		if err != nil {
			if out.file == nil {
				f.report.finish(out, f.format, pages) // the page of what ran; a file is left as it was
			}
			return err
		}
		status = max(status, st)
	}
	if err := f.report.finish(out, f.format, pages); err != nil {
		return fail(exitFail, err)
	}
	if ctx.Err() != nil {
		fmt.Fprintln(stderr, "gridsat: interrupted; the rows above are the finished ones")
		return quiet(exitInterrupted)
	}
	if status != 0 {
		return quiet(status)
	}
	return nil
}

// planHeaders are the headers the plans write to --out, for its check
// that they may join the comparisons already in it.
func planHeaders(plans []*comparePlan, limits harness.Limits, shard harness.Shard) []harness.Header {
	name := ""
	if shard.Count > 0 {
		name = shard.String()
	}
	var hs []harness.Header
	for _, plan := range plans {
		hs = append(hs, harness.NewHeader(plan.puzzle, plan.specs, plan.sources, limits, name))
	}
	return hs
}

// checkDistinct refuses a report, plot or results file that is the same
// file as an input or as another of them.
func checkDistinct(plans []*comparePlan, f compareFlags) error {
	var inputs []compare.NamedFile
	for _, plan := range plans {
		for _, src := range plan.sources {
			if src.Set == "" {
				inputs = append(inputs, compare.NamedFile{Role: "input", Path: src.File})
			}
		}
	}
	var names []string
	for _, plan := range plans {
		names = append(names, plan.puzzle.Name)
	}
	outputs := reportFiles(f.report.output, f.plot, names)
	if f.out != "" {
		outputs = append(outputs, compare.NamedFile{Role: "--out", Path: f.out})
	}
	return compare.CheckDistinct(outputs, inputs)
}

// reportFiles are the files a report writes: --output and each puzzle's
// --plot.
func reportFiles(output, plot string, puzzles []string) []compare.NamedFile {
	var files []compare.NamedFile
	if output != "" {
		files = append(files, compare.NamedFile{Role: "--output", Path: output})
	}
	if plot != "" {
		for _, name := range puzzles {
			files = append(files, compare.NamedFile{Role: "--plot", Path: report.PlotPath(plot, name)})
		}
	}
	return files
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
func planCompare(name, solvers string, base compare.Options, paths []string, stdin io.Reader, note func(string)) (*comparePlan, error) {
	p, err := lookupPuzzle(name)
	if err != nil {
		return nil, err
	}
	plan := &comparePlan{puzzle: p}
	seen := map[string]string{} // resolved solver -> spec text
	for _, text := range strings.Split(solvers, ",") {
		text = strings.TrimSpace(text)
		spec, err := p.ParseSpec(text, base)
		if err != nil {
			return nil, fail(exitUsage, fmt.Errorf("--solvers: %w", err))
		}
		id := spec.Solver.Name + fmt.Sprint(spec.Resolved())
		if other, dup := seen[id]; dup {
			if other == text {
				return nil, fail(exitUsage, fmt.Errorf("--solvers: %s is given twice", text))
			}
			return nil, fail(exitUsage, fmt.Errorf("--solvers: %s and %s are the same solver with the same options", other, text))
		}
		seen[id] = text
		plan.specs = append(plan.specs, spec)
		plan.names = append(plan.names, spec.Text)
	}
	for k := range base {
		known := false
		for _, spec := range plan.specs {
			if _, ok := spec.Options[k]; ok {
				known = true
			}
		}
		if !known && k == compare.CertifyOption {
			return nil, fail(exitUsage, fmt.Errorf("--certify: no solver of %s in --solvers writes proofs (the sat solvers do)", p.Name))
		}
		if !known && k != compare.UniqueOption {
			return nil, fail(exitUsage, fmt.Errorf("--opt %s: no solver of %s in --solvers takes it", k, p.Name))
		}
	}
	if len(paths) == 0 {
		// The bundled sets, from the binary: never a path lookup.
		srcs, err := harness.LoadBundled(p)
		if err != nil {
			return nil, fail(exitUsage, err)
		}
		plan.sources = srcs
	}
	for _, path := range paths {
		srcs, err := harness.LoadInput(p, path, stdin, note)
		if err != nil {
			return nil, fail(exitUsage, err)
		}
		plan.sources = append(plan.sources, srcs...)
	}
	for _, s := range plan.sources {
		plan.cases += len(s.Cases)
	}
	return plan, nil
}

func comparePuzzle(ctx context.Context, stdout, stderr io.Writer, plan *comparePlan, f compareFlags, limits harness.Limits,
	shard harness.Shard, exec harness.Executor, results *harness.ResultsFile, done *harness.Done, pages *[]compare.Report) (int, error) {
	p := plan.puzzle
	cfg := harness.Config{Puzzle: p, Specs: plan.specs, Sources: plan.sources, Exec: exec, Jobs: f.jobs,
		Repeat: f.repeat, Warmup: f.warmup, Seed: f.seed}
	var runErr error
	report := compare.Report{Puzzle: p, Specs: plan.names, Timeout: limits.Timeout, Seed: f.seed}
	f.report.apply(&report)
	machine := harness.NewMachine(plan.specs)
	machine.Pinned = f.cpus
	if results != nil {
		shardName := ""
		if shard.Count > 0 {
			shardName = shard.String()
			cfg.Include = shard.Include(len(plan.specs))
		}
		h := harness.NewHeader(p, plan.specs, plan.sources, limits, shardName)
		if f.repeat > 1 || f.warmup > 0 {
			h.Repeat, h.Warmup = f.repeat, f.warmup
		}
		// The seed seeds the bootstrap too: recorded always, so that
		// report prints the interval compare printed.
		h.Seed = f.seed
		h.Machine = machine
		defer func() {
			// The end of the comparison, an interrupted one's too: the
			// header is never rewritten.
			err := results.Footer(harness.Footer{Started: h.Started, Ended: time.Now().UTC(), LoadEnd: harness.LoadAverage(), Runs: report.Rerun})
			if err != nil && runErr == nil {
				fmt.Fprintln(stderr, "gridsat:", err)
			}
		}()
		if err := results.Header(h); err != nil {
			return 0, fail(exitFail, err)
		}
		cfg.OnRun = func(t harness.Task, run compare.Run) {
			report.Rerun++ // run now, not taken from the file
			if err := results.Add(t, limits, run); err != nil && runErr == nil {
				runErr = err
			}
		}
	}
	if done != nil {
		cfg.Skip = func(t harness.Task) (compare.Run, bool) {
			run, ok, _ := done.Lookup(t, limits)
			if ok {
				report.Reused++
			}
			return run, ok
		}
	}
	bar := newProgress(stderr, f.progress, plan.cases, p.Name)
	if bar != nil {
		failures := 0
		cfg.OnRow = func(r compare.Row) {
			if r.Failed() {
				failures++
			}
			bar.Describe(fmt.Sprintf("%s: %d failed", p.Name, failures))
			bar.Add(1)
		}
	}
	report.Rows = harness.Compare(ctx, cfg)
	if bar != nil {
		bar.Finish() // clears its line: the report starts on a clean one
	}
	report.Machines = []compare.MachineRun{{Machine: machine, LoadEnd: harness.LoadAverage()}}
	if shard.Count > 0 {
		// A shard's rows are mostly split with other shards: its report
		// is gridsat report's, over every shard's file.
		fmt.Fprintf(stdout, "%s: shard %s ran %d runs and reused %d, written to %s; report every shard with: gridsat report FILE...\n",
			p.Name, shard, report.Rerun, report.Reused, f.out)
		if runErr != nil {
			return 0, fail(exitFail, runErr)
		}
		return 0, nil
	}
	var err error
	if f.format == "html" {
		*pages = append(*pages, report)
		err = f.report.drawPlot(stderr, f.plot, report)
	} else {
		err = f.report.writeReport(stdout, stderr, f.format, f.plot, report)
	}
	if err != nil {
		return 0, fail(exitFail, err)
	}
	rows := report.Rows
	if runErr != nil {
		return 0, fail(exitFail, runErr)
	}
	for _, r := range rows {
		if r.Failed() {
			return exitFail, nil
		}
	}
	return 0, nil
}

// newProgress returns a progress bar on stderr, or nil when mode and the
// terminal say there should be none.
func newProgress(stderr io.Writer, mode string, total int, name string) *progressbar.ProgressBar {
	show := false
	switch mode {
	case "always":
		show = true
	case "auto":
		if f, ok := stderr.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
			show = true
		}
	}
	if !show || total == 0 {
		return nil
	}
	return progressbar.NewOptions(total,
		progressbar.OptionSetWriter(stderr),
		progressbar.OptionSetDescription(name),
		progressbar.OptionShowCount(),
		progressbar.OptionSetPredictTime(true),
		progressbar.OptionClearOnFinish(),
		progressbar.OptionSetWidth(30),
		progressbar.OptionThrottle(100*time.Millisecond),
	)
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
