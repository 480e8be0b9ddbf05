package backtrack

import (
	"math"

	"github.com/gridsat/gridsat/instances"
)

// slantLit is a diagonal in a cell: cell*2 for '\', cell*2+1 for '/'. Its
// negation (the other diagonal of the same cell) is lit^1.
type slantLit int32

func mkLit(cell int, d byte) slantLit {
	if d == instances.Back {
		return slantLit(cell * 2)
	}
	return slantLit(cell*2 + 1)
}

func (l slantLit) cell() int { return int(l >> 1) }

func (l slantLit) diag() byte {
	if l&1 == 0 {
		return instances.Back
	}
	return instances.Forward
}

func (l slantLit) neg() slantLit { return l ^ 1 }

func other(d byte) byte {
	if d == instances.Back {
		return instances.Forward
	}
	return instances.Back
}

// reasonKind says why a diagonal was set; the reason's premises (the
// diagonals it follows from) are worked out only when conflict analysis
// asks (premises).
type reasonKind uint8

const (
	rDecision reasonKind = iota // a branch (or, without learning, a branch's second value)
	rRoot                       // a level-0 fact that is never explained
	rClause                     // data: index of a clause whose other literals are false
	rClue                       // data: the clue corner whose count forced it
	rLoop                       // the other diagonal would close a loop
	rBorder                     // data: offset in the arena of its premises
)

// pending is a forced diagonal waiting to be set, with its reason.
type pending struct {
	lit  slantLit
	kind reasonKind
	data int32
}

// slantState is the search state: cells, per-corner counts, union-find
// over corners with member lists, the trail with each cell's level and
// reason, and the propagation queues.
type slantState struct {
	w, h, cw int
	clue     []int8
	deduce   SlantDeduce
	explain  bool // keep what conflict analysis needs (learning on)

	cell   []byte // 0 while undecided
	level  []int32
	pos    []int32 // trail position of each decided cell
	rkind  []reasonKind
	rdata  []int32
	phase  []byte // the diagonal each cell last held (0: none yet)
	trail  []slantLit
	lim    []int32 // trail length at the start of each level 1, 2, ...
	alim   []int32 // arena length at the start of each level
	on     []int8  // diagonals touching each corner
	open   []int8  // undecided cells around each corner
	uf     *cornerSets
	next   []int32 // circular member list of every corner's component
	around [][4]int32
	touch  [][4]byte
	border []int32 // corners on the board's edge

	pend  []pending
	qhead int // next trail literal whose clause watches are to be visited
	// borderFrom is the trail length the border rule last saw; -1 before
	// its first, full, scan.
	borderFrom int
	arena      []slantLit // premises of border-rule reasons: n, then n literals

	// conflict holds, after a failed propagation with explain set, the
	// diagonals (all set) that cannot hold together.
	conflict []slantLit

	db slantClauses

	forced int64
	// budget, when positive, stops propagation (as if it had succeeded)
	// once the current level has set that many cells: probes use it.
	budget int
	// scratch
	stamp    []int32 // per corner
	curStamp int32
	cstamp   []int32 // per cell
	cstampN  int32
	queue    []int32
	queueB   []int32 // path's second frontier and spare layers
	queueC   []int32
	queueD   []int32
	parent   []int32
	buf      []slantLit
}

