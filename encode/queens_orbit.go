package encode

import (
	"sort"

	"github.com/gridsat/gridsat/encode/sat"
	"github.com/gridsat/gridsat/instances"
)

// The board symmetries permute the four square classes (see classOf): a
// reflection of an even side swaps the row (or column) parities, a
// transpose swaps rows with columns. A symmetry g maps a cover with m[c]
// queens on class c onto a cover with m[c] queens on class perm[c], so a
// split "at most k" needs the cube of one share of each orbit only: a
// cover in the cube of another share n lies, mapped by a symmetry, in the
// cube of the orbit's share. Within a cube, the lex-leader constraints of
// the symmetries that keep its share still pick one cover of each of
// their classes (those symmetries form a group, the share's stabilizer);
// the others would cut covers the cube needs, so the cube puts them out of
// force. (Findings: docs/findings.md, queens.)

// lexPart is the lex-leader constraint of one board symmetry: act, when
// not 0, is the variable that puts it in force (with split=classes: each
// cube sets it), perm how the symmetry permutes the square classes.
type lexPart struct {
	g    instances.QueensSymmetry
	act  int
	perm [4]int
	// border is how the symmetry permutes the border lines (set by
	// Bound when the border split applies, see queensCube).
	border []int
	// from and to delimit the constraint's clauses in the formula.
	from, to int
}

// classPerm is how g permutes the square classes: a symmetry maps row and
// column to plus or minus a row or column plus a constant, so every square
// of one class goes to one class, read off the squares (0..1, 0..1) (on
// the board or not: the map is the same arithmetic).
func classPerm(g instances.QueensSymmetry) [4]int {
	var perm [4]int
	for r := range 2 {
		for c := range 2 {
			img := g.Map(instances.Square{Row: r, Col: c})
			perm[classOf(r, c)] = classOf(img.Row, img.Col)
		}
	}
	return perm
}

// image is share n mapped by the part's symmetry.
func (part lexPart) image(n [4]int) [4]int {
	var img [4]int
	for c, x := range n {
		img[part.perm[c]] = x
	}
	return img
}

// Shares returns the shares of k queens among the square classes whose
// cubes split "at most k": every share (classShares) without symmetry
// breaking, else the least share (in that order) of each orbit under the
// symmetries.
func (b queensBound) Shares(k int) [][4]int {
	var out [][4]int
	for _, n := range classShares(k) {
		least := true
		for _, part := range b.lex {
			if part.act != 0 && lessShare(part.image(n), n) {
				least = false
				break
			}
		}
		if least {
			out = append(out, n)
		}
	}
	return out
}

// lessShare orders shares as classShares lists them.
func lessShare(a, b [4]int) bool {
	for c := range a {
		if a[c] != b[c] {
			return a[c] < b[c]
		}
	}
	return false
}

// images returns the shares with all their images under the symmetries
// whose lex-leader constraints cubes switch (see Shares): the shares whose
// cubes the proofs of the given ones settle.
func (b queensBound) images(shares [][4]int) [][4]int {
	seen := map[[4]int]bool{}
	var out [][4]int
	add := func(n [4]int) {
		if !seen[n] {
			seen[n] = true
			out = append(out, n)
		}
	}
	for _, n := range shares {
		add(n)
		for _, part := range b.lex {
			if part.act != 0 {
				add(part.image(n))
			}
		}
	}
	return out
}

// cubeCNF is the formula a fresh solver gets for "at most k queens" and
// cube: the formula without the clauses of the lex-leader constraints the
// cube puts out of force (their act false satisfies the clauses that
// forbid a placement; the others only force prefix variables nothing
// reads, and would cost propagation) and without the counters of all the
// queens, the rows and the columns (the cube bounds the queens of every
// class and the occupied rows and columns of each parity, and those bounds
// add up to k: counters that only cost propagation, docs/findings.md),
// then the units of both (the units on those counters' outputs then bound
// variables nothing else reads). Its clauses are a subset of the formula's
// and the cube's units, as BindQueensCNF wants. The whole formula keeps
// those counters: a solver kept from k to k (gini) learns "more than k"
// through them.
func (s *queensSAT) cubeCNF(k int, cube []int) *sat.CNF {
	off := map[int]bool{}
	for _, l := range cube {
		off[-l] = true
	}
	var skip [][2]int
	for _, part := range s.qf.lex {
		if part.act != 0 && off[part.act] {
			skip = append(skip, [2]int{part.from, part.to})
		}
	}
	skip = append(skip, s.b.implied...)
	sort.Slice(skip, func(i, j int) bool { return skip[i][0] < skip[j][0] })
	g := *s.qf.CNF
	g.Clauses = nil
	next := 0
	for _, r := range skip {
		g.Clauses = append(g.Clauses, s.qf.CNF.Clauses[next:r[0]]...)
		next = r[1]
	}
	g.Clauses = append(g.Clauses, s.qf.CNF.Clauses[next:]...)
	return g.With(append(s.b.Lits(k), cube...)...)
}
