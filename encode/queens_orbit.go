package encode

import "github.com/gridsat/gridsat/instances"

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
// force. At gamma(Q_16) this leaves 29 of the 165 cubes of k = 8.

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
