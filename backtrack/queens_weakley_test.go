package backtrack

import (
	"testing"

	"github.com/gridsat/gridsat/instances"
)

// queensTheorems are the theorems the DFS may start from: each lifts the
// bound of the full n x n boards it holds for from (n-1)/2 to (n+1)/2,
// and its option turns it off, so that the search refutes (n-1)/2 itself.
var queensTheorems = []struct {
	name  string
	bound func(*queensDFS) int
	off   QueensOptions
	holds func(n int) bool
	// solve are boards solved with the theorem on and off, parts the board
	// whose parts for (n-1)/2 queens it settles at the root.
	solve []int
	parts int
}{
	{"weakley", (*queensDFS).weakleyBound, QueensOptions{NoWeakley: true},
		func(n int) bool { return n%4 == 1 }, []int{5, 9, 13, 17}, 9},
	{"finozhenok", (*queensDFS).finozhenokBound, QueensOptions{NoFinozhenok: true},
		func(n int) bool { return n%4 == 3 && n != 3 && n != 11 }, []int{3, 7, 11}, 7},
}

// A theorem's bound never passes the optimum (the brute force's on boards
// it finishes, OEIS A075458's beyond), is (n+1)/2 on the full boards it
// holds for, and says nothing on the others, on boards with a square not
// a target, or not square. Finozhenok and Weakley's exceptions are real:
// (n-1)/2 queens cover Q_3 and Q_11.
func TestTheoremBoundsBelowOptimum(t *testing.T) {
	for _, th := range queensTheorems {
		for n := 1; n < len(gammaQ); n++ {
			q := fullQueens(n, n)
			b := th.bound(newQueensDFS(q, false))
			want := gammaQ[n]
			if n <= 7 {
				want = bruteQueens(q)
			}
			switch {
			case b > want:
				t.Errorf("%s, n=%d: the bound %d passes the optimum %d", th.name, n, b, want)
			case th.holds(n) && b != (n+1)/2:
				t.Errorf("%s, n=%d: bound %d, want (n+1)/2", th.name, n, b)
			case !th.holds(n) && b != 0:
				t.Errorf("%s, n=%d: bound %d, want none", th.name, n, b)
			}
		}
		holed := fullQueens(9, 9)
		holed.Target[40] = false
		for _, q := range []*instances.Queens{holed, fullQueens(9, 10), fullQueens(7, 8)} {
			if b := th.bound(newQueensDFS(q, false)); b != 0 {
				t.Errorf("%s, %dx%d board with %d targets: bound %d, want none", th.name, q.Rows, q.Cols, popcount(newQueensDFS(q, false).targets), b)
			}
		}
	}
	for _, n := range []int{3, 11} {
		if gammaQ[n] != (n-1)/2 {
			t.Errorf("gamma(Q_%d) = %d: not an exception to Finozhenok and Weakley", n, gammaQ[n])
		}
	}
}

// With a theorem off, the search refutes (n-1)/2 queens itself on the
// boards where the theorem settles it, and reaches the same value; with
// it on, it searches no k below (n+1)/2; where it is silent, on and off
// start alike.
func TestTheoremOffSearchAgrees(t *testing.T) {
	for _, th := range queensTheorems {
		for _, n := range th.solve {
			for _, search := range []QueensSearch{QueensSearchUp, QueensSearchDown} {
				q := fullQueens(n, n)
				on, err := SolveQueens(q, QueensOptions{Search: search})
				if err != nil {
					t.Fatal(err)
				}
				offOpt := th.off
				offOpt.Search = search
				off, err := SolveQueens(q, offOpt)
				if err != nil {
					t.Fatal(err)
				}
				for _, r := range []QueensResult{on, off} {
					if err := instances.VerifyQueens(q, r.Placement); err != nil || len(r.Placement) != gammaQ[n] {
						t.Fatalf("%s, n=%d %s: %d queens (%v), want %d", th.name, n, search, len(r.Placement), err, gammaQ[n])
					}
				}
				if !th.holds(n) {
					if on.Bound != off.Bound {
						t.Errorf("%s, n=%d %s: root bounds %d on, %d off; the theorem is silent here", th.name, n, search, on.Bound, off.Bound)
					}
					continue
				}
				if on.Bound != (n+1)/2 || off.Bound != (n-1)/2 {
					t.Errorf("%s, n=%d %s: root bounds %d on, %d off; want %d and %d", th.name, n, search, on.Bound, off.Bound, (n+1)/2, (n-1)/2)
				}
				if searched(on, (n-1)/2) || (search == QueensSearchUp && !refuted(off, (n-1)/2)) {
					t.Errorf("%s, n=%d %s: steps on %+v, off %+v: want (n-1)/2 refuted by search only with the theorem off", th.name, n, search, on.Steps, off.Steps)
				}
			}
		}
	}
	// Q_15: the search alone finds no cover of 7 queens either.
	if newQueensDFS(fullQueens(15, 15), true).run(7) {
		t.Error("n=15: a cover of 7 queens found, against Finozhenok and Weakley's theorem")
	}
}

// The parts of the theorem's board looking for (n-1)/2 queens: none has a
// cover, with the theorem (at the root) and without (by search).
func TestTheoremParts(t *testing.T) {
	for _, th := range queensTheorems {
		n := th.parts
		parts, err := instances.SplitQueens(fullQueens(n, n), n-1, (n-1)/2, nil)
		if err != nil {
			t.Fatal(err)
		}
		noSym := th.off
		noSym.NoSymmetry = true
		for _, p := range parts {
			for _, opt := range []QueensOptions{{}, th.off, noSym} {
				res, err := SolveQueens(p, opt)
				if err != nil || !res.None {
					t.Fatalf("%s %+v: %v, placement %v, want none", p.Part.Name(), opt, err, res.Placement)
				}
				if opt == (QueensOptions{}) && (res.Nodes != 0 || res.Bound != (n+1)/2) {
					t.Errorf("%s, %s: %d nodes, bound %d; the theorem settles it at the root", th.name, p.Part.Name(), res.Nodes, res.Bound)
				}
			}
		}
	}
}

func searched(r QueensResult, k int) bool {
	for _, s := range r.Steps {
		if s.K == k {
			return true
		}
	}
	return false
}

func refuted(r QueensResult, k int) bool {
	for _, s := range r.Steps {
		if s.K == k {
			return !s.Found && s.Nodes > 0
		}
	}
	return false
}

// skippedNodes stops its probes early only where that changes no
// look-ahead budget: on the boards whose settled k it estimates, the
// budgets from all 1,024 probes and from what it returns are the same.
func TestSkippedNodesEarlyKeepsBudgets(t *testing.T) {
	early := 0
	for _, n := range []int{5, 7, 9, 13, 15, 17} {
		d := newQueensDFS(fullQueens(n, n), true)
		k := d.theoremBound(QueensOptions{}) - 1
		got := d.skippedNodes(QueensOptions{})
		if got == 0 {
			continue // no theorem, or no k below it to estimate
		}
		full := d.probeMean(k, false)
		if got != full {
			early++
		}
		if latticeBudget(got) != latticeBudget(full) || symmetricBudget(got) != symmetricBudget(full) {
			t.Errorf("n=%d k=%d: estimate %d, all probes %d: the budgets differ", n, k, got, full)
		}
	}
	if early == 0 {
		t.Error("no board stopped its probes early: the test checks nothing")
	}
}
