package main

import (
	"bufio"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/gridsat/gridsat/compare"
	"github.com/gridsat/gridsat/compare/outputs"
)

func newSplitCmd() *cobra.Command {
	var (
		cfg      = compare.SplitConfig{Bound: -1}
		out      string
		estimate bool
		probes   int
	)
	cmd := &cobra.Command{
		Use:   "split PUZZLE FILE --jobs N [--bound K] [-o OUT]",
		Short: "cut each case of an input into parts to run on many processes or machines",
		Long: `split cuts each case of FILE into at most --jobs parts (fewer only when no
part can be cut further) and writes them, on standard output or to --out,
as one input of the puzzle: each part is a case restricted so that the
parts' answers together give the case's (the least of them, or for a
puzzle whose parts split its solutions, whether any, one or several
parts have solutions). A part carries a line naming
the whole case (a hash of its text), its number "I/N" and a sum of its
text; a part edited or cut short is refused. Run the parts as any input
(compare --shard i/n on many machines, GNU parallel or a Slurm
array: docs/split.md), then gridsat report on the results files joins
the parts into each case's answer, only when every part is there and
settled, and names the parts missing otherwise.

` + splitHelp(),
		Args: cobra.ExactArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error {
			p, err := lookupPuzzle(args[0])
			if err != nil {
				return err
			}
			if p.Split == nil {
				return fail(exitUsage, fmt.Errorf("%s cannot be split", p.Name))
			}
			if cfg.Jobs < 1 {
				return fail(exitUsage, fmt.Errorf("--jobs must be at least 1"))
			}
			if estimate {
				if probes < 1 {
					return fail(exitUsage, fmt.Errorf("--estimate --probes %d: want at least 1", probes))
				}
				cfg.Estimate = probes
			}
			if cmd.Flags().Changed("bound") && cfg.Bound < 0 {
				return fail(exitUsage, fmt.Errorf("--bound %d: want at least 0", cfg.Bound))
			}
			g := new(outputs.Guard)
			if args[1] == "-" {
				g.Stdin(cmd.InOrStdin())
			} else {
				g.Input("input", args[1])
			}
			if out == "" || out == "-" {
				g.Stdout(cmd.OutOrStdout())
			} else {
				g.Output("--out", out)
			}
			if err := g.Check(); err != nil {
				return fail(exitUsage, fmt.Errorf("split: %w", err))
			}
			cases, parseErr, err := readCases(p, cmd.InOrStdin(), args[1:])
			if err != nil {
				return err
			}
			if parseErr != nil {
				return fail(exitUsage, parseErr)
			}
			return writeSplit(cmd, p, cases, cfg, out)
		},
	}
	fl := cmd.Flags()
	fl.IntVar(&cfg.Jobs, "jobs", 0, "how many parts to cut each case into")
	fl.IntVar(&cfg.Bound, "bound", -1, "the most each part looks for (queens: queens; default the puzzle's own upper bound)")
	fl.StringVarP(&out, "out", "o", "", "write to this file instead of standard output")
	fl.BoolVar(&estimate, "estimate", false, "queens: write each part's estimated search nodes and CPU time (Knuth's random probes, with their spread) instead of the parts")
	fl.IntVar(&probes, "probes", 4096, "with --estimate: random probes for each k of each part")
	return cmd
}

// splitHelp lists, for each puzzle that can be split, how.
func splitHelp() string {
	var b strings.Builder
	for _, p := range compare.Puzzles() {
		if p.Split != nil {
			fmt.Fprintf(&b, "%s: %s\n", p.Name, strings.ReplaceAll(p.SplitDoc, "\n", "\n  "))
		}
	}
	return b.String()
}

// writeSplit writes the parts of cases to out (standard output when "" or
// "-"); a file is replaced only by a complete output.
func writeSplit(cmd *cobra.Command, p *compare.Puzzle, cases []compare.Case, cfg compare.SplitConfig, out string) error {
	if out == "" || out == "-" {
		bw := bufio.NewWriter(cmd.OutOrStdout())
		if err := p.Split(bw, cases, cfg); err != nil {
			return fail(exitUsage, fmt.Errorf("split %s: %w", p.Name, err))
		}
		if err := bw.Flush(); err != nil {
			return fail(exitFail, fmt.Errorf("split: %w", err))
		}
		return nil
	}
	defer abortOutputsOnSignal(cmd.ErrOrStderr())()
	o, err := compare.CreateOutput(out)
	if err != nil {
		return fail(exitUsage, fmt.Errorf("split: --out %q: %w", out, err))
	}
	defer o.Abort()
	cw := &checkedWriter{w: o}
	bw := bufio.NewWriterSize(cw, 64<<10)
	if err := p.Split(bw, cases, cfg); err != nil {
		return fail(writeOr(cw, exitUsage), fmt.Errorf("split %s: %w", p.Name, err))
	}
	if err := bw.Flush(); err != nil {
		return fail(exitFail, fmt.Errorf("split: %w", err))
	}
	if err := o.Commit(); err != nil {
		return fail(exitFail, fmt.Errorf("split: --out %q: %w", out, err))
	}
	return nil
}
