package encode

import "github.com/gridsat/gridsat/instances"

// upperWalks is how many cover walks (seeds 1, 2, ...) QueensUpperCover
// runs: on all-target boards one walk found gamma(Q_18) = 9 with seed 2
// only of seeds 1..4, and gamma(Q_19) = 10 with seeds 1 and 4.
const upperWalks = 4

// QueensUpperCover is the smallest cover of q the encoding's upper bound
// finds without a SAT call: the greedy cover, or the smallest of
// upperWalks cover walks (see coverWalk; it stops at QueensLowerBound),
// each checked by the verifier. gridsat split hands it to every part of a
// split case, which then only looks for fewer queens.
func QueensUpperCover(q *instances.Queens) []instances.Square {
	best := instances.QueensGreedy(q)
	lower := QueensLowerBound(q)
	for seed := uint64(1); seed <= upperWalks && len(q.Targets()) > 0 && lower < len(best); seed++ {
		walk := newQueensFormula(q, QueensOptions{NoLines: true, NoSymmetry: true}).walk(seed)
		if instances.VerifyQueens(q, walk) == nil && len(walk) < len(best) {
			best = walk
		}
	}
	return best
}
