package drat

import (
	"errors"
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"
)

// The oracle: written apart from the checker, as plainly as possible. Live
// clause sets are lists of clauses; unit propagation is a loop over all
// clauses until nothing changes; models are enumerated as bit sets over all
// 2^n assignments (bit t of the set is assignment t, variable v true when bit
// v-1 of t is 1).

// oracleUP reports whether unit propagation on clauses, after assuming the
// literals of assume, conflicts.
func oracleUP(clauses [][]int, assume []int) bool {
	val := map[int]bool{}     // variable -> value
	set := func(l int) bool { // false on a clash
		v, want := l, true
		if l < 0 {
			v, want = -l, false
		}
		if old, ok := val[v]; ok {
			return old == want
		}
		val[v] = want
		return true
	}
	for _, l := range assume {
		if !set(l) {
			return true
		}
	}
	for changed := true; changed; {
		changed = false
		for _, c := range clauses {
			if isTautology(c) {
				continue
			}
			c = dedupe(c)
			open, unit := 0, 0
			sat := false
			for _, l := range c {
				v, want := l, true
				if l < 0 {
					v, want = -l, false
				}
				got, ok := val[v]
				switch {
				case !ok:
					open++
					unit = l
				case got == want:
					sat = true
				}
			}
			if sat {
				continue
			}
			if open == 0 {
				return true
			}
			if open == 1 {
				set(unit)
				changed = true
			}
		}
	}
	return false
}

// dedupe drops repeated literals.
func dedupe(c []int) []int {
	var out []int
	for _, l := range c {
		if !slices.Contains(out, l) {
			out = append(out, l)
		}
	}
	return out
}

func isTautology(c []int) bool {
	for _, l := range c {
		if slices.Contains(c, -l) {
			return true
		}
	}
	return false
}

func negate(c []int) []int {
	out := make([]int, len(c))
	for i, l := range c {
		out[i] = -l
	}
	return out
}

// oracleRUP: unit propagation on the clauses and the negation of c conflicts.
func oracleRUP(clauses [][]int, c []int) bool { return oracleUP(clauses, negate(c)) }

// oracleRAT: every resolvent of c on its first literal with a clause holding
// the negated pivot (tautologies aside, as the checker never uses them) is
// RUP.
func oracleRAT(clauses [][]int, c []int) bool {
	if len(c) == 0 {
		return false
	}
	p := c[0]
	for _, d := range clauses {
		if isTautology(d) || !slices.Contains(d, -p) {
			continue
		}
		r := slices.Clone(c)
		for _, l := range d {
			if l != -p {
				r = append(r, l)
			}
		}
		if !oracleRUP(clauses, r) {
			return false
		}
	}
	return true
}

// bitset over all assignments to n variables.
type bitset []uint64

func newBitset(n int) bitset { return make(bitset, (1<<n+63)/64) }

// varSets[n][v] holds the assignments to n variables with v true.
var varSets = map[int][]bitset{}

func varSet(n, v int) bitset {
	if varSets[n] == nil {
		sets := make([]bitset, n+1)
		for u := 1; u <= n; u++ {
			sets[u] = newBitset(n)
			for t := range 1 << n {
				if t>>(u-1)&1 == 1 {
					sets[u][t/64] |= 1 << (t % 64)
				}
			}
		}
		varSets[n] = sets
	}
	return varSets[n][v]
}

// satisfying returns the assignments that satisfy clause c.
func satisfying(n int, c []int) bitset {
	b := newBitset(n)
	for _, l := range c {
		if l > 0 {
			for i, w := range varSet(n, l) {
				b[i] |= w
			}
		} else {
			for i, w := range varSet(n, -l) {
				b[i] |= ^w
			}
		}
	}
	if n < 6 { // bits beyond 2^n are no assignment
		b[0] &= 1<<(1<<n) - 1
	}
	return b
}

// models returns the assignments that satisfy every clause.
func models(n int, clauses [][]int) bitset {
	m := satisfying(n, nil)
	for i := range m {
		m[i] = ^uint64(0)
	}
	if n < 6 {
		m[0] = 1<<(1<<n) - 1
	}
	for _, c := range clauses {
		s := satisfying(n, c)
		for i := range m {
			m[i] &= s[i]
		}
	}
	return m
}

func (b bitset) has(t int) bool { return b[t/64]>>(t%64)&1 == 1 }

// entailed: every model of the clauses satisfies c.
func entailed(n int, clauses [][]int, c []int) bool {
	m, s := models(n, clauses), satisfying(n, c)
	for i := range m {
		if m[i]&^s[i] != 0 {
			return false
		}
	}
	return true
}

