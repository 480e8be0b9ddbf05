package backtrack

import (
	"hash/maphash"
)

// The frontier check of the chain search (the rule ChainOptions.NoFrontier
// turns off): an answer to "does any path complete the walk?" by dynamic
// programming over the cells left, as the frontier-based searches for
// Hamiltonian paths in grid graphs do; its "no path" is exact.
//
// Why: on boards of swapped labels the depth-first search can walk a
// region of the board in every order before it meets what rules the
// branch out, a region's shape near the target that no count, matching or
// cut cell sees (docs/findings.md, chain). The search from the
// target end (chain_refute.go) is a search too and loses itself as often.
// The frontier check does not search: it sweeps the cells left once and
// keeps every distinct way the steps chosen so far can meet the cells not
// yet swept, so its cost depends on the shape of the region left, not on
// the number of its walks.
//
// How: the cells left (the unvisited ones and the path's end, cur) are
// swept line by line. Sweeping cell p decides which of its steps to later
// cells (east, south-west, south, south-east in sweep order) the path
// takes; every step to an earlier cell was decided when that cell was
// swept. So after p only the next n+2 cells can have steps decided and
// others not (the frontier), and a state is what the path looks like from
// them: for each, untouched, done (as many steps as it needs: two, one for
// cur and the target), or the open end of a fragment of the path, with
// which fragment it is (fragments are numbered in frontier order, cur's
// and the target's apart) and, for K > 2 where every step goes one way,
// whether the end has its step in or its step out; and whether p-1 took
// the diagonal step p's would cross. A cell that leaves the frontier not
// done, a cell next to p left fewer undecided steps than it needs
// (starved), a fragment closing on itself and crossing diagonal steps end
// a state; joining cur's fragment to the target's completes the path when
// it leaves no cell untouched. The steps are the search's open steps
// (instances.Chain.Step less the crossings and the steps its rules ruled
// out), one way for K > 2; for K <= 2 a step's way is only known once its
// fragment meets cur or the target, so a step counts as open when it is
// open either way: that can say "a path" where the search's removals
// leave none, never the reverse, and the search only uses "no path".
//
// Cost: the board is swept in four orders (rows or columns, from either
// end; frontierOrients), first from the target's corner, where the path's
// closing rows are and where a dead region shows soonest: on the boards of
// chain_lost.txt that order decided 97% of the checks; on a sample of
// checks on N=12 case 442 it took 70-2,829 states, the rows from the
// start's corner 1,493-11,902, the other two orders up to 192,466. A check gets a budget of states in proportion to the subtree
// it would cut (chainFrontierPerNode; the other orders an eighth), tried
// from chainFrontierFirst up by eightfold steps, and gives up
// (verdictUnknown) past it. Each order keeps its last sweep's layers
// (frontierMemo): the next check at a nearby node differs in a few cells
// near the path's end, and starts from the last layer before them.

// chainFrontierFirst is the state budget the check starts each sweep
// order with; it goes on with eight times as much up to the budget it was
// given, chainFrontierPerNode states per node of the subtree it would cut.
// (A search node costs as much as 30-60 states, measured on the boards of
// chain_lost.txt.) The first order's memo holds at most
// chainFrontierMemBytes of states, at most chainFrontierBytes; each other
// order's an eighth of that.
const (
	chainFrontierFirst   = 1 << 12
	chainFrontierPerNode = 128
	chainFrontierBytes   = 32 << 20
)

// chainFrontierMemBytes is the bound on the states the first sweep order
// keeps on a board of side n: a fixed share per cell, at most chainFrontierBytes
// (a small board's frontier has few states to keep).
func chainFrontierMemBytes(n int) int64 {
	return min(chainFrontierBytes, 64<<10*int64(n)*int64(n))
}

// chainFrontierAfter is the size a node's subtree grows to before the
// search runs the frontier check on it, for a node with left cells left.
func chainFrontierAfter(left int) int64 { return int64(left + 16) }

// chainFrontierMaxN is the largest board side the check runs on: a
// frontier cell's code is a byte holding its fragment's number.
const chainFrontierMaxN = 100

// Frontier cell codes: untouched, done, or an open end, 2 + 2*fragment +
// bit, where bit is 1 when the end has its step out (so it needs its step
// in; K > 2 only). Fragments 0 and 1 are anchored at cur and at the
// target; the others are numbered from 2 in frontier order.
const (
	frontUntouched byte = 0
	frontDone      byte = 1
	fragCur             = 0
	fragTarget          = 1
	fragFresh           = 100 // fragments made within one cell's sweep
	fragPending         = 99  // an end whose fragment attach sets next
)

