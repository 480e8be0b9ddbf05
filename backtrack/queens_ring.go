package backtrack

import (
	"math/bits"
	"slices"
)

// The ring: the border argument (queens_border.go) made exact on the
// squares the queens placed leave uncovered. In a cover extending the
// queens P placed by left more, the final grid G keeps the rows (columns)
// P leaves free but at most left of them, those the queens to come take.
// G's border squares (its first and last rows and columns) on no
// diagonal of P are squares of U, and each queen to come covers at most
// four of them, two on each of its diagonals. A grid is named by its
// first and last rows and columns: the free rows before its first one are
// taken by queens to come, so each has at most left+1 candidates; the
// lines the queens to come have to spare remove the inner rows and
// columns holding the most border squares of U. The node is cut when
// every grid keeps more than 4*left of them.
//
// Otherwise a square stays allowed only if some grid could still be
// covered with a queen on it: the grid must be able to lose its row and
// column (not its first or last line, nor an inner one when no line is
// spare; an inner line that the spare lines would not have removed costs
// what a removed one would have saved), and the square's two diagonals
// must cover what the other queens to come, four each, leave.

// The ring is tried where the border argument leaves k queens on the
// whole board little room (4k less the border of the (n-k) x (m-k)
// grid): none, or at most one queen's four squares on boards of at least
// ringRoomSquares squares. Measured on the refutations of gamma(Q_n)-1
// (-bench QueensRefute): with no room it cuts most of the search; with
// four it pays from Q_16 up and costs on Q_14; with eight (Q_15) it
// costs.
const (
	ringRoomMax     = 4
	ringRoomSquares = 256
)

// ringMaxLeft is the most queens to come for which ringCut is tried.
const ringMaxLeft = 9

// ringCut reports whether the ring cuts a node with the queens d.placed,
// left more to place and U uncovered, dropping from A the squares it
// rules out when it does not.
func (d *queensDFS) ringCut(left int, U, A []uint64) bool {
	if !d.border || d.noRing || left < 1 || left > ringMaxLeft {
		return false
	}
	n, m := d.q.Rows, d.q.Cols
	var rows, cols uint64
	for _, s := range d.placed {
		rows |= 1 << (s / m)
		cols |= 1 << (s % m)
	}
	k := len(d.placed) + left // the queens of the whole cover
	if room := 4*k - gridBorder(n-k, m-k); room > d.ringRoom || room > 0 && n*m < d.ringRoomSquares {
		return false // a loose budget: the ring costs more than it cuts
	}
	freeR := ^rows & (1<<n - 1)
	freeC := ^cols & (1<<m - 1)
	if gridBorder(bits.OnesCount64(freeR)-left, bits.OnesCount64(freeC)-left) <= 4*left {
		return false // the grid left when every queen to come takes a new row and column
	}
	d.ringCandidates(left, U, freeR, freeC)
	if !d.ringGridsLeft(left, freeR, freeC) {
		return true
	}
	d.linesBoard(d.ringPlacedRows, rows, d.rowNibbles)
	d.linesBoard(d.ringPlacedCols, cols, d.colNibbles)
	d.ringKeep(left, A, freeR, freeC)
	return false
}

// ringCandidates fills d.ringLines with the candidate first and last rows
// and columns (left+1 of each: there are more free lines than queens to
// come) and U's squares on each, a row's as a mask of columns, a column's
// as a mask of rows.
func (d *queensDFS) ringCandidates(left int, U []uint64, freeR, freeC uint64) {
	rl := &d.ringLines
	rl.built = [4][ringMaxLeft + 1]bool{}
	rl.stamp++
	if rl.stamp == 0 { // wrapped: no stamp may look current
		clear(rl.segStamp)
		rl.stamp = 1
	}
	t, b, l, r := freeR, freeR, freeC, freeC
	for i := 0; i <= left; i++ {
		top, bot := bits.TrailingZeros64(t), 63-bits.LeadingZeros64(b)
		lft, rgt := bits.TrailingZeros64(l), 63-bits.LeadingZeros64(r)
		t, b, l, r = t&(t-1), b&^(1<<bot), l&(l-1), r&^(1<<rgt)
		rl.line[0][i], rl.line[1][i], rl.line[2][i], rl.line[3][i] = top, bot, lft, rgt
		rl.mask[0][i] = d.rowOf(U, top) & freeC
		rl.mask[1][i] = d.rowOf(U, bot) & freeC
		rl.mask[2][i] = d.colOf(U, lft) & freeR
		rl.mask[3][i] = d.colOf(U, rgt) & freeR
	}
}

