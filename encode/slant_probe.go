package encode

import (
	"github.com/gridsat/gridsat/encode/sat"
	"github.com/gridsat/gridsat/instances"
)

// slantEarlyCuts returns the cuts probing checks (none with o.NoRootCuts):
// slantRoot's at the root, slantProbe's within each probe, each recorded
// in res and, as a proof input, in proof.
func slantEarlyCuts(enc *SlantEncoding, o SlantOptions, res *SlantResult, proof *sat.ProofLog) sat.Cuts {
	if o.NoRootCuts {
		return sat.Cuts{}
	}
	record := func(cuts [][]int, loops int) {
		res.Cuts = append(res.Cuts, cuts...)
		res.Stats.Added += len(cuts)
		for i, c := range cuts {
			why := whyLoop
			if i >= loops {
				why = whyEnclose
			}
			proof.Input(why, c)
		}
	}
	root, probe := newSlantRoot(enc), newSlantProbe(enc)
	return sat.Cuts{
		Root: func(value []int8) [][]int {
			cuts := root.cuts(value)
			record(cuts, root.loops)
			return cuts
		},
		Probe: func(value []int8, units, implied []int) [][]int {
			cuts := probe.cuts(value, units, implied)
			record(cuts, len(cuts))
			return cuts
		},
	}
}

// slantProbe is the sat.ProbeCutter of the slant encoding
// (SlantOptions.NoRootCuts off): a probe whose diagonals, with those
// fixed at the root, close a loop fails, with the loop's cut as the
// clause that makes its propagation fail. Probing then sees loops as a
// slant player's "if this were '\', that corner would close a loop".
type slantProbe struct {
	enc  *SlantEncoding
	s    *instances.Slant
	root *instances.UnionFind // the corners the root's diagonals join
	seen int                  // root literals read into root
	// A small union-find over root components, for one probe: parent
	// per component root, valid where mark is now.
	parent []int32
	mark   []int32
	now    int32
	// Search buffers for the loop's cells.
	from  []int32 // per corner: the cell it was reached through
	at    []int32 // per corner: the search that reached it
	queue []int32
}

func newSlantProbe(enc *SlantEncoding) *slantProbe {
	nc := len(enc.s.Clues)
	k := &slantProbe{
		enc:    enc,
		s:      enc.s,
		root:   instances.NewUnionFind(nc),
		parent: make([]int32, nc),
		mark:   make([]int32, nc),
		from:   make([]int32, nc),
		at:     make([]int32, nc),
	}
	for i, d := range enc.Fixed {
		if d != 0 {
			a, b := k.s.DiagonalCorners(i/k.s.W, i%k.s.W, d)
			k.root.Union(a, b)
		}
	}
	return k
}

// cellDiagonal returns the cell and diagonal literal lit stands for; ok
// is false for a variable that is no cell's.
func (k *slantProbe) cellDiagonal(lit int) (cell int, d byte, ok bool) {
	v := max(lit, -lit)
	if v > len(k.enc.cells) {
		return 0, 0, false
	}
	cell = int(k.enc.cells[v-1])
	d = k.enc.Back[cell]
	if lit < 0 {
		d = otherDiagonal(d)
	}
	return cell, d, true
}

// cuts is the sat.ProbeCutter: the loop the probe's diagonals close, if
// any, as a cut.
func (k *slantProbe) cuts(value []int8, root, implied []int) [][]int {
	s := k.s
	for ; k.seen < len(root); k.seen++ {
		if cell, d, ok := k.cellDiagonal(root[k.seen]); ok {
			a, b := s.DiagonalCorners(cell/s.W, cell%s.W, d)
			k.root.Union(a, b)
		}
	}
	k.now++
	find := func(x int32) int32 {
		for k.mark[x] == k.now && k.parent[x] != x {
			x = k.parent[x]
		}
		return x
	}
	for _, lit := range implied {
		cell, d, ok := k.cellDiagonal(lit)
		if !ok {
			continue
		}
		a, b := s.DiagonalCorners(cell/s.W, cell%s.W, d)
		ra, rb := find(int32(k.root.Find(a))), find(int32(k.root.Find(b)))
		if ra == rb {
			if cut, ok := k.loop(value, cell, d); ok {
				return [][]int{cut}
			}
			return nil
		}
		for _, x := range [2]int32{ra, rb} {
			if k.mark[x] != k.now {
				k.mark[x], k.parent[x] = k.now, x
			}
		}
		k.parent[ra] = rb
	}
	return nil
}

// loop returns the cut of the loop that diagonal d of cell closes with
// the diagonals value fixes: a search from one of its corners to the
// other over those diagonals, cell left out (ok false if the search
// does not meet the other corner, which would be a bug).
func (k *slantProbe) loop(value []int8, cell int, d byte) (cut []int, ok bool) {
	s, e := k.s, k.enc
	diag := func(ci int) byte {
		if f := e.Fixed[ci]; f != 0 {
			return f
		}
		switch value[e.vars[ci]] {
		case 1:
			return e.Back[ci]
		case -1:
			return otherDiagonal(e.Back[ci])
		}
		return 0
	}
	a, b := s.DiagonalCorners(cell/s.W, cell%s.W, d)
	k.now++
	k.at[a], k.from[a] = k.now, -1
	k.queue = append(k.queue[:0], int32(a))
	var buf [4]cornerStep
	for h := 0; h < len(k.queue) && k.at[b] != k.now; h++ {
		for _, st := range cornerSteps(&buf, s, int(k.queue[h])) {
			if st.cell == cell || k.at[st.to] == k.now || diag(st.cell) != st.d {
				continue
			}
			k.at[st.to], k.from[st.to] = k.now, int32(st.cell)
			k.queue = append(k.queue, int32(st.to))
		}
	}
	if k.at[b] != k.now {
		return nil, false
	}
	clause := []int{-e.Lit(cell, d)}
	for p := b; p != a; {
		ci := int(k.from[p])
		dd := diag(ci)
		if lit := e.Lit(ci, dd); lit != litTrue {
			clause = append(clause, -lit)
		}
		x, y := s.DiagonalCorners(ci/s.W, ci%s.W, dd)
		if x == p {
			p = y
		} else {
			p = x
		}
	}
	return clause, true
}
