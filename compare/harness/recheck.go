package harness

import (
	"context"
	"fmt"
	"maps"
	"slices"

	"github.com/gridsat/gridsat/compare"
	"github.com/gridsat/gridsat/instances"
)

// Rechecked says what Merged.RecheckRun did.
type Rechecked struct {
	// Runs counts the runs run again; Confirmed those whose run now says
	// what the record said, Contradicted those whose run now finished and
	// says otherwise (a problem of the row), Unfinished those whose run
	// now ended without an answer (the record stays).
	Runs, Confirmed, Contradicted, Unfinished int
}

// recheck runs again, through exec (jobs at once; the header's limits are
// the executor's), every run of m's report whose claim is labelled with one
// of labels, and judges the rows again: a run now that finishes and says
// otherwise than its record replaces it, with a problem naming both; one
// that does not finish leaves the record as it was. The same solver saying
// the same thing again backs a claim no better (it stays labelled as it
// was): what a recheck finds is a record that lies.
func (m *Merged) recheck(ctx context.Context, exec executor, jobs int, labels []string) (Rechecked, error) {
	p := m.Report.Puzzle
	if p == nil {
		return Rechecked{}, fmt.Errorf("recheck: the report has no puzzle")
	}
	specs, err := headerSpecs(p, m.Header.Specs)
	if err != nil {
		return Rechecked{}, err
	}
	tasks, where, err := claimTasks(p, m.Report.Rows, specs, labels)
	if err != nil {
		return Rechecked{}, err
	}
	var rc Rechecked
	if len(tasks) == 0 {
		return rc, nil
	}
	now := make([]*compare.Run, len(tasks))
	tr, ok := exec.(taskRunner)
	if !ok {
		tr = perTask{exec: exec}
	}
	tr.RunTasks(ctx, tasks, jobs, func(i int, run compare.Run) { now[i] = &run })
	uses := compare.SpecUses(p, specs)
	changed := map[int]bool{}
	for i, w := range where {
		if now[i] == nil {
			continue // interrupted
		}
		rc.Runs++
		row := &m.Report.Rows[w.row]
		then := row.Runs[w.col]
		fresh := *now[i]
		fresh.Solver = then.Solver
		trial := compare.Row{CaseInfo: row.CaseInfo, Input: row.Input, Runs: []compare.Run{fresh}}
		compare.Judge(p, row.Input, &trial)
		fresh = trial.Runs[0]
		switch {
		case !fresh.Verdict.Solved() && fresh.Verdict != compare.VerdictWrong:
			rc.Unfinished++
		case saysSame(p, row.Input, then, fresh):
			rc.Confirmed++
		default:
			rc.Contradicted++
			row.Runs[w.col] = fresh
			row.Problems = append(row.Problems, fmt.Sprintf("%s: the results file says %s, a run now says %s: the record is wrong (edited, or the solver is not deterministic)",
				then.Solver, compare.DescribeRun(then), compare.DescribeRun(fresh)))
			changed[w.row] = true
		}
	}
	// Judge the changed rows again, keeping their problems so far.
	for ri := range changed {
		row := &m.Report.Rows[ri]
		kept, agree := row.Problems, row.Agree
		compare.Judge(p, row.Input, row)
		compare.LabelClaims(p, uses, row)
		for _, pr := range kept {
			if !slices.Contains(row.Problems, pr) {
				row.Problems = append(row.Problems, pr)
			}
		}
		if agree == "NO" {
			row.Agree = "NO"
		}
	}
	return rc, nil
}

// saysSame reports whether two verified runs of case c say the same: both
// a solution or both none, the same uniqueness, answers that agree.
func saysSame(p *compare.Puzzle, c instances.Case, a, b compare.Run) bool {
	ra, rb := a.Result, b.Result
	switch {
	case a.Verdict != b.Verdict || ra.Solved != rb.Solved || ra.UniqueChecked != rb.UniqueChecked || (ra.Second == "") != (rb.Second == ""):
		return false
	case !ra.Solved:
		return true
	}
	return p.Agree(c, ra, rb) == nil
}

// headerSpecs are the specs of a header, with its resolved options; a
// default is left implicit (a default may be a description: queens' k is
// "the optimum").
func headerSpecs(p *compare.Puzzle, recs []SpecRecord) ([]compare.Spec, error) {
	specs := make([]compare.Spec, len(recs))
	for i, s := range recs {
		spec, err := p.ParseSpec(s.Text, nil)
		if err != nil {
			return nil, fmt.Errorf("recheck: %w", err)
		}
		spec.Options = compare.Options{}
		for _, d := range spec.Solver.Options {
			if v, ok := s.Options[d.Name]; ok && v != d.Default {
				spec.Options[d.Name] = v
			}
		}
		if !maps.Equal(spec.Resolved(), s.Options) {
			return nil, fmt.Errorf("recheck: %s: the header's options %v are not this gridsat's", s.Text, s.Options)
		}
		specs[i] = spec
	}
	return specs, nil
}

// cell is a run's place in a report: its row and column.
type cell struct{ row, col int }

// claimTasks are the tasks that run again the runs of rows whose claim is
// labelled with one of labels, and where each goes.
func claimTasks(p *compare.Puzzle, rows []compare.Row, specs []compare.Spec, labels []string) ([]Task, []cell, error) {
	var tasks []Task
	var where []cell
	for ri := range rows {
		row := &rows[ri]
		var src *Source
		for ci, run := range row.Runs {
			if !slices.Contains(labels, run.Claim) || ci >= len(specs) {
				continue
			}
			if src == nil {
				src = &Source{Set: row.Set, File: row.File, Cases: []instances.Case{row.Input}}
				if err := src.prepare(p); err != nil {
					return nil, nil, fmt.Errorf("recheck: %w", err)
				}
			}
			tasks = append(tasks, Task{Puzzle: p, Source: src, Spec: specs[ci], Col: ci})
			where = append(where, cell{ri, ci})
		}
	}
	return tasks, where, nil
}
