package drat

import (
	"fmt"
	"slices"
)

// backward marks the clauses behind the final conflict, then walks the
// steps back from the one that made it: a deletion restores its clause, a
// lemma or input is removed (with the literals it implied) and, when marked
// and a lemma, checked against the clauses live before it, marking in turn
// the clauses its check used.
func (k *checker) backward(final int, confl int64) error {
	k.analyze(confl, nil)
	for i := final; i >= 0; i-- {
		s := k.steps[i]
		c := k.stepClause[i]
		if c < 0 {
			continue
		}
		if s.Kind == Delete {
			if err := k.restore(i, uint32(c)); err != nil {
				return err
			}
			continue
		}
		k.backtrack(int(k.trailAt[i]))
		k.setFlag(uint32(c), fDead)
		if s.Kind != Lemma || k.flags(uint32(c))&(fCore|fTaut) != fCore {
			continue
		}
		v, detail := k.verify(i, uint32(c))
		if k.verdicts != nil {
			k.verdicts[i] = v
		}
		switch v {
		case vRUP:
			k.res.RUP++
		case vRAT:
			k.res.RAT++
		default:
			return k.notImplied(i, detail)
		}
	}
	return nil
}

// restore puts back a clause that step i deleted, at the assignment it was
// deleted under (where it was neither unit nor conflicting).
func (k *checker) restore(i int, c uint32) error {
	k.clearFlag(c, fDeleted)
	if k.flags(c)&fTaut != 0 {
		return nil
	}
	if st := k.attach(c); st != stOK {
		return fmt.Errorf("drat: internal error: %s: the restored clause is unit or conflicting", where(i, k.steps[i]))
	}
	return nil
}

// verify checks the lemma of step i, clause c, against the clauses live now
// (the trail holds the units implied before it): RUP, else RAT on its first
// literal. It marks the clauses the check used.
func (k *checker) verify(i int, c uint32) (verdict, string) {
	ls := k.clauseLits(c)
	if k.rup(ls, nil, 0) {
		return vRUP, ""
	}
	if len(ls) == 0 {
		return vFail, "the empty clause is not RUP (unit propagation on the clauses live there finds no conflict), and it has no pivot for RAT"
	}
	p := toLit(k.steps[i].Lits[0])
	var cands []uint32
	for _, d := range k.holding(p^1, c) {
		if d >= c {
			break // the lists are in storage order
		}
		if k.flags(d)&(fDead|fDeleted|fTaut) != 0 {
			continue
		}
		if !k.rup(ls, k.clauseLits(d), p^1) {
			return vFail, fmt.Sprintf("unit propagation on its negation finds no conflict, and its resolvent on pivot %d with %s is not RUP",
				p.int(), k.origin(d))
		}
		cands = append(cands, d)
	}
	for _, d := range cands {
		k.mark(d)
	}
	return vRAT, ""
}

// holding returns the clauses stored before clause c that hold literal l
// (with removed ones, which the caller skips). The backward pass, which adds
// no clause, indexes every clause's literals the first time it needs it;
// the forward mode scans.
func (k *checker) holding(l lit, c uint32) []uint32 {
	if k.all {
		var out []uint32
		for d := k.first; d < c; d = k.next(d) {
			if slices.Contains(k.clauseLits(d), l) {
				out = append(out, d)
			}
		}
		return out
	}
	if k.occ == nil {
		k.occ = make([][]uint32, len(k.vals))
		for d := k.first; d < k.end(); d = k.next(d) {
			for _, x := range k.clauseLits(d) {
				k.occ[x] = append(k.occ[x], d)
			}
		}
	}
	return k.occ[l]
}

// rup assumes the negation of the literals of a and of b (but skip), then
// propagates; on a conflict it marks the clauses that made it and reports
// true. The assignment is restored.
func (k *checker) rup(a, b []lit, skip lit) bool {
	n := len(k.trail)
	ok := false
	for _, part := range [2][]lit{a, b} {
		for _, l := range part {
			if l == skip && skip != 0 {
				continue
			}
			switch k.vals[l] {
			case 1:
				k.analyze(-1, []uint32{l.v()})
				ok = true
			case 0:
				k.assign(l^1, noReason)
			}
			if ok {
				break
			}
		}
		if ok {
			break
		}
	}
	if !ok {
		if confl := k.propagate(); confl >= 0 {
			k.analyze(confl, nil)
			ok = true
		}
	}
	k.backtrack(n)
	return ok
}

// forwardVerdict checks the lemma of step i before it is added (forward
// mode: every lemma, none marked).
func (k *checker) forwardVerdict(i int, s Step) verdict {
	c := k.newClause(s.Lits)
	defer k.dropLast(c)
	if k.flags(c)&fTaut != 0 {
		return vTaut
	}
	v, _ := k.verify(i, c)
	return v
}

// origin names clause c in errors, with its literals as given:
// "formula clause 3 [1 -2]", "goal unit 0 [-4]", "the clause of step 7
// (line 8) [2 5]".
func (k *checker) origin(c uint32) string {
	if c < k.baseEnd {
		i := 0
		for d := k.first; d != c; d = k.next(d) {
			i++
		}
		if i < k.nFormula {
			return fmt.Sprintf("formula clause %d %v", i, k.formula[i])
		}
		return fmt.Sprintf("goal unit %d %v", i-k.nFormula, ints(k.clauseLits(c)))
	}
	for i, sc := range k.stepClause {
		if sc == int32(c) && k.steps[i].Kind != Delete {
			return fmt.Sprintf("the clause of %s %v", where(i, k.steps[i]), k.steps[i].Lits)
		}
	}
	return fmt.Sprintf("clause %v", ints(k.clauseLits(c)))
}

func ints(ls []lit) []int {
	out := make([]int, len(ls))
	for i, l := range ls {
		out[i] = l.int()
	}
	return out
}
