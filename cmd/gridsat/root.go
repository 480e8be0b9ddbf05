package main

import (
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"github.com/gridsat/gridsat/compare"
	"github.com/gridsat/gridsat/compare/harness"
)

func newRoot() *cobra.Command {
	root := &cobra.Command{
		Use:   "gridsat",
		Short: "solve grid puzzles by depth-first search and by SAT, and compare the two",
		Long: `gridsat solves grid puzzles two ways, by hand-written depth-first search
(solver "dfs") and by SAT encodings with lazily added constraints (solver
"sat"), and compares the two side by side.

Puzzles:
` + puzzleList() + `
Exit status: 0 on success; 1 when a case has no solution its judge format
has no answer for (solve), or an answer fails verification, the solvers
disagree, a solver, the harness or (report) a run is missing (compare,
report); 2 on bad input or bad usage, refused before anything runs; 130
when interrupted.`,
		SilenceUsage:  true,
		SilenceErrors: true,
		Version:       versionLine(harness.BuildRevision()),
	}
	root.SetFlagErrorFunc(flagHint)
	root.AddCommand(newSolveCmd(), newCompareCmd(), newPuzzlesCmd(), newWorkerCmd(), newSetsCmd(), newGenCmd())
	root.AddCommand(newDimacsCmd(), newReportCmd(), newSplitCmd(), newMeasureCmd())
	flagsOnce(root)
	return root
}

// versionLine is what --version prints after "gridsat version": the
// version and the revision built from, or how to record it. This machine's
// Go may build with -buildvcs=false (GOFLAGS), which records none; the
// revision is then taken from -ldflags -X, never from git at run time.
func versionLine(rev string) string {
	if rev == compare.RevisionUnknown {
		return compare.Version + "; revision not recorded by this build (go build -buildvcs=true, or -ldflags \"-X github.com/gridsat/gridsat/compare.Revision=$(git rev-parse --short HEAD)\")"
	}
	return compare.Version + " (revision " + rev + ")"
}

func puzzleList() string {
	var b strings.Builder
	for _, name := range compare.PuzzleNames() {
		p, _ := compare.Lookup(name)
		fmt.Fprintf(&b, "  %-8s %s\n", name, p.Summary)
	}
	return b.String()
}

func newPuzzlesCmd() *cobra.Command {
	var markdown bool
	cmd := &cobra.Command{
		Use:   "puzzles",
		Short: "list the puzzles, their solvers, options and input formats",
		Long: `puzzles lists every puzzle with its input formats, its solvers and each
solver's options, and its generator's parameters: NAME=VALUES (the values it
takes; N is a count), the default, and what it does. --markdown prints them
as the tables of compare/README.md instead.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			w := cmd.OutOrStdout()
			if markdown {
				_, err := io.WriteString(w, compare.OptionTables(compare.Puzzles()))
				return err
			}
			for _, p := range compare.Puzzles() {
				fmt.Fprintln(w, wrap(p.Name+": "+p.Summary, "  ", helpWidth))
				if p.Formats != "" {
					fmt.Fprintf(w, "  input: %s\n", strings.ReplaceAll(strings.TrimSpace(p.Formats), "\n", "\n         "))
				}
				for _, s := range p.Solvers {
					fmt.Fprintln(w, wrap(fmt.Sprintf("  solver %s: %s", s.Name, s.Doc), "      ", helpWidth))
					printOptions(w, s.Options)
				}
				if p.Generate != nil {
					fmt.Fprintln(w, wrap("  gen: "+p.GenDoc+"; --param NAME=VALUE:", "      ", helpWidth))
					printOptions(w, p.GenParams)
				}
				fmt.Fprintln(w)
			}
			return nil
		},
	}
	cmd.Flags().BoolVar(&markdown, "markdown", false, "print the option tables as markdown (compare/README.md's, between its option markers)")
	return cmd
}

// printOptions writes one wrapped line per option: NAME=VALUES, the
// default, what it does.
func printOptions(w io.Writer, docs []compare.OptionDoc) {
	for _, o := range docs {
		def := o.Default
		if def == "" {
			def = "none"
		}
		fmt.Fprintln(w, wrap(fmt.Sprintf("    %s=%s (default %s): %s", o.Name, o.Values, def, o.Doc), "        ", helpWidth))
	}
}

// lookupPuzzle resolves the puzzle argument, as a usage error when unknown.
func lookupPuzzle(name string) (*compare.Puzzle, error) {
	p, err := compare.Lookup(name)
	if err != nil {
		return nil, fail(exitUsage, err)
	}
	return p, nil
}

// optionFlags turns repeated --opt key=value flags into options.
func optionFlags(kvs []string) (compare.Options, error) {
	return nameValues("--opt", kvs)
}

// nameValues reads the NAME=VALUE arguments of the repeatable flag (a bare
// NAME means NAME=true); a name given twice is refused, since only one
// value could count.
func nameValues(flag string, kvs []string) (compare.Options, error) {
	o := compare.Options{}
	for _, kv := range kvs {
		k, v, ok := strings.Cut(kv, "=")
		if !ok {
			v = "true"
		}
		if k == "" {
			return nil, fail(exitUsage, fmt.Errorf("%s %q: want NAME=VALUE", flag, kv))
		}
		if old, dup := o[k]; dup {
			return nil, fail(exitUsage, fmt.Errorf("%s %s is given twice (%q, then %q)", flag, k, old, v))
		}
		o[k] = v
	}
	return o, nil
}

// checkOptions refuses options the spec's solver does not take.
func checkOptions(p *compare.Puzzle, spec compare.Spec, opts compare.Options) error {
	for k := range opts {
		if !specKnows(spec, k) && (k == compare.CertifyOption || k == compare.ProofsOption) {
			return fail(exitUsage, fmt.Errorf("--certify: solver %s writes no proofs; the sat solver does: --solver sat --certify", spec.Solver.Name))
		}
		if !specKnows(spec, k) {
			return fail(exitUsage, fmt.Errorf("solver %s of %s takes no option %q", spec.Solver.Name, p.Name, k))
		}
	}
	return nil
}

// readCases parses the input named by args (a file, or standard input when
// there is none or it is "-"). parseErr is bad input met after the cases
// returned; err is a file that cannot be opened.
func readCases(p *compare.Puzzle, stdin io.Reader, args []string) (cases []compare.Case, parseErr, err error) {
	in, file := stdin, ""
	if len(args) > 0 && args[0] != "-" {
		file = args[0]
		fh, err := os.Open(file)
		if err != nil {
			return nil, nil, fail(exitUsage, fmt.Errorf("reading input: %w", err))
		}
		defer fh.Close()
		in = fh
	}
	cases, parseErr = p.Parse(file, in)
	return cases, parseErr, nil
}
