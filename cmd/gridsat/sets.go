package main

import (
	"bytes"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/gridsat/gridsat/compare"
)

func newSetsCmd() *cobra.Command {
	var cat bool
	cmd := &cobra.Command{
		Use:   "sets [PUZZLE] [--cat SET]",
		Short: "list the bundled instance sets (or print one with --cat)",
		Long: `sets lists the instance sets embedded in gridsat, with their case counts and
sizes; "gridsat compare PUZZLE SET" runs one, and "gridsat sets --cat
` + exampleSet().String() + `" prints one, to edit or to feed to another program.`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			w := cmd.OutOrStdout()
			puzzle := ""
			if len(args) == 1 {
				puzzle = args[0]
			}
			if cat {
				if len(args) != 1 {
					return fail(exitUsage, fmt.Errorf("--cat takes a set such as %s", exampleSet()))
				}
				for _, s := range compare.Sets("") {
					if s.String() == args[0] {
						b, err := compare.ReadSet(s)
						if err != nil {
							return fail(exitFail, err)
						}
						if _, err := w.Write(b); err != nil {
							return fail(exitFail, fmt.Errorf("writing standard output: %w", err))
						}
						return nil
					}
				}
				return fail(exitUsage, fmt.Errorf("no bundled set %q", args[0]))
			}
			if puzzle != "" {
				if _, err := lookupPuzzle(puzzle); err != nil {
					return err
				}
			}
			for _, s := range compare.Sets(puzzle) {
				p, err := compare.Lookup(s.Puzzle)
				if err != nil {
					continue
				}
				b, err := compare.ReadSet(s)
				if err != nil {
					return fail(exitFail, err)
				}
				cases, err := p.Parse(s.Path, bytes.NewReader(b))
				if err != nil {
					fmt.Fprintln(cmd.ErrOrStderr(), "gridsat:", err)
				}
				noun := "cases"
				if len(cases) == 1 {
					noun = "case "
				}
				fmt.Fprintf(w, "%-20s %4d %s  %s\n", s.String(), len(cases), noun, sizeSummary(cases))
			}
			return nil
		},
	}
	cmd.Flags().BoolVar(&cat, "cat", false, "print the set's file instead of listing")
	return cmd
}

// sizeSummary says in a few words what sizes cases have: all of them when
// there are at most four ("3x3 5x5"), else each NAME=N field's range
// ("N=3..10 K=1..10"), else the smallest and largest by cells ("5x5 ..
// 50x50, 7 sizes").
func sizeSummary(cases []compare.Case) string {
	var sizes []string
	cells := map[string]int{}
	for _, c := range cases {
		if _, ok := cells[c.Size()]; !ok {
			cells[c.Size()] = c.Cells()
			sizes = append(sizes, c.Size())
		}
	}
	if len(sizes) <= 4 {
		return strings.Join(sizes, " ")
	}
	if r, ok := fieldRanges(sizes); ok {
		return r
	}
	sort.SliceStable(sizes, func(a, b int) bool { return cells[sizes[a]] < cells[sizes[b]] })
	return fmt.Sprintf("%s .. %s, %d sizes", sizes[0], sizes[len(sizes)-1], len(sizes))
}

// fieldRanges summarizes sizes made of the same NAME=N fields as each
// field's range: "N=3..10 K=1..10".
func fieldRanges(sizes []string) (string, bool) {
	var names []string
	var lo, hi []int
	for i, size := range sizes {
		fields := strings.Fields(size)
		if i == 0 {
			names = make([]string, len(fields))
			lo, hi = make([]int, len(fields)), make([]int, len(fields))
		} else if len(fields) != len(names) {
			return "", false
		}
		for k, f := range fields {
			name, val, ok := strings.Cut(f, "=")
			n, err := strconv.Atoi(val)
			if !ok || err != nil || (i > 0 && name != names[k]) {
				return "", false
			}
			if i == 0 {
				names[k], lo[k], hi[k] = name, n, n
			}
			lo[k], hi[k] = min(lo[k], n), max(hi[k], n)
		}
	}
	parts := make([]string, len(names))
	for k, name := range names {
		parts[k] = fmt.Sprintf("%s=%d..%d", name, lo[k], hi[k])
		if lo[k] == hi[k] {
			parts[k] = fmt.Sprintf("%s=%d", name, lo[k])
		}
	}
	return strings.Join(parts, " "), true
}
