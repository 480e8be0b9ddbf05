package drat

// lit is a literal coded as 2v for v and 2v+1 for -v, so that lit^1 is its
// negation and lits index arrays directly.
type lit uint32

func toLit(x int) lit {
	if x < 0 {
		return lit(-2*x + 1)
	}
	return lit(2 * x)
}

func (l lit) int() int {
	if l&1 == 1 {
		return -int(l >> 1)
	}
	return int(l >> 1)
}

func (l lit) v() uint32 { return uint32(l >> 1) }

// Clause flags.
const (
	fCore    uint8 = 1 << iota // marked: the refutation needs it
	fDead                      // removed for good (a lemma undone by the backward pass)
	fDeleted                   // deleted by a step (the backward pass restores it)
	fTaut                      // a tautology: never watched, never used
	fLemma                     // a lemma (to check when marked)
	fChecked                   // checked (RUP or RAT)
)

// clause is a clause record: its literals are lits[start:start+size], the
// two watched ones first.
type clause struct {
	start uint32
	size  uint32
	flags uint8
}

// watch is an entry of a watch list: the clause and one of its literals
// (the blocker) that, when true, lets propagation skip the clause.
type watch struct {
	c       uint32
	blocker lit
}

const noReason = -1

// db holds the clauses, the assignment and the watch lists.
type db struct {
	numVars int
	lits    []lit
	cls     []clause
	vals    []int8  // per lit: 1 true, -1 false, 0 unassigned
	reason  []int32 // per var: the clause that implied it, or noReason
	pos     []int32 // per var: its index on the trail
	trail   []lit
	qCore   int // next trail literal to propagate over core watches
	qNon    int // next trail literal to propagate over the other watches
	wCore   [][]watch
	wNon    [][]watch
	seen    []bool  // per var, for conflict analysis
	stamp   []int32 // per lit, for normalizing clauses
	stampN  int32
	noMark  bool // forward mode: checks mark nothing
}

func newDB(numVars int) *db {
	n := 2 * (numVars + 1)
	return &db{
		numVars: numVars,
		vals:    make([]int8, n),
		reason:  make([]int32, numVars+1),
		pos:     make([]int32, numVars+1),
		wCore:   make([][]watch, n),
		wNon:    make([][]watch, n),
		seen:    make([]bool, numVars+1),
		stamp:   make([]int32, n),
	}
}

func (d *db) clauseLits(c uint32) []lit {
	cl := &d.cls[c]
	return d.lits[cl.start : cl.start+cl.size]
}

// newClause stores lits (already checked to be in range) without repeated
// literals, keeping the first occurrence first, and flags a tautology.
func (d *db) newClause(lits []int, flags uint8) uint32 {
	d.stampN++
	if d.stampN == 0 { // wrapped: clear the stamps
		clear(d.stamp)
		d.stampN = 1
	}
	start := len(d.lits)
	for _, x := range lits {
		l := toLit(x)
		if d.stamp[l] == d.stampN {
			continue
		}
		if d.stamp[l^1] == d.stampN {
			flags |= fTaut
		}
		d.stamp[l] = d.stampN
		d.lits = append(d.lits, l)
	}
	d.cls = append(d.cls, clause{start: uint32(start), size: uint32(len(d.lits) - start), flags: flags})
	return uint32(len(d.cls) - 1)
}

func (d *db) assign(l lit, r int32) {
	d.vals[l] = 1
	d.vals[l^1] = -1
	v := l.v()
	d.reason[v] = r
	d.pos[v] = int32(len(d.trail))
	d.trail = append(d.trail, l)
}

// backtrack unassigns the trail down to length n.
func (d *db) backtrack(n int) {
	for _, l := range d.trail[n:] {
		d.vals[l] = 0
		d.vals[l^1] = 0
	}
	d.trail = d.trail[:n]
	d.qCore = min(d.qCore, n)
	d.qNon = min(d.qNon, n)
}

// attach puts clause c on the watch lists of the current assignment, a
// propagation fixpoint. It returns the clause's state: ok (satisfied or with
// two literals not false), unit (its one non-false literal is unassigned) or
// conflict (every literal false). The watched literals are the two non-false
// ones, or the true or unit one and the false one assigned last, which keeps
// the watches valid when the trail is undone.
func (d *db) attach(c uint32) (state int) {
	ls := d.clauseLits(c)
	if len(ls) == 0 {
		return stConflict
	}
	nonFalse := 0
	for i, l := range ls {
		if d.vals[l] != -1 {
			ls[nonFalse], ls[i] = ls[i], ls[nonFalse]
			nonFalse++
			if nonFalse == 2 {
				break
			}
		}
	}
	if len(ls) > 1 {
		if nonFalse < 2 {
			d.lastFalseSecond(ls, nonFalse)
		}
		d.watch(c, ls)
	}
	switch {
	case nonFalse == 0:
		return stConflict
	case nonFalse == 1 && d.vals[ls[0]] == 0:
		return stUnit
	}
	return stOK
}

// lastFalseSecond moves the false literal assigned last to ls[1] (or, with
// no literal non-false, the two assigned last to ls[0] and ls[1]).
func (d *db) lastFalseSecond(ls []lit, nonFalse int) {
	for k := 0; k < 2-nonFalse; k++ {
		at := nonFalse + k
		best := at
		for i := at + 1; i < len(ls); i++ {
			if d.pos[ls[i].v()] > d.pos[ls[best].v()] {
				best = i
			}
		}
		ls[at], ls[best] = ls[best], ls[at]
	}
}

func (d *db) watch(c uint32, ls []lit) {
	w := d.wNon
	if d.cls[c].flags&fCore != 0 {
		w = d.wCore
	}
	w[ls[0]] = append(w[ls[0]], watch{c, ls[1]})
	w[ls[1]] = append(w[ls[1]], watch{c, ls[0]})
}

// unwatch removes clause c from the non-core watch lists of its two
// watched literals (a clause deleted in the forward pass is never core).
func (d *db) unwatch(c uint32) {
	ls := d.clauseLits(c)
	if len(ls) < 2 {
		return
	}
	for _, l := range ls[:2] {
		ws := d.wNon[l]
		for i := range ws {
			if ws[i].c == c {
				ws[i] = ws[len(ws)-1]
				d.wNon[l] = ws[:len(ws)-1]
				break
			}
		}
	}
}

const (
	stOK = iota
	stUnit
	stConflict
)
