package sat

import (
	"math/rand/v2"
	"testing"
	"time"
)

// A compacted formula answers as the original does on random formulas
// that leave many declared variables unused, its models (mapped back)
// satisfy the original, and clauses added through the wrapper land on
// the right variables; a clause over an unused variable is refused.
func TestCompactAgrees(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 7))
	be, err := LookupBackend("gophersat")
	if err != nil {
		t.Fatal(err)
	}
	solve := func(s Solver) Status {
		st, err := s.Solve(time.Time{})
		if err != nil {
			t.Fatal(err)
		}
		return st
	}
	sat := 0
	for trial := 0; trial < 300; trial++ {
		nvars := 8 + rng.IntN(20)
		used := 3 + rng.IntN(nvars/2)
		pick := rng.Perm(nvars)[:used] // the variables the clauses use
		f := &CNF{NumVars: nvars}
		for range 2 + rng.IntN(4*used) {
			var c []int
			for range 1 + rng.IntN(3) {
				l := pick[rng.IntN(used)] + 1
				if rng.IntN(2) == 0 {
					l = -l
				}
				c = append(c, l)
			}
			f.Clauses = append(f.Clauses, c)
		}
		c := Compact(f)
		if c.CNF.NumVars > used {
			t.Fatalf("trial %d: %d variables after compaction, %d used", trial, c.CNF.NumVars, used)
		}
		plain, err := be.New(f)
		if err != nil {
			t.Fatal(err)
		}
		inner, err := be.New(c.CNF)
		if err != nil {
			t.Fatal(err)
		}
		s := c.Wrap(inner)
		extra := []int{abs(f.Clauses[0][0]), -abs(f.Clauses[len(f.Clauses)-1][0])}
		for round := range 2 {
			want, got := solve(plain), solve(s)
			if want != got {
				t.Fatalf("trial %d round %d: %v compacted, %v plain", trial, round, got, want)
			}
			if got == Satisfiable {
				sat++
				added := extra[:0]
				if round > 0 {
					added = extra
				}
				checkModel(t, f.Clauses, added, s.Model())
			}
			if err := plain.AddClause(extra); err != nil {
				t.Fatal(err)
			}
			if err := s.AddClause(extra); err != nil {
				t.Fatal(err)
			}
		}
		unused := 0
		for v := 1; v <= nvars && unused == 0; v++ {
			if c.inner[v] == 0 {
				unused = v
			}
		}
		if unused != 0 {
			if err := s.AddClause([]int{unused}); err == nil {
				t.Fatalf("trial %d: a clause over unused variable %d accepted", trial, unused)
			}
		}
	}
	if sat == 0 {
		t.Fatal("no satisfiable formula met")
	}
}

// checkModel fails unless m satisfies every clause and, when extra is not
// empty, the clause extra.
func checkModel(t *testing.T, clauses [][]int, extra []int, m []bool) {
	t.Helper()
	if len(extra) > 0 {
		clauses = append(clauses, extra)
	}
	for _, c := range clauses {
		ok := false
		for _, l := range c {
			if l > 0 && m[l] || l < 0 && !m[-l] {
				ok = true
			}
		}
		if !ok {
			t.Fatalf("model %v fails clause %v", m, c)
		}
	}
}
