package report

import (
	"fmt"

	"github.com/gridsat/gridsat/compare"
)

// Reasons: a verdict other than ok and unsat (timeout, memout, error,
// WRONG, harness, missing) carries a footnote number, "memout [1]", and
// the report lists each distinct reason once under its number. CSV and
// JSON carry the reason in a column of their own (Reason).

// reasonNote is one footnote: its number and text ("memout: estimated
// peak 3.88GiB over the 2GiB limit (--mem)").
type reasonNote struct {
	N    int
	Text string
}

// reasonNotes numbers r's distinct reasons in row order.
func reasonNotes(rows []compare.Row) (notes []reasonNote, index map[string]int) {
	index = map[string]int{}
	for _, row := range rows {
		for _, run := range row.Runs {
			key := reasonKey(run)
			if key == "" || index[key] > 0 {
				continue
			}
			index[key] = len(notes) + 1
			notes = append(notes, reasonNote{N: len(notes) + 1, Text: key})
		}
	}
	return notes, index
}

// reasonKey is a run's footnote text, "" for a run that needs none.
func reasonKey(run compare.Run) string {
	why := Reason(run)
	if why == "" {
		return ""
	}
	return string(run.Verdict) + ": " + why
}

// reasonMark is the footnote mark of run in r, " [n]", or "".
func (r view) reasonMark(run compare.Run) string {
	if n := r.reasons[reasonKey(run)]; n > 0 {
		return fmt.Sprintf(" [%d]", n)
	}
	return ""
}

// reasonLines are r's footnotes as lines: "[1] memout: ...".
func (r view) reasonLines() []string {
	notes, _ := reasonNotes(r.Rows)
	var lines []string
	for _, n := range notes {
		lines = append(lines, fmt.Sprintf("[%d] %s", n.N, n.Text))
	}
	return lines
}
