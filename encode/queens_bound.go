package encode

import (
	"fmt"
	"math"
	"sort"

	"github.com/gridsat/gridsat/instances"
)

// queensBound is "at most k queens" built once for every k below upto:
// Lits(k) are the literals that, true, say it (units or assumptions).
type queensBound struct {
	outs [][]int // a counter's outputs per counted list (queens, lines)
	// With split, counters per square class (see classOf): lines[dir][p]
	// counts the occupied lines of direction dir whose key has parity p,
	// queens[c] the queens on class c.
	lines  [4][2][]int
	queens [4][]int
	// lex are the formula's lex-leader constraints; with split, each cube
	// puts in force those of the symmetries that keep its share.
	lex []lexPart
	// border are the border lines' variables when the border split
	// applies (see queensCube), else zero; side is the board's longer
	// side then.
	border []int
	side   int
	// size[c] is the number of square variables of class c (with split).
	size [4]int
	// implied delimits, with split, the clauses of the counters of all
	// the queens, of the rows and of the columns, which a cube's bounds
	// imply (see cubeCNF).
	implied [][2]int
}

// Lits returns the literals saying "at most k queens" (and, with lines,
// "at most k lines each way", by colour for the diagonals with parity).
func (b queensBound) Lits(k int) []int {
	var lits []int
	for _, out := range b.outs {
		if k < len(out) {
			lits = append(lits, -out[k])
		}
	}
	return lits
}

// Bound adds the counters of opt over the queens (in opt's order) and, with
// lines, over each direction's lines (the diagonals by colour with
// parity), counting up to upto. qf must have been made with opt.
func (qf *QueensFormula) Bound(opt QueensOptions, upto int) (queensBound, error) {
	b := queensBound{lex: qf.lex}
	if opt.Split == "classes" {
		b.splitBorder(qf)
	}
	lists := [][]int{qf.Ordered(opt.Order)}
	parity := !opt.NoLines && !opt.NoParity
	if !opt.NoLines {
		lists = append(lists, qf.Lines[0], qf.Lines[1])
		if !parity {
			lists = append(lists, qf.Lines[2], qf.Lines[3])
		}
	}
	count := qf.CNF.Counter
	if opt.Empty {
		count = qf.CNF.ExactCounter
	}
	if parity && opt.Split != QueensSplitClasses {
		sum, err := qf.colourCount(count, string(opt.Card), upto)
		if err != nil {
			return b, err
		}
		b.outs = append(b.outs, sum)
	}
	if opt.Split == QueensSplitClasses {
		if err := qf.classCounters(&b, count, string(opt.Card), upto); err != nil {
			return b, err
		}
	}
	for _, lits := range lists {
		from := len(qf.CNF.Clauses)
		out, err := count(string(opt.Card), lits, upto)
		if err != nil {
			return b, err
		}
		if opt.Split == QueensSplitClasses {
			b.implied = append(b.implied, [2]int{from, len(qf.CNF.Clauses)})
		}
		b.outs = append(b.outs, out)
	}
	return b, nil
}

// colourCount counts the diagonals and anti-diagonals by the colour of
// their squares and returns the outputs of a counter of max(light
// diagonals, light anti-diagonals) + max(dark diagonals, dark
// anti-diagonals), up to upto: out[j] is forced true when that sum is at
// least j+1. A queen occupies one diagonal and one anti-diagonal, both of
// its square's colour, so the queens on light squares are at least the
// occupied light lines of either direction, and so for dark: the sum is at
// most the number of queens.
func (qf *QueensFormula) colourCount(count func(string, []int, int) ([]int, error), card string, upto int) ([]int, error) {
	f := qf.CNF
	var most [2][]int // most[colour][j]: at least j+1 lines of one direction
	for colour := range 2 {
		for dir := 2; dir < 4; dir++ {
			out, err := count(card, qf.linesOfParity(dir, colour), upto)
			if err != nil {
				return nil, err
			}
			for len(most[colour]) < len(out) {
				most[colour] = append(most[colour], f.NewVars(1, fmt.Sprintf("at least %d occupied lines of colour %d in one diagonal direction", len(most[colour])+1, colour))[0])
			}
			for j, o := range out {
				f.Add(-o, most[colour][j])
			}
		}
	}
	// A unary adder: sum[i+j+1] follows from most[0][i] and most[1][j],
	// an index -1 standing for "at least 0".
	sum := f.NewVars(min(upto, len(most[0])+len(most[1])), "diagonal count by colour: at least j+1")
	for i := -1; i < len(most[0]); i++ {
		for j := -1; j < len(most[1]) && i+j+1 < len(sum); j++ {
			if i+j+1 < 0 {
				continue
			}
			clause := []int{sum[i+j+1]}
			if i >= 0 {
				clause = append(clause, -most[0][i])
			}
			if j >= 0 {
				clause = append(clause, -most[1][j])
			}
			f.Add(clause...)
		}
	}
	return sum, nil
}

