package main

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/gridsat/gridsat/compare"
)

// The help texts that speak of each puzzle are built from the registry,
// so that a puzzle added there is described everywhere and no command
// names a puzzle by hand.

// crossCheckHelp is compare's paragraph on what the cross-checks demand,
// one clause per puzzle.
func crossCheckHelp() string {
	var parts []string
	for _, p := range compare.Puzzles() {
		if p.CrossCheck != "" {
			parts = append(parts, p.Name+" "+p.CrossCheck)
		}
	}
	return wrap("Cross-checks: "+strings.Join(parts, "; ")+".", "", helpWidth)
}

// genHelp describes each puzzle's generator: the --size it takes, what it
// makes, each --param with its values and default, and an example.
func genHelp() string {
	var b strings.Builder
	for _, p := range compare.Puzzles() {
		if p.Generate == nil {
			continue
		}
		b.WriteString("\n" + wrap(p.Name+": "+p.GenDoc, "    ", helpWidth) + "\n")
		for _, d := range p.GenParams {
			line := fmt.Sprintf("  --param %s=%s (default %s): %s", d.Name, d.Values, d.Default, d.Doc)
			b.WriteString(wrap(line, "      ", helpWidth) + "\n")
		}
		if g := p.GenSmall; g.Size != "" {
			b.WriteString(wrap("  example: gridsat gen "+p.Name+genFlags(g), "      ", helpWidth) + "\n")
		}
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// genFlags is the command line that asks gen for g.
func genFlags(g compare.GenConfig) string {
	s := fmt.Sprintf(" --size %s --count %d --seed %d", g.Size, g.Count, g.Seed)
	var params []string
	for name, v := range g.Params {
		params = append(params, " --param "+name+"="+v)
	}
	sort.Strings(params)
	return s + strings.Join(params, "")
}

// helpWidth is the width help texts are wrapped to.
const helpWidth = 79

// wrap breaks text at spaces into lines of at most width characters (a
// longer word stands alone), the lines after the first starting with
// indent; text's own leading spaces are kept.
func wrap(text, indent string, width int) string {
	lead := text[:len(text)-len(strings.TrimLeft(text, " "))]
	var lines []string
	line := lead
	for _, w := range strings.Fields(text) {
		switch {
		case line == lead || line == indent:
			line += w
		case len(line)+1+len(w) > width:
			lines = append(lines, line)
			line = indent + w
		default:
			line += " " + w
		}
	}
	return strings.Join(append(lines, line), "\n")
}

// cnfHelp is dimacs's paragraph on what each puzzle's options do to the
// CNF written.
func cnfHelp() string {
	var parts []string
	for _, p := range compare.Puzzles() {
		if p.CNF != nil && p.CNFDoc != "" {
			parts = append(parts, wrap("For "+p.Name+", "+p.CNFDoc+".", "", helpWidth))
		}
	}
	return strings.Join(parts, "\n")
}

// takers names, comma-separated, the puzzles one of whose solvers takes
// option name.
func takers(option string) string {
	var names []string
	for _, p := range compare.Puzzles() {
		if slices.ContainsFunc(p.Solvers, func(s compare.Solver) bool {
			return slices.ContainsFunc(s.Options, func(d compare.OptionDoc) bool { return d.Name == option })
		}) {
			names = append(names, p.Name)
		}
	}
	if len(names) == 0 {
		return "no puzzle"
	}
	return strings.Join(names, ", ")
}

// examplePuzzle names the first puzzle ok accepts, for an example in a
// help text ("PUZZLE" when there is none).
func examplePuzzle(ok func(*compare.Puzzle) bool) string {
	for _, p := range compare.Puzzles() {
		if ok(p) {
			return p.Name
		}
	}
	return "PUZZLE"
}

// exampleSet is a bundled set of a registered puzzle, for examples in
// help texts and messages.
func exampleSet() compare.Set {
	if sets := compare.Sets(""); len(sets) > 0 {
		return sets[0]
	}
	return compare.Set{Puzzle: "PUZZLE", Name: "SET"}
}

// setExample is the two ways a bundled set is named on compare's command
// line: "SET" or "PUZZLE/SET".
func setExample() string {
	s := exampleSet()
	return fmt.Sprintf("%q or %q", s.Name, s.String())
}