// ringGridsLeft lists in d.ringGrids the grids whose border squares of U,
// less what the spare lines remove, the queens to come could cover, and
// reports whether there is one.
func (d *queensDFS) ringGridsLeft(left int, freeR, freeC uint64) bool {
	rl := &d.ringLines
	top, bot, lft, rgt := &rl.line[0], &rl.line[1], &rl.line[2], &rl.line[3]
	topU, botU, lftU, rgtU := &rl.mask[0], &rl.mask[1], &rl.mask[2], &rl.mask[3]
	nr, nc := bits.OnesCount64(freeR), bits.OnesCount64(freeC)
	budget := 4 * left
	d.ringGrids = d.ringGrids[:0]
	// The column choices, each with its inner columns, its lines to spare
	// and its corner columns.
	type choice struct {
		lo, hi, k, at0, at1 int
		inner, ends         uint64
	}
	var colChoices [(ringMaxLeft + 1) * (ringMaxLeft + 2) / 2]choice
	nCols := 0
	for p := 0; p <= left; p++ {
		for q := 0; p+q <= left && p+q < nc; q++ {
			colChoices[nCols] = choice{lft[p], rgt[q], left - p - q, p, q, freeC & between(lft[p], rgt[q]), 1<<lft[p] | 1<<rgt[q]}
			nCols++
		}
	}
	for i := 0; i <= left; i++ {
		for j := 0; i+j <= left && i+j < nr; j++ {
			tr, br := top[i], bot[j]
			inR := freeR & between(tr, br)
			kr := left - i - j
			x0, y0 := topU[i], botU[j]
			if br == tr {
				y0 = 0
			}
			for _, cc := range colChoices[:nCols] {
				// G's first and last rows on its inner columns, its first
				// and last columns on its inner rows, and its corners.
				x1, y1 := lftU[cc.at0]&inR, rgtU[cc.at1]&inR
				if cc.hi == cc.lo {
					y1 = 0
				}
				sum := outerLines(x0&cc.inner, y0&cc.inner, cc.k) + outerLines(x1, y1, kr) +
					bits.OnesCount64(x0&cc.ends) + bits.OnesCount64(y0&cc.ends)
				if sum > budget {
					continue
				}
				d.ringGrids = append(d.ringGrids, ringGrid{
					tr: tr, br: br, lc: cc.lo, rc: cc.hi, kr: kr, kc: cc.k, sum: sum,
					at:  [4]int8{int8(i), int8(j), int8(cc.at0), int8(cc.at1)},
					top: x0 & within(cc.lo, cc.hi), bot: y0 & within(cc.lo, cc.hi),
					lft: x1, rgt: y1,
				})
			}
		}
	}
	return len(d.ringGrids) > 0
}

// ringGrid is a grid that the queens to come could cover: its first and
// last rows and columns, the inner lines they leave to spare, its border
// squares of U, at least (sum), and those squares before the inner lines
// are removed: on the first and last rows as columns, on the first and
// last columns, between those rows, as rows.
type ringGrid struct {
	tr, br, lc, rc, kr, kc, sum int
	top, bot, lft, rgt          uint64
	at                          [4]int8 // the candidates' indexes: first row, last row, first column, last column
}

// ringLines holds a node's candidate outer lines (first rows, last rows,
// first columns, last columns: line[part][i]), U's squares on each (a
// row's as columns, a column's as rows) and, built on demand, the
// diagonals and anti-diagonals through those squares as bitboards (full,
// 2*w words a line: a line meets each diagonal once, so those of a part
// of it are those of the whole less those of the rest).
type ringLines struct {
	line  [4][ringMaxLeft + 1]int
	mask  [4][ringMaxLeft + 1]uint64
	built [4][ringMaxLeft + 1]bool
	full  []uint64
	// segs holds ringSegment's segments, those made at this node's stamp
	// (segStamp[key] == stamp), allocated on first use.
	segs     []uint64
	segStamp []uint32
	stamp    uint32
}

// diagonals returns the diagonals (first w words) and anti-diagonals
// (next w) through U's squares on candidate line part, i.
func (d *queensDFS) diagonals(part, i int) []uint64 {
	W, rl := d.w, &d.ringLines
	out := rl.full[(part*(ringMaxLeft+1)+i)*2*W:][:2*W]
	if rl.built[part][i] {
		return out
	}
	rl.built[part][i] = true
	clear(out)
	d.eachOnLine(part, rl.line[part][i], rl.mask[part][i], func(r, c int) {
		d.orDiagonals(out, r, c)
	})
	return out
}

