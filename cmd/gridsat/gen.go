package main

import (
	"bufio"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/gridsat/gridsat/compare"
	"github.com/gridsat/gridsat/compare/outputs"
)

func newGenCmd() *cobra.Command {
	var (
		g      compare.GenConfig
		params []string
		out    string
		mem    string
	)
	cmd := &cobra.Command{
		Use:   "gen PUZZLE [--size S] [--count N] [--seed N] [--param NAME=VALUE]",
		Short: "generate new instances in the judge format",
		Long: `gen writes new instances in the puzzle's judge format, on standard output or
to --out. The same flags and seed always give the same file. Each puzzle's
--size and --param (any other is refused):
` + genHelp(),
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			p, err := lookupPuzzle(args[0])
			if err != nil {
				return err
			}
			if p.Generate == nil {
				return fail(exitUsage, fmt.Errorf("%s has no generator", p.Name))
			}
			if g.Count < 1 {
				return fail(exitUsage, fmt.Errorf("--count must be at least 1"))
			}
			if g.Params, err = nameValues("--param", params); err != nil {
				return err
			}
			if err := compare.CheckGenParams(p, g.Params); err != nil {
				return fail(exitUsage, fmt.Errorf("--param: %w", err))
			}
			if err := genFits(p, g, mem); err != nil {
				return err
			}
			guard := new(outputs.Guard)
			if out == "" || out == "-" {
				guard.Stdout(cmd.OutOrStdout())
			} else {
				guard.Output("--out", out)
			}
			if err := guard.Check(); err != nil {
				return fail(exitUsage, fmt.Errorf("gen: %w", err))
			}
			if out == "" || out == "-" {
				bw := bufio.NewWriter(cmd.OutOrStdout())
				if err := p.Generate(bw, g); err != nil {
					return fail(exitUsage, fmt.Errorf("gen %s: %w", p.Name, err))
				}
				if err := bw.Flush(); err != nil {
					return fail(exitFail, fmt.Errorf("gen: %w", err))
				}
				return nil
			}
			// A file is replaced only by a complete output: bad
			// parameters, found as the generator starts, leave it as it was.
			defer abortOutputsOnSignal(cmd.ErrOrStderr())()
			o, err := compare.CreateOutput(out)
			if err != nil {
				return fail(exitUsage, fmt.Errorf("gen: --out %q: %w", out, err))
			}
			defer o.Abort()
			cw := &checkedWriter{w: o}
			bw := bufio.NewWriterSize(cw, 64<<10)
			if err := p.Generate(bw, g); err != nil {
				return fail(writeOr(cw, exitUsage), fmt.Errorf("gen %s: %w", p.Name, err))
			}
			if err := bw.Flush(); err != nil {
				return fail(exitFail, fmt.Errorf("gen: %w", err))
			}
			if err := o.Commit(); err != nil {
				return fail(exitFail, fmt.Errorf("gen: --out %q: %w", out, err))
			}
			return nil
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&g.Size, "size", "", "instance size (puzzle's syntax: 10x10, 10)")
	fl.IntVar(&g.Count, "count", 1, "how many instances")
	fl.Int64Var(&g.Seed, "seed", 1, "random seed")
	fl.StringArrayVar(&params, "param", nil, "puzzle-specific NAME=VALUE (repeatable)")
	fl.StringVarP(&out, "out", "o", "", "write to this file instead of standard output")
	fl.StringVar(&mem, "mem", "2GiB", "refuse, before generating, a size whose estimated peak memory passes this (0: none)")
	return cmd
}

// genFits refuses, as a usage error, generating g when its estimated
// peak memory passes the --mem limit mem (a board too large for the
// machine crashed with a fatal out-of-memory, its temporary file left).
func genFits(p *compare.Puzzle, g compare.GenConfig, mem string) error {
	limit, err := parseSize(mem)
	if err != nil {
		return fail(exitUsage, fmt.Errorf("--mem: %w", err))
	}
	if limit <= 0 || p.GenMemory == nil {
		return nil
	}
	if est := p.GenMemory(g); est > limit {
		return fail(exitUsage, fmt.Errorf("gen %s --size %s refused before generating: estimated peak memory %s is over the %s limit (--mem; 0 for none)",
			p.Name, g.Size, compare.FormatBytes(est), compare.FormatBytes(limit)))
	}
	return nil
}
