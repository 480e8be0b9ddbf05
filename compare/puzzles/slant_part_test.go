package puzzles

import (
	"math/rand/v2"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/gridsat/gridsat/compare"
	"github.com/gridsat/gridsat/instances"
	"github.com/gridsat/gridsat/instances/instancestest"
)

// slantJoinRows splits board s into at most jobs parts, solves each with
// the solvers named (options o), verifies every answer, and returns the
// rows of a report, in reverse order (the join must not rely on the order
// rows come in), leaving out the parts skip names. With two solvers the
// rows agree and their claims are cross-checked, with one claimed.
func slantJoinRows(t *testing.T, s *instances.Slant, jobs int, solvers []string, o compare.Options, skip ...int) *compare.Report {
	t.Helper()
	p := slantPuzzle(t)
	var buf strings.Builder
	if err := p.Split(&buf, []instances.Case{s}, compare.SplitConfig{Jobs: jobs, Bound: -1}); err != nil {
		t.Fatal(err)
	}
	parts, err := p.Parse("parts.txt", strings.NewReader(buf.String()))
	if err != nil {
		t.Fatal(err)
	}
	label := compare.ClaimClaimed
	if len(solvers) > 1 {
		label = compare.ClaimCrossChecked
	}
	r := &compare.Report{Puzzle: p, Specs: solvers}
	for i, part := range parts {
		if slices.Contains(skip, i+1) {
			continue
		}
		row := compare.Row{CaseInfo: compare.CaseInfo{File: "parts.txt", Case: i + 1}, Input: part, Agree: "yes"}
		for _, name := range solvers {
			res := slantSolve(t, name, part, o)
			run := compare.Run{Verdict: compare.VerdictOK, Result: res}
			if p.Unverifiable(run) {
				run.Claim = label
			}
			row.Runs = append(row.Runs, run)
		}
		r.Rows = append([]compare.Row{row}, r.Rows...)
	}
	return r
}

// slantSolve solves c by the solver called name, verifying the answer.
func slantSolve(t *testing.T, name string, c instances.Case, o compare.Options) compare.Result {
	t.Helper()
	p := slantPuzzle(t)
	for _, s := range p.Solvers {
		if s.Name != name {
			continue
		}
		res, err := s.Solve(c, o)
		if err != nil {
			t.Fatal(err)
		}
		if err := p.Verify(c, res); err != nil {
			t.Fatalf("%s by %s: %v", c.Location(), name, err)
		}
		return res
	}
	t.Fatalf("no slant solver %s", name)
	return compare.Result{}
}

// slantSplitCases are the boards the join tests cut, up to 50x50: hard
// unique ones (the fixtures), planted ones (many solutions), and from
// testdata/slant_split.txt the unique ones with a clue removed (not
// unique) or changed (no solution; only 20x20 and 50x50, as at 10x10 the
// split's own propagation refutes every such change, leaving one part).
func slantSplitCases(t *testing.T) []*instances.Slant {
	t.Helper()
	var bs []*instances.Slant
	rng := rand.New(rand.NewPCG(61, 2))
	for _, size := range []int{6, 20, 50} {
		s, _ := instances.PlantSlant(rng, size, size, 0.6)
		bs = append(bs, s)
	}
	for _, file := range []string{"slant_hard_10.txt", "slant_hard_20.txt", "slant_hard_50.txt"} {
		bs = append(bs, instancestest.SlantFixture(t, file)[0])
	}
	changed, err := instances.ReadFile(filepath.Join("testdata", "slant_split.txt"), instances.ParseSlant)
	if err != nil {
		t.Fatal(err)
	}
	return append(bs, changed...)
}

// slantVerdict says what a whole case's result says: "none", "unique",
// "not unique", or "solved" (uniqueness not asked).
func slantVerdict(r compare.Result) string {
	switch {
	case !r.Solved:
		return "none"
	case !r.UniqueChecked:
		return "solved"
	case r.Second == "":
		return "unique"
	}
	return "not unique"
}

// joinVerdict says what a complete join says, in slantVerdict's words.
func joinVerdict(j compare.Join) string {
	switch {
	case len(j.Solved) == 0:
		return "none"
	case j.NotUnique():
		return "not unique"
	case j.Unique():
		return "unique"
	}
	return "solved"
}

// TestJoinSlantParts: for each solver alone and both together, with and
// without unique=true, the join of a split case's parts says what the
// unsplit case's run says (no solution, unique, not unique, or a
// solution; without unique=true the join may see two solutions where
// the run was not asked to), backed as the parts are: "no solution" and "unique" by the
// parts' claims (claimed by one solver, cross-checked by two), "not
// unique" and a bare solution by nothing but the verified answers. A
// missing part is named.
func TestJoinSlantParts(t *testing.T) {
	seen := map[string]int{}
	for bi, b := range slantSplitCases(t) {
		for _, tc := range []struct {
			solvers []string
			o       compare.Options
		}{
			{[]string{"dfs"}, compare.Options{"unique": "true"}},
			{[]string{"sat"}, compare.Options{"unique": "true"}},
			{[]string{"dfs", "sat"}, compare.Options{"unique": "true"}},
			{[]string{"dfs"}, nil},
		} {
			if len(tc.solvers) > 1 && b.W >= 50 {
				continue // the cross-check's label is tested on the smaller boards
			}
			whole := slantVerdict(slantSolve(t, tc.solvers[0], b, tc.o))
			seen[whole]++
			jobs := 16
			if b.W >= 50 && slices.Contains(tc.solvers, "sat") {
				jobs = 5 // the SAT side's setup is most of a 50x50 part's time
			}
			joins := compare.JoinParts(slantJoinRows(t, b, jobs, tc.solvers, tc.o))
			if len(joins) != 1 || !joins[0].Complete() {
				t.Fatalf("board %d, %v: joins %v, want one complete", bi, tc.solvers, joins)
			}
			j := joins[0]
			claim := "(nothing to back)"
			if whole == "none" || whole == "unique" {
				claim = "(" + compare.ClaimClaimed + ")"
				if len(tc.solvers) > 1 {
					claim = "(" + compare.ClaimCrossChecked + ")"
				}
			}
			got := joinVerdict(j)
			if whole == "solved" && got == "not unique" {
				got = whole // two parts with solutions show more than one run asked
			}
			if got != whole || !strings.HasSuffix(j.String(), claim) {
				t.Fatalf("board %d (%s), %v %v, %d parts: joined %s (%s), unsplit %s, want %s", bi, b.Size(), tc.solvers, tc.o, j.Count, got, j, whole, claim)
			}
			if j.Count > 1 && len(tc.solvers) == 1 && tc.solvers[0] == "dfs" {
				missing := compare.JoinParts(slantJoinRows(t, b, jobs, tc.solvers, tc.o, 2))
				if len(missing) != 1 || missing[0].Complete() || !strings.Contains(missing[0].String(), "missing part 2/") {
					t.Fatalf("board %d without part 2: %v", bi, missing)
				}
			}
		}
	}
	for _, v := range []string{"none", "unique", "not unique", "solved"} {
		if seen[v] == 0 {
			t.Fatalf("unsplit verdicts %v: want each of none, unique, not unique, solved", seen)
		}
	}
}
