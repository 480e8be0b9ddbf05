package encode

import (
	"github.com/gridsat/gridsat/instances"
)

// slantRoot finds the loop and enclosure cuts that the cells probing has
// fixed already force (option rootcuts, SlantOptions.NoRootCuts off;
// slantProbe checks the probes themselves): the SAT side's own form of
// the deductions a slant player makes first, given to the solver as
// clauses of the kinds the refinement loop adds, so that its proofs check
// the same way.
//
//   - A loop cut for every open cell whose diagonal would join two corners
//     the fixed diagonals already join: the path between them plus that
//     diagonal, a clause unit at the root.
//   - An enclosure cut for every group of corners the fixed diagonals join
//     that holds no border corner and has at most maxExits ways left out
//     (an open cell whose diagonal would lead from it to a corner
//     outside): "a diagonal leaves it", a clause false, unit or binary at
//     the root (a binary one made once).
type slantRoot struct {
	enc *SlantEncoding
	s   *instances.Slant
	// The fixed diagonals, kept from call to call: values at the root
	// only grow (the prober never takes back a root unit), so each call
	// reads only the cells still open at the last one.
	uf   *instances.UnionFind
	diag []byte  // per cell: its fixed diagonal, 0 when open
	open []int32 // the cells open at the last call, row-major
	// free are the inner corners whose component held no border corner at
	// the last call, row-major: a component that reaches the border keeps
	// it, so the list only shrinks.
	free []int32
	// The fixed diagonals as a rooted forest over the corners, for the
	// path between two corners of one tree.
	up      []int32 // per corner: the cell leading to its parent, -1 at a root
	depth   []int32
	done    []bool // per corner: placed in the forest
	queue   []int32
	exits   []int32 // per component root: open ways out, where counted is now
	counted []int32
	now     int32
	hold    []bool  // per component root: has a border corner
	closing []int32 // open cell<<1 | diagonal&1: would close a loop
	slot    []int32 // per component root: its clause's index+1, 0 none
	// made holds the two-way enclosure cuts made so far, by their open
	// literals.
	made map[[2]uint64]bool
	// loops is the number of loop cuts the last cuts call returned
	// (first; the enclosure cuts follow).
	loops int
}

func newSlantRoot(enc *SlantEncoding) *slantRoot {
	s := enc.s
	nc := len(s.Clues)
	l := &slantRoot{
		enc:     enc,
		s:       s,
		uf:      instances.NewUnionFind(nc),
		diag:    make([]byte, s.W*s.H),
		up:      make([]int32, nc),
		depth:   make([]int32, nc),
		done:    make([]bool, nc),
		exits:   make([]int32, nc),
		counted: make([]int32, nc),
		hold:    make([]bool, nc),
		made:    map[[2]uint64]bool{},
		slot:    make([]int32, nc),
	}
	cw := s.W + 1
	l.free = make([]int32, 0, max(s.W-1, 0)*max(s.H-1, 0))
	for p := range l.hold {
		r, c := p/cw, p%cw
		if r == 0 || c == 0 || r == s.H || c == s.W {
			l.hold[p] = true
		} else {
			l.free = append(l.free, int32(p))
		}
	}
	l.open = make([]int32, len(l.diag))
	for i := range l.open {
		l.open[i] = int32(i)
	}
	return l
}

// fix puts diagonal d in cell i; it reports false, leaving the corners
// as they were, when d closes a loop with the fixed diagonals.
func (l *slantRoot) fix(i int, d byte) bool {
	l.diag[i] = d
	a, b := l.s.DiagonalCorners(i/l.s.W, i%l.s.W, d)
	ra, rb := l.uf.Find(a), l.uf.Find(b)
	if ra == rb {
		return false
	}
	l.uf.Union(a, b)
	l.hold[l.uf.Find(a)] = l.hold[ra] || l.hold[rb]
	return true
}

// cuts is the sat.RootCutter: the cuts value forces, none when it forces
// nothing new.
func (l *slantRoot) cuts(value []int8) [][]int {
	s, e := l.s, l.enc
	// The cells fixed since the last call, in the order of the cells.
	open := l.open[:0]
	var loop int32 = -1
	for _, i := range l.open {
		d := e.Fixed[i]
		if v := e.vars[i]; v != 0 && value[v] != 0 {
			d = e.Back[i]
			if value[v] < 0 {
				d = otherDiagonal(e.Back[i])
			}
		}
		switch {
		case d == 0:
			open = append(open, i)
		case !l.fix(int(i), d) && loop < 0:
			loop = i
		}
	}
	l.open = open
	if loop >= 0 {
		// The fixed diagonals close a loop: probing will find the cut
		// false. (Forest-building below needs a forest.)
		l.growForest(int(loop))
		l.loops = 1
		return [][]int{l.loopCut(int(loop), l.diag[loop])}
	}
	l.closing = l.closing[:0]
	for _, i := range l.open {
		for _, d := range [2]byte{instances.Back, instances.Forward} {
			a, b := s.DiagonalCorners(int(i)/s.W, int(i)%s.W, d)
			if l.uf.Find(a) == l.uf.Find(b) {
				l.closing = append(l.closing, i<<1|int32(d&1))
			}
		}
	}
	var out [][]int
	if len(l.closing) > 0 {
		l.growForest(-1)
		for _, x := range l.closing {
			d := byte(instances.Back)
			if byte(x&1) != instances.Back&1 {
				d = instances.Forward
			}
			out = append(out, l.loopCut(int(x>>1), d))
		}
	}
	l.loops = len(out)
	return append(out, l.enclosureCuts()...)
}

