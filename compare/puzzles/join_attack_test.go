package puzzles

import (
	"math/rand"
	"slices"
	"strings"
	"testing"

	"github.com/gridsat/gridsat/compare"
	"github.com/gridsat/gridsat/instances"
)

// The join's adversarial cases: rows a merge of results files can hand it
// that must not give an answer they cannot back.

// dupRow is r with a copy of the row of part index appended (as from a
// second results file or a second copy of the parts file), its runs
// replaced by runs.
func dupRow(t *testing.T, r *compare.Report, index int, runs []compare.Run) *compare.Report {
	t.Helper()
	for _, row := range r.Rows {
		if row.Case == index {
			row.File, row.Runs = "again.txt", runs
			r.Rows = append(r.Rows, row)
			return r
		}
	}
	t.Fatalf("no row of part %d", index)
	return nil
}

// TestJoinQueensAdversarial: a part given twice with different answers is
// a disagreement that fails the join, never a silent pick of the least;
// a part given twice alike, or unsettled in one row and settled in
// another, joins.
func TestJoinQueensAdversarial(t *testing.T) {
	base := func(i int) []compare.Run {
		if i == 3 {
			return []compare.Run{ok(3, compare.ClaimCrossChecked), ok(3, compare.ClaimCrossChecked)}
		}
		return []compare.Run{none(compare.ClaimCrossChecked), none(compare.ClaimCrossChecked)}
	}
	timeout := compare.Run{Verdict: compare.VerdictTimeout}
	for _, tt := range []struct {
		name  string
		index int
		runs  []compare.Run
		want  string
	}{
		{"a part with an answer, again with none", 3, []compare.Run{none(compare.ClaimCrossChecked), none(compare.ClaimCrossChecked)}, "no answer: failed part 3/4"},
		{"a part with none, again with an answer", 1, []compare.Run{ok(3, compare.ClaimClaimed)}, "no answer: failed part 1/4"},
		{"a part again with a larger answer", 3, []compare.Run{ok(4, compare.ClaimClaimed)}, "no answer: failed part 3/4"},
		{"a part again with a smaller answer", 3, []compare.Run{ok(2, compare.ClaimClaimed)}, "no answer: failed part 3/4"},
		{"a part again alike", 3, []compare.Run{ok(3, compare.ClaimCrossChecked)}, "3, in part 3/4 (cross-checked)"},
		{"a part again, timed out", 2, []compare.Run{timeout, timeout}, "3, in part 3/4 (cross-checked)"},
		{"a part again, killed (its runs missing)", 2, []compare.Run{{Verdict: compare.VerdictMissing}}, "3, in part 3/4 (cross-checked)"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			joins := compare.JoinParts(dupRow(t, joinRows(t, base), tt.index, tt.runs))
			if len(joins) != 1 || !strings.HasSuffix(joins[0].String(), tt.want) {
				t.Fatalf("joins %v, want one ending %q", joins, tt.want)
			}
		})
	}
}

// TestJoinQueensSolversDisagree: a part whose two solvers disagree fails
// the join, whether the row says so (agree NO) or not.
func TestJoinQueensSolversDisagree(t *testing.T) {
	for _, agree := range []string{"NO", "yes", "-"} {
		r := joinRows(t, func(i int) []compare.Run {
			if i == 3 {
				return []compare.Run{ok(3, compare.ClaimClaimed), none(compare.ClaimClaimed)}
			}
			return []compare.Run{none(compare.ClaimCrossChecked), none(compare.ClaimCrossChecked)}
		})
		for i := range r.Rows {
			if r.Rows[i].Case == 3 {
				r.Rows[i].Agree = agree
			}
		}
		if joins := compare.JoinParts(r); len(joins) != 1 || !strings.HasSuffix(joins[0].String(), "no answer: failed part 3/4") {
			t.Fatalf("agree %s: joins %v, want part 3 failed", agree, joins)
		}
	}
}

