package encode

import (
	"fmt"

	"github.com/gridsat/gridsat/encode/lemma"
	"github.com/gridsat/gridsat/instances"
)

// The cube of a balanced share that some board symmetry keeps is split
// again, by which lines of the outer rings hold a queen (ring r: the rows
// r and Rows-1-r, the columns r and Cols-1-r): a sub-cube per pattern, the
// symmetries that keep the share permuting the patterns, so one pattern of
// each orbit gets a sub-cube, with the lex-leader constraints in force of
// the symmetries that keep both its share and its pattern. Whatever lines
// a cover occupies, a symmetry of the share maps it into one of them. A
// balanced share (see ringsFor) every symmetry keeps, the hardest cubes,
// is split by two rings (55 sub-cubes on a square board), one that some
// symmetry keeps by one ring. gophersat's conflicts cost more the longer a
// run goes (its learned clauses pile up), so the short runs win even where
// they add conflicts. (Findings: docs/findings.md, queens.)

// queensCube is one cube of a split k: share bounds the queens per square
// class and, when rings > 0, the bits of border say which lines of the
// first rings rings (4 a ring, in ringLines' order) hold a queen.
type queensCube struct {
	share  [4]int
	rings  int
	border int
}

// maxRings is the most rings a cube is split by.
const maxRings = 2

// ringLine is a line of the ring split: a row (dir 0) or column (dir 1)
// and its index.
type ringLine struct{ dir, key int }

// ringLines lists the lines of the first rings of q that fit (up to
// maxRings, each ring's four lines distinct): first row, last row, first
// column, last column of each ring, ring by ring.
func ringLines(q *instances.Queens) []ringLine {
	var lines []ringLine
	for r := 0; r < maxRings && 2*r+2 <= q.Rows && 2*r+2 <= q.Cols; r++ {
		lines = append(lines, ringLine{0, r}, ringLine{0, q.Rows - 1 - r}, ringLine{1, r}, ringLine{1, q.Cols - 1 - r})
	}
	return lines
}

// borderLines returns the variables of ringLines, up to the first ring
// with a line that holds no useful square.
func (qf *QueensFormula) borderLines() []int {
	var vars []int
	lines := ringLines(qf.q)
	for r := 0; r < len(lines)/4; r++ {
		ring := make([]int, 4)
		for i, l := range lines[4*r : 4*r+4] {
			v, ok := qf.lineOf[l.dir][l.key]
			if !ok {
				return vars
			}
			ring[i] = v
		}
		vars = append(vars, ring...)
	}
	return vars
}

// borderPerm is how g permutes the first n ringLines, read off the images
// of two squares of each line.
func borderPerm(q *instances.Queens, g instances.QueensSymmetry, n int) ([]int, error) {
	lines := ringLines(q)[:n]
	index := map[ringLine]int{}
	for i, l := range lines {
		index[l] = i
	}
	perm := make([]int, len(lines))
	for i, l := range lines {
		a, b := instances.Square{Row: l.key, Col: 0}, instances.Square{Row: l.key, Col: 1}
		if l.dir == 1 {
			a, b = instances.Square{Row: 0, Col: l.key}, instances.Square{Row: 1, Col: l.key}
		}
		a, b = g.Map(a), g.Map(b)
		img := ringLine{1, a.Col}
		if a.Row == b.Row {
			img = ringLine{0, a.Row}
		}
		j, ok := index[img]
		if !ok || a.Row != b.Row && a.Col != b.Col || j/4 != i/4 {
			return nil, fmt.Errorf("the symmetry %s maps ring line %v off its ring", g.Name, l)
		}
		perm[i] = j
	}
	return perm, nil
}

// splitBorder sets b.border, and the ring permutation of each of b's
// lex-leader parts (on a copy of qf's), when the ring split applies:
// symmetry breaking switched by the cubes and ring lines with variables.
func (b *queensBound) splitBorder(qf *QueensFormula) {
	lines := qf.borderLines()
	if len(lines) == 0 || len(b.lex) == 0 {
		return
	}
	lex := make([]lexPart, len(b.lex))
	for i, part := range b.lex {
		perm, err := borderPerm(qf.q, part.g, len(lines))
		if err != nil || part.act == 0 {
			return
		}
		part.border = perm
		lex[i] = part
	}
	b.lex, b.border, b.side = lex, lines, max(qf.q.Rows, qf.q.Cols)
}

// borderImage is the pattern p of the first rings mapped by the part's
// symmetry (each ring goes to itself).
func (part lexPart) borderImage(p int) int {
	img := 0
	for i, j := range part.border {
		if p>>i&1 == 1 {
			img |= 1 << j
		}
	}
	return img
}

// keeps lists the parts whose symmetry keeps share n.
func (b queensBound) keeps(n [4]int) []lexPart {
	var parts []lexPart
	for _, part := range b.lex {
		if part.act != 0 && part.image(n) == n {
			parts = append(parts, part)
		}
	}
	return parts
}

// ringSplitFrom is the least k whose cubes the rings split, and the rings
// split none where 2k is less than the board's longer side: there the
// cubes are easy and the split's extra solver runs cost more than they
// save (gamma(Q_13)'s k = 6, gamma(Q_15)'s k = 7: docs/findings.md).
// Tests lower it to reach the split on small boards.
var ringSplitFrom = 7