// eachOnLine calls f with each square of candidate line x of part (rows
// for parts 0 and 1, columns for 2 and 3) whose index is in mask.
func (d *queensDFS) eachOnLine(part, x int, mask uint64, f func(r, c int)) {
	for ; mask != 0; mask &= mask - 1 {
		y := bits.TrailingZeros64(mask)
		if part < 2 {
			f(x, y)
		} else {
			f(y, x)
		}
	}
}

// orDiagonals sets in out's first w words the diagonal through (r, c) and
// in its next w words the anti-diagonal.
func (d *queensDFS) orDiagonals(out []uint64, r, c int) {
	W, m := d.w, d.q.Cols
	x, y := r-c+m-1, r+c
	dl, al := d.diagBits[x*W:(x+1)*W], d.antiBits[y*W:(y+1)*W]
	for i := d.diagSpan[x][0]; i < d.diagSpan[x][1]; i++ {
		out[i] |= dl[i]
	}
	for i := d.antiSpan[y][0]; i < d.antiSpan[y][1]; i++ {
		out[W+i] |= al[i]
	}
}

// clearDiagonals clears from out what orDiagonals sets.
func (d *queensDFS) clearDiagonals(out []uint64, r, c int) {
	W, m := d.w, d.q.Cols
	x, y := r-c+m-1, r+c
	dl, al := d.diagBits[x*W:(x+1)*W], d.antiBits[y*W:(y+1)*W]
	for i := d.diagSpan[x][0]; i < d.diagSpan[x][1]; i++ {
		out[i] &^= dl[i]
	}
	for i := d.antiSpan[y][0]; i < d.antiSpan[y][1]; i++ {
		out[W+i] &^= al[i]
	}
}

// ringKeep drops from A the squares s with which no grid left can be
// covered: the grid must be able to lose s's row and column (not its
// first or last line, nor an inner one with none to spare), and s covers
// at most the border squares of U on its two diagonals, the other queens
// to come at most four each. The grids are tried fewest squares first,
// each on the squares no grid has taken yet, as bitboards.
func (d *queensDFS) ringKeep(left int, A []uint64, freeR, freeC uint64) {
	grids := d.ringGrids
	d.ringGrids = grids[:0]
	slices.SortFunc(grids, func(a, b ringGrid) int { return a.sum - b.sum })
	rb := &d.ringBoards
	if rl := &d.ringLines; rl.segs == nil {
		const M = ringMaxLeft + 1
		rl.segs = make([]uint64, 4*M*M*M*2*d.w)
		rl.segStamp = make([]uint32, 4*M*M*M)
	}
	copy(rb.open, A)
	for gi := range grids {
		g := &grids[gi]
		need := g.sum - 4*(left-1)
		if need > 4 {
			continue
		}
		d.ringLost(g)
		reach := uint64(0) // the open squares g can lose
		for i, w := range rb.open {
			reach |= w &^ rb.lost[i]
		}
		if reach == 0 {
			continue
		}
		if d.ringLoss(g, freeR, freeC) || need > 0 {
			d.ringCovers(g)
		}
		if !rb.take(need) {
			return
		}
	}
	for i, w := range rb.open {
		A[i] &^= w
	}
}

// ringBoards are ringKeep's bitboards: the squares no grid has taken yet
// (open); for the grid at hand, those whose row or column it cannot lose
// (lost), whose row (column) costs one or two squares (r1, r2, c1, c2),
// and whose diagonal (anti-diagonal) holds at least one, two of its
// border squares of U (d1, d2, a1, a2); zero is an empty segment.
type ringBoards struct {
	open, lost, r1, r2, c1, c2, d1, d2, a1, a2, zero []uint64
}

// newRingBoards makes ringBoards of w words each (zero 2*w).
func newRingBoards(W int) ringBoards {
	b := make([]uint64, 12*W)
	return ringBoards{open: b[:W], lost: b[W : 2*W], r1: b[2*W : 3*W], r2: b[3*W : 4*W],
		c1: b[4*W : 5*W], c2: b[5*W : 6*W], d1: b[6*W : 7*W], d2: b[7*W : 8*W],
		a1: b[8*W : 9*W], a2: b[9*W : 10*W], zero: b[10*W:]}
}

