package backtrack

import "math/bits"

// The border argument (Spencer's proof of Weakley's bound gamma(Q_n) >=
// (n-1)/2, made a bound at every node). It holds on boards whose squares
// are all targets. Let k queens cover such an n x m board and let G be the
// grid of squares whose row and column hold no queen: at least n-k rows
// and m-k columns, so G is at least (n-k) x (m-k). No queen shares a line
// with a square of G, so every square of G is covered along a diagonal.
// G's border (its squares in its first or last row or column) has
// 2a+2b-4 squares when G is a x b (a, b >= 2). A diagonal line meets the
// border of G's bounding rectangle in at most two points, so one queen
// covers at most four border squares: 4k >= 2(n-k)+2(m-k)-4.
//
// At a node with queens P placed and left more to place, the final G is
// at least (n-|rows(P)|-left) x (m-|cols(P)|-left), its rows unoccupied by
// P, its columns too; each queen still to place covers at most four
// border squares, and a queen of P at most, on each of its diagonals,
// two of the squares of that diagonal whose row and column P leaves free.
// The node is cut when the border then has more squares than the queens
// can cover. Two queens on one line, or a queen near a corner, waste
// border that a tight budget (n = 17, k = 8: 32 = 4k) cannot spare. The
// same count filters the squares a queen to come may take: on a row (or
// column) P holds it leaves the final G a row (column) larger, and on a
// tight budget (the queens to come must cover four border squares each)
// it must have two free squares besides its own on each diagonal.

// gridBorder is the number of border squares of an a x b grid.
func gridBorder(a, b int) int {
	switch {
	case a <= 0 || b <= 0:
		return 0
	case a == 1:
		return b
	case b == 1:
		return a
	}
	return 2*a + 2*b - 4
}

// borderRootBound is the fewest queens the border argument allows on a
// board of all targets (0 when the board has other squares).
func (d *queensDFS) borderRootBound() int {
	if !d.border {
		return 0
	}
	n, m := d.q.Rows, d.q.Cols
	k := 0
	for gridBorder(n-k, m-k) > 4*k {
		k++
	}
	return k
}

// borderCut reports whether the border argument cuts a node with the
// queens d.placed and left more to place. When it does not, it drops from
// A the squares on the rows (columns) of d.placed if a queen there, one
// more line left free, would leave the border more than the queens cover.
func (d *queensDFS) borderCut(left int, A []uint64) bool {
	if !d.border {
		return false
	}
	var rows, cols uint64
	for _, s := range d.placed {
		rows |= 1 << (s / d.q.Cols)
		cols |= 1 << (s % d.q.Cols)
	}
	a := d.q.Rows - bits.OnesCount64(rows) - left
	b := d.q.Cols - bits.OnesCount64(cols) - left
	// The placed queens' share of the border is needed only when the
	// border, or the border with one more free row or column, passes
	// what the queens to come cover.
	most := max(gridBorder(a+1, b), gridBorder(a, b+1)) - 4*left
	if most <= 0 {
		return false
	}
	share := 0
	for _, s := range d.placed {
		share += d.diagonalShare(s, rows, cols)
		if share >= most {
			return false
		}
	}
	if gridBorder(a, b)-4*left > share {
		return true
	}
	if gridBorder(a+1, b)-4*left > share {
		d.dropLines(A, rows, d.rowBits)
	}
	if gridBorder(a, b+1)-4*left > share {
		d.dropLines(A, cols, d.colBits)
	}
	if gridBorder(a, b)-4*left == share {
		d.dropNarrow(A, rows, cols)
	}
	return false
}

// dropNarrow clears from A, on a tight budget (every queen to come must
// cover four border squares), the squares of free rows and columns one of
// whose diagonals has at most one free square besides their own: a queen
// there covers three border squares at most. Measured with the filter
// also on looser budgets (a queen short by one, two, three), it cut 2% of
// the nodes of gamma(Q_16) and cost 15% of the time.
func (d *queensDFS) dropNarrow(A []uint64, rows, cols uint64) {
	n, m := d.q.Rows, d.q.Cols
	d.freeDiagonals(rows, cols)
	for i := range d.diagFree {
		if d.diagFree[i] <= 2 {
			delta := i - (m - 1)
			for r := max(0, delta); r < min(n, m+delta); r++ {
				d.dropFree(A, r, r-delta, rows, cols)
			}
		}
		if d.antiFree[i] <= 2 {
			for r := max(0, i-(m-1)); r < min(n, i+1); r++ {
				d.dropFree(A, r, i-r, rows, cols)
			}
		}
	}
}

