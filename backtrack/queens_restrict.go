package backtrack

import (
	"github.com/gridsat/gridsat/instances"
)

// A part of a split queens case (instances.QueensPart) is searched on the
// whole board: its forced queens stand on the stack before the search
// starts (so the border argument, which counts the queens placed, still
// bounds every node), its banned squares are never allowed, and k goes up
// from the root bounds only to the part's bound. Symmetry breaking uses
// the board symmetries that keep the part (its targets, its forced squares
// and its banned squares, each as a set): they map the part's covers onto
// its covers, as the board's map a whole case's (opt symmetry=false: none).

// solveQueensPart answers a part: its fewest queens if at most its bound,
// else no placement (None).
func solveQueensPart(q *instances.Queens, opt QueensOptions) (QueensResult, error) {
	d, forced, rest := newQueensPartDFS(q, opt)
	res := QueensResult{Greedy: -1, None: true}
	res.Bound = max(d.rootBound(), d.borderRootBound(), len(forced), d.theoremBound(opt))
	for k := res.Bound; k <= q.Part.Bound; k++ {
		start := d.nodes
		found := d.runPart(k, forced, rest)
		res.Steps = append(res.Steps, QueensStep{K: k, Found: found, Nodes: d.nodes - start})
		if found {
			res.Placement, res.None = d.solution(), false
			break
		}
	}
	res.Nodes = d.nodes
	return res, nil
}

// newQueensPartDFS sets the search up for a part: its symmetries, its
// forced squares, the targets they leave (rest) and the squares allowed.
func newQueensPartDFS(q *instances.Queens, opt QueensOptions) (d *queensDFS, forced []int, rest []uint64) {
	d = newQueensDFS(q, false)
	d.noRing = opt.NoRing
	if !opt.NoSymmetry {
		d.partSymmetries()
	}
	forced = d.forcedSquares()
	rest = d.restrictTargets(forced)
	d.restrictUseful(rest)
	return d, forced, rest
}

// forcedSquares lists the part's forced squares as square indexes.
func (d *queensDFS) forcedSquares() []int {
	var fs []int
	for s, f := range d.q.Part.Forced {
		if f {
			fs = append(fs, s)
		}
	}
	return fs
}

// restrictTargets returns the targets the forced queens leave uncovered.
func (d *queensDFS) restrictTargets(forced []int) []uint64 {
	W := d.w
	rest := append([]uint64(nil), d.targets...)
	for _, s := range forced {
		for i := range rest {
			rest[i] &^= d.cover[s*W+i]
		}
	}
	return rest
}

// restrictUseful keeps, of the squares neither banned nor forced, those
// that cover a target of rest that no other such square dominates (covers
// all its targets of rest and more; of squares covering the same ones,
// the first): a cover using a dominated square stays an allowed cover, no
// larger, with its dominator instead.
func (d *queensDFS) restrictUseful(rest []uint64) {
	W, p := d.w, d.q.Part
	ties := len(d.syms) == 0 // with symmetries, the kept set stays symmetric
	allowed := func(s int) bool { return !p.Banned[s] && !p.Forced[s] }
	on := make([]uint64, d.squares*W) // each square's targets of rest
	for s := 0; s < d.squares; s++ {
		for i := 0; i < W; i++ {
			on[s*W+i] = d.cover[s*W+i] & rest[i]
		}
	}
	d.useful = undominated(on, W, d.squares, allowed, ties)
}

// runPart reports whether k queens, the forced ones among them, can cover
// every target, leaving the cover in d.placed when they can.
func (d *queensDFS) runPart(k int, forced []int, rest []uint64) bool {
	if k < len(forced) {
		return false
	}
	d.startPart(k, forced, rest)
	return d.search(0, k-len(forced))
}

// startPart sets up the root of runPart's search for k >= len(forced)
// queens.
func (d *queensDFS) startPart(k int, forced []int, rest []uint64) {
	W := d.w
	d.ensureDepth(k)
	copy(d.uncov[:W], rest)
	copy(d.allow[:W], d.useful)
	d.placed = append(d.placed[:0], forced...)
	d.stab[0] = d.stab[0][:0]
	for gi := range d.syms {
		d.stab[0] = append(d.stab[0], gi)
	}
}

// partSymmetries sets d.syms to the part's symmetries, as square
// permutations.
func (d *queensDFS) partSymmetries() {
	q := d.q
	d.syms = d.syms[:0]
	for _, g := range q.PartSymmetries() {
		perm := make([]int32, d.squares)
		for s := range perm {
			img := g.Map(instances.Square{Row: s / q.Cols, Col: s % q.Cols})
			perm[s] = int32(img.Row*q.Cols + img.Col)
		}
		d.syms = append(d.syms, perm)
	}
}