func newSlantState(s *instances.Slant, deduce SlantDeduce, explain bool) *slantState {
	w, h := s.W, s.H
	cw := w + 1
	nc := (w + 1) * (h + 1)
	n := w * h
	st := &slantState{
		w: w, h: h, cw: cw, clue: s.Clues, deduce: deduce, explain: explain,
		cell:       make([]byte, n),
		level:      make([]int32, n),
		pos:        make([]int32, n),
		rkind:      make([]reasonKind, n),
		rdata:      make([]int32, n),
		phase:      make([]byte, n),
		trail:      make([]slantLit, 0, n),
		on:         make([]int8, nc),
		open:       make([]int8, nc),
		uf:         newCornerSets(nc),
		next:       make([]int32, nc),
		around:     make([][4]int32, nc),
		touch:      make([][4]byte, nc),
		stamp:      make([]int32, nc),
		cstamp:     make([]int32, n),
		parent:     make([]int32, nc),
		borderFrom: -1,
	}
	st.db.init(n)
	for p := 0; p < nc; p++ {
		st.next[p] = int32(p)
		r, c := p/cw, p%cw
		k := 0
		add := func(rr, cc int, d byte) {
			if rr >= 0 && rr < h && cc >= 0 && cc < w {
				st.around[p][k] = int32(rr*w + cc)
				st.touch[p][k] = d
				k++
			}
		}
		add(r-1, c-1, instances.Back)
		add(r-1, c, instances.Forward)
		add(r, c-1, instances.Forward)
		add(r, c, instances.Back)
		st.open[p] = int8(k)
		st.uf.open[p] = int32(k)
		st.uf.capacity[p] = int32(st.capOf(p))
		for ; k < 4; k++ {
			st.around[p][k] = -1
		}
		if r == 0 || r == h || c == 0 || c == w {
			st.border = append(st.border, int32(p))
			st.uf.edge[p] = true
		}
	}
	return st
}

// cornerStamps returns the last of k fresh marks for stamp; the marks
// start over, stamp cleared, before they would overflow (a long search on
// a big board makes billions).
func (st *slantState) cornerStamps(k int32) int32 {
	if st.curStamp > math.MaxInt32-k {
		clear(st.stamp)
		st.curStamp = 0
	}
	st.curStamp += k
	return st.curStamp
}

// cellStamp returns a fresh mark for cstamp, starting over as
// cornerStamps does.
func (st *slantState) cellStamp() int32 {
	if st.cstampN == math.MaxInt32 {
		clear(st.cstamp)
		st.cstampN = 0
	}
	st.cstampN++
	return st.cstampN
}

// decisionLevel is the number of open branches.
func (st *slantState) decisionLevel() int { return len(st.lim) }

func (st *slantState) complete() bool { return len(st.trail) == len(st.cell) }

// ends returns the corners diagonal d of cell i joins.
func (st *slantState) ends(i int, d byte) (int, int) {
	r, c := i/st.w, i%st.w
	if d == instances.Back {
		return r*st.cw + c, (r+1)*st.cw + c + 1
	}
	return r*st.cw + c + 1, (r+1)*st.cw + c
}

// far returns the end of diagonal d in cell i that is not corner p.
func (st *slantState) far(i int, d byte, p int) int {
	e1, e2 := st.ends(i, d)
	if e1 == p {
		return e2
	}
	return e1
}

// corners returns the four corners of cell i: top-left, top-right,
// bottom-left, bottom-right.
func (st *slantState) corners(i int) [4]int {
	r, c := i/st.w, i%st.w
	tl := r*st.cw + c
	return [4]int{tl, tl + 1, tl + st.cw, tl + st.cw + 1}
}

func (st *slantState) litTrue(l slantLit) bool  { return st.cell[l.cell()] == l.diag() }
func (st *slantState) litFalse(l slantLit) bool { return st.cell[l.cell()] == other(l.diag()) }

// current returns the literal cell i holds (it must be decided).
func (st *slantState) current(i int) slantLit { return mkLit(i, st.cell[i]) }

// seed checks that no clue asks for more diagonals than its corner has
// cells and queues every clue for a first look.
func (st *slantState) seed() bool {
	for p, k := range st.clue {
		if k < 0 {
			continue
		}
		if k > st.open[p] {
			st.conflict = st.conflict[:0]
			return false
		}
		st.checkClue(p)
	}
	return true
}

// newLevel opens a branch.
func (st *slantState) newLevel() {
	st.lim = append(st.lim, int32(len(st.trail)))
	st.alim = append(st.alim, int32(len(st.arena)))
}