// linesOfParity returns the variables of the lines of direction dir whose
// key (r, c, r-c or r+c) has parity p, by increasing key. For the
// diagonals, the parity is the colour of their squares.
func (qf *QueensFormula) linesOfParity(dir, p int) []int {
	var keys, lines []int
	for key := range qf.lineOf[dir] {
		if key&1 == p {
			keys = append(keys, key)
		}
	}
	sort.Ints(keys)
	for _, key := range keys {
		lines = append(lines, qf.lineOf[dir][key])
	}
	return lines
}

// classOf is the class of square (r, c) by the parities of its row and its
// column: 0 (even, even), 1 (even, odd), 2 (odd, even), 3 (odd, odd).
// Every row holds two classes (0 and 1, or 2 and 3), every column two (0
// and 2, or 1 and 3), every diagonal and anti-diagonal two (0 and 3, the
// light squares, or 1 and 2, the dark ones).
func classOf(r, c int) int { return (r&1)<<1 | c&1 }

// lineClasses[dir][p] are the two classes of the squares on a line of
// direction dir (rows, columns, diagonals, anti-diagonals) whose key (r,
// c, r-c, r+c) has parity p.
var lineClasses = [4][2][2]int{
	{{0, 1}, {2, 3}},
	{{0, 2}, {1, 3}},
	{{0, 3}, {1, 2}},
	{{0, 3}, {1, 2}},
}

// classCounters adds b's split counters: the occupied lines of each
// direction and key parity, and the queens of each class.
func (qf *QueensFormula) classCounters(b *queensBound, count func(string, []int, int) ([]int, error), card string, upto int) error {
	var err error
	for dir := range 4 {
		for p := range 2 {
			if b.lines[dir][p], err = count(card, qf.linesOfParity(dir, p), upto); err != nil {
				return err
			}
		}
	}
	var queens [4][]int
	for s, v := range qf.Square {
		if v != 0 {
			c := classOf(s/qf.q.Cols, s%qf.q.Cols)
			queens[c] = append(queens[c], v)
		}
	}
	for c := range queens {
		b.size[c] = len(queens[c])
		if b.queens[c], err = count(card, queens[c], upto); err != nil {
			return err
		}
	}
	return nil
}

// classShares lists the ways to share k queens among the four square
// classes, n[0]+n[1]+n[2]+n[3] = k, in lexicographic order. (The most
// even shares first was measured and dropped: a few fewer calls but more
// time on both backends, the even cubes being the hard ones;
// docs/findings.md, queens.)
func classShares(k int) [][4]int {
	var shares [][4]int
	for a := 0; a <= k; a++ {
		for b := 0; a+b <= k; b++ {
			for c := 0; a+b+c <= k; c++ {
				shares = append(shares, [4]int{a, b, c, k - a - b - c})
			}
		}
	}
	return shares
}

// Cube is the cube of the share n (see Cubes): at most n[c] queens on
// class c and, for every direction and parity, at most as many occupied
// lines as their two classes have queens, as literals (units or
// assumptions); and, with symmetry breaking, the lex-leader constraints of
// the symmetries that keep n in force, the others not (see Shares).
func (b queensBound) Cube(n [4]int) []int { return b.cubeLits(queensCube{share: n}) }

// cubeLits is the cube c as literals: Cube(c.share) and, split by the
// border, the border lines' literals, with the lex-leader constraints in
// force only of the symmetries that keep the pattern too.
func (b queensBound) cubeLits(c queensCube) []int {
	n := c.share
	var cube []int
	atMost := func(out []int, m int) {
		if m < len(out) {
			cube = append(cube, -out[m])
		}
	}
	for c, out := range b.queens {
		atMost(out, n[c])
	}
	for dir := range 4 {
		for p := range 2 {
			pair := lineClasses[dir][p]
			atMost(b.lines[dir][p], n[pair[0]]+n[pair[1]])
		}
	}
	for _, part := range b.lex {
		switch {
		case part.act == 0:
		case part.image(n) == n && (c.rings == 0 || part.borderImage(c.border) == c.border):
			cube = append(cube, part.act)
		default:
			cube = append(cube, -part.act)
		}
	}
	if c.rings > 0 {
		for i, l := range b.border[:4*c.rings] {
			if c.border>>i&1 == 0 {
				l = -l
			}
			cube = append(cube, l)
		}
	}
	return cube
}

