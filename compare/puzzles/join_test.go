package puzzles

import (
	"strings"
	"testing"

	"github.com/gridsat/gridsat/compare"
	"github.com/gridsat/gridsat/instances"
)

// joinRows makes a report of the parts of an all-X 5x5 board (bound 3),
// each part's two runs answering as answer says ("" for a part left out).
func joinRows(t *testing.T, runs func(i int) []compare.Run) *compare.Report {
	return joinRowsCover(t, runs, nil)
}

// joinRowsCover is joinRows with the split given a cover (nil: none).
func joinRowsCover(t *testing.T, runs func(i int) []compare.Run, cover []instances.Square) *compare.Report {
	t.Helper()
	p, err := compare.Lookup("queens")
	if err != nil {
		t.Fatal(err)
	}
	q := instances.NewQueens(5, 5)
	for i := range q.Target {
		q.Target[i] = true
	}
	parts, err := instances.SplitQueens(q, 4, 3, cover)
	if err != nil {
		t.Fatal(err)
	}
	r := &compare.Report{Puzzle: p, Specs: []string{"dfs", "sat"}}
	for i, part := range parts {
		part.Loc = instances.Loc{File: "parts.txt", Case: i + 1}
		if rs := runs(i + 1); rs != nil {
			r.Rows = append(r.Rows, compare.Row{CaseInfo: compare.CaseInfo{File: "parts.txt", Case: i + 1}, Input: part, Runs: rs, Agree: "yes"})
		}
	}
	return r
}

func ok(n int, claim string) compare.Run {
	return compare.Run{Verdict: compare.VerdictOK, Result: compare.Result{Solved: true, Answer: instances.FormatQueensAnswer(1, n)}, Claim: claim}
}

func none(claim string) compare.Run {
	return compare.Run{Verdict: compare.VerdictOK, Result: compare.Result{Answer: instances.FormatQueensPartAnswer(1)}, Claim: claim}
}

func TestJoinParts(t *testing.T) {
	timeout := compare.Run{Verdict: compare.VerdictTimeout}
	for _, tt := range []struct {
		name string
		runs func(i int) []compare.Run
		want string
	}{
		{"least of the parts, weakest claim", func(i int) []compare.Run {
			if i == 3 {
				return []compare.Run{ok(3, compare.ClaimCrossChecked), ok(3, compare.ClaimCertifiedWhenRun)}
			}
			return []compare.Run{none(compare.ClaimCrossChecked), none(compare.ClaimCrossChecked)}
		}, "3, in part 3/4 (cross-checked)"},
		{"one part claimed", func(i int) []compare.Run {
			if i == 2 {
				return []compare.Run{ok(3, compare.ClaimClaimed), timeout}
			}
			return []compare.Run{ok(3, compare.ClaimCertified), ok(3, compare.ClaimCertified)}
		}, "3, in part 1/4 (claimed)"},
		{"none within the bound", func(int) []compare.Run {
			return []compare.Run{none(compare.ClaimCertified), none(compare.ClaimCertified)}
		},
			"no part has an answer of at most 3: the case's is more than 3 (certified)"},
		{"missing and unsettled parts named", func(i int) []compare.Run {
			switch i {
			case 2:
				return nil
			case 4:
				return []compare.Run{timeout, timeout}
			}
			return []compare.Run{ok(3, compare.ClaimCrossChecked), ok(3, compare.ClaimCrossChecked)}
		}, "no answer: missing part 2/4; unsettled part 4/4"},
		{"a wrong part fails the join", func(i int) []compare.Run {
			if i == 1 {
				return []compare.Run{ok(3, ""), {Verdict: compare.VerdictWrong}}
			}
			return []compare.Run{ok(3, compare.ClaimCrossChecked), ok(3, compare.ClaimCrossChecked)}
		}, "no answer: failed part 1/4"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			joins := compare.JoinParts(joinRows(t, tt.runs))
			if len(joins) != 1 {
				t.Fatalf("%d joins, want 1", len(joins))
			}
			if got := joins[0].String(); !strings.HasSuffix(got, tt.want) {
				t.Errorf("join %q, want it to end %q", got, tt.want)
			}
		})
	}
}

// TestJoinPartsCover: when no part of a split with a cover has fewer
// queens, the join's answer is the cover's size.
func TestJoinPartsCover(t *testing.T) {
	cover := []instances.Square{{Row: 0, Col: 0}, {Row: 1, Col: 3}, {Row: 3, Col: 1}, {Row: 4, Col: 4}}
	r := joinRowsCover(t, func(int) []compare.Run {
		return []compare.Run{none(compare.ClaimCrossChecked), none(compare.ClaimCrossChecked)}
	}, cover)
	joins := compare.JoinParts(r)
	want := "4, the split's own answer: no part has one of at most 3 (cross-checked)"
	if len(joins) != 1 || !joins[0].Complete() || !strings.HasSuffix(joins[0].String(), want) {
		t.Fatalf("joins %v, want one ending %q", joins, want)
	}
}

// A whole-case row whose answer the join of its parts contradicts is a
// disagreement in the row itself, not only a line of the join: agree NO,
// the problem in the row (so exports and HTML carry it), and its runs
// cross-checked by nothing (red-team pass: the row stayed "cross-checked",
// agree yes, and every export showed it so).
func TestJoinMarksTheWholeRowItContradicts(t *testing.T) {
	base := func(i int) []compare.Run {
		if i == 3 {
			return []compare.Run{ok(3, compare.ClaimCrossChecked), ok(3, compare.ClaimCrossChecked)}
		}
		return []compare.Run{none(compare.ClaimCrossChecked), none(compare.ClaimCrossChecked)}
	}
	for _, tt := range []struct {
		answer int
		agree  string
		claim  string
	}{
		{3, "yes", compare.ClaimCrossChecked},
		{4, "NO", compare.ClaimClaimed},
	} {
		r := joinRows(t, base)
		q := instances.NewQueens(5, 5)
		for i := range q.Target {
			q.Target[i] = true
		}
		q.Loc = instances.Loc{File: "whole.txt", Case: 1}
		r.Rows = append(r.Rows, compare.Row{CaseInfo: compare.CaseInfo{File: "whole.txt", Case: 1}, Input: q, Agree: "yes",
			Runs: []compare.Run{ok(tt.answer, compare.ClaimCrossChecked), ok(tt.answer, compare.ClaimCrossChecked)}})
		joins := compare.JoinParts(r)
		whole := r.Rows[len(r.Rows)-1]
		if len(joins) != 1 || (len(joins[0].Disagree) > 0) != (tt.agree == "NO") {
			t.Fatalf("whole answer %d: joins %v", tt.answer, joins)
		}
		if whole.Agree != tt.agree || whole.Runs[0].Claim != tt.claim || whole.Runs[1].Claim != tt.claim || (len(whole.Problems) > 0) != (tt.agree == "NO") {
			t.Errorf("whole answer %d: agree %s, claims %q %q, problems %v; want agree %s, claims %q", tt.answer, whole.Agree, whole.Runs[0].Claim, whole.Runs[1].Claim, whole.Problems, tt.agree, tt.claim)
		}
	}
}
