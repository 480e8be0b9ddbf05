package instances

import (
	"fmt"
	"slices"
)

// SplitQueens cuts the whole case q into at most jobs parts (fewer only
// when no part can be cut further), each asking for placements of at most
// bound queens, numbered 1..N in the order made. With a cover of q (not
// nil), bound is one less than its queens and every part carries it: the
// parts then only look for fewer queens than a cover already known.
//
// A part (F forced, B banned) is cut on its first target that no forced
// queen covers and that has the fewest squares allowed to cover it: every
// placement of the part holds one of those squares. In a fixed order
// c_1, c_2, ... (the squares covering the most targets first, then
// row-major), child i forces c_i and bans c_1..c_{i-1}; when that would
// make more parts than wanted, the last child bans them all and forces
// none (placements holding none of the c_i made). Where board symmetries
// map the part's target set, F and B each onto itself, a child bans the
// images of c_1..c_{i-1} too and a candidate in such an image makes no
// child: every placement of the part has an image, a placement as large,
// in one child (the DFS's symmetry argument). Parts are cut in the order
// made, the least constrained first. Every placement of q thus has an image in
// some part, and a part's placements are placements of q: the least of
// the parts' answers is q's fewest queens when that is at most bound.
func SplitQueens(q *Queens, jobs, bound int, cover []Square) ([]*Queens, error) {
	if q.Part != nil {
		return nil, fmt.Errorf("splitting %s: it is already a part (%s): split the whole case", q.Location(), q.Part.Name())
	}
	if cover != nil {
		if err := VerifyQueens(q, cover); err != nil {
			return nil, fmt.Errorf("splitting %s: the cover: %w", q.Location(), err)
		}
		bound = len(cover) - 1
	}
	if len(cover) == 0 && bound < 0 {
		// A cover of no queens (a board with no targets) leaves nothing
		// fewer to look for, and a part line's bound is at least 0: the
		// parts look for at most 0 queens, and answer the case's 0.
		cover, bound = nil, 0
	}
	if err := checkJobs(q.Location(), jobs); err != nil {
		return nil, err
	}
	if bound > q.Cells() {
		return nil, fmt.Errorf("splitting %s: bound %d: want 0..%d (the board's squares)", q.Location(), bound, q.Cells())
	}
	S := q.Cells()
	root := &QueensPart{Forced: make([]bool, S), Banned: make([]bool, S)}
	reach := q.reaches()
	parts := splitTree(root, 0, jobs, func(p *QueensPart, count int) ([]*QueensPart, []int, splitStep) {
		kids := q.cutPart(p, jobs-count+1, reach)
		if len(kids) == 0 {
			return nil, nil, splitStuck // every target covered, or nothing covers one
		}
		depths := make([]int, len(kids))
		for k, kid := range kids {
			depths[k] = kid.depth()
		}
		return kids, depths, splitCut
	})
	hash := queensHash(q)
	out := make([]*Queens, len(parts))
	// The parts share one copy of the targets (a part's board is the
	// whole case's), and each part's text goes into the split's identity
	// as it is made: a split into 2^20 parts of a large board kept a
	// board and a text per part besides its restriction.
	target := slices.Clone(q.Target)
	id := newSplitHasher()
	var text []byte
	for i, p := range parts {
		p.Index, p.Count, p.Parent, p.Bound, p.Cover = i+1, len(parts), hash, bound, cover
		c := &Queens{Loc: q.Loc, Rows: q.Rows, Cols: q.Cols, Target: target, Part: p}
		out[i] = c
		text = append(append(append(text[:0], p.partLine()...), '\n'), c.appendBoard(nil, true)...)
		id.add(text)
	}
	sum := id.sum()
	for _, p := range parts {
		p.Split, p.Jobs = sum, jobs
	}
	return out, nil
}

// reaches is the number of targets a queen on each square covers.
func (q *Queens) reaches() []int {
	reach := make([]int, q.Cells())
	for s := range reach {
		sq := Square{s / q.Cols, s % q.Cols}
		for t, target := range q.Target {
			if target && QueensAttack(sq, Square{t / q.Cols, t % q.Cols}) {
				reach[s]++
			}
		}
	}
	return reach
}

// depth is how constrained a part is: its forced and banned squares.
func (p *QueensPart) depth() int {
	n := 0
	for s := range p.Forced {
		if p.Forced[s] || p.Banned[s] {
			n++
		}
	}
	return n
}

// cutPart cuts p into at most want children (nil when it cannot be cut);
// reach is q.reaches().
func (q *Queens) cutPart(p *QueensPart, want int, reach []int) []*QueensPart {
	cands := q.cutCandidates(p, reach)
	if len(cands) == 0 {
		return nil
	}
	syms := q.partSymmetries(p.Forced, p.Banned)
	var kids []*QueensPart
	banned := slices.Clone(p.Banned)
	for i, s := range cands {
		if banned[s] {
			continue // in the image of an earlier candidate
		}
		if len(kids) == want-1 && i < len(cands)-1 && want > 1 {
			// The rest: placements with none of the candidates so far.
			kids = append(kids, &QueensPart{Forced: slices.Clone(p.Forced), Banned: banned})
			return kids
		}
		kid := &QueensPart{Forced: slices.Clone(p.Forced), Banned: slices.Clone(banned)}
		kid.Forced[s] = true
		kids = append(kids, kid)
		banned = slices.Clone(banned)
		banned[s] = true
		for _, g := range syms {
			img := g.Map(Square{s / q.Cols, s % q.Cols})
			banned[img.Row*q.Cols+img.Col] = true
		}
	}
	return kids
}

// cutCandidates lists the allowed squares covering the target p's forced
// queens leave uncovered with the fewest of them, most targets reached
// first (reach: q.reaches()), then row-major; nil when every target is
// covered.
func (q *Queens) cutCandidates(p *QueensPart, reach []int) []int {
	var forced []Square
	for s, f := range p.Forced {
		if f {
			forced = append(forced, Square{s / q.Cols, s % q.Cols})
		}
	}
	var best []int
	found := false
	for _, t := range q.Uncovered(forced) {
		var c []int
		for s := range q.Cells() {
			sq := Square{s / q.Cols, s % q.Cols}
			if !p.Banned[s] && !p.Forced[s] && QueensAttack(sq, t) {
				c = append(c, s)
			}
		}
		if !found || len(c) < len(best) {
			best, found = c, true
		}
	}
	slices.SortStableFunc(best, func(a, b int) int { return reach[b] - reach[a] })
	return best
}

// PartSymmetries are the symmetries of part q (Symmetries) that map its
// forced squares and its banned squares each onto themselves: each maps
// the part's placements onto placements of the part. For a whole case,
// Symmetries.
func (q *Queens) PartSymmetries() []QueensSymmetry {
	if q.Part == nil {
		return q.Symmetries()
	}
	return q.partSymmetries(q.Part.Forced, q.Part.Banned)
}

// partSymmetries are q's symmetries that map forced and banned each onto
// themselves.
func (q *Queens) partSymmetries(forced, banned []bool) []QueensSymmetry {
	var keep []QueensSymmetry
	for _, g := range q.Symmetries() {
		ok := true
		for s := 0; s < q.Cells() && ok; s++ {
			img := g.Map(Square{s / q.Cols, s % q.Cols})
			t := img.Row*q.Cols + img.Col
			ok = forced[s] == forced[t] && banned[s] == banned[t]
		}
		if ok {
			keep = append(keep, g)
		}
	}
	return keep
}
