package puzzles

import (
	"math/rand"
	"slices"
	"strings"
	"testing"

	"github.com/gridsat/gridsat/compare"
	"github.com/gridsat/gridsat/instances"
)

// chainJoinRows splits board b into at most jobs parts, solves each by
// both solvers, verifies every answer, and returns the rows of a report,
// in reverse order (the join must not rely on the order rows come in),
// leaving out the parts skip names.
func chainJoinRows(t *testing.T, b *instances.Chain, jobs int, skip ...int) *compare.Report {
	t.Helper()
	p, err := compare.Lookup("chain")
	if err != nil {
		t.Fatal(err)
	}
	var buf strings.Builder
	if err := p.Split(&buf, []instances.Case{b}, compare.SplitConfig{Jobs: jobs, Bound: -1}); err != nil {
		t.Fatal(err)
	}
	parts, err := p.Parse("parts.txt", strings.NewReader(buf.String()))
	if err != nil {
		t.Fatal(err)
	}
	r := &compare.Report{Puzzle: p, Specs: []string{"dfs", "sat"}}
	for i, part := range parts {
		if slices.Contains(skip, i+1) {
			continue
		}
		row := compare.Row{CaseInfo: compare.CaseInfo{File: "parts.txt", Case: i + 1}, Input: part, Agree: "yes"}
		for _, s := range p.Solvers {
			res, err := s.Solve(part, nil)
			if err != nil {
				t.Fatal(err)
			}
			if err := p.Verify(part, res); err != nil {
				t.Fatalf("part %d by %s: %v", i+1, s.Name, err)
			}
			row.Runs = append(row.Runs, compare.Run{Verdict: compare.VerdictOK, Result: res, Claim: compare.ClaimCrossChecked})
		}
		r.Rows = append([]compare.Row{row}, r.Rows...)
	}
	return r
}

// TestJoinChainParts: on planted, perturbed and swapped boards the join
// of a split case's parts is its unsplit answer (the smallest path, -1
// only when every part says -1), and a missing part is named.
func TestJoinChainParts(t *testing.T) {
	p, err := compare.Lookup("chain")
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewSource(47))
	seen := map[bool]int{}
	for _, n := range []int{3, 4, 5, 6, 7} {
		for _, o := range []instances.ChainGenOptions{{N: n, K: 3}, {N: n, K: 2, Perturb: true}, {N: n, K: 5, Swap: true}} {
			b, _, err := instances.GenerateChain(rng, o)
			if err != nil {
				t.Fatal(err)
			}
			whole, err := p.Solvers[0].Solve(b, nil)
			if err != nil {
				t.Fatal(err)
			}
			seen[whole.Solved]++
			joins := compare.JoinParts(chainJoinRows(t, b, 8))
			if len(joins) != 1 || !joins[0].Complete() {
				t.Fatalf("%+v: joins %v, want one complete", o, joins)
			}
			j := joins[0]
			got := instances.ChainNoPath
			if j.Value >= 0 {
				got = j.Answer
			}
			if got != whole.Answer || !strings.HasSuffix(j.String(), "(cross-checked)") || !strings.Contains(j.String(), got) {
				t.Fatalf("%+v: joined %q (%s), unsplit %s", o, got, j, whole.Answer)
			}
			if j.Count > 1 {
				missing := compare.JoinParts(chainJoinRows(t, b, 8, 2))
				if len(missing) != 1 || missing[0].Complete() || !strings.Contains(missing[0].String(), "missing part 2/") {
					t.Fatalf("%+v without part 2: %v", o, missing)
				}
			}
		}
	}
	if seen[true] == 0 || seen[false] == 0 {
		t.Fatalf("boards with a path %d, without %d: want both", seen[true], seen[false])
	}
}