// frontierScan holds what one frontier check sweeps: the region left, in
// scan order, with its open steps.
type frontierScan struct {
	n, w      int    // board side; frontier width n+2
	inV       []bool // by scan position: a cell left
	need      []int8 // steps the cell needs: 2, 1 for cur and the target
	isCur     []bool
	fwd       [][4]int8    // per position and forward direction: 1 p->q open, 2 q->p open
	left      [][4][2]int8 // countLeft: steps into and out of p's forward neighbours left after p
	desc      []uint16     // describe, by position: what the memo compares
	first     int          // first and last positions of cells left
	last      int
	directed  bool
	states    int64 // states kept, over the layers
	budget    int64 // states it may keep
	kept      int64 // states in the layers reused from the memo
	memBound  int64 // bytes of states the memo may hold
	overflown bool
	// The sweep of one state (sweep, try): the frontier codes after each
	// forward direction decided, and what the state sweeps to.
	bufs      [5][]byte
	p         int
	crossed   bool
	next      *stateSet
	work      []byte
	completed bool
}

// frontScanDR and frontScanDC are the forward directions in scan order:
// east, south-west, south, south-east.
var (
	frontScanDR = [4]int{0, 1, 1, 1}
	frontScanDC = [4]int{1, -1, 0, 1}
)

// frontierVerdict answers whether some path from cur through every
// unvisited cell to the target exists with the steps still open:
// verdictNone when none does (exact), verdictPath when one does (for
// K <= 2, one that may take a step the wrong way), verdictUnknown when
// the check gave up.
func (s *chainSearch) frontierVerdict(cur int, budget int64) chainVerdict {
	if s.n > chainFrontierMaxN {
		return verdictUnknown
	}
	s.sweeps++
	mem := chainFrontierMemBytes(s.n)
	budget = min(budget, mem/int64(s.n+3))
	var scans [len(frontierOrients)]*frontierScan // built once, swept with each budget
	for b := int64(chainFrontierFirst); ; b *= 8 {
		b = min(b, budget)
		for i, o := range frontierOrients {
			if scans[i] == nil {
				scans[i] = s.frontierScan(cur, o)
			}
			sc := scans[i]
			sc.budget, sc.memBound = b, mem
			if i > 0 {
				// The other orders decide few nodes (on the boards of
				// chain_lost.txt 3% of them, on a swapped N=32 board none):
				// an eighth of the states.
				sc.budget, sc.memBound = b/8, mem/8
			}
			v := sc.run(&s.frontierMemos[o])
			s.frontierStates += sc.states
			if v != verdictUnknown {
				return v
			}
		}
		if b == budget {
			return verdictUnknown
		}
	}
}

// frontierOrients are the sweep orders the check tries, each as the
// transposition (bit 0) and the half-turn (bit 1) of the board that turn
// it into rows swept from the top: first the two from the target's
// corner, whose closing rows and columns prune early.
var frontierOrients = [4]int{3, 2, 1, 0}

// frontierScan builds the sweep of the region left at cur in orientation
// o (frontierOrients).
func (s *chainSearch) frontierScan(cur, o int) *frontierScan {
	n := s.n
	in := func(v int) bool { return !s.walk.Visited(v) || v == cur }
	transpose, flip := o&1 == 1, o&2 == 2
	cellAt := func(i, j int) int {
		if flip {
			i, j = n-1-i, n-1-j
		}
		if transpose {
			return j*n + i
		}
		return i*n + j
	}
	sc := &frontierScan{
		n: n, w: n + 2, directed: s.c.K > 2,
		inV:   make([]bool, s.n2),
		need:  make([]int8, s.n2),
		isCur: make([]bool, s.n2),
		fwd:   make([][4]int8, s.n2),
		first: -1,
	}
	open := func(a, b int) bool {
		if b == cur || a == s.target || !in(a) || !in(b) {
			return false
		}
		e := s.edgeID(a, b)
		return e >= 0 && !s.blocked[e]
	}
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			p, a := i*n+j, cellAt(i, j)
			if !in(a) {
				continue
			}
			sc.inV[p] = true
			if sc.first < 0 {
				sc.first = p
			}
			sc.last = p
			sc.need[p] = 2
			if a == cur || a == s.target {
				sc.need[p] = 1
			}
			sc.isCur[p] = a == cur
			sc.forward(p, i, j, cellAt, open)
		}
	}
	sc.countLeft()
	sc.desc = make([]uint16, s.n2)
	for p := range sc.desc {
		sc.desc[p] = sc.describe(p)
	}
	return sc
}

