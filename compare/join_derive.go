package compare

import (
	"fmt"
	"strings"

	"github.com/gridsat/gridsat/instances"
)

// A join is only as good as its parts: parts edited by hand (a banned
// square more, a prefix changed, a cell fixed) with their checksum put
// back would join to a wrong answer. So a report joins only parts it
// derives again: from a part it rebuilds the whole case (its board is
// the whole's, restricted), splits it again as the split did
// (Puzzle.SplitAgain: the parts carry the bound or cover and the --jobs,
// and the split's identity, a hash of every part's text, must come out
// the same), and asks that
// each part's row hold exactly the part the split makes under its
// number. A part that is not is foreign, and the join gives no answer.
// A whole-case row of the same case whose answer differs from the join's
// is a disagreement. Both fail the report (exit 1).

// maxJobsTried bounds the --jobs values tried to find the split again
// for parts written before they carried their --jobs, from the part count
// up (a split makes at most --jobs parts, fewer when parts cannot be cut
// or begin no solution, and not monotonically: chain drops the prefixes
// that begin no path); such a split of more jobs than this is refused.
func maxJobsTried(count int) int { return max(4*count, 64) }

// deriveSplit splits the whole case of part again, trying --jobs from the
// parts' count up, and returns the parts whose count and identity are
// want's, and the whole case; nil parts when no --jobs gives them.
func deriveSplit(p *Puzzle, part instances.Case, want PartOf) (instances.Case, []instances.Case, error) {
	var whole instances.Case
	from, to := max(want.Count, 1), maxJobsTried(want.Count)
	if want.Jobs > 0 {
		from, to = want.Jobs, want.Jobs // the parts say which
	}
	for jobs := from; jobs <= to; jobs++ {
		w, parts, err := p.SplitAgain(part, jobs)
		if err != nil {
			return nil, nil, err
		}
		whole = w
		if len(parts) != want.Count {
			continue
		}
		got, ok := p.PartOf(parts[0])
		if ok && got.Parent == want.Parent && got.Split == want.Split {
			return whole, parts, nil
		}
	}
	return whole, nil, nil
}

// caseText is c as FormatCase writes it ("" when it cannot be written).
func caseText(p *Puzzle, c instances.Case) string {
	var b strings.Builder
	if p.FormatCase == nil || p.FormatCase(&b, c) != nil {
		return ""
	}
	return b.String()
}

// derive checks j's part rows against the split derived from the whole
// case and its joined answer against the whole case's rows among rows.
func (j *Join) derive(p *Puzzle, parts []*Row, rows []Row) {
	if p.SplitAgain == nil || len(parts) == 0 {
		return
	}
	first, _ := p.PartOf(parts[0].Input)
	whole, derived, err := deriveSplit(p, parts[0].Input, first)
	if err != nil || derived == nil {
		why := "no --jobs splits it into these parts"
		if err != nil {
			why = err.Error()
		}
		j.Foreign = append(j.Foreign, fmt.Sprintf("the parts are not a split of their whole case derived again (%s)", why))
		return
	}
	for _, row := range parts {
		part, _ := p.PartOf(row.Input)
		if part.Index < 1 || part.Index > len(derived) || caseText(p, row.Input) != caseText(p, derived[part.Index-1]) {
			j.Foreign = append(j.Foreign, fmt.Sprintf("%s is not part %d/%d of the split derived from the whole case (its restriction was changed)", row.Where(), part.Index, j.Count))
		}
	}
	if j.Complete() {
		j.againstWhole(p, caseText(p, whole), rows)
	}
}

// againstWhole lists as disagreements the whole-case rows (their case's
// text is wholeText) whose settled runs answer otherwise than j, and
// marks each such row as a disagreement too, with the problem, so that
// every report format (tables, exports, HTML) shows it: its runs are
// then cross-checked by nothing, and labelled claimed at most.
func (j *Join) againstWhole(p *Puzzle, wholeText string, rows []Row) {
	for i := range rows {
		row := &rows[i]
		if row.Input == nil {
			continue
		}
		if _, isPart := p.PartOf(row.Input); isPart || caseText(p, row.Input) != wholeText {
			continue
		}
		disagree := false
		for _, run := range row.Runs {
			if !run.Verdict.Solved() {
				continue
			}
			if why := j.differs(p, run.Result); why != "" {
				j.Disagree = append(j.Disagree, fmt.Sprintf("%s: %s answers %s", row.Where(), run.Solver, why))
				row.Problems = append(row.Problems, fmt.Sprintf("%s answers %s: the joined parts of split %s (from %s) say otherwise", run.Solver, why, j.Parent, j.Where))
				disagree = true
			}
		}
		if disagree {
			row.Agree = "NO"
			for k := range row.Runs {
				if row.Runs[k].Claim == ClaimCrossChecked {
					row.Runs[k].Claim = ClaimClaimed
				}
			}
		}
	}
}

// differs says how a whole case's result r differs from the join's
// answer, "" when it does not.
func (j *Join) differs(p *Puzzle, r Result) string {
	v, err := p.Value(r)
	if err != nil {
		return err.Error()
	}
	switch {
	case j.Solutions:
		if r.Solved != (len(j.Solved) > 0) || r.UniqueChecked && r.Solved && (r.Second == "") != j.Unique() && (j.Unique() || j.NotUnique()) {
			return fmt.Sprintf("%q (unique checked %v, a second %v), the parts otherwise", r.Answer, r.UniqueChecked, r.Second != "")
		}
	case j.ByAnswer:
		want := instances.ChainNoPath
		if j.Value >= 0 {
			want = j.Answer
		}
		if r.Answer != want {
			return fmt.Sprintf("%q, the parts %q", r.Answer, want)
		}
	case j.Value >= 0 && v != j.Value, j.Value < 0 && j.Cover > 0 && v != j.Cover:
		return fmt.Sprintf("%d, the parts %s", v, j.valueString())
	case j.Value < 0 && j.Cover == 0 && v <= j.Bound:
		return fmt.Sprintf("%d, the parts more than %d", v, j.Bound)
	}
	return ""
}

// valueString is a bounded join's value: its parts' least, or the cover.
func (j *Join) valueString() string {
	if j.Value >= 0 {
		return fmt.Sprint(j.Value)
	}
	return fmt.Sprint(j.Cover)
}
