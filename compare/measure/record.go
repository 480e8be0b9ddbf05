package measure

import (
	_ "embed"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// Recorded is MEASUREMENTS.md as this binary was built with it.
//
//go:embed MEASUREMENTS.md
var Recorded string

// A Record is one figure as MEASUREMENTS.md records it.
type Record struct {
	ID     string
	Value  float64 // as written: seconds, MiB or as printed
	Text   string  // as written: "1.07 s", "2.74x"
	Commit string
	Load   string
	Date   string
}

// Records reads the figures' table of a MEASUREMENTS.md.
func Records(md string) (map[string]Record, error) {
	out := map[string]Record{}
	for i, line := range strings.Split(md, "\n") {
		cells := tableCells(line)
		if len(cells) != len(recordColumns) || cells[0] == "id" || strings.HasPrefix(cells[0], "-") {
			continue
		}
		id := strings.Trim(cells[0], "`")
		v, err := leadingNumber(cells[2])
		if err != nil {
			return nil, fmt.Errorf("MEASUREMENTS.md line %d: figure %s: value %q: %w", i+1, id, cells[2], err)
		}
		if _, dup := out[id]; dup {
			return nil, fmt.Errorf("MEASUREMENTS.md line %d: figure %s recorded twice", i+1, id)
		}
		out[id] = Record{ID: id, Value: v, Text: cells[2], Commit: cells[5], Load: cells[6], Date: cells[7]}
	}
	return out, nil
}

// recordColumns are the columns of MEASUREMENTS.md's table.
var recordColumns = []string{"id", "figure", "value", "range", "repeats", "commit", "load", "date"}

// tableCells are the cells of a Markdown table row, trimmed; nil for a
// line that is not one.
func tableCells(line string) []string {
	line = strings.TrimSpace(line)
	if !strings.HasPrefix(line, "|") || !strings.HasSuffix(line, "|") || len(line) < 2 {
		return nil
	}
	cells := strings.Split(line[1:len(line)-1], "|")
	for i := range cells {
		cells[i] = strings.TrimSpace(cells[i])
	}
	return cells
}

// leadingNumber is the number s starts with ("1.07 s", "2.74x").
func leadingNumber(s string) (float64, error) {
	end := strings.IndexFunc(s, func(r rune) bool { return !strings.ContainsRune("0123456789.+-e", r) })
	if end < 0 {
		end = len(s)
	}
	return strconv.ParseFloat(s[:end], 64)
}

// Format prints a value of a figure's metric in its unit.
func Format(m Metric, v float64) string {
	switch m {
	case CPU, Wall:
		return strconv.FormatFloat(v, 'f', decimals(v), 64) + " s"
	case PeakRSS:
		v /= 1 << 20
		return strconv.FormatFloat(v, 'f', decimals(v), 64) + " MiB"
	}
	return strconv.FormatFloat(v, 'f', decimals(v), 64) + "x"
}

// Ratio is v's median over r's value, in one unit.
func Ratio(v Value, r Record) float64 {
	now := v.Median
	if v.Figure.Metric == PeakRSS {
		now /= 1 << 20
	}
	return now / r.Value
}

// decimals keeps three significant digits below 100 and whole numbers
// above.
func decimals(v float64) int {
	switch {
	case v >= 100:
		return 0
	case v >= 10:
		return 1
	}
	return 2
}

// Markdown writes MEASUREMENTS.md for values measured at commit on
// machine, each at the load given beside it (the 1-minute load average
// when its measurement started).
func Markdown(w io.Writer, values []Value, loads []float64, commit, machine, date string) error {
	var b strings.Builder
	b.WriteString(mdHead)
	fmt.Fprintf(&b, "Recorded on %s at commit %s, on: %s.\n\n", date, commit, machine)
	b.WriteString("| " + strings.Join(recordColumns, " | ") + " |\n")
	b.WriteString("|" + strings.Repeat(" --- |", len(recordColumns)) + "\n")
	for i, v := range values {
		span := "-"
		if v.Repeats > 1 {
			span = Format(v.Figure.Metric, v.Min) + " - " + Format(v.Figure.Metric, v.Max)
		}
		fmt.Fprintf(&b, "| `%s` | %s | %s | %s | %d | %s | %.1f | %s |\n", v.Figure.ID, v.Figure.What,
			Format(v.Figure.Metric, v.Median), span, v.Repeats, commit, loads[i], date)
	}
	b.WriteString("\n## How each figure is made\n\n")
	b.WriteString("`{dir}` is a scratch folder; every command but the last makes instances, the last is measured.\n")
	for _, v := range values {
		fmt.Fprintf(&b, "\n### %s\n\n", v.Figure.ID)
		for _, step := range v.Figure.Steps {
			fmt.Fprintf(&b, "    gridsat %s\n", strings.Join(step, " "))
		}
		fmt.Fprintf(&b, "\nread: %s\n", describe(v.Figure))
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// describe says what is read off a figure's measured run.
func describe(f Figure) string {
	what := map[Metric]string{CPU: "user+system CPU time of the process and its workers", Wall: "wall time",
		PeakRSS: "peak resident set of the process and its workers"}[f.Metric]
	if f.Metric == Printed {
		what = fmt.Sprintf("the number in `%s`", f.Pattern)
	}
	if f.Repeat > 1 {
		what += fmt.Sprintf(", median of %d runs", f.Repeat)
	}
	return what
}

const mdHead = `# Measurements

Every figure README.md quotes, with the command that measures it again.
` + "`gridsat measure`" + ` runs them all (` + "`--only ID,...`" + ` some) on your
machine and prints each beside the value recorded here; ` + "`gridsat measure\n--markdown > compare/measure/MEASUREMENTS.md`" + ` records them anew. Figures
are CPU time unless named otherwise; a 2-core machine shared with other
work moves them by 30% and more, so compare ratios taken in one run.

`
