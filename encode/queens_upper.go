package encode

import (
	"fmt"

	"github.com/gridsat/gridsat/instances"
)

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
	if len(q.Targets()) == 0 || lower >= len(best) {
		return best
	}
	if walk, err := queensWalks(q, upperWalks, lower); err == nil && len(walk) < len(best) {
		best = walk
	}
	return best
}

// queensWalks runs cover walks with seeds 1..n, stopping at a cover of
// lower queens, and returns the smallest cover found, each checked by the
// verifier.
func queensWalks(q *instances.Queens, n, lower int) ([]instances.Square, error) {
	qf := newQueensFormula(q, QueensOptions{NoLines: true, NoSymmetry: true})
	var best []instances.Square
	for seed := uint64(1); seed <= uint64(n) && (best == nil || len(best) > lower); seed++ {
		walk := qf.walk(seed, lower)
		if err := instances.VerifyQueens(q, walk); err != nil {
			return nil, fmt.Errorf("the walk's cover (seed %d): %w", seed, err)
		}
		if best == nil || len(walk) < len(best) {
			best = walk
		}
	}
	return best, nil
}