// otherDiagonal returns the diagonal d is not.
func otherDiagonal(d byte) byte {
	if d == instances.Back {
		return instances.Forward
	}
	return instances.Back
}

// growForest roots every tree of fixed diagonals (but cell skip's) at
// one of its corners and records each corner's parent cell and depth.
func (l *slantRoot) growForest(skip int) {
	s := l.s
	var buf [4]cornerStep
	clear(l.done)
	for start := range l.done {
		if l.done[start] {
			continue
		}
		l.done[start] = true
		l.up[start], l.depth[start] = -1, 0
		l.queue = append(l.queue[:0], int32(start))
		for h := 0; h < len(l.queue); h++ {
			p := int(l.queue[h])
			for _, st := range cornerSteps(&buf, s, p) {
				q := st.to
				if st.cell == skip || l.diag[st.cell] != st.d || l.done[q] {
					continue
				}
				l.done[q] = true
				l.up[q], l.depth[q] = int32(st.cell), l.depth[p]+1
				l.queue = append(l.queue, int32(q))
			}
		}
	}
}

// parent returns the corner above p in the forest, through cell up[p].
func (l *slantRoot) parent(p int) int {
	ci := int(l.up[p])
	a, b := l.s.DiagonalCorners(ci/l.s.W, ci%l.s.W, l.diag[ci])
	if a == p {
		return b
	}
	return a
}

// loopCut returns the clause "not all of these": the forest path between
// the corners cell i's diagonal d joins, and d.
func (l *slantRoot) loopCut(i int, d byte) []int {
	a, b := l.s.DiagonalCorners(i/l.s.W, i%l.s.W, d)
	return l.path([]int{-l.enc.Lit(i, d)}, a, b)
}

// path appends to clause the negations of the fixed diagonals on the
// forest path between corners a and b (of one tree).
func (l *slantRoot) path(clause []int, a, b int) []int {
	e := l.enc
	step := func(p int) int {
		ci := int(l.up[p])
		if lit := e.Lit(ci, l.diag[ci]); lit != litTrue {
			clause = append(clause, -lit)
		}
		return l.parent(p)
	}
	for a != b {
		if l.depth[a] >= l.depth[b] {
			a = step(a)
		} else {
			b = step(b)
		}
	}
	return clause
}

// enclosureCuts returns "a diagonal leaves it" for every component of
// fixed diagonals off the border with at most one open way out. The
// clause names every cell around the component whose diagonal would lead
// out, fixed or open (the lemma checker takes the cells it does not name
// as open).
func (l *slantRoot) enclosureCuts() [][]int {
	l.now++
	free := l.free[:0]
	for _, p := range l.free {
		root := l.uf.Find(int(p))
		if l.hold[root] {
			continue
		}
		free = append(free, p)
		if l.counted[root] != l.now {
			l.counted[root], l.exits[root] = l.now, 0
		}
		if l.exits[root] <= maxExits {
			l.exits[root] += int32(l.ways(int(p), root, nil))
		}
	}
	l.free = free
	var out [][]int
	var roots []int
	for _, p := range l.free {
		root := l.uf.Find(int(p))
		if l.exits[root] > maxExits {
			continue
		}
		if l.slot[root] == 0 {
			roots = append(roots, root)
			out = append(out, nil)
			l.slot[root] = int32(len(out))
		}
		l.ways(int(p), root, &out[l.slot[root]-1])
	}
	kept := out[:0]
	for k, root := range roots {
		l.slot[root] = 0
		if l.exits[root] == 2 && !l.fresh(out[k]) {
			continue
		}
		kept = append(kept, out[k])
	}
	return kept
}

// ways counts the open cells whose diagonal would lead from corner p (of
// component root) to a corner outside, and appends to clause, if not
// nil, the literal of every cell whose diagonal would, open or fixed
// the other way.
func (l *slantRoot) ways(p, root int, clause *[]int) int {
	s := l.s
	cw := s.W + 1
	r, c := p/cw, p%cw
	open := 0
	for _, n := range [4][4]int{{-1, -1, -1, -1}, {-1, 0, -1, 1}, {0, -1, 1, -1}, {0, 0, 1, 1}} {
		i := (r+n[0])*s.W + c + n[1]
		q := (r+n[2])*cw + (c + n[3])
		if l.uf.Find(q) == root {
			continue
		}
		if l.diag[i] == 0 {
			open++
		}
		if clause != nil {
			d := byte(instances.Back)
			if n[2] != n[3] {
				d = instances.Forward
			}
			if lit := l.enc.Lit(i, d); lit != litFalse {
				*clause = append(*clause, lit)
			}
		}
	}
	return open
}

// fresh reports whether the two-way enclosure cut clause (by its two
// open literals) is new, and notes it made.
func (l *slantRoot) fresh(clause []int) bool {
	var k [2]uint64
	n := 0
	for _, lit := range clause {
		v := max(lit, -lit)
		if l.diag[l.enc.cells[v-1]] == 0 && n < 2 {
			k[n] = uint64(int64(lit))
			n++
		}
	}
	if l.made[k] {
		return false
	}
	l.made[k] = true
	return true
}

// maxExits is the most open ways out a component may have for its
// enclosure cut: one makes it unit, two a binary clause once the fixed
// literals drop.
const maxExits = 2
