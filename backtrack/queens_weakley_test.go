package backtrack

import (
	"testing"

	"github.com/gridsat/gridsat/instances"
)

// Weakley's bound never passes the optimum: the brute force's on boards
// it finishes, OEIS A075458's (gammaQ) on the rest; and it says nothing on
// boards with a square not a target, or not square.
func TestWeakleyBoundBelowOptimum(t *testing.T) {
	for n := 1; n < len(gammaQ); n++ {
		q := fullQueens(n, n)
		b := newQueensDFS(q, false).weakleyBound()
		want := gammaQ[n]
		if n <= 7 {
			want = bruteQueens(q)
		}
		if b > want {
			t.Errorf("n=%d: Weakley's bound %d passes the optimum %d", n, b, want)
		}
		if n%4 == 1 && b != (n+1)/2 {
			t.Errorf("n=%d = 1 mod 4: bound %d, want (n+1)/2", n, b)
		}
	}
	holed := fullQueens(9, 9)
	holed.Target[40] = false
	for _, q := range []*instances.Queens{holed, fullQueens(9, 10)} {
		if b := newQueensDFS(q, false).weakleyBound(); b != 0 {
			t.Errorf("%dx%d board with %d targets: bound %d, want none", q.Rows, q.Cols, popcount(newQueensDFS(q, false).targets), b)
		}
	}
}

// With the theorem off, the search refutes (n-1)/2 queens itself on the
// boards where the theorem settles it, and reaches the same value; with
// it on, it searches no k below (n+1)/2.
func TestWeakleyOffSearchAgrees(t *testing.T) {
	for _, n := range []int{5, 9, 13, 17} {
		for _, search := range []QueensSearch{QueensSearchUp, QueensSearchDown} {
			q := fullQueens(n, n)
			on, err := SolveQueens(q, QueensOptions{Search: search})
			if err != nil {
				t.Fatal(err)
			}
			off, err := SolveQueens(q, QueensOptions{Search: search, NoWeakley: true})
			if err != nil {
				t.Fatal(err)
			}
			for _, r := range []QueensResult{on, off} {
				if err := instances.VerifyQueens(q, r.Placement); err != nil || len(r.Placement) != gammaQ[n] {
					t.Fatalf("n=%d %s: %d queens (%v), want %d", n, search, len(r.Placement), err, gammaQ[n])
				}
			}
			if on.Bound != (n+1)/2 || off.Bound != (n-1)/2 {
				t.Errorf("n=%d %s: root bounds %d on, %d off; want %d and %d", n, search, on.Bound, off.Bound, (n+1)/2, (n-1)/2)
			}
			if searched(on, (n-1)/2) || (search == QueensSearchUp && !refuted(off, (n-1)/2)) {
				t.Errorf("n=%d %s: steps on %+v, off %+v: want (n-1)/2 refuted by search only with the theorem off", n, search, on.Steps, off.Steps)
			}
		}
	}
}

