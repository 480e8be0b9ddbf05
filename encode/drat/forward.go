package drat

import (
	"fmt"
	"math/bits"
	"slices"
)

// forward adds the formula, the goal's units and the steps, propagating,
// until the clauses conflict. It returns the step that made them conflict
// (-1 for the formula) and the conflicting clause.
func (k *checker) forward(formula [][]int, goal []int) (int, int64, error) {
	for _, c := range formula {
		if confl := k.add(k.newClause(c)); confl >= 0 {
			k.baseEnd = k.end()
			return -1, confl, nil
		}
	}
	for _, g := range goal {
		if confl := k.add(k.newClause([]int{-g})); confl >= 0 {
			k.baseEnd = k.end()
			return -1, confl, nil
		}
	}
	k.baseEnd = k.end()
	for i, s := range k.steps {
		k.trailAt[i] = int32(len(k.trail))
		k.stepClause[i] = -1
		if s.Kind == Delete {
			k.delete(i, s)
			continue
		}
		if s.Kind == Lemma && k.all {
			k.verdicts[i] = k.forwardVerdict(i, s)
		}
		c := k.newClause(s.Lits)
		k.stepClause[i] = int32(c)
		if s.Kind == Lemma && len(s.Lits) == 0 && !k.all {
			return i, -1, k.notImplied(i, "the empty clause is not RUP (unit propagation on the clauses live there finds no conflict), and it has no pivot for RAT")
		}
		if confl := k.add(c); confl >= 0 {
			return i, confl, nil
		}
	}
	return len(k.steps), -1, &ProofError{Step: -1, Err: ErrNoRefutation,
		Detail: fmt.Sprintf("after the formula and all %d steps, unit propagation finds no conflict (the proof has no empty clause)", len(k.steps))}
}

// derives checks that the proof states its conclusion: the clauses conflict
// by unit propagation once the formula, the goal's units or an input is
// added (trusted clauses), or else a lemma at or after the conflicting step
// is the goal or part of it (for Check, the empty clause).
func (k *checker) derives(final int, goal []int) error {
	if final < 0 || k.steps[final].Kind == Input {
		return nil
	}
	for _, s := range k.steps[final:] {
		if s.Kind == Lemma && subset(s.Lits, goal) {
			return nil
		}
	}
	want := "the empty clause"
	if len(goal) > 0 {
		want = fmt.Sprintf("the goal %v or a part of it", goal)
	}
	return &ProofError{Step: -1, Err: ErrNoRefutation,
		Detail: fmt.Sprintf("the clauses conflict by unit propagation at %s, but the proof never derives %s", where(final, k.steps[final]), want)}
}

func subset(a, b []int) bool {
	for _, x := range a {
		if !slices.Contains(b, x) {
			return false
		}
	}
	return true
}

// add watches a new clause and propagates; it returns the conflicting
// clause or -1.
func (k *checker) add(c uint32) int64 {
	if k.hash != nil {
		h := k.hashOf(k.clauseLits(c))
		k.hash[h] = append(k.hash[h], c)
	}
	if k.flags(c)&fTaut != 0 {
		return -1
	}
	switch k.attach(c) {
	case stConflict:
		return int64(c)
	case stUnit:
		k.assign(k.clauseLits(c)[0], int32(c))
		return k.propagate()
	}
	return -1
}

func (k *checker) hashOf(ls []lit) uint64 {
	var sum, xor uint64
	for _, l := range ls {
		x := uint64(l) * 0x9e3779b97f4a7c15
		x ^= x >> 29
		sum += x
		xor ^= bits.RotateLeft64(x, 17)
	}
	return sum ^ xor*0xbf58476d1ce4e5b9
}

// delete removes the live clause with the literals of step i, unless it is
// the reason of a top-level literal or no live clause has them.
func (k *checker) delete(i int, s Step) {
	tmp := k.newClause(s.Lits) // normalized literals, dropped below
	ls := k.clauseLits(tmp)
	h := k.hashOf(ls)
	k.dropLast(tmp)
	cands := k.hash[h]
	reason := false
	for j := len(cands) - 1; j >= 0; j-- {
		c := cands[j]
		if !k.sameLits(c, ls) {
			continue
		}
		if k.flags(c)&fTaut == 0 && k.isReason(c) {
			reason = true // look for a copy that is not a reason
			continue
		}
		cands[j] = cands[len(cands)-1]
		k.hash[h] = cands[:len(cands)-1]
		k.setFlag(c, fDeleted)
		if k.flags(c)&fTaut == 0 {
			k.unwatch(c)
		}
		k.stepClause[i] = int32(c)
		return
	}
	if reason {
		k.res.IgnoredDeletions = append(k.res.IgnoredDeletions, i)
		return
	}
	k.res.MissingDeletions = append(k.res.MissingDeletions, i)
}

// sameLits reports whether clause c has exactly the literals ls (both
// without repeats). ls's literals are stamped by the newClause that made it.
func (k *checker) sameLits(c uint32, ls []lit) bool {
	cl := k.clauseLits(c)
	if len(cl) != len(ls) {
		return false
	}
	for _, l := range cl {
		if k.stamp[l] != k.stampN {
			return false
		}
	}
	return true
}
