package puzzles

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/gridsat/gridsat/compare"
	"github.com/gridsat/gridsat/encode"
	"github.com/gridsat/gridsat/instances"
)

// queensJoin splits q (jobs, bound, cover as gridsat split would take
// them), solves every part by every solver (each answer verified) and
// joins them.
func queensJoin(t *testing.T, p *compare.Puzzle, q *instances.Queens, jobs, bound int, cover []instances.Square) compare.Join {
	t.Helper()
	parts, err := instances.SplitQueens(q, jobs, bound, cover)
	if err != nil {
		t.Fatal(err)
	}
	var buf strings.Builder
	if err := instances.FormatQueens(&buf, parts); err != nil {
		t.Fatal(err)
	}
	read, err := p.Parse("parts.txt", strings.NewReader(buf.String()))
	if err != nil {
		t.Fatal(err)
	}
	r := &compare.Report{Puzzle: p, Specs: []string{"dfs", "sat"}}
	for i, part := range read {
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
		r.Rows = append(r.Rows, row)
	}
	joins := compare.JoinParts(r)
	if len(joins) != 1 || !joins[0].Complete() {
		t.Fatalf("joins %v, want one complete", joins)
	}
	return joins[0]
}

// TestJoinQueensParts: on random boards, square and not, sparse and
// full, split many ways (with the split's cover, with the optimum as
// bound, and with a bound below it), the join is the unsplit fewest
// queens, or says the case's is more than a bound below it.
func TestJoinQueensParts(t *testing.T) {
	p, err := compare.Lookup("queens")
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(61, 1))
	for _, size := range [][2]int{{1, 1}, {2, 2}, {3, 3}, {4, 4}, {3, 5}, {5, 5}, {4, 6}, {6, 6}} {
		for _, density := range []float64{0, 0.3, 0.7, 1} {
			q, err := instances.GenerateQueens(rng, size[0], size[1], density)
			if err != nil {
				t.Fatal(err)
			}
			res, err := p.Solvers[0].Solve(q, nil)
			if err != nil {
				t.Fatal(err)
			}
			want, err := p.Value(res)
			if err != nil {
				t.Fatal(err)
			}
			for _, jobs := range []int{2, 3, 7, 16} {
				name := fmt.Sprintf("%dx%d %.1f jobs %d", size[0], size[1], density, jobs)
				j := queensJoin(t, p, q, jobs, -1, encode.QueensUpperCover(q))
				if got := joinedQueens(j); got != want {
					t.Errorf("%s, the split's cover: joined %d (%s), unsplit %d", name, got, j, want)
				}
				if j = queensJoin(t, p, q, jobs, want, nil); j.Value != want {
					t.Errorf("%s, bound %d: joined %s, unsplit %d", name, want, j, want)
				}
				if want > 0 {
					if j = queensJoin(t, p, q, jobs, want-1, nil); j.Value != -1 {
						t.Errorf("%s, bound %d: joined %s, unsplit %d", name, want-1, j, want)
					}
				}
			}
		}
	}
}

// joinedQueens is a complete queens join's fewest queens.
func joinedQueens(j compare.Join) int {
	if j.Value < 0 {
		return j.Cover
	}
	return j.Value
}
