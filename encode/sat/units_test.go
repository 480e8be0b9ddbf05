package sat

import (
	"math/rand"
	"testing"
)

// unitSimplify is UnitState in one go: the clause sets added, then the
// formula with no question's units.
func unitSimplify(nvars int, sets ...[][]int) (out [][]int, ok bool) {
	u := NewUnitState(nvars)
	for _, s := range sets {
		for _, c := range s {
			if !u.Add(c) {
				return nil, false
			}
		}
	}
	return u.With(nil)
}

// TestUnitSimplify checks unitSimplify against brute force on random small
// formulas with units (some with repeated and opposite literals in a
// clause): it must report a contradiction only when there is no model, and
// otherwise return a formula with the same models, whose clauses of two or
// more literals hold no assigned variable.
func TestUnitSimplify(t *testing.T) {
	rng := rand.New(rand.NewSource(23))
	contradictions, kept := 0, 0
	for trial := 0; trial < 3000; trial++ {
		nvars := 1 + rng.Intn(7)
		var a, b [][]int
		for i := rng.Intn(12); i > 0; i-- {
			a = append(a, randomClause(rng, nvars, 1+rng.Intn(4)))
		}
		for i := rng.Intn(4); i > 0; i-- {
			b = append(b, randomClause(rng, nvars, 1))
		}
		out, ok := unitSimplify(nvars, a, b)
		all := append(append([][]int{}, a...), b...)
		if !ok {
			contradictions++
			if n := countModels(nvars, all); n != 0 {
				t.Fatalf("%v: contradiction claimed, %d models", all, n)
			}
			continue
		}
		kept++
		assigned := map[int]bool{}
		for _, c := range out {
			if len(c) == 1 {
				assigned[litVar(c[0])] = true
			}
		}
		for _, c := range out {
			if len(c) == 0 {
				t.Fatalf("%v: empty clause in %v", all, out)
			}
			for _, l := range c {
				if len(c) > 1 && assigned[litVar(l)] {
					t.Fatalf("%v: assigned variable %d left in %v", all, litVar(l), c)
				}
			}
		}
		for m := 0; m < 1<<nvars; m++ {
			if satisfiesAll(all, m) != satisfiesAll(out, m) {
				t.Fatalf("%v and %v differ on model %b", all, out, m)
			}
		}
	}
	if contradictions == 0 || kept == 0 {
		t.Errorf("%d contradictions, %d formulas kept: the random formulas miss a case", contradictions, kept)
	}
}

func randomClause(rng *rand.Rand, nvars, n int) []int {
	c := make([]int, n)
	for i := range c {
		c[i] = 1 + rng.Intn(nvars)
		if rng.Intn(2) == 0 {
			c[i] = -c[i]
		}
	}
	return c
}

// satisfiesAll says whether the assignment m (bit v-1 is variable v)
// satisfies every clause.
func satisfiesAll(cls [][]int, m int) bool {
	for _, c := range cls {
		sat := false
		for _, l := range c {
			if (m>>(litVar(l)-1)&1 == 1) == (l > 0) {
				sat = true
				break
			}
		}
		if !sat {
			return false
		}
	}
	return true
}

func countModels(nvars int, cls [][]int) int {
	n := 0
	for m := 0; m < 1<<nvars; m++ {
		if satisfiesAll(cls, m) {
			n++
		}
	}
	return n
}

func litVar(l int) int {
	if l < 0 {
		return -l
	}
	return l
}

// TestUnitStateQuestions checks UnitState as the search uses it: clauses
// added in batches, each batch followed by questions (with) under a few
// units, each answer compared with brute force over the clauses added and
// the question's units; the questions must leave the state as it was,
// which the later batches' answers would show.
func TestUnitStateQuestions(t *testing.T) {
	rng := rand.New(rand.NewSource(24))
	answered := [2]int{}
	for trial := 0; trial < 400; trial++ {
		nvars := 2 + rng.Intn(7)
		u := NewUnitState(nvars)
		var all [][]int
		for batch := 0; batch < 5; batch++ {
			for i := rng.Intn(5); i > 0; i-- {
				c := randomClause(rng, nvars, 1+rng.Intn(3))
				if rng.Intn(3) > 0 && len(c) == 1 {
					c = randomClause(rng, nvars, 2+rng.Intn(2))
				}
				all = append(all, c)
				if !u.Add(c) && countModels(nvars, all) != 0 {
					t.Fatalf("%v: contradiction claimed, with models", all)
				}
			}
			for q := 0; q < 3; q++ {
				var assume [][]int
				var lits []int
				for i := rng.Intn(3); i > 0; i-- {
					c := randomClause(rng, nvars, 1)
					assume = append(assume, c)
					lits = append(lits, c[0])
				}
				want := append(append([][]int{}, all...), assume...)
				out, ok := u.With(lits)
				if !ok {
					answered[0]++
					if countModels(nvars, want) != 0 {
						t.Fatalf("%v under %v: contradiction claimed, with models", all, lits)
					}
					continue
				}
				answered[1]++
				for m := 0; m < 1<<nvars; m++ {
					if satisfiesAll(want, m) != satisfiesAll(out, m) {
						t.Fatalf("%v under %v and %v differ on model %b", all, lits, out, m)
					}
				}
			}
		}
	}
	if answered[0] == 0 || answered[1] == 0 {
		t.Errorf("questions answered no %d, yes %d: the random formulas miss a case", answered[0], answered[1])
	}
}