// dropFree clears square (r, c) from A when its row and column are free.
func (d *queensDFS) dropFree(A []uint64, r, c int, rows, cols uint64) {
	if rows>>r&1 == 0 && cols>>c&1 == 0 {
		s := r*d.q.Cols + c
		A[s/64] &^= 1 << (s % 64)
	}
}

// dropLines clears from A the squares of the lines in mask (lineBits[x*w:]
// holding line x's squares).
func (d *queensDFS) dropLines(A []uint64, mask uint64, lineBits []uint64) {
	W := d.w
	for ; mask != 0; mask &= mask - 1 {
		x := bits.TrailingZeros64(mask)
		for i, word := range lineBits[x*W : (x+1)*W] {
			A[i] &^= word
		}
	}
}

// freeDiagonals counts the squares in free rows and free columns of every
// diagonal r-c = delta (into diagFree[delta+m-1]) and every anti-diagonal
// r+c = sigma (into antiFree[sigma]), as diagonalShare does for one square.
func (d *queensDFS) freeDiagonals(rows, cols uint64) {
	n, m := d.q.Rows, d.q.Cols
	freeR := ^rows & (1<<n - 1)
	freeC := ^cols & (1<<m - 1)
	revC := bits.Reverse64(freeC) >> (64 - m)
	for i := range d.diagFree {
		d.diagFree[i] = int32(bits.OnesCount64(freeR & shiftUp(freeC, i-(m-1))))
		d.antiFree[i] = int32(bits.OnesCount64(freeR & shiftUp(revC, i-(m-1))))
	}
}

// initBorder sets the border argument up on boards of all targets up to
// 64 x 64 (rows and columns as bits of a word).
func (d *queensDFS) initBorder() {
	n, m, W := d.q.Rows, d.q.Cols, d.w
	d.border = n <= 64 && m <= 64 && popcount(d.targets) == d.squares
	if !d.border {
		return
	}
	d.rowBits = make([]uint64, n*W)
	d.colBits = make([]uint64, m*W)
	for s := 0; s < d.squares; s++ {
		r, c := s/m, s%m
		d.rowBits[r*W+s/64] |= 1 << (s % 64)
		d.colBits[c*W+s/64] |= 1 << (s % 64)
	}
	d.diagFree = make([]int32, n+m-1)
	d.antiFree = make([]int32, n+m-1)
	d.initRing()
}

// diagonalShare bounds the border squares the queen on s covers: on each
// of its diagonals, the squares in free rows and free columns (rows and
// cols hold the occupied ones), at most two. The squares of a diagonal
// are counted with words: row r of diagonal r-c = delta is free with its
// column when bit r of the free rows and bit r-delta of the free columns
// are set, a shift of the one mask onto the other; for the anti-diagonal
// r+c = sigma the columns are reversed first.
func (d *queensDFS) diagonalShare(s int, rows, cols uint64) int {
	n, m := d.q.Rows, d.q.Cols
	r0, c0 := s/m, s%m
	freeR := ^rows & (1<<n - 1)
	freeC := ^cols & (1<<m - 1)
	diag := freeR & shiftUp(freeC, r0-c0)
	// Reversed, column c sits at bit m-1-c; c = sigma-r at bit r+(m-1-sigma).
	revC := bits.Reverse64(freeC) >> (64 - m)
	anti := freeR & shiftUp(revC, r0+c0-(m-1))
	return min(2, bits.OnesCount64(diag)) + min(2, bits.OnesCount64(anti))
}

// shiftUp moves bit i of x to bit i+by (by may be negative).
func shiftUp(x uint64, by int) uint64 {
	if by >= 0 {
		return x << by
	}
	return x >> -by
}