// forward fills sc.fwd[p] for the cell at scan row i, column j: which of
// its forward steps are open (cellAt maps scan coordinates to cells, open
// says whether a step between two cells is open).
func (sc *frontierScan) forward(p, i, j int, cellAt func(i, j int) int, open func(a, b int) bool) {
	a := cellAt(i, j)
	for f := 0; f < 4; f++ {
		i2, j2 := i+frontScanDR[f], j+frontScanDC[f]
		if i2 >= sc.n || j2 < 0 || j2 >= sc.n {
			continue
		}
		b := cellAt(i2, j2)
		var m int8
		if open(a, b) {
			m |= 1
		}
		if open(b, a) {
			m |= 2
		}
		if !sc.directed && m != 0 {
			m = 3
		}
		sc.fwd[p][f] = m
	}
}

// countLeft fills sc.left: for each cell p and forward direction f, the
// steps into and out of the cell q in direction f that are still to be
// decided once p is swept (q's own forward steps, and those of the cells
// between p and q).
func (sc *frontierScan) countLeft() {
	n2 := len(sc.inV)
	sc.left = make([][4][2]int8, n2)
	for p := 0; p < n2; p++ {
		i, j := p/sc.n, p%sc.n
		for f := 0; f < 4; f++ {
			i2, j2 := i+frontScanDR[f], j+frontScanDC[f]
			if i2 >= sc.n || j2 < 0 || j2 >= sc.n {
				sc.left[p][f] = [2]int8{-1, -1} // off the board
				continue
			}
			q := p + sc.frontOffset(f)
			var in, out int8
			for g := 0; g < 4; g++ {
				if m := sc.fwd[q][g]; m != 0 {
					in += m >> 1
					out += m & 1
				}
			}
			// The cells whose forward step g reaches q, swept after p.
			for g := 0; g < 4; g++ {
				r := q - sc.frontOffset(g)
				if r <= p || r >= q {
					continue
				}
				ri, rj := r/sc.n, r%sc.n
				if ri+frontScanDR[g] != q/sc.n || rj+frontScanDC[g] != q%sc.n {
					continue // not a king step: wrapped around a row
				}
				if m := sc.fwd[r][g]; m != 0 {
					in += m & 1
					out += m >> 1
				}
			}
			sc.left[p][f] = [2]int8{in, out}
		}
	}
}

// starved reports whether, after p's sweep left the frontier codes a, a
// forward neighbour of p needs more steps than are left to decide: only
// p's sweep took steps away from them.
func (sc *frontierScan) starved(p int, a []byte) bool {
	for f := 0; f < 4; f++ {
		k := sc.frontOffset(f)
		q := p + k
		if sc.left[p][f][0] < 0 || !sc.inV[q] {
			continue
		}
		code := a[k-1] // a is shifted: slot z of p is z-1 here
		if code == frontDone {
			continue
		}
		in, out := sc.left[p][f][0], sc.left[p][f][1]
		if !sc.directed {
			need := sc.need[q]
			if code != frontUntouched {
				need--
			}
			if in < need {
				return true
			}
			continue
		}
		hasOut := code != frontUntouched && (code-2)&1 == 1
		hasIn := code != frontUntouched && !hasOut
		needIn := !hasIn && !sc.isCur[q]
		needOut := !hasOut && !(sc.need[q] == 1 && !sc.isCur[q])
		if needIn && in == 0 || needOut && out == 0 {
			return true
		}
	}
	return false
}

// frontOffset returns the scan-position offset of forward direction f.
func (sc *frontierScan) frontOffset(f int) int {
	return frontScanDR[f]*sc.n + frontScanDC[f]
}

// frontierMemo keeps the layers of one sweep order's last sweep, so that
// the next sweep in that order starts where the two regions part: sibling
// nodes of the search differ in a few cells near the path's end, and the
// orders that start from the target's corner sweep those last.
type frontierMemo struct {
	desc []uint16 // the sweep's cells in scan order (frontierScan.describe)
	// layers[p] holds the states before cell p is swept, w+1 bytes each;
	// nil where the sweep did not get to.
	layers [][]byte
	// end is the cell whose sweep ended the last sweep with verdict
	// (no state left, or the path completed); -1 when it gave up.
	end     int
	verdict chainVerdict
	last    int // the last cell left
	set     stateSet
}

