package backtrack

import (
	"math/bits"
	"slices"
)

// symmetricBudget is the nodes the look-ahead for half-turn symmetric
// covers may spend on k queens before it gives up (the full search
// follows): a tenth of the nodes the full search spent on k-1, at least
// 10,000, so that it adds at most a tenth to a search that proves k
// queens too few and then finds k+1 in full.
func symmetricBudget(prevNodes int64) int64 { return max(10_000, prevNodes/10) }

// orbitSearch looks for covers that the half turn g maps onto themselves:
// a queen on s comes with one on g(s), so the search places orbits
// {s, g(s)} of two queens (one on an odd board's centre), half the depth
// of the full search. It only finds covers; failing proves nothing, and
// the full search runs after it. (On the full boards it finds covers in
// a tiny fraction of the nodes the full search takes, BenchmarkQueensDomination;
// no 9-cover of Q_18 has the half turn, nor any reflection, which that
// search refutes.)
type orbitSearch struct {
	d       *queensDFS
	ow      int      // words of an orbit set
	squares [][2]int // each orbit's squares (the same twice when fixed)
	cost    []int
	cover   []uint64 // cover[o*w:] the targets orbit o covers
	// attackers[t*ow:] the orbits covering target t.
	attackers []uint64
	uncov     []uint64 // per depth
	allow     []uint64 // per depth, orbit sets
	units     []int    // scratch: per-queen reaches
	placed    []int
	nodes     int64
	budget    int64
}

// symmetricFirst runs the half-turn look-ahead for k queens within budget
// nodes, leaving its cover in d.placed when it finds one; it adds its
// nodes to d.nodes.
func (d *queensDFS) symmetricFirst(k int, budget int64) bool {
	if d.halfTurn < 0 {
		return false
	}
	o := newOrbitSearch(d, d.syms[d.halfTurn], k)
	o.budget = budget
	found := o.search(0, k)
	d.nodes += o.nodes
	if !found {
		return false
	}
	d.placed = d.placed[:0]
	for _, oi := range o.placed {
		sq := o.squares[oi]
		d.placed = append(d.placed, sq[0])
		if sq[1] != sq[0] {
			d.placed = append(d.placed, sq[1])
		}
	}
	return true
}

func newOrbitSearch(d *queensDFS, g []int32, k int) *orbitSearch {
	W := d.w
	o := &orbitSearch{d: d}
	for s := 0; s < d.squares; s++ {
		if img := int(g[s]); img >= s && d.has(d.useful, s) && d.has(d.useful, img) {
			o.squares = append(o.squares, [2]int{s, img})
		}
	}
	nO := len(o.squares)
	o.ow = (nO + 63) / 64
	o.cost = make([]int, nO)
	o.cover = make([]uint64, nO*W)
	o.attackers = make([]uint64, d.squares*o.ow)
	for i, sq := range o.squares {
		o.cost[i] = 2
		if sq[0] == sq[1] {
			o.cost[i] = 1
		}
		for wi := 0; wi < W; wi++ {
			o.cover[i*W+wi] = d.cover[sq[0]*W+wi] | d.cover[sq[1]*W+wi]
		}
		for wi := 0; wi < W; wi++ {
			for word := o.cover[i*W+wi]; word != 0; word &= word - 1 {
				t := wi*64 + bits.TrailingZeros64(word)
				o.attackers[t*o.ow+i/64] |= 1 << (i % 64)
			}
		}
	}
	o.uncov = make([]uint64, (k+1)*W)
	o.allow = make([]uint64, (k+1)*o.ow)
	copy(o.uncov, d.targets)
	for i := 0; i < nO; i++ {
		o.allow[i/64] |= 1 << (i % 64)
	}
	return o
}

// search reports whether orbits of at most left queens in all cover this
// depth's uncovered targets, within the node budget.
func (o *orbitSearch) search(depth, left int) bool {
	o.nodes++
	W, OW := o.d.w, o.ow
	U := o.uncov[depth*W : (depth+1)*W]
	A := o.allow[depth*OW : (depth+1)*OW]
	nU := popcount(U)
	if nU == 0 {
		return true
	}
	if left == 0 || o.nodes > o.budget || !o.reachOK(U, A, nU, left) {
		return false
	}
	// Branch on the uncovered target with the fewest allowed orbits.
	bestT, bestN := -1, 1<<30
	for wi := 0; wi < W && bestN > 1; wi++ {
		for word := U[wi]; word != 0; word &= word - 1 {
			t := wi*64 + bits.TrailingZeros64(word)
			if c := andCount(o.attackers[t*OW:(t+1)*OW], A); c < bestN {
				bestT, bestN = t, c
				if c <= 1 {
					break
				}
			}
		}
	}
	if bestN == 0 {
		return false
	}
	childU := o.uncov[(depth+1)*W : (depth+2)*W]
	childA := o.allow[(depth+1)*OW : (depth+2)*OW]
	att := o.attackers[bestT*OW : (bestT+1)*OW]
	for wi := 0; wi < OW; wi++ {
		for word := att[wi] & A[wi]; word != 0; word &= word - 1 {
			i := wi*64 + bits.TrailingZeros64(word)
			cov := o.cover[i*W : (i+1)*W]
			for j := range childU {
				childU[j] = U[j] &^ cov[j]
			}
			copy(childA, A)
			o.placed = append(o.placed, i)
			if o.search(depth+1, left-o.cost[i]) {
				return true
			}
			o.placed = o.placed[:len(o.placed)-1]
			// Covers with orbit i are searched: later siblings skip it.
			A[wi] &^= 1 << (i % 64)
		}
	}
	return false
}

// reachOK drops the allowed orbits that cover nothing or cost more than
// left, and reports whether the left best per-queen reaches (an orbit of
// two queens counting as two of half its reach, rounded up) add up to the
// uncovered count.
func (o *orbitSearch) reachOK(U, A []uint64, nU, left int) bool {
	W := o.d.w
	units := o.units[:0]
	for wi := range A {
		for word := A[wi]; word != 0; word &= word - 1 {
			i := wi*64 + bits.TrailingZeros64(word)
			r := andCount(o.cover[i*W:(i+1)*W], U)
			if r == 0 || o.cost[i] > left {
				A[wi] &^= 1 << (i % 64)
				continue
			}
			for c := 0; c < o.cost[i]; c++ {
				units = append(units, (r+o.cost[i]-1)/o.cost[i])
			}
		}
	}
	o.units = units
	slices.Sort(units)
	sum := 0
	for i := len(units) - 1; i >= 0 && i >= len(units)-left; i-- {
		sum += units[i]
	}
	return sum >= nU
}
