package report

import (
	"bytes"
	"testing"
	"time"

	"github.com/gridsat/gridsat/compare"
	"github.com/gridsat/gridsat/instances"
)

// The reports' tests draw real rows without running a comparison (report
// does not import the harness): a bundled set read as the harness reads
// it, each case solved in this process and judged as a comparison judges.

// source is the cases of one bundled set.
type source struct {
	Set, File string
	Cases     []instances.Case
}

// readSet reads a bundled set of p.
func readSet(t *testing.T, p *compare.Puzzle, set instances.Set) source {
	t.Helper()
	b, err := instances.ReadSet(set.Path)
	if err != nil {
		t.Fatal(err)
	}
	cases, err := p.Parse(set.Path, bytes.NewReader(b))
	if err != nil || len(cases) == 0 {
		t.Fatalf("%s: %d cases, %v", set, len(cases), err)
	}
	return source{Set: set.String(), File: set.Path, Cases: cases}
}

// solveRows runs every spec on every case of src in this process and
// judges each row and labels its claims; rows come in input order.
func solveRows(p *compare.Puzzle, specs []compare.Spec, src source) []compare.Row {
	uses := compare.SpecUses(p, specs)
	var rows []compare.Row
	for _, c := range src.Cases {
		row := compare.Row{CaseInfo: compare.CaseInfoOf(src.Set, src.File, c), Input: c}
		for _, sp := range specs {
			start := time.Now()
			res, err := compare.SolveCase(sp, c)
			run := compare.Run{Solver: sp.Text, Result: res, Wall: time.Since(start)}
			if err != nil {
				run.Verdict, run.Detail = compare.VerdictError, err.Error()
			}
			row.Runs = append(row.Runs, run)
		}
		compare.JudgeRow(p, c, &row)
		compare.LabelClaims(p, uses, &row)
		rows = append(rows, row)
	}
	return rows
}