// describe packs what the sweep reads of scan position p: whether the
// cell is left, the steps it needs, whether it is cur, and its forward
// steps. Two sweeps whose cells agree up to p+w have the same layers up to
// p.
func (sc *frontierScan) describe(p int) uint16 {
	d := uint16(sc.need[p])
	if sc.inV[p] {
		d |= 4
	}
	if sc.isCur[p] {
		d |= 8
	}
	for f, m := range sc.fwd[p] {
		d |= uint16(m) << (4 + 2*f)
	}
	return d
}

// run sweeps the region, from the last layer of m it can reuse, keeping
// the layers in m, and reports the verdict.
func (sc *frontierScan) run(m *frontierMemo) chainVerdict {
	if sc.first < 0 {
		return verdictNone
	}
	sc.states, sc.overflown = 0, false
	start, v, done := m.resume(sc)
	if done {
		return v
	}
	w := sc.w
	work := make([]byte, w+1)
	for p := start; p <= sc.last; p++ {
		m.set.reset(w+1, len(m.layers[p])/(w+1))
		sc.next = &m.set
		completed := false
		layer := m.layers[p]
		for i := 0; i < len(layer) && !sc.overflown; i += w + 1 {
			st := layer[i : i+w+1]
			if !sc.inV[p] {
				copy(work, st[1:w])
				work[w-1], work[w] = frontUntouched, 0
				sc.keep(work)
				continue
			}
			if sc.sweep(p, st, work) {
				completed = true
			}
		}
		if completed {
			m.end, m.verdict = p, verdictPath
			return verdictPath
		}
		if sc.overflown {
			return verdictUnknown
		}
		if m.set.count == 0 {
			m.end, m.verdict = p, verdictNone
			return verdictNone
		}
		sc.states += int64(m.set.count)
		m.layers[p+1] = m.set.take()
	}
	return verdictNone
}

// resume makes m the memo of sc's region: it keeps the layers before the
// first cell where the regions part (less the frontier's width) and drops
// the rest, and returns the cell to sweep from; or, when the last sweep's
// verdict holds for this region too, that verdict and done.
func (m *frontierMemo) resume(sc *frontierScan) (start int, v chainVerdict, done bool) {
	w, n2 := sc.w, len(sc.inV)
	part := 0
	if len(m.desc) == n2 {
		for part < n2 && m.desc[part] == sc.desc[part] {
			part++
		}
	} else {
		m.layers = make([][]byte, n2+1)
		m.end = -1
	}
	if m.end >= 0 && m.end+w < part && m.last == sc.last {
		// (Whether a join of cur's fragment to the target's completes the
		// path depends on the last cell left too.)
		return 0, m.verdict, true
	}
	start = sc.first
	for p := min(part-w, n2-1); p > sc.first; p-- {
		if m.layers[p] != nil {
			start = p
			break
		}
	}
	for p := start + 1; p <= n2; p++ {
		m.layers[p] = nil
	}
	// The layers kept count against the memo's bound with the new ones.
	sc.kept = 0
	for p := sc.first; p < start; p++ {
		sc.kept += int64(len(m.layers[p]) / (w + 1))
	}
	if start == sc.first {
		m.layers[start] = make([]byte, w+1) // one state: nothing touched
	}
	m.desc, m.end, m.last = sc.desc, -1, sc.last
	return start, verdictUnknown, false
}

// keep adds state st (w+1 bytes) to the next layer; a new state past the
// sweep's budget stops the sweep (the states are swept in the order they
// were found, so where it stops does not depend on a map's order).
func (sc *frontierScan) keep(st []byte) {
	n := sc.states + int64(sc.next.count)
	if !sc.next.add(st, n < sc.budget && sc.kept+n < sc.memBound/int64(sc.w+1)) {
		sc.overflown = true
	}
}

// stateSet is a set of states of one size, packed in one slice, indexed by
// an open-addressing hash table.
type stateSet struct {
	size  int
	data  []byte
	table []int32 // 1 + the state's index in data; 0 when empty
	count int
	seed  maphash.Seed
}