// enqueue sets the pending diagonal p (or finds it set already). On a
// contradiction it fills st.conflict (with explain) and reports false.
func (st *slantState) enqueue(p pending) bool {
	i := p.lit.cell()
	d := p.lit.diag()
	if v := st.cell[i]; v != 0 {
		if v == d {
			return true
		}
		if st.explain {
			st.conflict = st.premises(p.lit, p.kind, p.data, int32(len(st.cell)+1), st.conflict[:0])
			st.conflict = append(st.conflict, st.current(i))
		}
		return false
	}
	a, b := st.ends(i, d)
	if st.uf.Find(a) == st.uf.Find(b) {
		if st.explain {
			st.conflict = st.premises(p.lit, p.kind, p.data, int32(len(st.cell)+1), st.conflict[:0])
			st.conflict = st.path(a, b, int32(len(st.cell)+1), st.conflict)
		}
		return false
	}
	return st.assign(i, d, a, b, p.kind, p.data)
}

// assign sets cell i to d (joining corners a and b, which must be apart),
// queues the diagonals that now close a loop and the clue corners' forced
// cells. It reports false when a clue around i is overdrawn.
func (st *slantState) assign(i int, d byte, a, b int, kind reasonKind, data int32) bool {
	st.cell[i] = d
	st.level[i] = int32(len(st.lim))
	st.pos[i] = int32(len(st.trail))
	st.rkind[i] = kind
	st.rdata[i] = data
	st.trail = append(st.trail, mkLit(i, d))
	if kind != rDecision && kind != rRoot {
		st.forced++
	}
	cs := st.corners(i)
	ok := true
	for k, p := range cs {
		capBefore := st.capOf(p)
		st.open[p]--
		// '\' touches top-left and bottom-right, '/' the other two.
		if (d == instances.Back) == (k == 0 || k == 3) {
			st.on[p]++
		}
		st.uf.add(p, -1, st.capOf(p)-capBefore)
		if st.clue[p] >= 0 && ok {
			ok = st.checkClue(p)
		}
	}
	ra, rb := st.uf.Find(a), st.uf.Find(b)
	// Walk the smaller of the two components (a's when they are the same
	// size): every undecided diagonal from one of its corners to the other
	// component now closes a loop.
	small, otherRoot := a, rb
	if st.uf.size[rb] < st.uf.size[ra] {
		small, otherRoot = b, ra
	}
	p := small
	for {
		for k, ci := range st.around[p] {
			if ci < 0 || st.cell[ci] != 0 {
				continue
			}
			td := st.touch[p][k]
			if st.uf.Find(st.far(int(ci), td, p)) == otherRoot {
				st.pend = append(st.pend, pending{lit: mkLit(int(ci), other(td)), kind: rLoop})
			}
		}
		p = int(st.next[p])
		if p == small {
			break
		}
	}
	st.uf.Union(a, b)
	st.next[a], st.next[b] = st.next[b], st.next[a]
	return ok
}

// checkClue applies clue counting at corner p: it reports false when the
// count cannot be met, and queues the forced cells when it must be met
// by all or none of the undecided ones.
func (st *slantState) checkClue(p int) bool {
	k, on, open := st.clue[p], st.on[p], st.open[p]
	if on > k || on+open < k {
		if st.explain {
			st.conflict = st.conflict[:0]
			for _, ci := range st.around[p] {
				if ci >= 0 && st.cell[ci] != 0 {
					st.conflict = append(st.conflict, st.current(int(ci)))
				}
			}
		}
		return false
	}
	if open == 0 || (on != k && on+open != k) {
		return true
	}
	want := on+open == k // every undecided cell must touch p
	for j, ci := range st.around[p] {
		if ci < 0 || st.cell[ci] != 0 {
			continue
		}
		d := st.touch[p][j]
		if !want {
			d = other(d)
		}
		st.pend = append(st.pend, pending{lit: mkLit(int(ci), d), kind: rClue, data: int32(p)})
	}
	return true
}

// undo takes back every level above lvl.
func (st *slantState) undo(lvl int) {
	if lvl >= len(st.lim) {
		return
	}
	st.undoTo(int(st.lim[lvl]))
	st.arena = st.arena[:st.alim[lvl]]
	st.lim = st.lim[:lvl]
	st.alim = st.alim[:lvl]
}

