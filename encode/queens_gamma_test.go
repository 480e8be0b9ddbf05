package encode

import (
	"testing"

	"github.com/gridsat/gridsat/instances"
)

// gammaDFS is an independent brute force for gamma(Q_n): iterative
// deepening over the squares that cover the first uncovered square (every
// cover has a queen there), on bitsets, with the queen's moves written out
// here (no instances.QueensAttack, no encode code).
func gammaDFS(n int) int {
	words := (n*n + 63) / 64
	attack := make([][]uint64, n*n)
	for s := range attack {
		attack[s] = make([]uint64, words)
		r, c := s/n, s%n
		for t := 0; t < n*n; t++ {
			tr, tc := t/n, t%n
			dr, dc := tr-r, tc-c
			if dr == 0 || dc == 0 || dr == dc || dr == -dc {
				attack[s][t/64] |= 1 << (t % 64)
			}
		}
	}
	var search func(covered []uint64, k int) bool
	search = func(covered []uint64, k int) bool {
		first := -1
		for t := 0; t < n*n && first < 0; t++ {
			if covered[t/64]>>(t%64)&1 == 0 {
				first = t
			}
		}
		if first < 0 {
			return true
		}
		if k == 0 {
			return false
		}
		next := make([]uint64, words)
		for s := range attack {
			if attack[s][first/64]>>(first%64)&1 == 0 {
				continue
			}
			for w := range next {
				next[w] = covered[w] | attack[s][w]
			}
			if search(next, k-1) {
				return true
			}
		}
		return false
	}
	for k := 0; ; k++ {
		if search(make([]uint64, words), k) {
			return k
		}
	}
}

// gamma(Q_n) for n <= 10 by the SAT search (default options: class cubes
// one per orbit, lex-leader by stabilizer) equals the brute force's, and
// each placement passes the verifier.
func TestQueensGammaMatchesBruteForce(t *testing.T) {
	for n := 1; n <= 10; n++ {
		q := fullBoard(n)
		res, err := SolveQueens(q, QueensOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if err := instances.VerifyQueens(q, res.Placement); err != nil {
			t.Fatalf("n=%d: %v", n, err)
		}
		if want := gammaDFS(n); len(res.Placement) != want {
			t.Errorf("n=%d: SAT says %d queens, brute force %d", n, len(res.Placement), want)
		}
	}
}
