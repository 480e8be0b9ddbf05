package compare_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/gridsat/gridsat/compare"
	"github.com/gridsat/gridsat/compare/comparetest/toys"
)

// JudgeTwins holds rows of one board to one answer: a settled run of one
// that another's settled run contradicts marks both rows, naming each
// other, and takes "cross-checked" from their runs; other boards, runs
// that did not finish and twins that agree are left as they were; judging
// again adds no problem twice.
func TestJudgeTwins(t *testing.T) {
	p := toys.Coin()
	cases, err := p.Parse("coins.txt", strings.NewReader("?\n?\nH\n"))
	if err != nil {
		t.Fatal(err)
	}
	heads := compare.Run{Solver: "dfs", Verdict: compare.VerdictOK, Claim: compare.ClaimCrossChecked, Result: compare.Result{Solved: true, Answer: "H"}}
	none := compare.Run{Solver: "sat", Verdict: compare.VerdictUnsat, Claim: compare.ClaimCrossChecked}
	late := compare.Run{Solver: "sat", Verdict: compare.VerdictTimeout}
	// Uniqueness unchecked agrees with either answer; checked, unique and
	// not unique disagree: agreement is no equivalence across them.
	unchecked := heads
	unique, second := heads, heads
	unique.Result.UniqueChecked = true
	second.Result.UniqueChecked, second.Result.Second = true, "T"
	row := func(i int, runs ...compare.Run) compare.Row {
		return compare.Row{CaseInfo: compare.CaseInfo{File: "coins.txt", Case: i + 1}, Input: cases[i], Runs: runs}
	}
	for _, tt := range []struct {
		name string
		rows []compare.Row
		bad  []bool // the rows marked
	}{
		{"twins agree", []compare.Row{row(0, heads), row(1, heads)}, []bool{false, false}},
		{"twins disagree", []compare.Row{row(0, heads), row(1, none), row(2, none)}, []bool{true, true, false}},
		{"a timeout is no answer", []compare.Row{row(0, heads), row(1, late)}, []bool{false, false}},
		{"unique against not unique", []compare.Row{row(0, unchecked), row(1, unique), row(0, second)}, []bool{false, true, true}},
		{"many alike", slices.Repeat([]compare.Row{row(0, heads, heads)}, 50), slices.Repeat([]bool{false}, 50)},
		{"other boards", []compare.Row{row(0, none), row(2, heads)}, []bool{false, false}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			compare.JudgeTwins(p, tt.rows)
			compare.JudgeTwins(p, tt.rows)
			for i, r := range tt.rows {
				marked := r.Agree == "NO" && len(r.Problems) == 1 && strings.Contains(r.Problems[0], "same board")
				if marked != tt.bad[i] || !marked && len(r.Problems) > 0 {
					t.Errorf("row %d: agree %q, problems %q; want marked %v", i, r.Agree, r.Problems, tt.bad[i])
				}
				crossChecked := slices.ContainsFunc(r.Runs, func(run compare.Run) bool { return run.Claim == compare.ClaimCrossChecked })
				if marked && crossChecked {
					t.Errorf("row %d: a run still cross-checked beside a twin that answers otherwise", i)
				}
			}
		})
	}
}

// BenchmarkJudgeTwins judges 8,000 rows of one board, each with two runs
// that agree: linear in the runs (the classes of alike answers), where
// judging every pair of rows took a report minutes.
func BenchmarkJudgeTwins(b *testing.B) {
	p := toys.Coin()
	cases, err := p.Parse("coins.txt", strings.NewReader("?\n"))
	if err != nil {
		b.Fatal(err)
	}
	run := compare.Run{Solver: "dfs", Verdict: compare.VerdictOK, Result: compare.Result{Solved: true, Answer: "H"}}
	rows := make([]compare.Row, 8000)
	for i := range rows {
		rows[i] = compare.Row{CaseInfo: compare.CaseInfo{File: "coins.txt", Case: i + 1}, Input: cases[0], Runs: []compare.Run{run, run}}
	}
	for i := 0; i < b.N; i++ {
		compare.JudgeTwins(p, rows)
	}
}