// ringLost sets ringBoards.lost for g: its first and last lines, and its
// inner ones when it has none to spare, less the lines of the queens
// placed.
func (d *queensDFS) ringLost(g *ringGrid) {
	W, lost := d.w, d.ringBoards.lost
	d.linesBoard(lost, 1<<g.tr|1<<g.br, d.rowNibbles)
	d.orLines(lost, 1<<g.lc|1<<g.rc, d.colBits)
	if g.kr == 0 && g.br-g.tr > 1 {
		for i, w := range d.rowRange(g.tr, g.br) {
			lost[i] |= w &^ d.ringPlacedRows[i]
		}
	}
	if g.kc == 0 && g.rc-g.lc > 1 {
		for i := range lost {
			lost[i] |= (d.colPrefix[g.rc*W+i] &^ d.colPrefix[(g.lc+1)*W+i]) &^ d.ringPlacedCols[i]
		}
	}
}

// ringLoss sets ringBoards.r1, r2, c1 and c2 for g: an inner line the
// queen takes may not be one the spare lines would remove, and the grid
// then keeps the squares of one that would be. It reports whether some
// line costs.
func (d *queensDFS) ringLoss(g *ringGrid, freeR, freeC uint64) bool {
	rb := &d.ringBoards
	rl1, rl2 := innerLoss(g.lft, g.rgt, g.rc != g.lc, freeR&between(g.tr, g.br), g.kr)
	cl1, cl2 := innerLoss(g.top, g.bot, g.br != g.tr, freeC&between(g.lc, g.rc), g.kc)
	d.linesBoard(rb.r1, rl1&^rl2, d.rowNibbles)
	d.linesBoard(rb.r2, rl2, d.rowNibbles)
	d.linesBoard(rb.c1, cl1&^cl2, d.colNibbles)
	d.linesBoard(rb.c2, cl2, d.colNibbles)
	return rl1|cl1 != 0
}

// ringCovers sets ringBoards.d1, d2, a1 and a2 for g from its four outer
// lines' diagonals: a line meets a diagonal once, so two outer lines'
// shared diagonals hold two squares.
func (d *queensDFS) ringCovers(g *ringGrid) {
	W, rb := d.w, &d.ringBoards
	segs := [4]uint64{g.top, g.bot, g.lft, g.rgt}
	if g.br == g.tr {
		segs[1] = 0
	}
	if g.rc == g.lc {
		segs[3] = 0
	}
	// A row's segment is fixed by the grid's first and last columns, a
	// column's by its first and last rows: each is made once a node.
	ends := [4][2]int8{{g.at[2], g.at[3]}, {g.at[2], g.at[3]}, {g.at[0], g.at[1]}, {g.at[0], g.at[1]}}
	var p [4][]uint64
	for part := range 4 {
		if segs[part] == 0 {
			p[part] = rb.zero
			continue
		}
		i := int(g.at[part])
		p[part] = d.ringSegment(part, i, int(ends[part][0]), int(ends[part][1]), segs[part])
	}
	for i := 0; i < W; i++ {
		t, b, l, r := p[0][i], p[1][i], p[2][i], p[3][i]
		rb.d1[i] = t | b | l | r
		rb.d2[i] = t&b | (t|b)&(l|r) | l&r
		t, b, l, r = p[0][W+i], p[1][W+i], p[2][W+i], p[3][W+i]
		rb.a1[i] = t | b | l | r
		rb.a2[i] = t&b | (t|b)&(l|r) | l&r
	}
}

// ringSegment returns the diagonals (first w words) and anti-diagonals
// (next w) through the squares seg of candidate line part, i, whose
// grid's other ends are the candidates a, b: made from whichever is
// smaller, seg or the line's squares outside it, and kept for the node.
func (d *queensDFS) ringSegment(part, i, a, b int, seg uint64) []uint64 {
	W, rl := d.w, &d.ringLines
	const M = ringMaxLeft + 1
	key := ((part*M+i)*M+a)*M + b
	out := rl.segs[key*2*W : (key+1)*2*W]
	if rl.segStamp[key] == rl.stamp {
		return out
	}
	rl.segStamp[key] = rl.stamp
	line, outside := rl.line[part][i], rl.mask[part][i]&^seg
	if bits.OnesCount64(seg) <= bits.OnesCount64(outside) {
		clear(out)
		d.eachOnLine(part, line, seg, func(r, c int) { d.orDiagonals(out, r, c) })
		return out
	}
	copy(out, d.diagonals(part, i))
	d.eachOnLine(part, line, outside, func(r, c int) { d.clearDiagonals(out, r, c) })
	return out
}

