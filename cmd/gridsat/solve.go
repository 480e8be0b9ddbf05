package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/gridsat/gridsat/compare"
	"github.com/gridsat/gridsat/compare/harness"
	"github.com/gridsat/gridsat/compare/outputs"
	"github.com/gridsat/gridsat/compare/puzzles"
	"github.com/gridsat/gridsat/compare/report"
)

type solveFlags struct {
	solver  string
	unique  bool
	stats   bool
	show    bool
	backend string
	opts    []string
	svg     string
	certify bool
	proofs  string
	mem     string
	timeout time.Duration
	clock   string
}

func newSolveCmd() *cobra.Command {
	var f solveFlags
	cmd := &cobra.Command{
		Use:   "solve PUZZLE [FILE]",
		Short: "solve every case of a judge-format input and print the judge's answers",
		Long: `solve reads judge-format input from FILE (or standard input), solves every
case with one solver, checks every answer with the puzzle's independent
verifier, and prints the answers in the judge's output format on standard
output, each as soon as it is found. Flags may stand anywhere.

A case with no solution is reported on standard error and makes the exit
status 1 after the other cases (unless the judge format has an answer for it,
such as -1, which is printed instead).
Bad input stops at the bad case with a message naming file, case and line and
exit status 2; the answers to the cases before it are printed first. With
--mem, a case whose estimated peak memory (the solver's estimate from the
board's size) passes the limit is refused before any case is solved, with
the estimate, exit status 2. With --timeout or --mem each case is solved
in a worker process under those limits (as compare does); a case past one
is reported on standard error as timeout or memout with its reason, and
makes the exit status 1 after the other cases. --stats prints each case's
time by the clock --time names (CPU time by default) and says which.

The solver is "dfs" or "sat", optionally with options after colons, as in
compare: --solver sat:backend=gini. "gridsat puzzles" lists each solver's
options.`,
		Args: cobra.RangeArgs(1, 2),
		RunE: func(cmd *cobra.Command, args []string) error {
			return runSolve(cmd.InOrStdin(), cmd.OutOrStdout(), cmd.ErrOrStderr(), args, f)
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&f.solver, "solver", "dfs", "solver: dfs or sat, with options as sat:NAME=VALUE")
	fl.BoolVar(&f.unique, "unique", false, "also prove the answer unique ("+takers(compare.UniqueOption)+"): DFS counts to two, SAT re-solves with the answer blocked")
	fl.BoolVar(&f.stats, "stats", false, "print per-case solver statistics on standard error")
	fl.BoolVar(&f.show, "show", false, "print a picture of each solution after its answer, for puzzles whose answer does not show the board")
	fl.StringVar(&f.backend, "backend", "", fmt.Sprintf("SAT backend for --solver sat: %s (default %s)", strings.ReplaceAll(puzzles.BackendDoc.Values, "|", ", "), puzzles.BackendDoc.Default))
	fl.StringArrayVar(&f.opts, "opt", nil, "solver option NAME=VALUE (repeatable)")
	fl.StringVar(&f.mem, "mem", "0", "resident-memory limit per case, e.g. 4GiB (0: none): a case whose estimated peak passes it is refused before anything is solved, one that passes it while solving is memout")
	fl.DurationVar(&f.timeout, "timeout", 0, "wall-clock limit per case, e.g. 10s (0: none); a case past it is timeout, said on stderr, exit status 1")
	fl.StringVar(&f.clock, "time", compare.TimeCPU, "the time --stats prints: cpu (user+system of the solve) or wall")
	fl.StringVar(&f.svg, "svg", "", "draw each solved board to this SVG file (FILE-N.svg for case N when there are several)")
	fl.StringVar(&f.proofs, "proofs", "", "with --certify: keep each checked claim in this directory (CNF with the accepted cut lemmas, DRAT proof, JSON), for drat-trim or gridsat report --proofs")
	fl.BoolVar(&f.certify, "certify", false, "check a clausal proof of every absence the sat solver claims (no solution, unique, optimal, -1) before printing it; refused with backends that cannot prove (gini)")
	return cmd
}

func runSolve(stdin io.Reader, stdout, stderr io.Writer, args []string, f solveFlags) error {
	p, err := lookupPuzzle(args[0])
	if err != nil {
		return err
	}
	base, err := optionFlags(f.opts)
	if err != nil {
		return err
	}
	if f.unique {
		base[compare.UniqueOption] = "true"
	}
	if f.backend != "" {
		base[compare.BackendOption] = f.backend
	}
	if err := certifyOptions(base, f.certify, f.proofs); err != nil {
		return err
	}
	spec, err := p.ParseSpec(f.solver, base)
	if err != nil {
		return fail(exitUsage, err)
	}
	if k := compare.DimacsOnlyIn(spec); k != "" {
		return fail(exitUsage, fmt.Errorf("--solver %s: option %s is read by gridsat dimacs only", f.solver, k))
	}
	if err := checkOptions(p, spec, base); err != nil {
		return err
	}

	mem, err := parseSize(f.mem)
	if err != nil {
		return fail(exitUsage, fmt.Errorf("--mem: %w", err))
	}
	if f.clock != compare.TimeCPU && f.clock != compare.TimeWall {
		return fail(exitUsage, fmt.Errorf("--time %q: want %s", f.clock, strings.Join(compare.TimeKinds, " or ")))
	}
	if f.timeout < 0 || f.timeout > compare.MaxTimeout {
		return fail(exitUsage, fmt.Errorf("--timeout %s: want a duration from 0 (no limit) to %s", f.timeout, compare.FormatDuration(compare.MaxTimeout)))
	}
	cases, parseErr, err := readCases(p, stdin, args[1:])
	if err != nil {
		return err
	}
	if err := refuseOverMemory(spec, cases, mem); err != nil {
		return err
	}
	if err := solveFiles(f, spec, args[1:], stdin, stdout, cases).Check(); err != nil {
		return fail(exitUsage, err)
	}

	limits := harness.Limits{Timeout: f.timeout, Mem: mem, InProcess: f.timeout == 0 && mem == 0}
	var worker []string
	if !limits.InProcess {
		self, err := os.Executable()
		if err != nil {
			return fail(exitFail, fmt.Errorf("finding this program to start workers: %w", err))
		}
		worker = []string{self, "worker"}
	}
	out := bufio.NewWriter(stdout)
	defer out.Flush()
	sv := &solver{f: f, p: p, spec: spec, out: out, stderr: stderr, ncases: len(cases)}
	file := ""
	if len(args) > 1 && args[1] != "-" {
		file = args[1]
	}
	err = harness.SolveCases(context.Background(), worker, limits, p, spec, file, cases, func(i int, run compare.Run) bool {
		sv.err = sv.report(cases[i], run)
		return sv.err == nil
	})
	if sv.err != nil {
		out.Flush()
		return sv.err
	}
	if err != nil {
		out.Flush()
		return fail(exitFail, err)
	}
	status := sv.status
	if parseErr != nil {
		out.Flush()
		return fail(exitUsage, parseErr)
	}
	if status != 0 {
		return quiet(status)
	}
	return nil
}

// solver reports solve's runs, one case at a time.
type solver struct {
	f      solveFlags
	p      *compare.Puzzle
	spec   compare.Spec
	out    *bufio.Writer
	stderr io.Writer
	ncases int
	status int   // exitFail once a case has no solution or hit a limit
	err    error // the error that stopped the cases
}

// report prints case c's run: its answer (verified), what it certifies
// or proves unique, its board and its statistics; a run stopped at a
// limit is said on stderr and makes the exit status 1.
func (sv *solver) report(c compare.Case, run compare.Run) error {
	f, p, spec, out, stderr := sv.f, sv.p, sv.spec, sv.out, sv.stderr
	switch run.Verdict {
	case "":
	case compare.VerdictTimeout, compare.VerdictMemout:
		out.Flush()
		fmt.Fprintf(stderr, "%s: %s: %s\n", c.Location(), run.Verdict, report.Reason(run))
		sv.status = exitFail
		return nil
	default:
		out.Flush()
		return fail(exitFail, fmt.Errorf("%s: %s: %s", c.Location(), run.Verdict, report.Reason(run)))
	}
	res := run.Result
	if err := p.Verify(c, res); err != nil {
		out.Flush()
		return fail(exitFail, fmt.Errorf("%s: %s solver's answer fails verification: %w", c.Location(), spec.Text, err))
	}
	if err := certified(out, stderr, p, c, spec, res); err != nil {
		return err
	}
	if res.Answer != "" || res.Solved {
		fmt.Fprintln(out, res.Answer)
	}
	if f.show && res.Witness != "" {
		fmt.Fprintln(out, res.Witness)
	}
	if err := out.Flush(); err != nil {
		// The answers are lost: say so now rather than solve on.
		return fail(exitFail, fmt.Errorf("writing the answers to standard output: %w", err))
	}
	if !res.Solved && res.Answer == "" {
		fmt.Fprintf(stderr, "%s: no solution\n", c.Location())
		sv.status = exitFail
	}
	if res.UniqueChecked {
		if res.Second == "" {
			fmt.Fprintf(stderr, "%s: the solution is unique\n", c.Location())
		} else {
			fmt.Fprintf(stderr, "%s: NOT unique; another solution:\n%s\n", c.Location(), res.Second)
		}
	}
	claimedAlone(stderr, p, c, res)
	if f.svg != "" {
		if err := renderSVG(p, f.svg, sv.ncases, c, res); err != nil {
			return fail(exitFail, err)
		}
	}
	if f.stats {
		fmt.Fprintf(stderr, "%s: %s %s %s %s\n", c.Location(), c.Size(), spec.Text, clockLine(run, f.clock), statLine(res))
	}
	return nil
}

// clockLine is a run's time by the clock asked for (cpu, or wall when
// its CPU time was not measured), named: "1.2ms cpu (wall 1.3ms)".
func clockLine(run compare.Run, clock string) string {
	wall := compare.RunTime(run)
	if clock == compare.TimeWall || run.CPU <= 0 {
		return compare.FormatDuration(wall) + " wall"
	}
	return fmt.Sprintf("%s cpu (wall %s)", compare.FormatDuration(run.CPU), compare.FormatDuration(wall))
}

// certifyOptions sets the options of --certify and --proofs DIR (made
// absolute: workers may run elsewhere) in base; --proofs needs --certify.
func certifyOptions(base compare.Options, certify bool, proofs string) error {
	if certify {
		base[compare.CertifyOption] = "true"
	}
	if proofs == "" {
		return nil
	}
	if !certify {
		return fail(exitUsage, fmt.Errorf("--proofs keeps checked proofs: it needs --certify"))
	}
	dir, err := filepath.Abs(proofs)
	if err != nil {
		return fail(exitUsage, fmt.Errorf("--proofs: %w", err))
	}
	// A folder made when the first claim is kept; something else there
	// is refused before anything runs, not found by every run.
	if st, err := os.Stat(dir); err == nil && !st.IsDir() {
		return fail(exitUsage, fmt.Errorf("--proofs %s: not a folder", proofs))
	}
	base[compare.ProofsOption] = dir
	return nil
}

// certified reports the certificate of a result for p's case c on stderr; a failed one is a
// WRONG answer (exit 1), the answers before it flushed.
func certified(out *bufio.Writer, stderr io.Writer, p *compare.Puzzle, c compare.Case, spec compare.Spec, res compare.Result) error {
	if res.CertError != "" {
		out.Flush()
		return fail(exitFail, fmt.Errorf("%s: WRONG: %s solver's certificate fails: %s", c.Location(), spec.Text, res.CertError))
	}
	if by := settledBy(p, c, res); by != "" {
		fmt.Fprintf(stderr, "%s: settled by %s (no SAT proof needed)\n", c.Location(), by)
	} else if res.Certified {
		fmt.Fprintf(stderr, "%s: certified (%s)\n", c.Location(), certLine(p, res))
	}
	return nil
}

// claimedAlone says on stderr what res claims that no verifier can check
// (no solution, the optimum, unique) when neither a bound nor a checked
// proof backs it: the solver's word alone.
func claimedAlone(stderr io.Writer, p *compare.Puzzle, c compare.Case, res compare.Result) {
	if res.Certified || settledBy(p, c, res) != "" {
		return
	}
	run := compare.Run{Verdict: compare.VerdictOK, Result: res}
	if !res.Solved {
		run.Verdict = compare.VerdictUnsat
	}
	if what := p.ClaimsOf(run); len(what) > 0 {
		fmt.Fprintf(stderr, "%s: %s: claimed by the solver alone (compare cross-checks it; --certify with the sat solver proves it)\n", c.Location(), strings.Join(what, ", "))
	}
}

// settledBy names the theorem or bound that settles res on c with no
// proof (Puzzle.SettledBy), "" when none does or res claims nothing.
func settledBy(p *compare.Puzzle, c compare.Case, res compare.Result) string {
	if p.SettledBy == nil || (res.Solved && p.Optimum == "") || (p.Least != nil && p.Least(res)) {
		return ""
	}
	return p.SettledBy(c, res)
}

// certLine sums up a certificate's statistics on p's case c.
func certLine(p *compare.Puzzle, res compare.Result) string {
	if claims, _ := res.Stat("proof_claims"); claims == 0 {
		if p.NoProofNeeded != "" {
			return "no SAT proof needed: " + p.NoProofNeeded
		}
		return "no SAT proof needed"
	}
	lemmas, _ := res.Stat("proof_lemmas")
	inputs, _ := res.Stat("proof_inputs")
	us, _ := res.Stat("check_us")
	claims, _ := res.Stat("proof_claims")
	return fmt.Sprintf("%s, %s, %s accepted, checked in %s", compare.Count(int(claims), "proof"), compare.Count(int(lemmas), "lemma"), compare.Count(int(inputs), "cut lemma"), compare.FormatDuration(time.Duration(us)*time.Microsecond))
}

// refuseOverMemory refuses, as a usage error, the first case whose
// estimated peak memory under spec passes limit (0: no limit).
func refuseOverMemory(spec compare.Spec, cases []compare.Case, limit int64) error {
	if limit <= 0 || spec.Solver.Memory == nil {
		return nil
	}
	for _, c := range cases {
		if est := spec.Solver.Memory(c, spec.Options); est > limit {
			return fail(exitUsage, fmt.Errorf("%s: %s %s refused before solving: estimated peak memory %s is over the %s limit (--mem)",
				c.Location(), c.Size(), spec.Text, compare.FormatBytes(est), compare.FormatBytes(limit)))
		}
	}
	return nil
}

func specKnows(s compare.Spec, name string) bool {
	for _, o := range s.Solver.Options {
		if o.Name == name {
			return true
		}
	}
	return false
}

func statLine(r compare.Result) string {
	line := ""
	for i, s := range r.Stats {
		if i > 0 {
			line += " "
		}
		line += fmt.Sprintf("%s=%d", s.Name, s.Value)
	}
	for _, st := range r.Steps {
		line += fmt.Sprintf(" [%s %s %s]", st.Label, st.Status, compare.FormatDuration(st.Time))
	}
	return line
}

// svgPath is the file --svg file draws case c to, numbered by case when
// the input holds several.
func svgPath(file string, ncases int, c compare.Case) string {
	if ncases > 1 {
		ext := filepath.Ext(file)
		file = fmt.Sprintf("%s-%d%s", strings.TrimSuffix(file, ext), c.Location().Case, ext)
	}
	return file
}

// solveFiles names to a guard the files solve reads (its input, or
// standard input) and writes (the answers on stdout, each --svg file,
// the proofs folder of --proofs or of the spec).
func solveFiles(f solveFlags, spec compare.Spec, inputs []string, stdin io.Reader, stdout io.Writer, cases []compare.Case) *outputs.Guard {
	g := new(outputs.Guard)
	if len(inputs) == 0 || inputs[0] == "-" {
		g.Stdin(stdin)
	} else {
		g.Input("input", inputs[0])
	}
	g.Stdout(stdout)
	if f.svg != "" {
		for _, c := range cases {
			g.Output("--svg", svgPath(f.svg, len(cases), c))
		}
	}
	proofsGuard(g, f.certify, f.proofs, []compare.Spec{spec})
	return g
}

// renderSVG draws case c solved as res to file, numbering the file by case
// when the input holds several.
func renderSVG(p *compare.Puzzle, file string, ncases int, c compare.Case, res compare.Result) error {
	if p.Render == nil {
		return fmt.Errorf("%s cannot draw boards", p.Name)
	}
	file = svgPath(file, ncases, c)
	if err := compare.WriteOutput(file, func(w io.Writer) error { return p.Render(w, c, res) }); err != nil {
		return fmt.Errorf("drawing %s to %s: %w", c.Location(), file, err)
	}
	return nil
}
