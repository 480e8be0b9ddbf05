package sat

// UnitState is a formula kept unit-propagated as clauses come in (add),
// which can also be propagated with a few more units for one question and
// then restored (with): it gives the formula with no literal of an
// assigned variable left in a longer clause, every assigned variable as a
// unit clause, then the clauses not yet satisfied with their false
// literals removed (each with two or more literals left), equivalent to
// the clauses added and the question's units.
//
// The lexicographic search gives gophersat a fresh solver for every
// question (encode.chainLex), with hundreds of fixed steps as units;
// gophersat's loader (Problem.simplify2) passes over every clause again
// each time a clause becomes a unit, quadratic in the units, which on an
// N=24 board was most of the search's time. Propagating in encode first
// costs one pass; keeping the propagation from question to question
// saves even that, but for the formula each question is given.
type UnitState struct {
	val []int8    // by variable: 1 true, -1 false, 0 open
	occ [][]int32 // by literal (litIndex): the clauses it occurs in
	cls [][]int   // the clauses, as added (read, never changed)
	// free counts, by clause, its literals not yet processed as false;
	// sat says a literal of it was processed as true.
	free  []int32
	sat   []bool
	queue []int // the literals assigned, in order
	head  int   // queue[:head] are processed
	// broken: the clauses added contradict each other.
	broken bool
	// temp: with is propagating a question's units; the changes to undo.
	temp              bool
	undoFree, undoSat []int32
	// outBuf and litBuf are formula's buffers, reused.
	outBuf [][]int
	litBuf []int
}

func NewUnitState(nvars int) *UnitState {
	return &UnitState{val: make([]int8, nvars+1), occ: make([][]int32, 2*nvars+2)}
}

// add adds clause c for good and propagates; false when the clauses
// added so far contradict each other by unit propagation (then for good).
func (u *UnitState) Add(c []int) bool {
	if u.broken {
		return false
	}
	i := int32(len(u.cls))
	u.cls = append(u.cls, c)
	u.free = append(u.free, int32(len(c)))
	u.sat = append(u.sat, false)
	for _, l := range c {
		u.occ[litIndex(l)] = append(u.occ[litIndex(l)], i)
		// Every assigned literal is processed already.
		switch u.value(l) {
		case 1:
			u.sat[i] = true
		case -1:
			u.free[i]--
		}
	}
	if !u.sat[i] && u.free[i] <= 1 && (!u.settle(c, i) || !u.propagate()) {
		u.broken = true
	}
	return !u.broken
}

// with returns the formula propagated with the units assume too, or false when they contradict it by unit propagation,
// and leaves the state as it was.
func (u *UnitState) With(assume []int) (out [][]int, ok bool) {
	if u.broken {
		return nil, false
	}
	mark := len(u.queue)
	u.temp = true
	ok = true
	for _, l := range assume {
		if !u.assign(l) {
			ok = false
			break
		}
	}
	if ok = ok && u.propagate(); ok {
		out = u.formula()
	}
	for _, i := range u.undoFree {
		u.free[i]++
	}
	for _, i := range u.undoSat {
		u.sat[i] = false
	}
	for _, l := range u.queue[mark:] {
		u.val[max(l, -l)] = 0
	}
	u.queue, u.head = u.queue[:mark], mark
	u.undoFree, u.undoSat, u.temp = u.undoFree[:0], u.undoSat[:0], false
	return out, ok
}

// formula returns the propagated formula: the assigned literals as units,
// then the open literals of every clause not satisfied, in one buffer.
// The buffers are reused by the next call: the formula is for a backend's
// New, which copies the clauses it is given (every backend does).
func (u *UnitState) formula() [][]int {
	lits := len(u.queue)
	for i, c := range u.cls {
		if !u.sat[i] {
			lits += len(c)
		}
	}
	if cap(u.outBuf) < len(u.queue)+len(u.cls) {
		u.outBuf = make([][]int, 0, len(u.queue)+len(u.cls))
	}
	if cap(u.litBuf) < lits {
		u.litBuf = make([]int, 0, lits)
	}
	out, buf := u.outBuf[:0], u.litBuf[:0]
	for _, l := range u.queue {
		buf = append(buf, l)
		out = append(out, buf[len(buf)-1:len(buf):len(buf)])
	}
	for i, c := range u.cls {
		if u.sat[i] {
			continue
		}
		from := len(buf)
		for _, l := range c {
			if u.value(l) == 0 {
				buf = append(buf, l)
			}
		}
		out = append(out, buf[from:len(buf):len(buf)])
	}
	return out
}

// Broken reports whether the clauses added contradict each other.
func (u *UnitState) Broken() bool { return u.broken }

// value returns 1 if l is true, -1 if false, 0 if open.
func (u *UnitState) value(l int) int8 {
	if l < 0 {
		return -u.val[-l]
	}
	return u.val[l]
}

// assign makes l true; false if it is false already.
func (u *UnitState) assign(l int) bool {
	switch u.value(l) {
	case 1:
		return true
	case -1:
		return false
	}
	if l < 0 {
		u.val[-l] = -1
	} else {
		u.val[l] = 1
	}
	u.queue = append(u.queue, l)
	return true
}

// markSat records that clause i has a true literal.
func (u *UnitState) markSat(i int32) {
	if !u.sat[i] {
		u.sat[i] = true
		if u.temp {
			u.undoSat = append(u.undoSat, i)
		}
	}
}

// propagate processes the assigned literals in order, assigning the last
// open literal of every clause whose other literals are all false; false
// on a clause with every literal false.
func (u *UnitState) propagate() bool {
	for u.head < len(u.queue) {
		l := u.queue[u.head]
		u.head++
		for _, i := range u.occ[litIndex(l)] {
			u.markSat(i)
		}
		for _, i := range u.occ[litIndex(-l)] {
			if u.sat[i] {
				continue
			}
			u.free[i]--
			if u.temp {
				u.undoFree = append(u.undoFree, i)
			}
			if u.free[i] <= 1 && !u.settle(u.cls[i], i) {
				return false
			}
		}
	}
	return true
}

// settle handles clause i, at most one of whose literals is not yet
// processed as false: satisfied by a true literal, or its one open literal
// assigned, or a contradiction (false).
func (u *UnitState) settle(c []int, i int32) bool {
	open := 0
	for _, l := range c {
		switch u.value(l) {
		case 1:
			u.markSat(i)
			return true
		case 0:
			open = l
		}
	}
	if open == 0 {
		return false
	}
	return u.assign(open)
}
