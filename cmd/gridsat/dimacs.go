package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/spf13/cobra"

	"github.com/gridsat/gridsat/compare"
	"github.com/gridsat/gridsat/compare/outputs"
)

type dimacsFlags struct {
	refined bool
	opts    []string
	out     string
	caseN   int // --case: the one case to write, 0 for every case
}

func newDimacsCmd() *cobra.Command {
	var f dimacsFlags
	cmd := &cobra.Command{
		Use:   "dimacs PUZZLE [FILE] [--refined] [--opt NAME=VALUE] [-o OUT]",
		Short: "write each case's SAT encoding in DIMACS CNF, for external solvers",
		Long: `dimacs reads judge-format input from FILE (or standard input) and writes the
CNF the sat solver would give its backend for every case, in DIMACS CNF:
"c" comment lines naming the puzzle, the case (file, number, line), the
options and what each range of variables means, then "p cnf VARS CLAUSES"
and one clause a line. Flags may stand anywhere.

The CNF is the eager encoding; for the puzzles whose sat solver adds
constraints lazily (slant's loops, chain's sub-tours) those are not in it, so
a model of it may not be a solution, and its header says so. --refined runs
the refinement loop first and writes the clauses it added as well: the
formula then has the solution the loop found as a model.

--opt sets the sat solver's options (see "gridsat puzzles"), as for solve.
` + cnfHelp() + `
A DIMACS file holds one formula: standard output and -o FILE take one case
(an input of several is refused unless --case N picks one); with -o DIR (an
existing directory, or a path ending in /) each case goes to its own file, DIR/case-001.cnf, DIR/case-002.cnf, ..., and the case files
(case-NNN.cnf) an earlier run left in DIR that this run did not write are
removed, so that DIR holds this input's cases alone; other files stay.

Bad input stops at the bad case with exit status 2, after writing the
cases before it to standard output or to DIR; a -o FILE is replaced only
by a complete output, so bad input leaves it as it was; in a DIR, bad input
leaves the cases before it and none of an earlier run. A case file that
cannot be written (a full disk) stops with exit 1, the cases before it
written and an earlier run's case files kept. An -o that cannot be
written, or that is the input, is exit 2 before anything is written.

Example: gridsat dimacs ` + examplePuzzle(func(p *compare.Puzzle) bool { return p.CNF != nil }) + ` puzzles.txt -o cnf/ && cadical cnf/case-001.cnf`,
		Args: cobra.RangeArgs(1, 2),
		RunE: func(cmd *cobra.Command, args []string) error {
			return runDimacs(cmd.InOrStdin(), cmd.OutOrStdout(), args, f)
		},
	}
	fl := cmd.Flags()
	fl.BoolVar(&f.refined, "refined", false, "add the clauses a finished refinement loop found")
	fl.StringArrayVar(&f.opts, "opt", nil, "sat solver option NAME=VALUE (repeatable)")
	fl.StringVarP(&f.out, "out", "o", "", "write to this file, or one file per case into this directory")
	fl.IntVar(&f.caseN, "case", 0, "write only case N of the input (its number, from 1)")
	return cmd
}

func runDimacs(stdin io.Reader, stdout io.Writer, args []string, f dimacsFlags) error {
	p, err := lookupPuzzle(args[0])
	if err != nil {
		return err
	}
	if p.CNF == nil {
		return fail(exitUsage, fmt.Errorf("%s has no SAT encoding to write as DIMACS", p.Name))
	}
	base, err := optionFlags(f.opts)
	if err != nil {
		return err
	}
	spec, err := p.ParseSpec(p.SAT, base)
	if err != nil {
		return fail(exitUsage, err)
	}
	if err := checkOptions(p, spec, base); err != nil {
		return err
	}

	cases, parseErr, err := readCases(p, stdin, args[1:])
	if err != nil {
		return err
	}

	dir, file := "", ""
	if f.out != "" && f.out != "-" {
		if st, err := os.Stat(f.out); (err == nil && st.IsDir()) || strings.HasSuffix(f.out, "/") || strings.HasSuffix(f.out, string(filepath.Separator)) {
			dir = f.out
		} else {
			file = f.out
		}
	}
	if parseErr != nil && f.caseN > len(cases) {
		// The case asked for stands at or past the bad one: the bad
		// input is the error to name, not the count of cases before it.
		return fail(exitUsage, parseErr)
	}
	cases, err = pickCases(cases, f.caseN, dir != "")
	if err != nil {
		return fail(exitUsage, err)
	}
	g := dimacsFiles(args[1:], file, dir, cases, stdin, stdout)
	if err := g.Check(); err != nil {
		return fail(exitUsage, err)
	}
	if file != "" || dir != "" {
		defer abortOutputsOnSignal(os.Stderr)()
	}
	if dir != "" {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return fail(exitUsage, fmt.Errorf("dimacs: %w", err))
		}
		return writeDIMACSDir(p, spec, cases, parseErr, dir, g, f.refined)
	}
	if file == "" {
		return writeDIMACSStream(stdout, p, spec, cases, parseErr, f.refined)
	}
	// A file is replaced only when every case is written: bad input
	// leaves it as it was.
	o, err := compare.CreateOutput(file)
	if err != nil {
		return fail(exitUsage, fmt.Errorf("dimacs: -o %q: %w", file, err))
	}
	bw := bufio.NewWriterSize(o, 64<<10)
	if err := writeDIMACSStream(bw, p, spec, cases, parseErr, f.refined); err != nil {
		o.Abort()
		return err
	}
	if err := bw.Flush(); err != nil {
		o.Abort()
		return fail(exitFail, fmt.Errorf("dimacs: -o %q: %w", file, err))
	}
	if err := o.Commit(); err != nil {
		return fail(exitFail, fmt.Errorf("dimacs: -o %q: %w", file, err))
	}
	return nil
}

