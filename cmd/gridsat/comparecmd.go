package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"
	"golang.org/x/term"

	"github.com/gridsat/gridsat/compare"
	"github.com/gridsat/gridsat/instances"
)

type compareFlags struct {
	solvers  string
	format   string
	unique   bool
	opts     []string
	timeout  time.Duration
	mem      string
	jobs     int
	out      string
	resume   bool
	plot     string
	inproc   bool
	progress string
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
("ladder" or "slant/ladder"; "gridsat sets" lists them). Without a PATH the
puzzle's bundled sets are run; "compare all" runs every puzzle's.

Each (case, solver) run goes to a worker process (a copy of this binary) with
a wall-clock limit (--timeout) and a resident-memory limit (--mem); a run past
either is recorded as timeout or memout and the comparison goes on. Times are
measured inside the worker (solve time, parsing excluded); wall times are in
the CSV and JSON reports. Ctrl-C stops cleanly: finished rows are reported.

Cross-checks: slant answers must both verify (and with --unique agree on
uniqueness); queens optima must be equal; chain strings must be identical.
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
			return runCompare(cmd.OutOrStdout(), cmd.ErrOrStderr(), args, f)
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&f.solvers, "solvers", "dfs,sat", "comma-separated solver specs, e.g. dfs,sat,sat:backend=gini")
	fl.StringVar(&f.format, "format", "table", "report format: "+strings.Join(compare.Formats, ", "))
	fl.BoolVar(&f.unique, "unique", false, "also prove uniqueness (slant); the solvers must then agree on it")
	fl.StringArrayVar(&f.opts, "opt", nil, "option NAME=VALUE for every solver that takes it (repeatable)")
	fl.DurationVar(&f.timeout, "timeout", 10*time.Second, "wall-clock limit per run (0: none)")
	fl.StringVar(&f.mem, "mem", "2GiB", "resident-memory limit per run, e.g. 512MiB, 2GiB (0: none)")
	fl.IntVarP(&f.jobs, "jobs", "j", runtime.NumCPU(), "runs at once")
	fl.StringVar(&f.out, "out", "", "append each run to this JSON-lines file as it ends")
	fl.BoolVar(&f.resume, "resume", false, "with --out: skip runs already in that file")
	fl.StringVar(&f.plot, "plot", "", "draw a plot (--plot-kind) to this .svg, .png or .pdf file; %s stands for the puzzle's name")
	fl.BoolVar(&f.inproc, "inproc", false, "run solvers in this process, one at a time, with no limits")
	fl.StringVar(&f.progress, "progress", "auto", "progress bar on stderr: auto (when a terminal), always, never")
	f.report.add(fl)
	return cmd
}

func runCompare(stdout, stderr io.Writer, args []string, f compareFlags) error {
	if !validFormat(f.format) {
		return fail(exitUsage, fmt.Errorf("unknown --format %q (known: %s)", f.format, strings.Join(compare.Formats, ", ")))
	}
	if f.resume && f.out == "" {
		return fail(exitUsage, fmt.Errorf("--resume needs --out FILE"))
	}
	mem, err := parseBytes(f.mem)
	if err != nil {
		return fail(exitUsage, fmt.Errorf("--mem: %w", err))
	}
	puzzles := []string{args[0]}
	paths := args[1:]
	if args[0] == "all" {
		if len(paths) > 0 {
			return fail(exitUsage, fmt.Errorf("compare all runs the bundled sets and takes no PATH"))
		}
		if f.format == "csv" || f.format == "json" {
			return fail(exitUsage, fmt.Errorf("compare all prints tables; give one puzzle for --format %s", f.format))
		}
		puzzles = nil
		for _, name := range compare.PuzzleNames() {
			if len(instances.Sets(name)) > 0 {
				puzzles = append(puzzles, name)
			}
		}
		if len(puzzles) == 0 {
			return fail(exitUsage, fmt.Errorf("no puzzle has bundled sets"))
		}
	}
	if len(paths) == 0 {
		paths = []string{"bundled"}
	}
	if err := f.report.check(specTexts(f.solvers), f.plot, puzzles); err != nil {
		return fail(exitUsage, err)
	}
	stdout, closeOut, err := f.report.openOutput(stdout)
	if err != nil {
		return fail(exitUsage, err)
	}
	defer closeOut()
	var pages []compare.Report // --format html: one page at the end

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	var exec compare.Executor = compare.InProcess{}
	if !f.inproc {
		self, err := os.Executable()
		if err != nil {
			return fail(exitFail, fmt.Errorf("finding this program to start workers: %w", err))
		}
		pool := &compare.Pool{Command: []string{self, "worker"}, Timeout: f.timeout, Mem: mem}
		defer pool.Close()
		exec = pool
	}
	var results *compare.ResultsFile
	done := compare.Done{}
	if f.out != "" {
		if f.resume {
			if done, err = compare.ReadResults(f.out); err != nil {
				return fail(exitUsage, err)
			}
		}
		if results, err = compare.OpenResults(f.out); err != nil {
			return fail(exitFail, err)
		}
		defer results.Close()
	}

	status := 0
	for i, name := range puzzles {
		if ctx.Err() != nil {
			break
		}
		if len(puzzles) > 1 && f.format != "html" {
			if i > 0 {
				fmt.Fprintln(stdout)
			}
			if f.format == "markdown" {
				fmt.Fprintf(stdout, "### %s\n\n", name)
			} else {
				fmt.Fprintf(stdout, "== %s ==\n", name)
			}
		}
		st, err := comparePuzzle(ctx, stdout, stderr, name, paths, f, exec, results, done, &pages)
		if err != nil {
			f.report.finish(stdout, f.format, pages, closeOut) // the page of what ran
			return err
		}
		status = max(status, st)
	}
	if err := f.report.finish(stdout, f.format, pages, closeOut); err != nil {
		return fail(exitFail, err)
	}
	if ctx.Err() != nil {
		fmt.Fprintln(stderr, "gridsat: interrupted; the rows above are the finished ones")
		return quiet(130)
	}
	if status != 0 {
		return quiet(status)
	}
	return nil
}