// undoTo takes back the trail down to length t (levels are the caller's
// business).
func (st *slantState) undoTo(t int) {
	for len(st.trail) > t {
		l := st.trail[len(st.trail)-1]
		st.trail = st.trail[:len(st.trail)-1]
		i := l.cell()
		d := st.cell[i]
		a, b := st.ends(i, d)
		st.next[a], st.next[b] = st.next[b], st.next[a]
		st.uf.Undo(len(st.trail))
		for k, p := range st.corners(i) {
			capBefore := st.capOf(p)
			st.open[p]++
			if (d == instances.Back) == (k == 0 || k == 3) {
				st.on[p]--
			}
			st.uf.add(p, 1, st.capOf(p)-capBefore)
		}
		st.phase[i] = d
		st.cell[i] = 0
	}
	st.qhead = min(st.qhead, t)
	st.borderFrom = min(st.borderFrom, t)
	st.pend = st.pend[:0]
}

// propagate runs the deductions to a fixpoint; false means a
// contradiction (described in st.conflict when explaining).
func (st *slantState) propagate() bool {
	for {
		for {
			if st.budget > 0 && len(st.trail)-int(st.lim[len(st.lim)-1]) > st.budget {
				st.pend = st.pend[:0]
				return true
			}
			if n := len(st.pend); n > 0 {
				p := st.pend[n-1]
				st.pend = st.pend[:n-1]
				if !st.enqueue(p) {
					st.pend = st.pend[:0]
					return false
				}
				continue
			}
			if st.qhead < len(st.trail) {
				l := st.trail[st.qhead]
				st.qhead++
				if !st.db.propagate(st, l) {
					st.pend = st.pend[:0]
					return false
				}
				continue
			}
			break
		}
		if st.deduce == SlantDeduceBasic || st.complete() {
			return true
		}
		if !st.borderCheck() {
			st.pend = st.pend[:0]
			return false
		}
		if len(st.pend) == 0 {
			return true
		}
	}
}

// premises appends to out the set diagonals that reason (kind, data) of
// literal l follows from, among those set before trail position lim.
func (st *slantState) premises(l slantLit, kind reasonKind, data int32, lim int32, out []slantLit) []slantLit {
	switch kind {
	case rClause:
		for _, x := range st.db.clauses[data] {
			if x != l {
				out = append(out, x.neg())
			}
		}
	case rClue:
		i := l.cell()
		for _, ci := range st.around[data] {
			if ci >= 0 && int(ci) != i && st.cell[ci] != 0 && st.pos[ci] < lim {
				out = append(out, st.current(int(ci)))
			}
		}
	case rLoop:
		a, b := st.ends(l.cell(), other(l.diag()))
		out = st.path(a, b, lim, out)
	case rBorder:
		n := int32(st.arena[data])
		out = append(out, st.arena[data+1:data+1+n]...)
	}
	return out
}

// path appends the diagonals on the forest path from corner a to corner b
// that uses only diagonals set before trail position lim (there is one).
// It searches breadth-first from both ends at once, a layer of the
// smaller frontier at a time, until the two searches meet.
func (st *slantState) path(a, b int, lim int32, out []slantLit) []slantLit {
	if a == b {
		return out
	}
	sb := st.cornerStamps(2)
	sa := sb - 1 // visited from a, from b
	st.stamp[a], st.stamp[b] = sa, sb
	st.parent[a], st.parent[b] = -1, -1
	qa := append(st.queue[:0], int32(a))
	qb := append(st.queueB[:0], int32(b))
	meet := -1
	for meet < 0 {
		if len(qa) == 0 || len(qb) == 0 {
			panic("slant: no forest path behind a loop reason")
		}
		// Expand the smaller frontier by one layer.
		front, mine, theirs := &qa, sa, sb
		if len(qb) < len(qa) {
			front, mine, theirs = &qb, sb, sa
		}
		layer := *front
		var next []int32
		if mine == sa {
			next = st.queueC[:0]
		} else {
			next = st.queueD[:0]
		}
		for _, pp := range layer {
			p := int(pp)
			for k, ci := range st.around[p] {
				if ci < 0 || st.cell[ci] != st.touch[p][k] || st.pos[ci] >= lim {
					continue
				}
				q := st.far(int(ci), st.cell[ci], p)
				if st.stamp[q] == mine {
					continue
				}
				if st.stamp[q] == theirs {
					// the searches meet across cell ci
					out = st.walkBack(p, out)
					out = append(out, st.current(int(ci)))
					out = st.walkBack(q, out)
					meet = q
					break
				}
				st.stamp[q] = mine
				st.parent[q] = ci
				next = append(next, int32(q))
			}
			if meet >= 0 {
				break
			}
		}
		// swap buffers: the old layer's backing array becomes spare
		if mine == sa {
			st.queueC, st.queue = layer[:0], next
			qa = next
		} else {
			st.queueD, st.queueB = layer[:0], next
			qb = next
		}
	}
	return out
}

