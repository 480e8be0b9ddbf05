package main

import (
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"github.com/gridsat/gridsat/compare"
)

type compareFlags struct {
	solvers string
	format  string
	unique  bool
	opts    []string
}

func newCompareCmd() *cobra.Command {
	var f compareFlags
	cmd := &cobra.Command{
		Use:   "compare PUZZLE PATH...",
		Short: "run the solvers on instance sets, verify and cross-check every answer, and report",
		Long: `compare runs every solver on every case of every PATH (a judge-format file,
or a directory whose .txt files are read), checks every answer with the
puzzle's independent verifier, checks that the solvers agree, and prints one
row per case: case, size, then per solver its verdict (ok, unsat, timeout,
memout, error, WRONG), time and statistics, then agreement. A summary follows.

The exit status is 0 only when every answer verifies and the solvers agree.

Solvers are given as --solvers dfs,sat; options follow a solver's name after
colons, so variants can be compared as columns:
  --solvers dfs,sat,sat:backend=gini`,
		Args: cobra.MinimumNArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error {
			return runCompare(cmd.OutOrStdout(), cmd.ErrOrStderr(), args, f)
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&f.solvers, "solvers", "dfs,sat", "comma-separated solver specs, e.g. dfs,sat,sat:backend=gini")
	fl.StringVar(&f.format, "format", "table", "report format: "+strings.Join(compare.Formats, ", "))
	fl.BoolVar(&f.unique, "unique", false, "also prove uniqueness (slant); the solvers must then agree on it")
	fl.StringArrayVar(&f.opts, "opt", nil, "option NAME=VALUE for every solver that takes it (repeatable)")
	return cmd
}

func runCompare(stdout, stderr io.Writer, args []string, f compareFlags) error {
	p, err := lookupPuzzle(args[0])
	if err != nil {
		return err
	}
	if !validFormat(f.format) {
		return fail(exitUsage, fmt.Errorf("unknown --format %q (known: %s)", f.format, strings.Join(compare.Formats, ", ")))
	}
	base, err := optionFlags(f.opts)
	if err != nil {
		return err
	}
	if f.unique {
		base[compare.UniqueOption] = "true"
	}
	var specs []compare.Spec
	var names []string
	for _, text := range strings.Split(f.solvers, ",") {
		spec, err := p.ParseSpec(strings.TrimSpace(text), nil)
		if err != nil {
			return fail(exitUsage, err)
		}
		for k, v := range base {
			if _, set := spec.Options[k]; !set && specKnows(spec, k) {
				spec.Options[k] = v
			}
		}
		specs = append(specs, spec)
		names = append(names, spec.Text)
	}
	var sources []*compare.Source
	var loadErr error
	for _, path := range args[1:] {
		srcs, err := compare.LoadPath(p, path)
		sources = append(sources, srcs...)
		if err != nil {
			loadErr = err
			break
		}
	}
	if loadErr != nil && len(sources) == 0 {
		return fail(exitUsage, loadErr)
	}
	rows := compare.Compare(compare.Config{Puzzle: p, Specs: specs, Sources: sources})
	if err := compare.Write(stdout, f.format, names, rows); err != nil {
		return fail(exitFail, err)
	}
	if loadErr != nil {
		return fail(exitUsage, fmt.Errorf("stopped reading input (the rows above were run): %w", loadErr))
	}
	for _, r := range rows {
		if r.Failed() {
			return quiet(exitFail)
		}
	}
	return nil
}

func validFormat(f string) bool {
	for _, k := range compare.Formats {
		if k == f {
			return true
		}
	}
	return false
}

var _ = os.Stderr