// TestJoinChainAdversarial: a chain part given twice, once with its path
// and once with -1 or another path, fails the join.
func TestJoinChainAdversarial(t *testing.T) {
	b, _, err := instances.GenerateChain(rand.New(rand.NewSource(3)), instances.ChainGenOptions{N: 5, K: 3})
	if err != nil {
		t.Fatal(err)
	}
	r := chainJoinRows(t, b, 6)
	var solved compare.Row
	for _, row := range r.Rows {
		if row.Runs[0].Result.Solved {
			solved = row
		}
	}
	if solved.Input == nil {
		t.Skip("no part has a path")
	}
	other := solved.Runs[0]
	first := byte('0')
	if other.Result.Answer[0] == '0' {
		first = '1'
	}
	other.Result.Answer = string(first) + other.Result.Answer[1:]
	for _, tt := range []struct {
		name string
		runs []compare.Run
	}{
		{"-1", []compare.Run{{Verdict: compare.VerdictOK, Result: compare.Result{Answer: instances.ChainNoPath}, Claim: compare.ClaimClaimed}}},
		{"another path", []compare.Run{other}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			r := chainJoinRows(t, b, 6)
			joins := compare.JoinParts(dupRow(t, r, solved.Case, tt.runs))
			if len(joins) != 1 || joins[0].Complete() || !strings.Contains(joins[0].String(), "failed part") {
				t.Fatalf("joins %v, want the part failed", joins)
			}
		})
	}
}

// TestJoinSlantAdversarial: a slant part given twice, once with a
// solution and once with none, or once unique and once with a second
// solution, fails the join (else the join would say unique or no solution
// on the strength of a claim the other row refutes); given twice alike,
// it is one part with solutions, not two (a unique case stays unique).
func TestJoinSlantAdversarial(t *testing.T) {
	for _, b := range slantSplitCases(t) {
		if b.W > 8 {
			continue
		}
		r := slantJoinRows(t, b, 4, []string{"dfs"}, compare.Options{"unique": "true"})
		var solved compare.Run
		index := 0
		for _, row := range r.Rows {
			if res := row.Runs[0].Result; res.Solved && res.Second == "" {
				index, solved = row.Case, row.Runs[0]
			}
		}
		if j := compare.JoinParts(r); index == 0 || len(j) != 1 || !j[0].Unique() {
			continue
		}
		second := solved
		second.Result.Second = solved.Result.Answer
		for _, tt := range []struct {
			name string
			run  compare.Run
			want string
		}{
			{"none", compare.Run{Verdict: compare.VerdictOK, Result: compare.Result{UniqueChecked: true}, Claim: compare.ClaimClaimed}, "no answer: failed part"},
			{"a second solution", second, "no answer: failed part"},
			{"alike", solved, "unique, in part"},
		} {
			t.Run(tt.name, func(t *testing.T) {
				r := slantJoinRows(t, b, 4, []string{"dfs"}, compare.Options{"unique": "true"})
				joins := compare.JoinParts(dupRow(t, r, index, []compare.Run{tt.run}))
				if len(joins) != 1 || !strings.Contains(joins[0].String(), tt.want) {
					t.Fatalf("joins %v, want one saying %q", joins, tt.want)
				}
			})
		}
		return
	}
	t.Skip("no small unique board")
}

