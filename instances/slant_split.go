package instances

import (
	"cmp"
	"fmt"
	"slices"
)

// SplitSlant cuts the whole case s into at most jobs parts (fewer only
// when no part can be cut further without passing jobs), numbered 1..N in
// the order of a tree of choices.
//
// Starting from no fixed cell, the shallowest part (the first of them) is
// replaced, in place, by two parts that fix one more cell, '\' then '/'.
// The cell is the first undecided one in a fixed order (the most clued
// corners first, then row-major), after a propagation of the part's
// fixed cells: a clue that has all its diagonals, or needs all its open
// cells, decides them, a diagonal that would close a loop with its
// neighbours is excluded, and a cell one of whose diagonals fails so is
// decided the other way (none of these sets a part line's cell: they
// hold in every solution of the part). A part whose propagation fails
// holds no solution and is dropped, unless it is the last part left; a
// part whose cells are all decided is not cut further. Each solution of s
// thus holds the fixed cells of exactly one part.
func SplitSlant(s *Slant, jobs int) ([]*Slant, error) {
	if s.Part != nil {
		return nil, fmt.Errorf("splitting %s: it is already a part (%s): split the whole case", s.Location(), s.Part.Name())
	}
	if err := checkJobs(s.Location(), jobs); err != nil {
		return nil, err
	}
	sp := newSlantSplitter(s)
	parts := splitTree([]SlantCell(nil), 0, jobs, func(fixed []SlantCell, count int) ([][]SlantCell, []int, splitStep) {
		kids, empty := sp.kids(fixed)
		switch {
		case empty && count > 1:
			return nil, nil, splitDrop // holds no solution
		case len(kids) == 0 || count-1+len(kids) > jobs:
			return nil, nil, splitStuck
		}
		depths := make([]int, len(kids))
		for k := range kids {
			depths[k] = len(fixed) + 1
		}
		return kids, depths, splitCut
	})
	hash := slantHash(s)
	out := make([]*Slant, len(parts))
	texts := make([]string, len(parts))
	for i, p := range parts {
		w := s.Whole()
		w.Part = &SlantPart{Index: i + 1, Count: len(parts), Parent: hash, Fixed: p}
		out[i], texts[i] = w, w.Part.partLine(s.W)
	}
	id := splitID(texts)
	for _, w := range out {
		w.Part.Split, w.Part.Jobs = id, jobs
	}
	return out, nil
}

// slantSplitter propagates fixed cells over a board for SplitSlant: clue
// counts and the loops a diagonal would close with the corners' sets,
// undoable to any point of its trail. It is the split's own: the solvers
// do not see it (each honours a part's fixed cells by its own code).
type slantSplitter struct {
	s        *Slant
	cell     []byte
	on, open []int8  // per corner: diagonals touching it, undecided cells around it
	parent   []int32 // the corners' sets, union by size, no path compression
	size     []int32
	trail    []int32 // cells set, in order
	joined   []int32 // per trail entry: the set root attached under another
	queue    []int32 // corners to look at
	order    []int32 // cells, the most clued corners first, then row-major
	rootOK   bool    // the board's own propagation succeeded
	rootMark int
}

// newSlantSplitter propagates s's clues at the root.
func newSlantSplitter(s *Slant) *slantSplitter {
	nc := len(s.Clues)
	sp := &slantSplitter{s: s, cell: make([]byte, s.W*s.H), on: make([]int8, nc), open: make([]int8, nc),
		parent: make([]int32, nc), size: make([]int32, nc)}
	for p := range nc {
		sp.parent[p], sp.size[p] = int32(p), 1
		sp.open[p] = int8(len(sp.around(p, nil)))
	}
	clued := make([]int8, len(sp.cell))
	for i := range sp.cell {
		sp.order = append(sp.order, int32(i))
		for _, p := range sp.corners(i) {
			if s.Clues[p] >= 0 {
				clued[i]++
			}
		}
	}
	slices.SortStableFunc(sp.order, func(a, b int32) int { return cmp.Compare(clued[b], clued[a]) })
	for p := range nc {
		if s.Clues[p] >= 0 {
			sp.queue = append(sp.queue, int32(p))
		}
	}
	sp.rootOK = sp.propagate()
	sp.rootMark = len(sp.trail)
	return sp
}

// kids returns the fixed cells of the parts that replace the part fixing
// fixed: fixed and one more cell, each way that propagation does not
// refute; none when every cell is decided (then empty is false) or when
// the part holds no solution (empty).
func (sp *slantSplitter) kids(fixed []SlantCell) (kids [][]SlantCell, empty bool) {
	defer sp.undo(sp.rootMark)
	if !sp.rootOK {
		return nil, true
	}
	for _, f := range fixed {
		if !sp.set(int(f.Cell), f.Diag) || !sp.propagate() {
			return nil, true
		}
	}
	for next := 0; ; {
		for next < len(sp.order) && sp.cell[sp.order[next]] != 0 {
			next++
		}
		if next == len(sp.order) {
			return nil, false
		}
		i := int(sp.order[next])
		var ok []byte
		for _, d := range []byte{Back, Forward} {
			m := len(sp.trail)
			if sp.set(i, d) && sp.propagate() {
				ok = append(ok, d)
			}
			sp.undo(m)
		}
		switch len(ok) {
		case 0:
			return nil, true
		case 2:
			for _, d := range ok {
				kids = append(kids, append(slices.Clip(fixed), SlantCell{Cell: i, Diag: d}))
			}
			return kids, false
		}
		if !sp.set(i, ok[0]) || !sp.propagate() {
			return nil, true // cannot happen: the same steps succeeded
		}
	}
}

