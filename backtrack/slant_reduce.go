package backtrack

import "github.com/gridsat/gridsat/instances"

// slantReduceBlock is how many clues ReduceSlantClues tries against one
// base fixpoint.
const slantReduceBlock = 48

// ReduceSlantClues removes the clues of s at the corners of order, in
// order, each removal kept while the deductions of level (with probing
// when probe is set) still solve s, as a generator does. The result is
// the one removing them one at a time with SolvesSlant gives, found
// faster: for a block of the next clues to try, it deduces once from the
// clues outside the block (the fixpoint is a part of what any clue set
// tried in the block deduces, since deductions only grow with clues),
// and each try then adds only the block's later clues on top and takes
// them back. A clue that must stay joins the base for good.
func ReduceSlantClues(s *instances.Slant, order []int, level SlantDeduce, probe bool) {
	if probe {
		// Probing works at the root only: one full deduction per clue.
		d := NewSlantDeducer(level, true)
		for _, p := range order {
			v := s.Clues[p]
			if v < 0 {
				continue
			}
			s.Clues[p] = -1
			if !d.Solves(s) {
				s.Clues[p] = v
			}
		}
		return
	}
	e := newSlantEngine(s, SlantOptions{Deduce: level, NoLearn: true})
	e.deductionOnly = true
	base := instances.NewSlant(s.W, s.H)
	for b := 0; b < len(order); b += slantReduceBlock {
		block := order[b:min(b+slantReduceBlock, len(order))]
		copy(base.Clues, s.Clues)
		for _, p := range block {
			base.Clues[p] = -1
		}
		e.reset(base)
		if !e.rootDeduce() {
			panic("slant: a clue subset of a solvable board has a contradiction")
		}
		for j, p := range block {
			v := s.Clues[p]
			if v < 0 {
				continue
			}
			if e.tryWithout(s, block[j+1:]) {
				s.Clues[p] = -1
				continue
			}
			if !e.setClue(p, v) || !e.fixpoint() {
				panic("slant: adding a true clue to a solvable board fails")
			}
		}
	}
}

// tryWithout reports whether the deductions solve the board when the
// clues of s at the corners of more are added to e's base; e is left as
// it was.
func (e *slantEngine) tryWithout(s *instances.Slant, more []int) bool {
	e.newLevel()
	plog := 0
	if e.pairs != nil {
		plog = len(e.pairs.log)
	}
	ok := true
	for _, q := range more {
		if v := s.Clues[q]; v >= 0 && ok {
			ok = e.setClue(q, v)
		}
	}
	ok = ok && e.fixpoint() && e.complete()
	e.undo(0)
	for k := len(e.clueLog) - 1; k >= 0; k-- {
		c := e.clueLog[k]
		e.uf.add(int(c.corner), 0, -int(c.capacity))
		e.clue[c.corner] = -1
	}
	e.clueLog = e.clueLog[:0]
	if e.pairs != nil {
		e.pairs.undoTo(plog)
	}
	return ok
}

// clueChange records a clue set above the root: its corner and what it
// changed its component's capacity by.
type clueChange struct {
	corner, capacity int32
}

// setClue puts clue v on corner q (which has none) and queues what it
// may deduce; false means the clue cannot be met.
func (e *slantEngine) setClue(q int, v int8) bool {
	before := e.capOf(q)
	e.clue[q] = v
	d := e.capOf(q) - before
	e.uf.add(q, 0, d)
	if e.decisionLevel() > 0 {
		e.clueLog = append(e.clueLog, clueChange{int32(q), int32(d)})
	}
	if e.pairs != nil {
		e.pairs.push(int32(q))
	}
	if !e.checkClue(q) {
		return false
	}
	// The capacity of q's component dropped: the dead-end rule may now
	// apply though no cell around it changed.
	if e.deduce != SlantDeduceBasic && !e.complete() {
		return e.componentExits(q)
	}
	return true
}

// fixpoint runs propagation and the equivalence deductions until neither
// makes progress; false means a contradiction.
func (e *slantEngine) fixpoint() bool {
	if !e.propagate() {
		return false
	}
	if e.pairs == nil {
		return true
	}
	return e.pairs.run()
}