// reset empties the set for states of size bytes, about expect of them:
// the table is sized to the layer, as a table far larger than its states
// turns every probe into a cache miss.
func (t *stateSet) reset(size, expect int) {
	want := 1024
	for want < 4*expect {
		want *= 2
	}
	if t.table == nil {
		t.seed = maphash.MakeSeed()
	}
	if len(t.table) < want || len(t.table) > 4*want {
		t.table = make([]int32, want)
	} else {
		clear(t.table)
	}
	t.size, t.data, t.count = size, t.data[:0], 0
}

// take returns a copy of the states, no larger than they are (the set
// keeps its slice for the next layer).
func (t *stateSet) take() []byte {
	return append([]byte(nil), t.data...)
}

// slot returns the table slot holding st, or the empty slot it would go in.
func (t *stateSet) slot(st []byte) int {
	mask := len(t.table) - 1
	i := int(maphash.Bytes(t.seed, st)) & mask
	for {
		k := t.table[i]
		if k == 0 {
			return i
		}
		at := int(k-1) * t.size
		if string(t.data[at:at+t.size]) == string(st) {
			return i
		}
		i = (i + 1) & mask
	}
}

// add puts st in the set if it is there already or room says there is
// room for it, and reports whether it is in the set.
func (t *stateSet) add(st []byte, room bool) bool {
	i := t.slot(st)
	if t.table[i] != 0 {
		return true
	}
	if !room {
		return false
	}
	t.data = append(t.data, st...)
	t.count++
	t.table[i] = int32(t.count)
	if 2*t.count > len(t.table) {
		t.grow()
	}
	return true
}

// grow doubles the table.
func (t *stateSet) grow() {
	t.table = make([]int32, 2*len(t.table))
	for k := 0; k < t.count; k++ {
		st := t.data[k*t.size : (k+1)*t.size]
		t.table[t.slot(st)] = int32(k + 1)
	}
}

// sweep tries every choice of p's forward steps from state st (p's code
// first) and adds the states that follow to next; it reports whether one
// choice completes the path.
func (sc *frontierScan) sweep(p int, st []byte, work []byte) bool {
	w := sc.w
	if sc.bufs[0] == nil {
		for f := range sc.bufs {
			sc.bufs[f] = make([]byte, w)
		}
	}
	copy(sc.bufs[0], st[:w])
	sc.p, sc.crossed, sc.work, sc.completed = p, st[w] == 1, work, false
	sc.try(0, 0, fragFresh, false, false)
	return sc.completed
}

// try decides p's forward steps from direction f on, the frontier codes so
// far in sc.bufs[src] (a step taken in direction f writes its codes to
// sc.bufs[f+1], which no shallower call reads); fresh is the number of the
// next new fragment, closed says cur's fragment met the target's, se that
// p took its south-east step.
func (sc *frontierScan) try(f, src, fresh int, closed, se bool) {
	p, w, a := sc.p, sc.w, sc.bufs[src]
	if f == 4 {
		if a[0] != frontDone {
			return
		}
		if closed {
			if sc.allDone(p, a) {
				sc.completed = true
			}
			return
		}
		work := sc.work
		copy(work, a[1:])
		work[w-1] = frontUntouched
		work[w] = 0
		if sc.starved(p, work) {
			return
		}
		if se && (p+1)%sc.n != 0 {
			work[w] = 1
		}
		if fresh != fragFresh {
			// A step joined fragments: renumber. (With none, p was done
			// already, and dropping it keeps the frontier order.)
			sc.normalize(work[:w])
		}
		sc.keep(work)
		return
	}
	sc.try(f+1, src, fresh, closed, se) // no step in direction f
	m := sc.fwd[p][f]
	if m == 0 || closed || a[0] == frontDone || f == 1 && sc.crossed {
		return
	}
	k, b := sc.frontOffset(f), sc.bufs[f+1]
	for way := int8(1); way <= 2; way++ {
		if m&way == 0 {
			continue
		}
		copy(b, a)
		if ok, done := sc.attach(b, p, 0, k, way == 1, fresh); ok {
			sc.try(f+1, f+1, fresh+1, done, se || f == 3)
		}
		if !sc.directed {
			break // both ways are one choice
		}
	}
}

// endOf describes one side of a step being joined: the frontier slot of
// the fragment's end beyond it (slot >= 0), or the anchor of that end
// (fragCur, fragTarget) when the fragment ends at cur or the target.
type endOf struct {
	slot   int
	anchor int
}