// corners returns the four corners of cell i.
func (sp *slantSplitter) corners(i int) [4]int {
	w := sp.s.W
	tl := i/w*(w+1) + i%w
	return [4]int{tl, tl + 1, tl + w + 1, tl + w + 2}
}

// around appends to out the cells around corner p, each with the
// diagonal that touches p.
func (sp *slantSplitter) around(p int, out []SlantCell) []SlantCell {
	w, h := sp.s.W, sp.s.H
	r, c := p/(w+1), p%(w+1)
	for _, a := range [4]struct {
		dr, dc int
		d      byte
	}{{-1, -1, Back}, {-1, 0, Forward}, {0, -1, Forward}, {0, 0, Back}} {
		rr, cc := r+a.dr, c+a.dc
		if rr >= 0 && rr < h && cc >= 0 && cc < w {
			out = append(out, SlantCell{Cell: rr*w + cc, Diag: a.d})
		}
	}
	return out
}

func (sp *slantSplitter) find(x int32) int32 {
	for sp.parent[x] != x {
		x = sp.parent[x]
	}
	return x
}

// set puts diagonal d in the undecided cell i (or finds it there); it
// reports false, changing nothing, when i holds the other diagonal or d
// would close a loop.
func (sp *slantSplitter) set(i int, d byte) bool {
	if v := sp.cell[i]; v != 0 {
		return v == d
	}
	a, b := sp.s.DiagonalCorners(i/sp.s.W, i%sp.s.W, d)
	ra, rb := sp.find(int32(a)), sp.find(int32(b))
	if ra == rb {
		return false
	}
	if sp.size[ra] > sp.size[rb] {
		ra, rb = rb, ra
	}
	sp.parent[ra] = rb
	sp.size[rb] += sp.size[ra]
	sp.cell[i] = d
	sp.trail, sp.joined = append(sp.trail, int32(i)), append(sp.joined, ra)
	for _, p := range sp.corners(i) {
		sp.open[p]--
		if p == a || p == b {
			sp.on[p]++
		}
		sp.queue = append(sp.queue, int32(p))
	}
	return true
}

// undo unsets the cells set after trail length mark.
func (sp *slantSplitter) undo(mark int) {
	sp.queue = sp.queue[:0]
	for len(sp.trail) > mark {
		k := len(sp.trail) - 1
		i, ra := int(sp.trail[k]), sp.joined[k]
		sp.trail, sp.joined = sp.trail[:k], sp.joined[:k]
		rb := sp.parent[ra]
		sp.size[rb] -= sp.size[ra]
		sp.parent[ra] = ra
		a, b := sp.s.DiagonalCorners(i/sp.s.W, i%sp.s.W, sp.cell[i])
		for _, p := range sp.corners(i) {
			sp.open[p]++
			if p == a || p == b {
				sp.on[p]--
			}
		}
		sp.cell[i] = 0
	}
}

// propagate looks at the queued corners until nothing more follows: a
// clue with all its diagonals or needing all its open cells decides them,
// and an open cell around a corner takes the other diagonal when one
// would close a loop. It reports false on a contradiction.
func (sp *slantSplitter) propagate() bool {
	var cells []SlantCell
	for len(sp.queue) > 0 {
		p := int(sp.queue[len(sp.queue)-1])
		sp.queue = sp.queue[:len(sp.queue)-1]
		k := int(sp.s.Clues[p])
		cells = sp.around(p, cells[:0])
		for _, c := range cells {
			on, open := int(sp.on[p]), int(sp.open[p])
			if k >= 0 && (on > k || on+open < k) {
				sp.queue = sp.queue[:0]
				return false
			}
			if sp.cell[c.Cell] != 0 {
				continue
			}
			d := byte(0)
			switch {
			case k >= 0 && on == k:
				d = other(c.Diag)
			case k >= 0 && on+open == k:
				d = c.Diag
			case sp.closes(c.Cell, Back):
				d = Forward
			case sp.closes(c.Cell, Forward):
				d = Back
			}
			if d != 0 && !sp.set(c.Cell, d) {
				sp.queue = sp.queue[:0]
				return false
			}
		}
		if on, open := int(sp.on[p]), int(sp.open[p]); k >= 0 && (on > k || on+open < k) {
			sp.queue = sp.queue[:0]
			return false
		}
	}
	return true
}

// closes reports whether diagonal d in cell i would close a loop.
func (sp *slantSplitter) closes(i int, d byte) bool {
	a, b := sp.s.DiagonalCorners(i/sp.s.W, i%sp.s.W, d)
	return sp.find(int32(a)) == sp.find(int32(b))
}

// other is the diagonal d is not.
func other(d byte) byte {
	if d == Back {
		return Forward
	}
	return Back
}
