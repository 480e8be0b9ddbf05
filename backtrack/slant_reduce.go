package backtrack

import "github.com/gridsat/gridsat/instances"

// ReduceSlantClues removes the clues of s at the corners of order, in
// order, each removal kept while the deductions of level (with probing
// when probe is set) still solve s, as a generator does. The result is
// the one removing them one at a time with SolvesSlant gives, found
// faster by divide and conquer over order (slantReducer): the trial of
// each clue needs the fixpoint of the clues kept before it and all the
// clues after it, and deductions only grow with clues, so the fixpoints
// are built up by adding clues to a smaller one and taking them back,
// each clue added about log2(len(order)) times and each addition
// deducing only the cells it frees; a range whose clues can all go at
// once (the fixpoint without any of them is complete) is removed whole.
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
	work := instances.NewSlant(s.W, s.H)
	// The clues not in order stay throughout.
	in := make([]bool, len(s.Clues))
	for _, p := range order {
		in[p] = true
	}
	copy(work.Clues, s.Clues)
	for p := range work.Clues {
		if in[p] {
			work.Clues[p] = -1
		}
	}
	e := newSlantEngine(work, SlantOptions{Deduce: level, NoLearn: true})
	e.deductionOnly = true
	if !e.rootDeduce() {
		panic("slant: a clue subset of a solvable board has a contradiction")
	}
	r := slantReducer{e: e, s: s}
	r.reduce(order)
}

// slantReducer is ReduceSlantClues's divide and conquer: s holds the
// clues kept so far (the ones removed are -1) and e the fixpoint of the
// clues added at its levels.
type slantReducer struct {
	e *slantEngine
	s *instances.Slant
	// marks holds, per level of e, the lengths of the clue log and the
	// equivalences' undo log at its start.
	marks [][2]int
}

// reduce tries the clues at the corners of o in order; e holds the
// fixpoint of every clue of s except those of o.
func (r *slantReducer) reduce(o []int) {
	e := r.e
	if len(o) == 0 {
		return
	}
	if e.complete() {
		// Every clue of o can go: each trial's fixpoint holds this one.
		for _, p := range o {
			r.s.Clues[p] = -1
		}
		return
	}
	if len(o) == 1 {
		return // the clue stays
	}
	mid := len(o) / 2
	r.push(o[mid:])
	r.reduce(o[:mid])
	r.pop()
	r.push(o[:mid]) // those of the first half that stayed
	r.reduce(o[mid:])
	r.pop()
}

// push opens a level of e and adds there the clues of s at the corners
// of qs, deducing to a fixpoint.
func (r *slantReducer) push(qs []int) {
	e := r.e
	m := [2]int{len(e.clueLog), 0}
	if e.pairs != nil {
		m[1] = len(e.pairs.log)
	}
	r.marks = append(r.marks, m)
	e.newLevel()
	ok := true
	for _, q := range qs {
		if v := r.s.Clues[q]; v >= 0 && ok {
			ok = e.setClue(q, v)
		}
	}
	if !ok || !e.fixpoint() {
		panic("slant: a clue subset of a solvable board has a contradiction")
	}
}

// pop takes back e's last level: its cells, then its clues.
func (r *slantReducer) pop() {
	e := r.e
	m := r.marks[len(r.marks)-1]
	r.marks = r.marks[:len(r.marks)-1]
	e.undo(e.decisionLevel() - 1)
	for k := len(e.clueLog) - 1; k >= m[0]; k-- {
		c := e.clueLog[k]
		e.uf.add(int(c.corner), 0, -int(c.capacity))
		e.clue[c.corner] = -1
	}
	e.clueLog = e.clueLog[:m[0]]
	if e.pairs != nil {
		e.pairs.undoTo(m[1])
	}
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