// pickCases are the cases to write: case n alone when n > 0, else all of
// them, which standard output and a file (not toDir) take only when there
// is one: a DIMACS file holds one formula.
func pickCases(cases []compare.Case, n int, toDir bool) ([]compare.Case, error) {
	if n < 0 {
		return nil, fmt.Errorf("--case %d: want a case number, from 1", n)
	}
	if n > 0 {
		for _, c := range cases {
			if c.Location().Case == n {
				return []compare.Case{c}, nil
			}
		}
		return nil, fmt.Errorf("--case %d: the input has %s", n, compare.Count(len(cases), "case"))
	}
	if len(cases) > 1 && !toDir {
		return nil, fmt.Errorf("the input has %d cases and a DIMACS file holds one formula: give --case N for one, or -o DIR/ for a file each", len(cases)) // plural-ok: two or more
	}
	return cases, nil
}

// writeDIMACSStream writes every case to w, one after another, then
// fails with parseErr if the input was bad after them.
func writeDIMACSStream(w io.Writer, p *compare.Puzzle, spec compare.Spec, cases []compare.Case, parseErr error, refined bool) error {
	for _, c := range cases {
		cnf, err := dimacsCNF(p, spec, c, refined)
		if err != nil {
			return err
		}
		if err := cnf.WriteDIMACS(w); err != nil {
			return fail(exitFail, fmt.Errorf("%s: %w", c.Location(), err))
		}
	}
	if parseErr != nil {
		return fail(exitUsage, parseErr)
	}
	return nil
}

// dimacsFormula is a formula that writes itself in DIMACS CNF (a
// Puzzle.CNF).
type dimacsFormula interface{ WriteDIMACS(w io.Writer) error }

// dimacsCNF is case c's CNF with the comments naming it.
func dimacsCNF(p *compare.Puzzle, spec compare.Spec, c compare.Case, refined bool) (dimacsFormula, error) {
	cnf, err := p.CNF(c, spec.Options, refined)
	if err != nil {
		return nil, fail(exitUsage, fmt.Errorf("%s: encoding: %w", c.Location(), err))
	}
	return headedFormula{dimacsHeader(p, c, spec.Options, refined), cnf}, nil
}

// headedFormula is a formula written after comment lines of its own, as
// the formula's own comments are ("c " and the line).
type headedFormula struct {
	header []string
	f      compare.Formula
}

// WriteDIMACS writes the header lines, then the formula.
func (h headedFormula) WriteDIMACS(w io.Writer) error {
	for _, line := range h.header {
		if _, err := fmt.Fprintf(w, "c %s\n", line); err != nil {
			return fmt.Errorf("writing DIMACS: %w", err)
		}
	}
	return h.f.WriteDIMACS(w)
}

// writeDIMACSDir writes each case to its own file in dir, each replaced
// only when complete; bad input stops after the cases before it. Then the
// case files in dir it did not write (an earlier run's) are removed.
func writeDIMACSDir(p *compare.Puzzle, spec compare.Spec, cases []compare.Case, parseErr error, dir string, input *outputs.Guard, refined bool) error {
	written := map[string]bool{}
	// A case that cannot be written (a full disk) stops the run with the
	// earlier run's case files kept: removing them would lose files for
	// nothing this run wrote in their place.
	err := writeDIMACSCases(p, spec, cases, dir, refined, written)
	if err != nil {
		return err
	}
	if err := removeStaleCases(dir, written, input); err != nil {
		return fail(exitFail, err)
	}
	if parseErr != nil {
		err = fail(exitUsage, parseErr)
	}
	return err
}

