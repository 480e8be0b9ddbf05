package main

import (
	"fmt"
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