// walkBack appends the diagonals from corner p back to the start of the
// search that reached it (parent links).
func (st *slantState) walkBack(p int, out []slantLit) []slantLit {
	for st.parent[p] >= 0 {
		ci := int(st.parent[p])
		out = append(out, st.current(ci))
		p = st.far(ci, st.cell[ci], p)
	}
	return out
}

// borderCheck applies the dead-end rule: over the whole board the first
// time, then only to the components touching cells decided since the last
// check (no other component's exits can have changed).
func (st *slantState) borderCheck() bool {
	from := st.borderFrom
	st.borderFrom = len(st.trail)
	cur := st.cornerStamps(1)
	// exits checks p's component once per call.
	exits := func(p int) bool {
		r := st.uf.Find(p)
		if st.stamp[r] == cur {
			return true
		}
		st.stamp[r] = cur
		return st.componentExits(p)
	}
	if from < 0 {
		for p := range st.clue {
			if !exits(p) {
				return false
			}
		}
		return true
	}
	for _, l := range st.trail[from:] {
		for _, p := range st.corners(l.cell()) {
			if !exits(p) {
				return false
			}
		}
	}
	return true
}

// componentExits applies the dead-end rule to the component of corner p:
// a component that does not reach the board's edge must get there (a
// corner cut off from the edge is enclosed by a loop). Its capacity is
// the number of diagonals its corners can still take, a clue corner no
// more than its clue allows: with none, or no undecided cell (exit) around
// it, it is a dead end; with one exit, that exit is forced; and with
// capacity 1, an exit into another component off the edge with capacity 1
// is forbidden (the two joined would have none).
func (st *slantState) componentExits(p int) bool {
	r := st.uf.Find(p)
	if st.uf.edge[r] {
		return true
	}
	exits, capacity := st.uf.open[r], st.uf.capacity[r]
	if exits == 0 || capacity <= 0 {
		if st.explain {
			st.conflict = st.componentPremises(p, -1, st.conflict[:0])
		}
		return false
	}
	if exits == 1 {
		q := p
		for {
			for k, ci := range st.around[q] {
				if ci >= 0 && st.cell[ci] == 0 {
					st.pushBorder(mkLit(int(ci), st.touch[q][k]), p, -1)
					return true
				}
			}
			q = int(st.next[q])
			if q == p {
				panic("slant: a component's exit count is off")
			}
		}
	}
	if capacity != 1 {
		return true
	}
	// Capacity 1 with several exits: an exit into another component that
	// is off the edge with capacity 1 would leave the two joined with none.
	rp := r
	q := p
	for {
		for k, ci := range st.around[q] {
			if ci < 0 || st.cell[ci] != 0 {
				continue
			}
			td := st.touch[q][k]
			o := st.far(int(ci), td, q)
			if st.uf.Find(o) == rp {
				continue // closes a loop: forbidden already
			}
			if st.offEdgeCapacity(o) == 1 {
				st.pushBorder(mkLit(int(ci), other(td)), p, o)
			}
		}
		q = int(st.next[q])
		if q == p {
			break
		}
	}
	return true
}

// offEdgeCapacity returns the capacity of corner o's component, or -1
// when it reaches the board's edge.
func (st *slantState) offEdgeCapacity(o int) int {
	r := st.uf.Find(o)
	if st.uf.edge[r] {
		return -1
	}
	return int(st.uf.capacity[r])
}