// TestJoinTwoSplits: parts of two splits of one case never join, though
// they have as many parts: a chain board that --jobs J and J+1 cut into
// as many parts, differently (found by a search over split sizes; part i
// of one then need not be part i of the other, and a mix can leave out
// the prefixes of the smallest path), and a queens case split with two
// covers of one size.
func TestJoinTwoSplits(t *testing.T) {
	p, err := compare.Lookup("chain")
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewSource(4))
	var a, b []*instances.Chain
	for try := 0; try < 200 && a == nil; try++ {
		board, _, err := instances.GenerateChain(rng, instances.ChainGenOptions{N: 4, K: 2})
		if err != nil {
			t.Fatal(err)
		}
		for jobs := 2; jobs < 12 && a == nil; jobs++ {
			x, err1 := instances.SplitChain(board, jobs)
			y, err2 := instances.SplitChain(board, jobs+1)
			if err1 != nil || err2 != nil {
				t.Fatal(err1, err2)
			}
			if len(x) == len(y) && len(x) > 1 && !slices.EqualFunc(x, y, func(c, d *instances.Chain) bool { return slices.Equal(c.Prefix(), d.Prefix()) }) {
				a, b = x, y
			}
		}
	}
	if a == nil {
		t.Fatal("no chain board cut into as many parts two ways")
	}
	r := &compare.Report{Puzzle: p, Specs: []string{"dfs"}}
	for i := range a {
		part := a[i]
		if i > 0 {
			part = b[i] // part 1 of one split, the others of the other
		}
		res, err := p.Solvers[0].Solve(part, nil)
		if err != nil {
			t.Fatal(err)
		}
		r.Rows = append(r.Rows, compare.Row{CaseInfo: compare.CaseInfo{File: "parts.txt", Case: i + 1}, Input: part, Agree: "-",
			Runs: []compare.Run{{Verdict: compare.VerdictOK, Result: res, Claim: compare.ClaimClaimed}}})
	}
	if joins := compare.JoinParts(r); len(joins) != 1 || joins[0].Complete() || !strings.Contains(joins[0].String(), "parts of two splits") {
		t.Fatalf("chain: joins %v, want one refused as parts of two splits", joins)
	}

	q := instances.NewQueens(5, 5)
	for i := range q.Target {
		q.Target[i] = true
	}
	cover1 := []instances.Square{{Row: 0, Col: 0}, {Row: 1, Col: 3}, {Row: 3, Col: 1}, {Row: 4, Col: 4}}
	cover2 := []instances.Square{{Row: 2, Col: 0}, {Row: 2, Col: 1}, {Row: 2, Col: 2}, {Row: 2, Col: 4}}
	if err := instances.VerifyQueens(q, cover2); err != nil {
		t.Fatal(err)
	}
	x, err1 := instances.SplitQueens(q, 4, -1, cover1)
	y, err2 := instances.SplitQueens(q, 4, -1, cover2)
	if err1 != nil || err2 != nil || len(x) != len(y) {
		t.Fatal(err1, err2)
	}
	qp, err := compare.Lookup("queens")
	if err != nil {
		t.Fatal(err)
	}
	r = &compare.Report{Puzzle: qp, Specs: []string{"dfs"}}
	for i := range x {
		part := x[i]
		if i > 0 {
			part = y[i]
		}
		r.Rows = append(r.Rows, compare.Row{CaseInfo: compare.CaseInfo{File: "parts.txt", Case: i + 1}, Input: part, Agree: "-", Runs: []compare.Run{none(compare.ClaimClaimed)}})
	}
	if joins := compare.JoinParts(r); len(joins) != 1 || joins[0].Complete() || !strings.Contains(joins[0].String(), "parts of two splits") {
		t.Fatalf("queens: joins %v, want one refused as parts of two splits", joins)
	}
}

// TestJoinSlantUniqueBackedByDeciders: a part's "unique" is backed only by
// the runs that decided uniqueness. Beside a dfs run that did (claimed),
// a sat run that was not asked claims nothing, and lent the join its
// empty claim: "unique (nothing to back)", where a forged record made the
// uniqueness wrong (red-team pass). The join now says claimed.
func TestJoinSlantUniqueBackedByDeciders(t *testing.T) {
	for _, b := range slantSplitCases(t) {
		if b.W > 8 {
			continue
		}
		r := slantJoinRows(t, b, 1, []string{"dfs"}, compare.Options{"unique": "true"})
		if j := compare.JoinParts(r); len(j) != 1 || !j[0].Unique() {
			continue
		}
		for i := range r.Rows {
			plain := r.Rows[i].Runs[0]
			plain.Result.UniqueChecked, plain.Result.Second, plain.Claim = false, "", ""
			r.Rows[i].Runs = append(r.Rows[i].Runs, plain)
		}
		joins := compare.JoinParts(r)
		if len(joins) != 1 || !joins[0].Unique() || joins[0].Claim != compare.ClaimClaimed {
			t.Fatalf("joins %v, want unique, claimed", joins)
		}
		return
	}
	t.Skip("no small unique board")
}