// take removes from open the squares the grid at hand keeps: those it
// can lose whose diagonals cover need, plus what their row and column
// cost. It reports whether some square is still open.
func (rb *ringBoards) take(need int) bool {
	// at[k]: the index into cov of need+k, 0 for all squares (need+k <=
	// 0), 5 for none (past 4).
	var at [5]int
	for k := range at {
		at[k] = max(0, min(need+k, 5))
	}
	some := uint64(0)
	for i := range rb.open {
		d1, d2, a1, a2 := rb.d1[i], rb.d2[i], rb.a1[i], rb.a2[i]
		cov := [6]uint64{^uint64(0), d1 | a1, d2 | a2 | d1&a1, d2&a1 | d1&a2, d2 & a2, 0}
		x0, x1, x2 := ^(rb.r1[i] | rb.r2[i]), rb.r1[i], rb.r2[i]
		y0, y1, y2 := ^(rb.c1[i] | rb.c2[i]), rb.c1[i], rb.c2[i]
		ok := x0&y0&cov[at[0]] |
			(x1&y0|x0&y1)&cov[at[1]] |
			(x2&y0|x1&y1|x0&y2)&cov[at[2]] |
			(x2&y1|x1&y2)&cov[at[3]] |
			x2&y2&cov[at[4]]
		rb.open[i] &^= ok &^ rb.lost[i]
		some |= rb.open[i]
	}
	return some != 0
}

// innerLoss splits the inner lines (inner) of a grid, holding the grid's
// border squares of U on its two outer lines x and y (y counted when
// two), by what taking one costs when the k inner lines holding the most
// would be removed: one more square (loss1) or two (loss2; loss1 holds
// those too).
func innerLoss(x, y uint64, two bool, inner uint64, k int) (loss1, loss2 uint64) {
	if !two {
		y = 0
	}
	x, y = x&inner, y&inner
	both, one := x&y, x^y
	none := inner &^ (x | y)
	switch {
	case k == 0:
		return 0, 0
	case k <= bits.OnesCount64(both):
		return one | none, none
	case k <= bits.OnesCount64(both)+bits.OnesCount64(one):
		return none, 0
	}
	return 0, 0
}

// eachSquare calls f with each of g's border squares of U.
func (g *ringGrid) eachSquare(f func(r, c int)) {
	for x := g.top; x != 0; x &= x - 1 {
		f(g.tr, bits.TrailingZeros64(x))
	}
	if g.br != g.tr {
		for x := g.bot; x != 0; x &= x - 1 {
			f(g.br, bits.TrailingZeros64(x))
		}
	}
	for x := g.lft; x != 0; x &= x - 1 {
		f(bits.TrailingZeros64(x), g.lc)
	}
	if g.rc != g.lc {
		for x := g.rgt; x != 0; x &= x - 1 {
			f(bits.TrailingZeros64(x), g.rc)
		}
	}
}

// canLose reports whether a grid with first and last lines lo and hi and k
// inner lines to spare can lose line x.
func canLose(x, lo, hi, k int) bool {
	return x < lo || x > hi || x != lo && x != hi && k > 0
}

// within is the mask of the bits lo..hi.
func within(lo, hi int) uint64 { return (1<<(hi-lo+1) - 1) << lo }

// outerLines counts the squares of x and y (two outer lines' squares on
// the inner lines crossing them) less those of the k inner lines holding
// the most: lines holding two first.
func outerLines(x, y uint64, k int) int {
	two := bits.OnesCount64(x & y)
	one := bits.OnesCount64(x ^ y)
	a := min(k, two)
	return 2*(two-a) + one - min(k-a, one)
}

// between is the mask of the bits strictly between lo and hi (lo <= hi).
func between(lo, hi int) uint64 {
	if hi-lo < 2 {
		return 0
	}
	return (1<<(hi-lo-1) - 1) << (lo + 1)
}

// rowOf is row r of the bitboard U as a mask of columns.
func (d *queensDFS) rowOf(U []uint64, r int) uint64 {
	m := d.q.Cols
	start := r * m
	w, off := start/64, start%64
	v := U[w] >> off
	if off+m > 64 && w+1 < len(U) {
		v |= U[w+1] << (64 - off)
	}
	if m < 64 {
		v &= 1<<m - 1
	}
	return v
}

