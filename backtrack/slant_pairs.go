package backtrack

import "github.com/gridsat/gridsat/instances"

// slantPairs holds Tatham's equivalence deductions at the root: for every
// two side-by-side cells (a pair) the joint diagonals still possible, as a
// 4-bit mask over the states (a, b) in {\,/}x{\,/} (bit 2*sa+sb, s = 0 for
// '\'). A pair whose mask allows only equal diagonals (\\, //) makes its
// cells equivalent; one allowing only a "v" (\/, /\) makes them
// opposite; cells linked that way form classes (union-find with parity),
// and two neighbours in one class are related whatever their own mask.
//
// The masks are narrowed by the cells already set and, at every clue
// corner, by the count: the cells around a corner split into two pairs
// (top and bottom, or left and right), and a state of one pair is
// possible only if the other pair can make up the rest of the clue. That
// one rule covers Tatham's v-shape deductions (no v points at a 1 or away
// from a 3, a 2 passes a v ruled out on one side to the other), the 1-1
// and 3-3 patterns (an edge 1 or 3 with two cells left makes them
// equivalent), and counting with equivalent cells (two equivalent cells
// beside a corner touch it exactly once).
//
// Every state ruled out while both cells are open becomes a two-literal
// clause for the search, and every cell a mask settles is set at the root.
type slantPairs struct {
	st    *slantState
	hmask []uint8 // pair (c, c+1), for cells not in the last column
	vmask []uint8 // pair (c, c+w), for cells not in the last row
	// parity union-find over cells, with circular member lists
	par   []int32
	parit []uint8 // parity to the parent: 1 when the diagonals differ
	size  []int32
	next  []int32
	seen  int // trail length already looked at
	queue []int32
	inQ   []bool // corner queued
	// record: add a clause for every state ruled out (the search needs
	// them; a generator asking only "solved?" does not)
	record bool
	// undo log of the changes made above the root (slantReducer adds
	// clue sets at levels above it and takes them back)
	log []slantPairChange
}

// slantPairChange is one change to undo: a mask's old value, or a union
// (mask nil) that attached class child.
type slantPairChange struct {
	mask  *uint8
	old   uint8
	child int32
}

// pushClues queues every clue corner.
func (pp *slantPairs) pushClues() {
	for p, k := range pp.st.clue {
		if k >= 0 {
			pp.push(int32(p))
		}
	}
}

// undoTo takes back the changes beyond log length mark, and forgets the
// trail beyond the state's.
func (pp *slantPairs) undoTo(mark int) {
	for len(pp.log) > mark {
		c := pp.log[len(pp.log)-1]
		pp.log = pp.log[:len(pp.log)-1]
		if c.mask != nil {
			*c.mask = c.old
			continue
		}
		b := c.child
		a := pp.par[b]
		pp.size[a] -= pp.size[b]
		pp.par[b], pp.parit[b] = b, 0
		pp.next[a], pp.next[b] = pp.next[b], pp.next[a]
	}
	for _, p := range pp.queue {
		pp.inQ[p] = false
	}
	pp.queue = pp.queue[:0]
	pp.seen = min(pp.seen, len(pp.st.trail))
}

func newSlantPairs(st *slantState) *slantPairs {
	n := st.w * st.h
	pp := &slantPairs{
		st:    st,
		hmask: make([]uint8, n),
		vmask: make([]uint8, n),
		par:   make([]int32, n),
		parit: make([]uint8, n),
		size:  make([]int32, n),
		next:  make([]int32, n),
		inQ:   make([]bool, len(st.clue)),
	}
	for i := 0; i < n; i++ {
		pp.hmask[i], pp.vmask[i] = 0xF, 0xF
		pp.par[i], pp.next[i], pp.size[i] = int32(i), int32(i), 1
	}
	return pp
}

