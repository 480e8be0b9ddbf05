package compare

import (
	"fmt"
	"slices"
)

// JudgeTwins checks rows whose cases are one board (the same text as
// FormatCase writes it, at two places in the input) against each other:
// the answers of one board cannot depend on where it stands, so every
// settled run of one must agree with every settled run of the other, as
// the runs of one row must. A pair that disagrees marks both rows as
// disagreements, each with a problem naming the other, and their runs
// are then cross-checked by nothing (claimed at most, as a row whose
// own runs disagree). Agreement between twins adds nothing: the same
// solvers ran twice. Judging again adds no problem twice, so a report
// judges the twins again after it reruns a row (--recheck).
func JudgeTwins(p *Puzzle, rows []Row) {
	byText := map[string][]int{}
	var texts []string
	for i := range rows {
		if rows[i].Input == nil {
			continue
		}
		t := caseText(p, rows[i].Input)
		if t == "" {
			continue
		}
		if _, ok := byText[t]; !ok {
			texts = append(texts, t)
		}
		byText[t] = append(byText[t], i)
	}
	for _, t := range texts {
		twins := byText[t]
		for a, i := range twins {
			for _, j := range twins[a+1:] {
				judgeTwin(p, &rows[i], &rows[j])
			}
		}
	}
}

// judgeTwin checks every settled run of row x against every settled run
// of its twin y, marking both when some pair disagrees.
func judgeTwin(p *Puzzle, x, y *Row) {
	var why string
	for _, a := range x.Runs {
		if !a.Verdict.Solved() {
			continue
		}
		for _, b := range y.Runs {
			if !b.Verdict.Solved() {
				continue
			}
			if err := disagreement(p, x.Input, a, b); err != nil && why == "" {
				why = fmt.Sprintf("%s and %s hold the same board and answer otherwise (%s of %s vs %s of %s: %v)",
					x.Where(), y.Where(), a.Solver, x.Where(), b.Solver, y.Where(), err)
			}
		}
	}
	if why == "" {
		return
	}
	for _, row := range []*Row{x, y} {
		row.Agree = "NO"
		if !slices.Contains(row.Problems, why) {
			row.Problems = append(row.Problems, why)
		}
		for k := range row.Runs {
			if row.Runs[k].Claim == ClaimCrossChecked {
				row.Runs[k].Claim = ClaimClaimed
			}
		}
	}
}