// colOf is column c of the bitboard U as a mask of rows.
func (d *queensDFS) colOf(U []uint64, c int) uint64 {
	m := d.q.Cols
	var v uint64
	for r := 0; r < d.q.Rows; r++ {
		s := r*m + c
		v |= (U[s/64] >> (s % 64) & 1) << r
	}
	return v
}

// linesBoard writes into B the squares of the lines in mask, four lines
// at a time: table[(q*16+b)*w:] holds the squares of the lines q*4+i for
// the bits i of b.
func (d *queensDFS) linesBoard(B []uint64, mask uint64, table []uint64) {
	W := d.w
	clear(B)
	for mask != 0 {
		x := bits.TrailingZeros64(mask) &^ 3
		nib := mask >> x & 15
		mask &^= 15 << x
		for i, w := range table[(x/4*16+int(nib))*W:][:W] {
			B[i] |= w
		}
	}
}

// orLines sets in B the squares of the lines in mask (lineBits[x*w:]
// holding line x's squares).
func (d *queensDFS) orLines(B []uint64, mask uint64, lineBits []uint64) {
	W := d.w
	for ; mask != 0; mask &= mask - 1 {
		x := bits.TrailingZeros64(mask)
		for i, word := range lineBits[x*W : (x+1)*W] {
			B[i] |= word
		}
	}
}

// initRing sets ringCut's scratch up (with the border argument).
func (d *queensDFS) initRing() {
	d.ringRoom, d.ringRoomSquares = ringRoomMax, ringRoomSquares
	d.ringBoards = newRingBoards(d.w)
	d.ringLines.full = make([]uint64, 4*(ringMaxLeft+1)*2*d.w)
	d.ringPlacedRows = make([]uint64, d.w)
	d.ringPlacedCols = make([]uint64, d.w)
	d.ringRange = make([]uint64, d.w)
	d.rowNibbles = nibbleTable(d.rowBits, d.q.Rows, d.w)
	d.colNibbles = nibbleTable(d.colBits, d.q.Cols, d.w)
	// colPrefix[c*w:] holds the squares of columns 0..c-1.
	d.colPrefix = make([]uint64, (d.q.Cols+1)*d.w)
	for c := 1; c <= d.q.Cols; c++ {
		for i := 0; i < d.w; i++ {
			d.colPrefix[c*d.w+i] = d.colPrefix[(c-1)*d.w+i] | d.colBits[(c-1)*d.w+i]
		}
	}
	n, m, W := d.q.Rows, d.q.Cols, d.w
	d.diagBits = make([]uint64, (n+m-1)*W)
	d.antiBits = make([]uint64, (n+m-1)*W)
	d.diagSpan = make([][2]int, n+m-1)
	d.antiSpan = make([][2]int, n+m-1)
	for x := range d.diagSpan {
		d.diagSpan[x] = [2]int{W, 0}
		d.antiSpan[x] = [2]int{W, 0}
	}
	for s := 0; s < d.squares; s++ {
		r, c := s/m, s%m
		d.diagBits[(r-c+m-1)*W+s/64] |= 1 << (s % 64)
		d.antiBits[(r+c)*W+s/64] |= 1 << (s % 64)
		for _, sp := range []*[2]int{&d.diagSpan[r-c+m-1], &d.antiSpan[r+c]} {
			sp[0], sp[1] = min(sp[0], s/64), max(sp[1], s/64+1)
		}
	}
}

// nibbleTable is linesBoard's table for lines lineBits (n lines of w
// words).
func nibbleTable(lineBits []uint64, n, W int) []uint64 {
	t := make([]uint64, (n+3)/4*16*W)
	for x := 0; x < n; x += 4 {
		for b := 1; b < 16; b++ {
			dst := t[(x/4*16+b)*W:][:W]
			for i := 0; i < 4 && x+i < n; i++ {
				if b>>i&1 == 1 {
					for j, w := range lineBits[(x+i)*W : (x+i+1)*W] {
						dst[j] |= w
					}
				}
			}
		}
	}
	return t
}

// rowRange returns the squares of rows lo+1..hi-1 (scratch).
func (d *queensDFS) rowRange(lo, hi int) []uint64 {
	out := d.ringRange
	clear(out)
	m := d.q.Cols
	for s, end := (lo+1)*m, hi*m; s < end; {
		w, off := s/64, s%64
		n := min(64-off, end-s)
		out[w] |= (^uint64(0) >> (64 - n)) << off
		s += n
	}
	return out
}
