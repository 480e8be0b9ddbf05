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

// Finozhenok and Weakley's theorem (D. Finozhenok and W. D. Weakley, "An
// improved lower bound for domination numbers of the queen's graph",
// Australasian Journal of Combinatorics 37, 2007, pp. 295-300): Spencer's
// bound gamma(Q_n) >= (n-1)/2 is met only for n = 3 and n = 11, so every
// other full n x n board needs ceil(n/2) queens at least. For n = 1 mod 4
// that is Weakley's theorem and for even n Spencer's bound; what it adds,
// and all the option finozhenok holds, is n = 3 mod 4: (n+1)/2, which is
// gamma(Q_n) for n = 7, 19, 23 (A075458). Off, the search refutes (n-1)/2
// itself.

// finozhenokBound is the fewest queens Finozhenok and Weakley's theorem
// allows on q's board where it adds to Weakley's: (n+1)/2 on a full n x n
// board with n = 3 mod 4 other than 3 and 11, else 0.
func (d *queensDFS) finozhenokBound() int {
	n := d.q.Rows
	if d.q.Cols != n || n%4 != 3 || n == 3 || n == 11 || popcount(d.targets) != d.squares {
		return 0
	}
	return (n + 1) / 2
}

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
// have taken (probeMean), else 0. The look-aheads of the
// first k searched are budgeted from it as they would have been after
// that search: with no nodes spent before, their floor budgets are too
// small to find the covers of Q_21 and the full search takes their place.
func (d *queensDFS) skippedNodes(opt QueensOptions) int64 {
	k := d.theoremBound(opt) - 1
	if k < max(d.rootBound(), d.borderRootBound()) {
		return 0
	}
	return d.probeMean(k, true)
}

// probeMean is the mean of Knuth's estimate over 1,024 probes of the
// search of k (a fixed seed); with early set, of the first 64 alone when
// their mean is under smallTree: the look-aheads' budgets are their floors
// for any estimate under four times latticeBudget's floor, and on a tree
// this small the rest of the probes would cost more than the search they
// stand for.
func (d *queensDFS) probeMean(k int, early bool) int64 {
	rng := rand.New(rand.NewPCG(uint64(k), 1995))
	sum := 0.0
	const probes, first = 1024, 64
	d.root = nil
	defer func() { d.root = nil }()
	for i := range probes {
		d.startOn(k, d.useful, true)
		est, _ := d.probe(k, rng.IntN)
		sum += est
		if early && i+1 == first && sum/first < smallTree {
			return int64(sum / first)
		}
	}
	return int64(sum / probes)
}

// smallTree is the estimate under which probeMean stops after its first
// probes: a tenth of the smallest estimate that lifts a look-ahead's
// budget above its floor (latticeBudget, symmetricBudget).
const smallTree = 8_000