// reset clears pp for a new start on its state.
func (pp *slantPairs) reset() {
	for i := range pp.hmask {
		pp.hmask[i], pp.vmask[i] = 0xF, 0xF
		pp.par[i], pp.next[i], pp.size[i], pp.parit[i] = int32(i), int32(i), 1, 0
	}
	for _, p := range pp.queue {
		pp.inQ[p] = false
	}
	pp.queue = pp.queue[:0]
	pp.seen = 0
	pp.log = pp.log[:0]
}

func diagBit(d byte) int {
	if d == instances.Back {
		return 0
	}
	return 1
}

func bitDiag(s int) byte {
	if s == 0 {
		return instances.Back
	}
	return instances.Forward
}

// find returns the class of cell c and c's parity to it.
func (pp *slantPairs) find(c int32) (int32, uint8) {
	var p uint8
	for pp.par[c] != c {
		p ^= pp.parit[c]
		c = pp.par[c]
	}
	return c, p
}

// run narrows masks to a fixpoint with the state's propagation at the
// root; it reports false on a contradiction.
func (pp *slantPairs) run() bool {
	st := pp.st
	for {
		// Cells set since the last look narrow their pairs.
		for pp.seen < len(st.trail) {
			i := st.trail[pp.seen].cell()
			pp.seen++
			if !pp.cellSet(i) {
				return false
			}
		}
		if len(pp.queue) == 0 {
			return true
		}
		p := pp.queue[len(pp.queue)-1]
		pp.queue = pp.queue[:len(pp.queue)-1]
		pp.inQ[p] = false
		if !pp.corner(int(p)) {
			return false
		}
		if len(st.pend) > 0 {
			if !st.propagate() {
				return false
			}
		}
	}
}

func (pp *slantPairs) push(p int32) {
	if pp.st.clue[p] >= 0 && !pp.inQ[p] {
		pp.inQ[p] = true
		pp.queue = append(pp.queue, p)
	}
}

// pairs of cell i: (mask, a, b) for the up-to-four pairs holding it.
func (pp *slantPairs) cellSet(i int) bool {
	st := pp.st
	r, c := i/st.w, i%st.w
	if c+1 < st.w && !pp.restrictCell(&pp.hmask[i], i, i+1, true, i) {
		return false
	}
	if c > 0 && !pp.restrictCell(&pp.hmask[i-1], i-1, i, true, i) {
		return false
	}
	if r+1 < st.h && !pp.restrictCell(&pp.vmask[i], i, i+st.w, false, i) {
		return false
	}
	if r > 0 && !pp.restrictCell(&pp.vmask[i-st.w], i-st.w, i, false, i) {
		return false
	}
	for _, p := range st.corners(i) {
		pp.push(int32(p))
	}
	return true
}

// restrictCell narrows the mask of pair (a, b) to the value of the set
// cell i (a or b).
func (pp *slantPairs) restrictCell(m *uint8, a, b int, horiz bool, i int) bool {
	s := diagBit(pp.st.cell[i])
	var keep uint8
	for st := 0; st < 4; st++ {
		sa, sb := st>>1, st&1
		if (i == a && sa == s) || (i == b && sb == s) {
			keep |= 1 << st
		}
	}
	return pp.narrow(m, a, b, horiz, *m&keep)
}