// attach joins frontier slots x and y (positions p+x, p+y) by a step, x to
// y when out, else y to x (for K <= 2 the way is not tracked), in a, with
// fresh the number for a new fragment; it reports whether the join is
// possible and whether it joined cur's fragment to the target's.
func (sc *frontierScan) attach(a []byte, p, x, y int, out bool, fresh int) (ok, completed bool) {
	// A fragment meeting itself would close a cycle.
	if cx, cy := a[x], a[y]; cx >= 2 && cy >= 2 && (cx-2)>>1 == (cy-2)>>1 {
		return false, false
	}
	var ends [2]endOf
	for i, z := range [2]int{x, y} {
		end, ok := sc.join(a, p, z, out == (i == 0))
		if !ok {
			return false, false
		}
		ends[i] = end
	}
	e0, e1 := ends[0], ends[1]
	switch {
	case e0.slot < 0 && e1.slot < 0:
		return e0.anchor != e1.anchor, true
	case e0.slot < 0:
		setFrag(a, e1.slot, e0.anchor)
	case e1.slot < 0:
		setFrag(a, e0.slot, e1.anchor)
	default:
		setFrag(a, e0.slot, fresh)
		setFrag(a, e1.slot, fresh)
	}
	return true, false
}

// join gives frontier slot z (position p+z) one more step, out of it
// when gotOut, in a, and returns the end of z's fragment beyond the step:
// z itself when it was untouched and needs two steps (its fragment is set
// by attach), the anchor when z's fragment ends at cur or the target (or z
// is one of them), else the fragment's other open end; ok is false when z
// cannot take the step.
func (sc *frontierScan) join(a []byte, p, z int, gotOut bool) (end endOf, ok bool) {
	code := a[z]
	switch {
	case code == frontDone:
		return endOf{}, false
	case code == frontUntouched:
		if sc.need[p+z] == 1 {
			// cur has only its step out, the target only its step in.
			if sc.directed && gotOut != sc.isCur[p+z] {
				return endOf{}, false
			}
			a[z] = frontDone
			if sc.isCur[p+z] {
				return endOf{slot: -1, anchor: fragCur}, true
			}
			return endOf{slot: -1, anchor: fragTarget}, true
		}
		bit := byte(0)
		if sc.directed && gotOut {
			bit = 1
		}
		a[z] = 2 + 2*fragPending + bit // its fragment is set by attach
		return endOf{slot: z}, true
	}
	frag, bit := int(code-2)>>1, (code-2)&1
	if sc.directed && (bit == 1) == gotOut {
		return endOf{}, false // it has that step already
	}
	a[z] = frontDone
	if frag == fragCur || frag == fragTarget {
		return endOf{slot: -1, anchor: frag}, true
	}
	o := sc.otherEnd(a, z, frag)
	return endOf{slot: o}, o >= 0
}

// setFrag gives the open end in slot z fragment number frag, keeping its
// way bit.
func setFrag(a []byte, z, frag int) {
	a[z] = 2 + byte(2*frag) + (a[z]-2)&1
}

// otherEnd returns the slot of fragment frag's end other than z, or -1.
func (sc *frontierScan) otherEnd(a []byte, z, frag int) int {
	for i, code := range a {
		if i != z && code >= 2 && int(code-2)>>1 == frag {
			return i
		}
	}
	return -1
}

// allDone reports whether, after p's sweep completed the path, no cell
// left is still open or untouched: every later cell left is in the
// frontier and done.
func (sc *frontierScan) allDone(p int, a []byte) bool {
	if sc.last >= p+sc.w {
		return false
	}
	for z := 1; z < sc.w && p+z <= sc.last; z++ {
		if sc.inV[p+z] && a[z] != frontDone {
			return false
		}
	}
	return true
}

// normalize renumbers the free fragments of frontier codes a from 2 in
// order of first appearance, so that equal states have equal keys.
func (sc *frontierScan) normalize(a []byte) {
	var remap [128]byte
	nextFrag := byte(2)
	for i, code := range a {
		if code < 2 {
			continue
		}
		frag := (code - 2) >> 1
		if frag < 2 {
			continue
		}
		if remap[frag] == 0 {
			remap[frag] = nextFrag
			nextFrag++
		}
		a[i] = 2 + 2*remap[frag] + (code-2)&1
	}
}