// The parts of Q_9 looking for 4 queens: none has a cover, with the
// theorem (at once) and without (by search).
func TestWeakleyParts(t *testing.T) {
	parts, err := instances.SplitQueens(fullQueens(9, 9), 8, 4, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range parts {
		for _, opt := range []QueensOptions{{}, {NoWeakley: true}, {NoWeakley: true, NoSymmetry: true}} {
			res, err := SolveQueens(p, opt)
			if err != nil || !res.None {
				t.Fatalf("%s %+v: %v, placement %v, want none", p.Part.Name(), opt, err, res.Placement)
			}
			if !opt.NoWeakley && (res.Nodes != 0 || res.Bound != 5) {
				t.Errorf("%s: %d nodes, bound %d; the theorem settles it at the root", p.Part.Name(), res.Nodes, res.Bound)
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

// Finozhenok and Weakley's bound never passes the optimum (the brute
// force's where it finishes, A075458's beyond), is (n+1)/2 on every full
// n x n board with n = 3 mod 4 but n = 3 and 11, where Spencer's (n-1)/2
// is met (the table says so: the exceptions are real), and says nothing
// on other n, on boards with a square not a target, or not square.
func TestFinozhenokBoundBelowOptimum(t *testing.T) {
	for n := 1; n < len(gammaQ); n++ {
		q := fullQueens(n, n)
		b := newQueensDFS(q, false).finozhenokBound()
		want := gammaQ[n]
		if n <= 7 {
			want = bruteQueens(q)
		}
		switch {
		case b > want:
			t.Errorf("n=%d: the bound %d passes the optimum %d", n, b, want)
		case (n == 3 || n == 11) && (b != 0 || want != (n-1)/2):
			t.Errorf("n=%d: bound %d, optimum %d; want no bound, and the optimum (n-1)/2", n, b, want)
		case n%4 == 3 && n != 3 && n != 11 && b != (n+1)/2:
			t.Errorf("n=%d: bound %d, want (n+1)/2", n, b)
		case n%4 != 3 && b != 0:
			t.Errorf("n=%d: bound %d, want none (n is not 3 mod 4)", n, b)
		}
	}
	holed := fullQueens(7, 7)
	holed.Target[24] = false
	for _, q := range []*instances.Queens{holed, fullQueens(7, 8)} {
		if b := newQueensDFS(q, false).finozhenokBound(); b != 0 {
			t.Errorf("%dx%d board with %d targets: bound %d, want none", q.Rows, q.Cols, popcount(newQueensDFS(q, false).targets), b)
		}
	}
}

// With Finozhenok and Weakley's theorem off, the search refutes (n-1)/2
// queens itself where the theorem settles it (n = 3 mod 4 but 3 and 11)
// and reaches the same value; with it on, it searches no k below (n+1)/2.
// On Q_3 and Q_11 the theorem is silent and the search finds (n-1)/2.
func TestFinozhenokOffSearchAgrees(t *testing.T) {
	for _, n := range []int{3, 7, 11} {
		for _, search := range []QueensSearch{QueensSearchUp, QueensSearchDown} {
			q := fullQueens(n, n)
			on, err := SolveQueens(q, QueensOptions{Search: search})
			if err != nil {
				t.Fatal(err)
			}
			off, err := SolveQueens(q, QueensOptions{Search: search, NoFinozhenok: true})
			if err != nil {
				t.Fatal(err)
			}
			for _, r := range []QueensResult{on, off} {
				if err := instances.VerifyQueens(q, r.Placement); err != nil || len(r.Placement) != gammaQ[n] {
					t.Fatalf("n=%d %s: %d queens (%v), want %d", n, search, len(r.Placement), err, gammaQ[n])
				}
			}
			if n == 3 || n == 11 {
				if on.Bound != off.Bound {
					t.Errorf("n=%d %s: root bounds %d on, %d off; the theorem says nothing here", n, search, on.Bound, off.Bound)
				}
				continue
			}
			if on.Bound != (n+1)/2 || off.Bound != (n-1)/2 {
				t.Errorf("n=%d %s: root bounds %d on, %d off; want %d and %d", n, search, on.Bound, off.Bound, (n+1)/2, (n-1)/2)
			}
			if searched(on, (n-1)/2) || (search == QueensSearchUp && !refuted(off, (n-1)/2)) {
				t.Errorf("n=%d %s: steps on %+v, off %+v: want (n-1)/2 refuted by search only with the theorem off", n, search, on.Steps, off.Steps)
			}
		}
	}
	// Q_15: the search alone finds no cover of 7 queens either.
	if newQueensDFS(fullQueens(15, 15), true).run(7) {
		t.Error("n=15: a cover of 7 queens found, against the theorem")
	}
}

// The parts of Q_7 looking for 3 queens: none has a cover, with the
// theorem (at once) and without (by search).
func TestFinozhenokParts(t *testing.T) {
	parts, err := instances.SplitQueens(fullQueens(7, 7), 6, 3, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range parts {
		for _, opt := range []QueensOptions{{}, {NoFinozhenok: true}, {NoFinozhenok: true, NoSymmetry: true}} {
			res, err := SolveQueens(p, opt)
			if err != nil || !res.None {
				t.Fatalf("%s %+v: %v, placement %v, want none", p.Part.Name(), opt, err, res.Placement)
			}
			if !opt.NoFinozhenok && (res.Nodes != 0 || res.Bound != 4) {
				t.Errorf("%s: %d nodes, bound %d; the theorem settles it at the root", p.Part.Name(), res.Nodes, res.Bound)
			}
		}
	}
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