func comparePuzzle(ctx context.Context, stdout, stderr io.Writer, name string, paths []string, f compareFlags,
	exec compare.Executor, results *compare.ResultsFile, done compare.Done, pages *[]compare.Report) (int, error) {
	p, err := lookupPuzzle(name)
	if err != nil {
		return 0, err
	}
	base, err := optionFlags(f.opts)
	if err != nil {
		return 0, err
	}
	if f.unique {
		base[compare.UniqueOption] = "true"
	}
	var specs []compare.Spec
	var names []string
	for _, text := range strings.Split(f.solvers, ",") {
		spec, err := p.ParseSpec(strings.TrimSpace(text), base)
		if err != nil {
			return 0, fail(exitUsage, err)
		}
		specs = append(specs, spec)
		names = append(names, spec.Text)
	}
	var sources []*compare.Source
	var loadErr error
	for _, path := range paths {
		srcs, err := compare.LoadPath(p, path)
		sources = append(sources, srcs...)
		if err != nil {
			loadErr = err
			break
		}
	}
	if loadErr != nil && len(sources) == 0 {
		return 0, fail(exitUsage, loadErr)
	}
	total := 0
	for _, s := range sources {
		total += len(s.Cases)
	}

	cfg := compare.Config{Puzzle: p, Specs: specs, Sources: sources, Exec: exec, Jobs: f.jobs}
	var runErr error
	report := compare.Report{Puzzle: p, Specs: names}
	if !f.inproc {
		report.Timeout = f.timeout
	}
	if results != nil {
		cfg.OnRun = func(src *compare.Source, c instances.Case, run compare.Run) {
			report.Rerun++
			if err := results.Add(p, src, c, run); err != nil && runErr == nil {
				runErr = err
			}
		}
		cfg.Skip = func(src *compare.Source, c instances.Case, spec compare.Spec) (compare.Run, bool) {
			run, ok := done.Lookup(p, src, c, spec)
			if ok {
				report.Reused++
			}
			return run, ok
		}
	}
	bar := newProgress(stderr, f.progress, total, name)
	if bar != nil {
		failures := 0
		cfg.OnRow = func(r compare.Row) {
			if r.Failed() {
				failures++
			}
			bar.Describe(fmt.Sprintf("%s: %d failed", name, failures))
			bar.Add(1)
		}
	}
	report.Rows = compare.Compare(ctx, cfg)
	if bar != nil {
		bar.Finish() // clears its line: the report starts on a clean one
	}
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
	if loadErr != nil {
		return 0, fail(exitUsage, fmt.Errorf("stopped reading input (the rows above were run): %w", loadErr))
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
	for _, k := range compare.Formats {
		if k == f {
			return true
		}
	}
	return false
}

// parseBytes reads "2GiB", "512MiB", "100M", "0".
func parseBytes(s string) (int64, error) {
	s = strings.TrimSpace(s)
	units := []struct {
		suffix string
		mult   int64
	}{{"GiB", 1 << 30}, {"MiB", 1 << 20}, {"KiB", 1 << 10}, {"GB", 1e9}, {"MB", 1e6}, {"KB", 1e3},
		{"G", 1 << 30}, {"M", 1 << 20}, {"K", 1 << 10}, {"B", 1}}
	mult := int64(1)
	for _, u := range units {
		if strings.HasSuffix(s, u.suffix) {
			s, mult = strings.TrimSuffix(s, u.suffix), u.mult
			break
		}
	}
	v, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
	if err != nil || v < 0 {
		return 0, fmt.Errorf("%q is not a size like 512MiB or 2GiB", s)
	}
	return int64(v * float64(mult)), nil
}
