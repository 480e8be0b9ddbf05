package sat

import (
	"math/rand"
	"testing"
	"time"
)

// TestPhasedSolver: over random formulas propagated by UnitState, with
// random hints and clauses added after a solve (some satisfied or
// falsified by the fixed values), the phased solver's answers agree with
// brute force and every model it gives satisfies every clause.
func TestPhasedSolver(t *testing.T) {
	rng := rand.New(rand.NewSource(26))
	answers := map[Status]int{}
	scratch := &PhaseScratch{}
	for trial := 0; trial < 300; trial++ {
		nvars := 2 + rng.Intn(7)
		var all [][]int
		for i := 1 + rng.Intn(10); i > 0; i-- {
			all = append(all, randomClause(rng, nvars, 1+rng.Intn(3)))
		}
		cls, ok := unitSimplify(nvars, all)
		if !ok {
			continue
		}
		hint := make([]bool, nvars+1)
		for v := range hint {
			hint[v] = rng.Intn(2) == 0
		}
		s, err := NewPhasedSolver(gophersatBackend{}, nvars, cls, hint, scratch)
		if err != nil {
			t.Fatal(err)
		}
		for round := 0; round < 3; round++ {
			st, err := s.Solve(time.Time{})
			if err != nil {
				t.Fatal(err)
			}
			answers[st]++
			if want := countModels(nvars, all) > 0; want != (st == Satisfiable) {
				t.Fatalf("%v: %v, brute force says satisfiable %v", all, st, want)
			}
			if st != Satisfiable {
				break
			}
			m := s.Model()
			assignment := 0
			for v := 1; v <= nvars; v++ {
				if m[v] {
					assignment |= 1 << (v - 1)
				}
			}
			if !satisfiesAll(all, assignment) {
				t.Fatalf("%v: model %b satisfies not every clause", all, assignment)
			}
			c := randomClause(rng, nvars, 1+rng.Intn(3))
			all = append(all, c)
			if err := s.AddClause(c); err != nil {
				t.Fatal(err)
			}
		}
	}
	if answers[Satisfiable] == 0 || answers[Unsatisfiable] == 0 {
		t.Errorf("answers %v: the random formulas miss a case", answers)
	}
}