// narrow sets the mask of pair (a, b) to nm (a subset of it): it adds the
// clauses for the states ruled out, sets cells the mask settles, links
// the cells' classes, and queues the corners beside the pair.
func (pp *slantPairs) narrow(m *uint8, a, b int, horiz bool, nm uint8) bool {
	old := *m
	if nm == old {
		return true
	}
	st := pp.st
	if st.decisionLevel() > 0 {
		pp.log = append(pp.log, slantPairChange{mask: m, old: old})
	}
	*m = nm
	if nm == 0 {
		return false
	}
	if pp.record && st.cell[a] == 0 && st.cell[b] == 0 {
		for s := 0; s < 4; s++ {
			if old&^nm&(1<<s) != 0 {
				la := mkLit(a, other(bitDiag(s>>1)))
				lb := mkLit(b, other(bitDiag(s&1)))
				st.db.add([]slantLit{la, lb})
			}
		}
	}
	// Cells the mask settles.
	for _, side := range [2]int{0, 1} {
		cellIdx := a
		if side == 1 {
			cellIdx = b
		}
		if st.cell[cellIdx] != 0 {
			continue
		}
		var vals uint8 // bit 0: '\' possible, bit 1: '/'
		for s := 0; s < 4; s++ {
			if nm&(1<<s) != 0 {
				v := s >> 1
				if side == 1 {
					v = s & 1
				}
				vals |= 1 << v
			}
		}
		if vals == 1 || vals == 2 {
			st.pend = append(st.pend, pending{lit: mkLit(cellIdx, bitDiag(int(vals>>1))), kind: rRoot})
		}
	}
	open := st.cell[a] == 0 && st.cell[b] == 0
	switch {
	case !open:
		// A set cell settles the other through the mask: no class needed.
	case nm&0b0110 == 0: // only \\ or //: equivalent
		if !pp.union(int32(a), int32(b), 0) {
			return false
		}
	case nm&0b1001 == 0: // only \/ or /\: opposite
		if !pp.union(int32(a), int32(b), 1) {
			return false
		}
	}
	pp.queueBeside(a, b, horiz)
	return true
}

// queueBeside queues the two corners that pair (a, b) shares.
func (pp *slantPairs) queueBeside(a, b int, horiz bool) {
	st := pp.st
	r, c := a/st.w, a%st.w
	if horiz {
		pp.push(int32(r*st.cw + c + 1))
		pp.push(int32((r+1)*st.cw + c + 1))
	} else {
		pp.push(int32((r+1)*st.cw + c))
		pp.push(int32((r+1)*st.cw + c + 1))
	}
	_ = b
}

// union links cells a and b with parity par (1: opposite diagonals); it
// reports false when they are linked already with the other parity. Pairs
// of neighbours that end up in one class are narrowed to their parity.
func (pp *slantPairs) union(a, b int32, par uint8) bool {
	ra, pa := pp.find(a)
	rb, pb := pp.find(b)
	if ra == rb {
		return pa^pb == par
	}
	if pp.size[ra] < pp.size[rb] {
		ra, rb = rb, ra
		pa, pb = pb, pa
	}
	// Before joining, walk the smaller class and narrow its members'
	// pairs with neighbours in the larger one.
	small := rb
	if pp.st.decisionLevel() > 0 {
		pp.log = append(pp.log, slantPairChange{child: rb})
	}
	pp.par[rb] = ra
	pp.parit[rb] = pa ^ pb ^ par
	pp.size[ra] += pp.size[rb]
	pp.next[ra], pp.next[rb] = pp.next[rb], pp.next[ra]
	x := small
	for {
		if !pp.relateNeighbours(int(x), ra) {
			return false
		}
		x = pp.next[x]
		if x == small {
			break
		}
	}
	return true
}

// relateNeighbours narrows the pairs of cell x with neighbours in class
// root to the parity the class gives them.
func (pp *slantPairs) relateNeighbours(x int, root int32) bool {
	st := pp.st
	r, c := x/st.w, x%st.w
	_, px := pp.find(int32(x))
	check := func(m *uint8, a, b int, horiz bool, y int) bool {
		ry, py := pp.find(int32(y))
		if ry != root {
			return true
		}
		keep := uint8(0b1001) // equal
		if px^py == 1 {
			keep = 0b0110
		}
		return pp.narrow(m, a, b, horiz, *m&keep)
	}
	if c+1 < st.w && !check(&pp.hmask[x], x, x+1, true, x+1) {
		return false
	}
	if c > 0 && !check(&pp.hmask[x-1], x-1, x, true, x-1) {
		return false
	}
	if r+1 < st.h && !check(&pp.vmask[x], x, x+st.w, false, x+st.w) {
		return false
	}
	if r > 0 && !check(&pp.vmask[x-st.w], x-st.w, x, false, x-st.w) {
		return false
	}
	return true
}

