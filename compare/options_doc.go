package compare

import (
	"fmt"
	"slices"
	"strings"
)

// OptionTablesBegin and OptionTablesEnd mark the option tables in
// compare/README.md, which OptionTables writes (gridsat puzzles --markdown)
// and a test holds to the declarations.
const (
	OptionTablesBegin = "<!-- options:begin -->"
	OptionTablesEnd   = "<!-- options:end -->"
)

// OptionTables returns the options of every solver of ps and their
// generators' parameters as markdown, ps sorted by name: a section per
// puzzle, a table per
// solver (option, values, default, what it does) and one for gen's
// --param, as compare/README.md shows them between its markers.
func OptionTables(ps []*Puzzle) string {
	ps = slices.Clone(ps)
	slices.SortFunc(ps, func(a, b *Puzzle) int { return strings.Compare(a.Name, b.Name) })
	var b strings.Builder
	for i, p := range ps {
		if i > 0 {
			b.WriteString("\n")
		}
		fmt.Fprintf(&b, "### %s\n", p.Name)
		for _, s := range p.Solvers {
			fmt.Fprintf(&b, "\n`%s` (%s):\n\n", s.Name, mdCell(s.Doc))
			mdTable(&b, "option", s.Options)
		}
		if p.Generate != nil {
			fmt.Fprintf(&b, "\n`gridsat gen %s` (%s), `--param NAME=VALUE`:\n\n", p.Name, mdCell(p.GenDoc))
			mdTable(&b, "parameter", p.GenParams)
		}
	}
	return b.String()
}

// mdTable writes the table of options docs, "none" when there are none.
func mdTable(b *strings.Builder, what string, docs []OptionDoc) {
	if len(docs) == 0 {
		b.WriteString("none\n")
		return
	}
	fmt.Fprintf(b, "| %s | values | default | what it does |\n|---|---|---|---|\n", what)
	for _, o := range docs {
		fmt.Fprintf(b, "| `%s` | %s | %s | %s |\n", o.Name, mdValues(o.Values), mdDefault(o.Default), mdCell(o.Doc))
	}
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
