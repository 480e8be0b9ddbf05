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
	fCore    lit = 1 << iota // marked: the refutation needs it
	fDead                    // removed for good (a lemma undone by the backward pass)
	fDeleted                 // deleted by a step (the backward pass restores it)
	fTaut                    // a tautology: never watched, never used
)

// A clause is stored in the arena as a header of two words, its size and
// its flags, then its literals, the two watched ones first. It is named by
// the index of its first literal (a cref), so that propagation reads one
// place of memory per clause.
const header = 2

// binary marks a watch entry of a binary clause: its blocker is the
// clause's other literal, so propagation needs not read the clause.
const binary = 1 << 31

// watch is an entry of a watch list: the clause (with the binary bit) and
// one of its literals (the blocker) that, when true, lets propagation skip
// the clause.
type watch struct {
	c       uint32
	blocker lit
}

const noReason = -1

// db holds the clauses, the assignment and the watch lists.
type db struct {
	numVars int
	arena   []lit
	first   uint32  // cref of the first clause
	vals    []int8  // per lit: 1 true, -1 false, 0 unassigned
	reason  []int32 // per var: the cref of the clause that implied it, or noReason
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

// newDB makes an empty database for numVars variables, its arena sized for
// arenaSize words (it grows beyond if needed).
func newDB(numVars, arenaSize int) *db {
	n := 2 * (numVars + 1)
	return &db{
		numVars: numVars,
		arena:   make([]lit, 0, arenaSize),
		first:   header,
		vals:    make([]int8, n),
		reason:  make([]int32, numVars+1),
		pos:     make([]int32, numVars+1),
		wCore:   make([][]watch, n),
		wNon:    make([][]watch, n),
		seen:    make([]bool, numVars+1),
		stamp:   make([]int32, n),
	}
}

func (d *db) size(c uint32) uint32    { return uint32(d.arena[c-2]) }
func (d *db) flags(c uint32) lit      { return d.arena[c-1] }
func (d *db) setFlag(c uint32, f lit) { d.arena[c-1] |= f }
func (d *db) clearFlag(c uint32, f lit) {
	d.arena[c-1] &^= f
}

func (d *db) clauseLits(c uint32) []lit {
	return d.arena[c : c+d.size(c)]
}

// next returns the cref of the clause stored after c.
func (d *db) next(c uint32) uint32 { return c + d.size(c) + header }

// end is the cref the next clause will have.
func (d *db) end() uint32 { return uint32(len(d.arena)) + header }

// newClause stores lits (already checked to be in range) without repeated
// literals, keeping the first occurrence first, and flags a tautology. It
// returns the clause's cref.
func (d *db) newClause(lits []int) uint32 {
	d.stampN++
	if d.stampN == 0 { // wrapped: clear the stamps
		clear(d.stamp)
		d.stampN = 1
	}
	d.arena = append(d.arena, 0, 0)
	c := uint32(len(d.arena))
	flags := lit(0)
	for _, x := range lits {
		l := toLit(x)
		if d.stamp[l] == d.stampN {
			continue
		}
		if d.stamp[l^1] == d.stampN {
			flags |= fTaut
		}
		d.stamp[l] = d.stampN
		d.arena = append(d.arena, l)
	}
	d.arena[c-2] = lit(uint32(len(d.arena)) - c)
	d.arena[c-1] = flags
	return c
}

// dropLast removes clause c, the last one stored.
func (d *db) dropLast(c uint32) { d.arena = d.arena[:c-header] }

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

// isReason reports whether clause c implied one of its literals on the
// trail (a propagated literal is always one of the two watched ones).
func (d *db) isReason(c uint32) bool {
	ls := d.clauseLits(c)
	for i := range min(2, len(ls)) {
		if d.vals[ls[i]] == 1 && d.reason[ls[i].v()] == int32(c) {
			return true
		}
	}
	return false
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

// watch adds clause c to the watch lists of its two first literals, core or
// not as it is marked.
func (d *db) watch(c uint32, ls []lit) {
	w := d.wNon
	if d.flags(c)&fCore != 0 {
		w = d.wCore
	}
	ref := c
	if len(ls) == 2 {
		ref |= binary
	}
	w[ls[0]] = append(w[ls[0]], watch{ref, ls[1]})
	w[ls[1]] = append(w[ls[1]], watch{ref, ls[0]})
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
			if ws[i].c&^binary == c {
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
