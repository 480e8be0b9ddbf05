package compare

import (
	"fmt"
	"strings"
)

// OptionTablesBegin and OptionTablesEnd mark the option tables in
// compare/README.md, which OptionTables writes (gridsat puzzles --markdown)
// and a test holds to the declarations.
const (
	OptionTablesBegin = "<!-- options:begin -->"
	OptionTablesEnd   = "<!-- options:end -->"
)

// OptionTables returns every registered solver's options as markdown: a
// section per puzzle, a table per solver (option, values, default, what it
// does), as compare/README.md shows them between its markers.
func OptionTables() string {
	var b strings.Builder
	for i, p := range Puzzles() {
		if i > 0 {
			b.WriteString("\n")
		}
		fmt.Fprintf(&b, "### %s\n", p.Name)
		for _, s := range p.Solvers {
			fmt.Fprintf(&b, "\n`%s` (%s):\n\n", s.Name, mdCell(s.Doc))
			if len(s.Options) == 0 {
				b.WriteString("no options\n")
				continue
			}
			b.WriteString("| option | values | default | what it does |\n|---|---|---|---|\n")
			for _, o := range s.Options {
				fmt.Fprintf(&b, "| `%s` | %s | %s | %s |\n", o.Name, mdValues(o.Values), mdDefault(o.Default), mdCell(o.Doc))
			}
		}
	}
	return b.String()
}

// mdValues spells an option's values as a list of code words.
func mdValues(values string) string {
	words := strings.Split(values, "|")
	for i, w := range words {
		words[i] = "`" + w + "`"
	}
	return strings.Join(words, ", ")
}

// mdDefault spells a default: a value as code, a phrase as text, none
// when unset.
func mdDefault(def string) string {
	switch {
	case def == "":
		return "none"
	case strings.Contains(def, " "):
		return mdCell(def)
	}
	return "`" + def + "`"
}

// mdCell escapes the pipes of text for a table cell.
func mdCell(text string) string {
	return strings.ReplaceAll(text, "|", `\|`)
}
