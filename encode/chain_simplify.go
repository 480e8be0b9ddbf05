package encode

// unitSimplify propagates the unit clauses of the clause sets over
// variables 1..nvars and returns an equivalent formula with no literal of
// an assigned variable left in a longer clause: every assigned variable as
// a unit clause, then the clauses not yet satisfied with their false
// literals removed (each with two or more literals left). ok is false when
// unit propagation runs into a contradiction: the clauses have no model.
// The sets are read, never changed.
//
// The lexicographic search gives gophersat a fresh solver for every
// question (see chainLex.solver), with hundreds of fixed steps as units;
// gophersat's loader (Problem.simplify2) passes over every clause again
// each time a clause becomes a unit, quadratic in the units, which on an
// N=24 board was most of the search's time.
func unitSimplify(nvars int, sets ...[][]int) (out [][]int, ok bool) {
	n, lits := 0, 0
	for _, s := range sets {
		n += len(s)
		for _, c := range s {
			lits += len(c)
		}
	}
	cls := make([][]int, 0, n)
	for _, s := range sets {
		cls = append(cls, s...)
	}
	u := &unitProp{val: make([]int8, nvars+1), free: make([]int32, len(cls)), sat: make([]bool, len(cls))}
	// The clauses of each literal, in one array (counted, then filled).
	u.start = make([]int32, 2*nvars+3)
	for _, c := range cls {
		for _, l := range c {
			u.start[litIndex(l)+1]++
		}
	}
	for i := 1; i < len(u.start); i++ {
		u.start[i] += u.start[i-1]
	}
	u.occ = make([]int32, lits)
	fill := append([]int32(nil), u.start...)
	for i, c := range cls {
		switch len(c) {
		case 0:
			return nil, false
		case 1:
			if !u.assign(c[0]) {
				return nil, false
			}
		}
		u.free[i] = int32(len(c))
		for _, l := range c {
			u.occ[fill[litIndex(l)]] = int32(i)
			fill[litIndex(l)]++
		}
	}
	if !u.propagate(cls) {
		return nil, false
	}
	out = make([][]int, 0, len(u.queue)+len(cls))
	buf := make([]int, 0, len(u.queue)+lits)
	for _, l := range u.queue {
		buf = append(buf, l)
		out = append(out, buf[len(buf)-1:len(buf):len(buf)])
	}
	for i, c := range cls {
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
	return out, true
}

// unitProp is unitSimplify's state: a counter per clause of its literals
// not yet known false, no watches (one pass over the formula).
type unitProp struct {
	val []int8 // by variable: 1 true, -1 false, 0 open
	// occ[start[x]:start[x+1]] are the clauses literal x (litIndex)
	// occurs in.
	occ, start []int32
	free       []int32 // by clause: its literals not yet processed as false
	sat        []bool  // by clause: a literal of it was processed as true
	queue      []int   // the literals assigned, in order
}

// litIndex numbers literal l for unitProp.occ.
func litIndex(l int) int {
	if l < 0 {
		return -2 * l
	}
	return 2*l + 1
}

// clauses returns the clauses literal l occurs in.
func (u *unitProp) clauses(l int) []int32 {
	x := litIndex(l)
	return u.occ[u.start[x]:u.start[x+1]]
}

// value returns 1 if l is true, -1 if false, 0 if open.
func (u *unitProp) value(l int) int8 {
	if l < 0 {
		return -u.val[-l]
	}
	return u.val[l]
}

// assign makes l true; false if it is false already.
func (u *unitProp) assign(l int) bool {
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

// propagate processes the assigned literals in order, assigning the last
// open literal of every clause whose other literals are all false; false
// on a clause with every literal false.
func (u *unitProp) propagate(cls [][]int) bool {
	for qi := 0; qi < len(u.queue); qi++ {
		l := u.queue[qi]
		for _, i := range u.clauses(l) {
			u.sat[i] = true
		}
		for _, i := range u.clauses(-l) {
			if u.sat[i] {
				continue
			}
			if u.free[i]--; u.free[i] > 1 {
				continue
			}
			if !u.settle(cls[i], i) {
				return false
			}
		}
	}
	return true
}

// settle handles clause i, at most one of whose literals is not yet
// processed as false: satisfied by a true literal, or its one open literal
// assigned, or a contradiction (false).
func (u *unitProp) settle(c []int, i int32) bool {
	open := 0
	for _, l := range c {
		switch u.value(l) {
		case 1:
			u.sat[i] = true
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