// flipPreserves: every model of the clauses that falsifies c becomes a
// model of the clauses and c when its pivot (c's first literal) is flipped;
// what RAT guarantees, so adding c keeps the clauses satisfiable.
func flipPreserves(n int, clauses [][]int, c []int) bool {
	m, s := models(n, clauses), satisfying(n, c)
	v := c[0]
	if v < 0 {
		v = -v
	}
	for i := range m {
		bad := m[i] &^ s[i]
		for bad != 0 {
			t := i*64 + bits.TrailingZeros64(bad)
			bad &= bad - 1
			u := t ^ 1<<(v-1)
			if !m.has(u) || !s.has(u) {
				return false
			}
		}
	}
	return true
}

// liveBefore returns the clauses live before each step: the formula, the
// lemmas and inputs added, minus the deleted clauses (one clause with the
// same literals, as a set) except the deletions the checker says it ignored.
func liveBefore(formula [][]int, steps []Step, ignored []int) [][][]int {
	live := slices.Clone(formula)
	out := make([][][]int, len(steps)+1)
	for i, s := range steps {
		out[i] = slices.Clone(live)
		switch {
		case s.Kind != Delete:
			live = append(live, s.Lits)
		case slices.Contains(ignored, i):
		default:
			for j, c := range live {
				if sameSet(c, s.Lits) {
					live = slices.Delete(live, j, j+1)
					break
				}
			}
		}
	}
	out[len(steps)] = live
	return out
}

func sameSet(a, b []int) bool {
	for _, x := range a {
		if !slices.Contains(b, x) {
			return false
		}
	}
	for _, x := range b {
		if !slices.Contains(a, x) {
			return false
		}
	}
	return true
}

// judge checks one verdict of the checker against the oracle.
func judge(t *testing.T, n int, live [][]int, s Step, v verdict, where string) {
	t.Helper()
	c := s.Lits
	switch v {
	case vRUP:
		if !oracleRUP(live, c) || !entailed(n, live, c) {
			t.Fatalf("%s: lemma %v accepted as RUP, but the oracle finds it not RUP (%v) or not entailed (%v); live %v", where, c, oracleRUP(live, c), entailed(n, live, c), live)
		}
	case vRAT:
		if oracleRUP(live, c) || !oracleRAT(live, c) || !flipPreserves(n, live, c) {
			t.Fatalf("%s: lemma %v accepted as RAT, but the oracle disagrees (RUP %v, RAT %v)", where, c,
				oracleRUP(live, c), oracleRAT(live, c))
		}
	case vFail:
		if oracleRUP(live, c) || oracleRAT(live, c) {
			t.Fatalf("%s: lemma %v rejected, but the oracle finds it RUP or RAT", where, c)
		}
	case vTaut:
		if !isTautology(c) {
			t.Fatalf("%s: lemma %v taken for a tautology", where, c)
		}
	}
}

// mutate returns a copy of steps with a few random changes: a lemma dropped,
// a literal flipped, a random clause added as a lemma or an input, a clause
// deleted, an extension definition (RAT on a fresh variable), the last
// step dropped.
func mutate(rng *rand.Rand, n, fresh int, formula [][]int, steps []Step) []Step {
	out := slices.Clone(steps)
	randLit := func(vars int) int {
		l := 1 + rng.IntN(vars)
		if rng.IntN(2) == 0 {
			l = -l
		}
		return l
	}
	for range 1 + rng.IntN(3) {
		at := rng.IntN(len(out) + 1)
		switch rng.IntN(7) {
		case 0: // drop a step
			if at < len(out) {
				out = slices.Delete(out, at, at+1)
			}
		case 1: // flip a literal
			if at < len(out) && len(out[at].Lits) > 0 {
				lits := slices.Clone(out[at].Lits)
				lits[rng.IntN(len(lits))] *= -1
				out[at] = Step{Kind: out[at].Kind, Lits: lits}
			}
		case 2, 3: // a random clause (with repeats and tautologies now and then)
			lits := make([]int, rng.IntN(4))
			for i := range lits {
				lits[i] = randLit(n + fresh)
			}
			kind := Lemma
			if rng.IntN(4) == 0 {
				kind = Input
			}
			out = slices.Insert(out, at, Step{Kind: kind, Lits: lits})
		case 4: // delete a formula clause or an earlier clause
			var pool [][]int
			pool = append(pool, formula...)
			for _, s := range out[:at] {
				if s.Kind != Delete {
					pool = append(pool, s.Lits)
				}
			}
			if len(pool) > 0 {
				out = slices.Insert(out, at, Step{Kind: Delete, Lits: slices.Clone(pool[rng.IntN(len(pool))])})
			}
		case 5: // x <-> (a and b) on a fresh variable x: RAT on x and -x
			if fresh > 0 {
				x, a, b := n+1+rng.IntN(fresh), randLit(n), randLit(n)
				def := []Step{lemma(-x, a), lemma(-x, b), lemma(x, -a, -b)}
				out = slices.Insert(out, at, def...)
			}
		case 6: // drop the last step (the empty clause, often)
			if len(out) > 0 {
				out = out[:len(out)-1]
			}
		}
	}
	return out
}