// ringsFor is how many rings split the cube of share n: none for k below
// ringSplitFrom or half the longer side, or unless n is balanced (its counts differ by 2 at most:
// the loosest class bounds, the hard cubes) and tight (see tight), then two when every symmetry keeps n, one when some does,
// none otherwise (and no more than the board's ring lines allow).
func (b queensBound) ringsFor(n [4]int) int {
	k := n[0] + n[1] + n[2] + n[3]
	if k < ringSplitFrom || 2*k < b.side || max(n[0], n[1], n[2], n[3])-min(n[0], n[1], n[2], n[3]) > 2 || !b.tight(n) {
		return 0
	}
	keep := len(b.keeps(n))
	r := 0
	switch {
	case keep == 0:
	case keep == len(b.lex):
		r = 2
	default:
		r = 1
	}
	return min(r, len(b.border)/4)
}

// tight reports whether share n gives every class but the smallest (by
// square variables: on an odd board the (odd, odd) class; on an even
// board all four are equal, and every share is tight) at least its even
// share of the k queens, rounded down. A balanced share that leaves a
// larger class fewer leaves many of that class's rows and columns empty,
// and CDCL refutes its whole cube faster than its sub-cubes (at
// gamma(Q_15)'s k = 8, shares [1 2 2 3] and [3 1 3 1]), while a tight
// share such as [2 2 2 2] is faster cut into sub-cubes
// (gridsat split queens of gamma(Q_15); docs/findings.md, queens).
func (b queensBound) tight(n [4]int) bool {
	even := (n[0] + n[1] + n[2] + n[3]) / 4
	least := min(b.size[0], b.size[1], b.size[2], b.size[3])
	for c, x := range n {
		if x < even && b.size[c] > least {
			return false
		}
	}
	return true
}

// cubes returns the cubes of share n: n's cube alone, or one per orbit of
// ring patterns under the symmetries that keep n (the least of each).
func (b queensBound) cubes(n [4]int) []queensCube {
	r := b.ringsFor(n)
	if r == 0 {
		return []queensCube{{share: n}}
	}
	keep := b.keeps(n)
	var out []queensCube
	for p := range 1 << (4 * r) {
		least := true
		for _, part := range keep {
			if part.borderImage(p) < p {
				least = false
				break
			}
		}
		if least {
			out = append(out, queensCube{n, r, p})
		}
	}
	return out
}

// borderCovered reports whether the patterns of r rings given, with their
// images under the symmetries that keep n, are all of them.
func (b queensBound) borderCovered(n [4]int, r int, patterns []int) bool {
	seen := make([]bool, 1<<(4*r))
	keep := b.keeps(n)
	for _, p := range patterns {
		if p < 0 || p >= len(seen) {
			return false
		}
		seen[p] = true
		for _, part := range keep {
			seen[part.borderImage(p)] = true
		}
	}
	for _, ok := range seen {
		if !ok {
			return false
		}
	}
	return true
}

// borderBits is c's pattern as the states of its ring lines, 1 for a
// queen (as a claim records it), nil for a cube not split.
func (c queensCube) borderBits() []int {
	if c.rings == 0 {
		return nil
	}
	bits := make([]int, 4*c.rings)
	for i := range bits {
		bits[i] = c.border >> i & 1
	}
	return bits
}

// coverCheck checks that the cubes proved settle "at most k": a share
// split by rings counts as proved when its proved patterns' images under
// the symmetries that keep it are every pattern, and the proved shares'
// images under the symmetries must cover every share of k
// (lemma.QueensCover).
func (b queensBound) coverCheck(k int, proved []queensCube) error {
	var shares [][4]int
	type split struct {
		n     [4]int
		rings int
	}
	patterns := map[split][]int{}
	var order []split
	for _, c := range proved {
		if c.rings == 0 {
			shares = append(shares, c.share)
			continue
		}
		key := split{c.share, c.rings}
		if patterns[key] == nil {
			order = append(order, key)
		}
		patterns[key] = append(patterns[key], c.border)
	}
	for _, key := range order {
		if key.rings != b.ringsFor(key.n) || !b.borderCovered(key.n, key.rings, patterns[key]) {
			return fmt.Errorf("share %v: the ring patterns proved, %v, and their images are not all %d", key.n, patterns[key], 1<<(4*key.rings))
		}
		shares = append(shares, key.n)
	}
	return lemma.QueensCover(k, b.images(shares))
}

// claimCube is the cube a claim's share n and border (QueensClaim.Border)
// name: n's cube for no border, else n's cube split by that pattern, which
// must be of as many rings as n is split by.
func (b queensBound) claimCube(n [4]int, border []int) (queensCube, error) {
	if len(border) == 0 {
		return queensCube{share: n}, nil
	}
	r := b.ringsFor(n)
	if len(border) != 4*r {
		return queensCube{}, fmt.Errorf("border %v: share %v is split by %d ring lines", border, n, 4*r)
	}
	p := 0
	for i, x := range border {
		switch x {
		case 0:
		case 1:
			p |= 1 << i
		default:
			return queensCube{}, fmt.Errorf("border %v: want 0 or 1 per line", border)
		}
	}
	return queensCube{n, r, p}, nil
}
