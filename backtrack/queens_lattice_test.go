package backtrack

import (
	"testing"

	"github.com/gridsat/gridsat/instances"
)

// The parity look-ahead only finds covers: each must pass the verifier and
// hold at most k queens; with fewer queens than gamma(Q_n) it finds none.
// On Q_16 and Q_18 it must find gamma queens (the full search took 59k and
// 3.9M nodes there), within its smallest budget.
func TestLatticeFirstFindsVerifiedCovers(t *testing.T) {
	for n := 1; n <= 18; n++ {
		q := fullQueens(n, n)
		d := newQueensDFS(q, true)
		for _, k := range []int{gammaQ[n] - 1, gammaQ[n]} {
			if k < 0 {
				continue
			}
			found := d.latticeFirst(k, latticeBudget(0))
			if !found {
				if k == gammaQ[n] && (n == 16 || n == 18) {
					t.Errorf("n=%d: no cover of %d queens on a parity class", n, k)
				}
				continue
			}
			if k < gammaQ[n] {
				t.Fatalf("n=%d: %d queens found, gamma is %d", n, k, gammaQ[n])
			}
			placed := d.solution()
			if err := instances.VerifyQueens(q, placed); err != nil || len(placed) > k {
				t.Fatalf("n=%d k=%d: %d queens %v: %v", n, k, len(placed), placed, err)
			}
		}
	}
}

// On a board with a hole the look-ahead is off: its classes assume every
// square is a target.
func TestLatticeFirstOnlyOnFullBoards(t *testing.T) {
	q := fullQueens(10, 10)
	q.Target[0] = false
	if newQueensDFS(q, true).latticeFirst(5, latticeBudget(0)) {
		t.Fatal("the look-ahead ran on a board with a non-target square")
	}
}
