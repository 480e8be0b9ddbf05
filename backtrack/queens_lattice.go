package backtrack

import "math"

// The parity look-ahead. On a board of all targets, the covers that meet
// the border argument's budget closely put their queens on distinct rows
// and columns so that the grid G of free rows and columns is as small as
// it can be, and every queen's diagonals run through G. Both hold when the
// queens stand on one parity class of squares, say rows even and columns
// odd: G is then the squares of odd rows and even columns, whose
// diagonals r-c and r+c are odd like the queens'. (The four covers of 9
// queens on Q_18 a tabu search found and that were looked at were all of
// that form, and the search on the class finds one in a small fraction
// of the full search's nodes: BenchmarkQueensDomination.)
// So before the full search for k queens, latticeFirst searches each
// parity class alone, up to the board's symmetries, within a node budget.
// Like the half-turn look-ahead it only finds covers: failing proves
// nothing, and the full search follows.

// latticeBudget is the nodes the parity look-ahead may spend on each class
// for k queens: a quarter of the nodes the full search spent on k-1, at
// least 20,000 (more than a class searched to the end took on any Q_n for
// n <= 18 in BenchmarkQueensDomination).
func latticeBudget(prevNodes int64) int64 { return max(20_000, prevNodes/4) }

// latticeFirst searches for k queens covering the board on one parity
// class of squares at a time, within budget nodes a class, leaving a cover
// in d.placed when it finds one; its nodes count in d.nodes.
func (d *queensDFS) latticeFirst(k int, budget int64) bool {
	if !d.border {
		return false
	}
	var masks [][]uint64
	for _, class := range [...][2]int{{0, 1}, {1, 0}, {0, 0}, {1, 1}} {
		mask := d.parityClass(class[0], class[1])
		if d.imageOfAny(mask, masks) {
			continue
		}
		masks = append(masks, mask)
		d.limit = d.nodes + budget
		found := d.runOn(k, mask, false)
		d.limit = math.MaxInt64
		if found {
			return true
		}
	}
	return false
}

// parityClass returns the useful squares whose row has parity pr and
// column parity pc.
func (d *queensDFS) parityClass(pr, pc int) []uint64 {
	m := d.q.Cols
	mask := make([]uint64, d.w)
	for s := 0; s < d.squares; s++ {
		if s/m%2 == pr && s%m%2 == pc && d.has(d.useful, s) {
			mask[s/64] |= 1 << (s % 64)
		}
	}
	return mask
}

// imageOfAny reports whether a board symmetry maps one of masks onto mask
// (its search would be the image of one already made).
func (d *queensDFS) imageOfAny(mask []uint64, masks [][]uint64) bool {
	img := make([]uint64, d.w)
	for _, other := range masks {
		for _, g := range d.syms {
			clear(img)
			for s := 0; s < d.squares; s++ {
				if d.has(other, s) {
					img[g[s]/64] |= 1 << (g[s] % 64)
				}
			}
			if equalWords(img, mask) {
				return true
			}
		}
	}
	return false
}

func equalWords(a, b []uint64) bool {
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