// Cubes splits "at most k queens" into one cube per share of Shares(k),
// in allCubes' order. A cover of at most k queens with m[c] queens on class c
// lies in every cube with n >= m, so the cubes of every share together say
// what "at most k" says; alone, each is far easier for CDCL (a proof that
// k queens cannot cover the targets, too hard in one piece, falls into
// cubes that the counts close quickly). With symmetry breaking, only one
// share of each orbit under the board symmetries has a cube (see Shares),
// and a share every symmetry keeps has one per orbit of border patterns
// (see queensCube).
func (b queensBound) Cubes(k int) [][]int {
	var cubes [][]int
	for _, c := range b.allCubes(k) {
		cubes = append(cubes, b.cubeLits(c))
	}
	return cubes
}

// allCubes lists the cubes of Cubes(k): first those of the shares that
// put every queen on one class, then the others in Shares' order. A k with
// a cover ends at its first satisfiable cube, and on full boards the
// covers of one class are the ones to find (the DFS's parity look-ahead,
// backtrack/queens_lattice.go, finds its covers there); a k with none
// refutes every cube in any order.
func (b queensBound) allCubes(k int) []queensCube {
	var one, rest []queensCube
	for _, n := range b.Shares(k) {
		if n[0] == k || n[1] == k || n[2] == k || n[3] == k {
			one = append(one, b.cubes(n)...)
		} else {
			rest = append(rest, b.cubes(n)...)
		}
	}
	return append(one, rest...)
}

// QueensLowerBound is the bound an upward search starts from, computed here
// from the board alone (never taken from the DFS): the largest of
//   - the reach bound: the fewest queens whose best reaches (targets each
//     covers alone) add up to the targets;
//   - the share bound: each target's share is 1/(the largest reach of a
//     square covering it); a queen's targets have shares adding up to at
//     most 1, so the queens are at least the sum of all shares;
//   - for a full n x n board, ceil((n-1)/2) (gamma(Q_n) >= (n-1)/2, Spencer);
//   - for a full n x n board with n = 1 mod 4, (n+1)/2 (Weakley: a cover
//     of (n-1)/2 queens exists only when n = 3 mod 4);
//   - for a full n x n board with n = 3 mod 4 other than 3 and 11, (n+1)/2
//     (Finozhenok and Weakley, 2007: (n-1)/2 queens cover Q_n only for
//     n = 3 and 11).
//
// QueensOptions.NoWeakley and NoFinozhenok leave the last two out of the
// search (queensLowerBound), so that SAT refutes (n-1)/2 itself.
func QueensLowerBound(q *instances.Queens) int { return queensLowerBound(q, QueensOptions{}) }

// weakleyBound reports whether Weakley's theorem bounds q: a full n x n
// board with n = 1 mod 4, where no (n-1)/2 queens cover.
func weakleyBound(q *instances.Queens) bool {
	return q.Rows == q.Cols && q.Full() && q.Rows%4 == 1
}

// finozhenokBound reports whether Finozhenok and Weakley's theorem adds to
// Weakley's on q: a full n x n board with n = 3 mod 4 other than 3 and 11,
// where no (n-1)/2 queens cover.
func finozhenokBound(q *instances.Queens) bool {
	n := q.Rows
	return q.Cols == n && q.Full() && n%4 == 3 && n != 3 && n != 11
}

// queensTheoremBound is the fewest queens the theorems opt keeps on allow
// on q's board, 0 on a board that is not full and square: Spencer's
// floor(n/2), and (n+1)/2 where Weakley's or Finozhenok and Weakley's
// theorem holds. A part's placements cover its whole board, so it bounds
// them too.
func queensTheoremBound(q *instances.Queens, opt QueensOptions) int {
	if q.Rows != q.Cols || !q.Full() {
		return 0
	}
	if !opt.NoWeakley && weakleyBound(q) || !opt.NoFinozhenok && finozhenokBound(q) {
		return (q.Rows + 1) / 2
	}
	return q.Rows / 2
}

// queensLowerBound is QueensLowerBound with the theorems opt keeps on.
func queensLowerBound(q *instances.Queens, opt QueensOptions) int {
	lb := max(instances.QueensCoverBound(q), queensTheoremBound(q, opt))
	targets := q.Targets()
	reach := make([]int, q.Cells())
	for s := range reach {
		sq := instances.Square{Row: s / q.Cols, Col: s % q.Cols}
		for _, t := range targets {
			if instances.QueensAttack(sq, t) {
				reach[s]++
			}
		}
	}
	shares := 0.0
	for _, t := range targets {
		best := 0
		for s, r := range reach {
			if r > best && instances.QueensAttack(instances.Square{Row: s / q.Cols, Col: s % q.Cols}, t) {
				best = r
			}
		}
		shares += 1 / float64(best)
	}
	return max(lb, int(math.Ceil(shares-1e-9)))
}
