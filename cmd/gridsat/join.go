package main

import (
	"fmt"
	"io"

	"github.com/gridsat/gridsat/compare"
)

// reportJoins prints the joins of the split cases among r's rows (gridsat
// split; compare.JoinParts, which also marks the whole-case rows a join
// disagrees with, before the report is written): in the table to out, in
// other formats (which print one data format) to stderr; it reports
// whether every join is complete.
func reportJoins(out, stderr io.Writer, format string, r *compare.Report, joins []compare.Join) bool {
	if len(joins) == 0 {
		return true
	}
	w := out
	if format != "table" {
		w = stderr
	}
	complete := true
	for _, j := range joins {
		if j.Fails() {
			complete = false
		}
		fmt.Fprintf(w, "%s: %s\n", r.Name(), j)
	}
	return complete
}
