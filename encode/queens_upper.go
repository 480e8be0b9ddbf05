package encode

import "github.com/gridsat/gridsat/instances"

// QueensUpperCover is the smallest cover of q the encoding's upper bound
// finds without a SAT call: the greedy cover, or the cover walk's (see
// coverWalk) when smaller, each checked by the verifier. gridsat split
// hands it to every part of a split case, which then only looks for fewer
// queens.
func QueensUpperCover(q *instances.Queens) []instances.Square {
	best := instances.QueensGreedy(q)
	if len(q.Targets()) == 0 || QueensLowerBound(q) >= len(best) {
		return best
	}
	walk := newQueensFormula(q, QueensOptions{NoLines: true, NoSymmetry: true}).walk(1)
	if instances.VerifyQueens(q, walk) == nil && len(walk) < len(best) {
		return walk
	}
	return best
}