// TestOracle checks the checker against the oracle on random formulas of up
// to 14 variables (a few of 20), satisfiable or not, with gophersat's proofs
// and random mutations of them: in the forward mode every lemma's verdict,
// in the backward mode every lemma checked and the one rejected.
func TestOracle(t *testing.T) {
	rng := rand.New(rand.NewPCG(20, 2026))
	rounds := 300
	if testing.Short() {
		rounds = 60
	}
	var stats [5]int
	accepted, rejected := 0, 0
	for r := range rounds {
		n := 4 + rng.IntN(9)
		if r%100 == 99 {
			n = 20
		}
		fresh := rng.IntN(3)
		m := n * (30 + rng.IntN(35)) / 10
		formula := random3SAT(rng, n, m)
		// Every fifth round proves a goal: the negation of a cube of two
		// literals, given to gophersat as units after the formula, as
		// CheckClause adds them.
		base, goal := formula, []int(nil)
		if r%5 == 1 {
			base = slices.Clone(formula)
			for _, v := range rng.Perm(n)[:2] {
				l := v + 1
				if rng.IntN(2) == 0 {
					l = -l
				}
				base = append(base, []int{l})
				goal = append(goal, -l)
			}
		}
		_, proof := gophersatProof(t, n+fresh, base)
		steps := proof
		if r%4 != 0 {
			steps = mutate(rng, n, fresh, base, proof)
		}
		nv := n + fresh
		// Forward mode: every lemma up to the conflict.
		res, verdicts, err := checkWith(nv, formula, steps, goal, true, true)
		if err != nil && !errors.Is(err, ErrNoRefutation) {
			t.Fatalf("round %d: forward mode: %v", r, err)
		}
		live := liveBefore(base, steps, res.IgnoredDeletions)
		for i, v := range verdicts {
			if steps[i].Kind == Lemma && v != vNone {
				stats[v]++
				judge(t, nv, live[i], steps[i], v, "round "+itoa(r)+" forward step "+itoa(i))
			}
		}
		// Backward mode: the lemmas checked, and the failure.
		_, bverdicts, berr := checkWith(nv, formula, steps, goal, false, true)
		for i, v := range bverdicts {
			if v != vNone {
				judge(t, nv, live[i], steps[i], v, "round "+itoa(r)+" backward step "+itoa(i))
			}
		}
		var pe *ProofError
		switch {
		case berr == nil:
			accepted++
			if err != nil {
				t.Fatalf("round %d: backward accepts, forward finds no refutation", r)
			}
		case errors.Is(berr, ErrNotImplied) && errors.As(berr, &pe):
			rejected++
			judge(t, nv, live[pe.Step], steps[pe.Step], vFail, "round "+itoa(r)+" rejected")
			if verdicts[pe.Step] != vFail {
				t.Fatalf("round %d: backward rejects step %d, forward mode gave verdict %d", r, pe.Step, verdicts[pe.Step])
			}
		case errors.Is(berr, ErrNoRefutation):
			rejected++
			if oracleUP(live[len(steps)], nil) && statesGoal(steps, goal) {
				t.Fatalf("round %d: no refutation, but unit propagation on all clauses conflicts and the proof states the goal %v", r, goal)
			}
		default:
			t.Fatalf("round %d: %v", r, berr)
		}
	}
	t.Logf("%d proofs accepted, %d rejected; forward verdicts: RUP %d, RAT %d, failed %d, tautologies %d",
		accepted, rejected, stats[vRUP], stats[vRAT], stats[vFail], stats[vTaut])
	if stats[vRAT] == 0 || stats[vFail] == 0 || accepted == 0 || rejected == 0 {
		t.Errorf("the rounds did not cover every case")
	}
}

// statesGoal: some lemma is the goal or a part of it (for no goal, the
// empty clause).
func statesGoal(steps []Step, goal []int) bool {
	for _, s := range steps {
		if s.Kind == Lemma && subset(s.Lits, goal) {
			return true
		}
	}
	return false
}
