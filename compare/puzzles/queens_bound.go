package puzzles

import (
	"math/big"
	"slices"

	"github.com/gridsat/gridsat/instances"
)

// The named bounds that settle a queens optimum without a proof, each
// checked here from the board alone, apart from encode's QueensLowerBound
// (which the solver searches up from): a label "by a bound" is this
// checker's, never the solver's word.
const (
	boundSpencer    = "gamma(Q_n) >= ceil((n-1)/2) (Spencer; Weakley)"
	boundWeakley    = "gamma(Q_n) >= (n+1)/2 when n = 1 mod 4 (Weakley 1995)"
	boundFinozhenok = "gamma(Q_n) >= (n+1)/2 when n = 3 mod 4, save for n = 3 and 11 (Finozhenok and Weakley 2007)"
	boundReach      = "the reach bound (the k squares attacking the most targets reach fewer than all)"
	boundShare      = "the share bound (each target's share 1/(the most targets a square attacking it attacks) sums above k)"
	boundForced     = "the part's forced queens"
	boundUncovered  = "a target no allowed square attacks"
)

// queensBoundBy names a theorem or bound showing that no cover of q has
// fewer than answer queens (a part's: its forced queens and then only its
// allowed squares), "" when none does. The bounds are exact: the share
// bound sums rationals.
func queensBoundBy(q *instances.Queens, answer int) string {
	forced := q.ForcedSquares()
	k := answer - len(forced) - 1 // no cover of the rest with k queens is the fact
	if k < 0 {
		if q.Part != nil {
			return boundForced
		}
		return ""
	}
	var targets []instances.Square
	for _, t := range q.Targets() {
		if !slices.ContainsFunc(forced, func(f instances.Square) bool { return instances.QueensAttack(f, t) }) {
			targets = append(targets, t)
		}
	}
	if len(targets) == 0 {
		return "" // the forced queens cover all: a cover of 0 more queens
	}
	reach := make([]int, q.Cells())
	for s := range reach {
		sq := instances.Square{Row: s / q.Cols, Col: s % q.Cols}
		if q.Banned(sq) || slices.Contains(forced, sq) {
			continue
		}
		for _, t := range targets {
			if instances.QueensAttack(sq, t) {
				reach[s]++
			}
		}
	}
	// The theorems bound every cover of the full square board, so a
	// part's too (its placements, forced queens included, are covers of
	// the whole board): all answer-1 queens, the forced ones with them.
	if n, total := q.Rows, answer-1; q.Cols == n && q.Full() {
		switch {
		case n/2 > total:
			return boundSpencer
		case n%4 == 1 && (n+1)/2 > total:
			return boundWeakley
		case n%4 == 3 && n != 3 && n != 11 && (n+1)/2 > total:
			return boundFinozhenok
		}
	}
	shares := new(big.Rat)
	for _, t := range targets {
		best := 0
		for s, r := range reach {
			if r > best && instances.QueensAttack(instances.Square{Row: s / q.Cols, Col: s % q.Cols}, t) {
				best = r
			}
		}
		if best == 0 {
			return boundUncovered
		}
		shares.Add(shares, big.NewRat(1, int64(best)))
	}
	sorted := slices.Clone(reach)
	slices.Sort(sorted)
	slices.Reverse(sorted)
	sum := 0
	for _, r := range sorted[:min(k, len(sorted))] {
		sum += r
	}
	switch {
	case sum < len(targets):
		return boundReach
	case shares.Cmp(new(big.Rat).SetInt64(int64(k))) > 0:
		return boundShare
	}
	return ""
}