// writeDIMACSCases writes each case to its own file in dir, noting each
// file written in written.
func writeDIMACSCases(p *compare.Puzzle, spec compare.Spec, cases []compare.Case, dir string, refined bool, written map[string]bool) error {
	for _, c := range cases {
		cnf, err := dimacsCNF(p, spec, c, refined)
		if err != nil {
			return err
		}
		o, err := compare.CreateOutput(dimacsCasePath(dir, c))
		if err != nil {
			// Past the guard's checks: a full disk or a file in the
			// way, found while writing, is a failure, not bad input.
			return fail(exitFail, fmt.Errorf("dimacs: %s: %w", c.Location(), err))
		}
		bw := bufio.NewWriterSize(o, 64<<10)
		err = cnf.WriteDIMACS(bw)
		if err == nil {
			err = bw.Flush()
		}
		if err != nil {
			o.Abort()
			return fail(exitFail, fmt.Errorf("%s: %w", c.Location(), err))
		}
		if err := o.Commit(); err != nil {
			return fail(exitFail, fmt.Errorf("%s: %w", c.Location(), err))
		}
		written[filepath.Base(dimacsCasePath(dir, c))] = true
	}
	return nil
}

// removeStaleCases removes the case files (dimacsCasePath's names) in dir
// that are not written, sparing the input (a file named, or standard
// input's, whatever its name).
func removeStaleCases(dir string, written map[string]bool, input *outputs.Guard) error {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return fmt.Errorf("dimacs: %w", err)
	}
	for _, e := range entries {
		name := e.Name()
		if written[name] || !isCaseFile(name) || !e.Type().IsRegular() {
			continue
		}
		path := filepath.Join(dir, name)
		if input.IsInput(path) {
			continue
		}
		if err := os.Remove(path); err != nil && !os.IsNotExist(err) {
			return fmt.Errorf("dimacs: removing an earlier run's %w", err)
		}
	}
	return nil
}

// isCaseFile reports whether name is a case file's, as dimacsCasePath
// names them: case-NNN.cnf, three digits or more.
func isCaseFile(name string) bool {
	num, ok := strings.CutPrefix(name, "case-")
	num, ok2 := strings.CutSuffix(num, ".cnf")
	if !ok || !ok2 || len(num) < 3 {
		return false
	}
	for _, r := range num {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// dimacsCasePath is the file of case c in an output folder.
func dimacsCasePath(dir string, c compare.Case) string {
	return filepath.Join(dir, fmt.Sprintf("case-%03d.cnf", c.Location().Case))
}

// dimacsFiles names to a guard the files dimacs reads (its input, or
// standard input) and writes (-o FILE, each case file of -o DIR, or
// stdout).
func dimacsFiles(input []string, file, dir string, cases []compare.Case, stdin io.Reader, stdout io.Writer) *outputs.Guard {
	g := new(outputs.Guard)
	if len(input) == 0 || input[0] == "-" {
		g.Stdin(stdin)
	} else {
		g.Input("input", input[0])
	}
	switch {
	case file != "":
		g.Output("-o", file)
	case dir != "":
		for _, c := range cases {
			g.Output("-o", dimacsCasePath(dir, c))
		}
	default:
		g.Stdout(stdout)
	}
	return g
}

// dimacsHeader names the puzzle, the case and the options, as comment
// lines above the encoding's own.
func dimacsHeader(p *compare.Puzzle, c compare.Case, o compare.Options, refined bool) []string {
	loc := c.Location()
	file := loc.File
	if file == "" {
		file = "<stdin>"
	}
	kind := "the whole encoding (its sat solver adds no constraint lazily)"
	switch {
	case p.Lazy != "" && refined:
		kind = "eager encoding plus the " + p.Lazy + " a finished refinement loop added"
	case p.Lazy != "":
		kind = "eager encoding; the " + p.Lazy + " the sat solver adds lazily are not included, so a model may not be a solution (--refined adds those it found)"
	}
	var opts []string
	for k, v := range o {
		opts = append(opts, k+"="+v)
	}
	sort.Strings(opts)
	optText := "defaults"
	if len(opts) > 0 {
		optText = strings.Join(opts, " ")
	}
	return []string{
		fmt.Sprintf("gridsat dimacs: puzzle %s, %s", p.Name, kind),
		fmt.Sprintf("case %d of %s (line %d), size %s", loc.Case, file, loc.Line, c.Size()),
		"sat options: " + optText,
	}
}