// pairView is one pair beside a corner: its mask, its cells and the
// diagonal by which each touches the corner.
type pairView struct {
	m      *uint8
	a, b   int
	horiz  bool
	ta, tb int // diagBit of the touching diagonals
}

// counts returns, as bits 0..2, how many diagonals of the pair can touch
// the corner.
func (v pairView) counts() uint8 { return pairCounts[*v.m][v.ta][v.tb] }

// keep returns the states whose count c leaves k-c among other's counts.
func (v pairView) keep(k int, other uint8) uint8 {
	return pairKeep[*v.m][v.ta][v.tb][k][other&7]
}

// pairCounts[mask][ta][tb] and pairKeep[mask][ta][tb][k][other] are
// counts and keep worked out for every mask, touching diagonals, clue and
// set of counts the other pair allows.
var (
	pairCounts [16][2][2]uint8
	pairKeep   [16][2][2][5][8]uint8
)

func init() {
	count := func(s, ta, tb int) int {
		n := 0
		if s>>1 == ta {
			n++
		}
		if s&1 == tb {
			n++
		}
		return n
	}
	for m := 0; m < 16; m++ {
		for ta := 0; ta < 2; ta++ {
			for tb := 0; tb < 2; tb++ {
				for s := 0; s < 4; s++ {
					if m&(1<<s) != 0 {
						pairCounts[m][ta][tb] |= 1 << count(s, ta, tb)
					}
				}
				for k := 0; k <= 4; k++ {
					for other := 0; other < 8; other++ {
						var out uint8
						for s := 0; s < 4; s++ {
							if m&(1<<s) == 0 {
								continue
							}
							if need := k - count(s, ta, tb); need >= 0 && need <= 2 && other&(1<<need) != 0 {
								out |= 1 << s
							}
						}
						pairKeep[m][ta][tb][k][other] = out
					}
				}
			}
		}
	}
}

// apply narrows the mask of pair v to nm.
func (pp *slantPairs) apply(v pairView, nm uint8) bool {
	return pp.narrow(v.m, v.a, v.b, v.horiz, nm)
}

// corner applies the count of the clue at corner p to its pairs.
func (pp *slantPairs) corner(p int) bool {
	st := pp.st
	k := int(st.clue[p])
	r, c := p/st.cw, p%st.cw
	// Cells around the corner (-1 when off the board).
	cellAt := func(rr, cc int) int {
		if rr < 0 || rr >= st.h || cc < 0 || cc >= st.w {
			return -1
		}
		return rr*st.w + cc
	}
	tl, tr, bl, br := cellAt(r-1, c-1), cellAt(r-1, c), cellAt(r, c-1), cellAt(r, c)
	const back, fwd = 0, 1
	top := tl >= 0 && tr >= 0
	bottom := bl >= 0 && br >= 0
	left := tl >= 0 && bl >= 0
	right := tr >= 0 && br >= 0
	var vt, vb, vl, vr pairView
	if top {
		vt = pairView{&pp.hmask[tl], tl, tr, true, back, fwd}
	}
	if bottom {
		vb = pairView{&pp.hmask[bl], bl, br, true, fwd, back}
	}
	if left {
		vl = pairView{&pp.vmask[tl], tl, bl, false, back, fwd}
	}
	if right {
		vr = pairView{&pp.vmask[tr], tr, br, false, fwd, back}
	}
	apply := pp.apply
	switch {
	case top && bottom: // an inner corner: both pairings
		if !apply(vt, vt.keep(k, vb.counts())) || !apply(vb, vb.keep(k, vt.counts())) {
			return false
		}
		if !apply(vl, vl.keep(k, vr.counts())) || !apply(vr, vr.keep(k, vl.counts())) {
			return false
		}
	case top:
		return apply(vt, vt.keep(k, 1))
	case bottom:
		return apply(vb, vb.keep(k, 1))
	case left:
		return apply(vl, vl.keep(k, 1))
	case right:
		return apply(vr, vr.keep(k, 1))
	}
	return true
}
