package backtrack

import "math/rand/v2"

// Weakley's theorem (W. D. Weakley, "Domination in the queen's graph",
// Graph Theory, Combinatorics, and Algorithms, vol. 2, Wiley, 1995, the
// proceedings of the seventh quadrennial conference on graphs): a dominating
// set of Q_n with (n-1)/2 queens, the fewest Spencer's bound allows
// (queens_border.go), exists only when n = 3 mod 4. So for n = 1 mod 4
// no cover of the full n x n board has fewer than (n+1)/2 queens; neither
// has a cover of a part of it (a part's cover is a cover of the board).
// OEIS A075458 agrees: gamma(Q_n) = (n+1)/2 for n = 1, 5, 9, 13, 17, 21,
// 25. The search starts there (option weakley; off, it refutes (n-1)/2
// queens by search, which is how the tests cross-check the theorem).

// weakleyBound is the fewest queens Weakley's theorem allows on q's board
// (0 where it says nothing: a board not square, with a square not a
// target, or n not 1 mod 4).
func (d *queensDFS) weakleyBound() int {
	n := d.q.Rows
	if d.q.Cols != n || n%4 != 1 || popcount(d.targets) != d.squares {
		return 0
	}
	return (n + 1) / 2
}

// skippedNodes is, when a theorem settles the k below the search's own
// root bounds, Knuth's estimate of the nodes the search of that k would
// have taken (1,024 probes, a fixed seed), else 0. The look-aheads of the
// first k searched are budgeted from it as they would have been after
// that search: with no nodes spent before, their floor budgets are too
// small to find the covers of Q_21 and the full search takes their place.
func (d *queensDFS) skippedNodes(opt QueensOptions) int64 {
	k := d.theoremBound(opt) - 1
	if k < max(d.rootBound(), d.borderRootBound()) {
		return 0
	}
	rng := rand.New(rand.NewPCG(uint64(k), 1995))
	sum := 0.0
	const probes = 1024
	d.root = nil
	for range probes {
		d.startOn(k, d.useful, true)
		est, _ := d.probe(k, rng.IntN)
		sum += est
	}
	d.root = nil
	return int64(sum / probes)
}
