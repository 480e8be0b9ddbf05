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
		if twins := byText[t]; len(twins) > 1 {
			judgeTwins(p, rows, twins)
		}
	}
}

// answerClass is the settled runs of a group of twins that answer alike:
// they agree with rep and decided uniqueness as it did.
type answerClass struct {
	rep    Run
	repRow int   // the row rep is from
	rows   []int // the rows with a run in the class
}

// judgeTwins judges the twin rows (indexes into rows) in time linear in
// their runs, for the usual few ways of answering: the runs fall into
// classes of runs that agree and decided uniqueness alike (within which
// agreement, an equality of answers, holds between any two), and only
// the classes' representatives are judged pairwise. A thousand copies of
// one board took a report minutes pair by pair (red-team pass).
func judgeTwins(p *Puzzle, rows []Row, twins []int) {
	var classes []*answerClass
	for _, i := range twins {
		for _, run := range rows[i].Runs {
			if !run.Verdict.Solved() {
				continue
			}
			var in *answerClass
			for _, c := range classes {
				if c.rep.Result.UniqueChecked == run.Result.UniqueChecked && disagreement(p, rows[i].Input, c.rep, run) == nil {
					in = c
					break
				}
			}
			if in == nil {
				in = &answerClass{rep: run, repRow: i}
				classes = append(classes, in)
			}
			if !slices.Contains(in.rows, i) {
				in.rows = append(in.rows, i)
			}
		}
	}
	for a, x := range classes {
		for _, y := range classes[a+1:] {
			err := disagreement(p, rows[x.repRow].Input, x.rep, y.rep)
			if err == nil {
				continue
			}
			X, Y := &rows[x.repRow], &rows[y.repRow]
			why := fmt.Sprintf("%s and %s hold the same board and answer otherwise (%s of %s vs %s of %s: %v)",
				X.Where(), Y.Where(), x.rep.Solver, X.Where(), y.rep.Solver, Y.Where(), err)
			for _, i := range append(slices.Clone(x.rows), y.rows...) {
				markTwin(&rows[i], why)
			}
		}
	}
}

// markTwin marks row as a disagreement for why, once.
func markTwin(row *Row, why string) {
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