// capOf is what corner p adds to its component's capacity: its undecided
// cells, or fewer when its clue allows fewer more diagonals.
func (st *slantState) capOf(p int) int {
	if k := st.clue[p]; k >= 0 {
		return min(int(k-st.on[p]), int(st.open[p]))
	}
	return int(st.open[p])
}

// pushBorder queues lit as forced by the border rule on the component of
// corner p (and of corner o, when o >= 0), recording the premises when
// explaining.
func (st *slantState) pushBorder(lit slantLit, p, o int) {
	var off int32
	if st.explain {
		off = int32(len(st.arena))
		st.arena = append(st.arena, 0)
		st.arena = st.componentPremises(p, o, st.arena)
		st.arena[off] = slantLit(int32(len(st.arena)) - off - 1)
	}
	st.pend = append(st.pend, pending{lit: lit, kind: rBorder, data: off})
}

// componentPremises appends every set diagonal touching a corner of the
// components of p and (o >= 0) o: they make the components what they
// are, close their other ways out and fill their clues.
func (st *slantState) componentPremises(p, o int, out []slantLit) []slantLit {
	cur := st.cellStamp()
	for _, start := range [2]int{p, o} {
		if start < 0 {
			continue
		}
		q := start
		for {
			for _, ci := range st.around[q] {
				if ci >= 0 && st.cell[ci] != 0 && st.cstamp[ci] != cur {
					st.cstamp[ci] = cur
					out = append(out, st.current(int(ci)))
				}
			}
			q = int(st.next[q])
			if q == start {
				break
			}
		}
	}
	return out
}

// cornerSets is a union-find over corners with union by size and no path
// compression, so that unions can be undone in LIFO order, which records
// for every set whether it reaches the board's edge.
type cornerSets struct {
	parent []int32
	size   []int32
	edge   []bool // per root: some corner of the set is on the edge
	// per root: the undecided cells around its corners (counted once per
	// corner) and its capacity (see slantState.capOf)
	open, capacity []int32
	// undo holds, per union, the root attached and the edge flag its new
	// root had before.
	undo []cornerUnion
}

type cornerUnion struct {
	child int32
	edge  bool
}

func newCornerSets(n int) *cornerSets {
	u := &cornerSets{parent: make([]int32, n), size: make([]int32, n), edge: make([]bool, n),
		open: make([]int32, n), capacity: make([]int32, n)}
	for i := range u.parent {
		u.parent[i] = int32(i)
		u.size[i] = 1
	}
	return u
}

// Find returns the root of x's set.
func (u *cornerSets) Find(x int) int {
	for int(u.parent[x]) != x {
		x = int(u.parent[x])
	}
	return x
}

// Union joins the sets of x and y, which must be apart.
func (u *cornerSets) Union(x, y int) {
	a, b := u.Find(x), u.Find(y)
	if u.size[a] < u.size[b] {
		a, b = b, a
	}
	u.undo = append(u.undo, cornerUnion{child: int32(b), edge: u.edge[a]})
	u.parent[b] = int32(a)
	u.size[a] += u.size[b]
	u.edge[a] = u.edge[a] || u.edge[b]
	u.open[a] += u.open[b]
	u.capacity[a] += u.capacity[b]
}

// add changes the sums of x's set.
func (u *cornerSets) add(x, open, capacity int) {
	r := u.Find(x)
	u.open[r] += int32(open)
	u.capacity[r] += int32(capacity)
}

// Undo reverts the unions beyond the first mark.
func (u *cornerSets) Undo(mark int) {
	for len(u.undo) > mark {
		e := u.undo[len(u.undo)-1]
		u.undo = u.undo[:len(u.undo)-1]
		a := u.parent[e.child]
		u.size[a] -= u.size[e.child]
		u.edge[a] = e.edge
		u.open[a] -= u.open[e.child]
		u.capacity[a] -= u.capacity[e.child]
		u.parent[e.child] = e.child
	}
}
