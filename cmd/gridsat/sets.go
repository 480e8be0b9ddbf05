package main

import (
	"bytes"
	"fmt"
	"os"

	"github.com/spf13/cobra"

	"github.com/gridsat/gridsat/compare"
	"github.com/gridsat/gridsat/instances"
)

func newSetsCmd() *cobra.Command {
	var cat bool
	cmd := &cobra.Command{
		Use:   "sets [PUZZLE] [--cat SET]",
		Short: "list the bundled instance sets (or print one with --cat)",
		Long: `sets lists the instance sets embedded in gridsat, with their case counts and
sizes; "gridsat compare PUZZLE SET" runs one, and "gridsat sets --cat
slant/ladder" prints one, to edit or to feed to another program.`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			w := cmd.OutOrStdout()
			puzzle := ""
			if len(args) == 1 {
				puzzle = args[0]
			}
			if cat {
				if len(args) != 1 {
					return fail(exitUsage, fmt.Errorf("--cat takes a set such as slant/ladder"))
				}
				for _, s := range instances.Sets("") {
					if s.String() == args[0] {
						b, err := instances.ReadSet(s.Path)
						if err != nil {
							return fail(exitFail, err)
						}
						_, err = w.Write(b)
						return err
					}
				}
				return fail(exitUsage, fmt.Errorf("no bundled set %q", args[0]))
			}
			if puzzle != "" {
				if _, err := lookupPuzzle(puzzle); err != nil {
					return err
				}
			}
			for _, s := range instances.Sets(puzzle) {
				p, err := compare.Lookup(s.Puzzle)
				if err != nil {
					continue
				}
				b, err := instances.ReadSet(s.Path)
				if err != nil {
					return fail(exitFail, err)
				}
				cases, err := p.Parse(s.Path, bytes.NewReader(b))
				if err != nil {
					fmt.Fprintln(os.Stderr, "gridsat:", err)
				}
				sizes := ""
				seen := map[string]bool{}
				for _, c := range cases {
					if !seen[c.Size()] {
						seen[c.Size()] = true
						if sizes != "" {
							sizes += " "
						}
						sizes += c.Size()
					}
				}
				fmt.Fprintf(w, "%-22s %4d cases  %s\n", s.String(), len(cases), sizes)
			}
			return nil
		},
	}
	cmd.Flags().BoolVar(&cat, "cat", false, "print the set's file instead of listing")
	return cmd
}
