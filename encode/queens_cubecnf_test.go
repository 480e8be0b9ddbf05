package encode

import (
	"math/rand/v2"
	"testing"
	"time"

	"github.com/gridsat/gridsat/encode/sat"
	"github.com/gridsat/gridsat/instances"
)

// A fresh cube's formula (cubeCNF) leaves out the counters of all the
// queens, rows and columns, yet on random symmetric boards each cube is
// satisfiable exactly when the whole formula with the cube's units is, and
// some cube of k is exactly when brute force finds a cover of at most k
// queens; its clauses are the formula's and the units, none of those
// counters'.
func TestQueensCubeCNFWithoutImplied(t *testing.T) {
	splitFrom(t, 0)
	rng := rand.New(rand.NewPCG(31, 11214))
	keeps := [][]string{{"rotate 90", "flip rows"}, {"flip rows", "flip columns"}, {"transpose", "anti-transpose"}, nil}
	backend, _ := sat.LookupBackend("gophersat")
	solve := func(f *sat.CNF) sat.Status {
		sv, err := backend.New(f)
		if err != nil {
			t.Fatal(err)
		}
		st, err := sv.Solve(time.Time{})
		if err != nil {
			t.Fatal(err)
		}
		return st
	}
	for i := 0; i < 8; i++ {
		side := 4 + rng.IntN(2)
		q, err := instances.GenerateQueens(rng, side, side, []float64{0.5, 1}[i%2])
		if err != nil {
			t.Fatal(err)
		}
		if err := q.Symmetrize(keeps[i%len(keeps)]...); err != nil {
			t.Fatal(err)
		}
		opt, err := QueensOptions{}.resolve()
		if err != nil {
			t.Fatal(err)
		}
		upper := len(instances.QueensGreedy(q))
		s := &queensSAT{q: q, opt: opt, backend: backend, res: &QueensResult{}}
		s.qf = newQueensFormula(q, opt)
		if s.b, err = s.qf.Bound(opt, upper+1); err != nil {
			t.Fatal(err)
		}
		if len(s.b.implied) == 0 {
			t.Fatalf("board %d: no implied counters recorded", i)
		}
		total := map[string]bool{}
		for _, r := range s.b.implied {
			for _, c := range s.qf.CNF.Clauses[r[0]:r[1]] {
				total[clauseKey(c)] = true
			}
		}
		for k := 0; k <= upper; k++ {
			some := false
			for _, cube := range s.b.Cubes(k) {
				f := s.cubeCNF(k, cube)
				for _, c := range f.Clauses {
					if len(c) > 1 && total[clauseKey(c)] {
						t.Fatalf("board %d, k=%d: the cube's formula keeps an implied counter's clause %v", i, k, c)
					}
				}
				st := solve(f)
				if want := solve(s.qf.CNF.With(append(s.b.Lits(k), cube...)...)); st != want {
					t.Fatalf("board %d, k=%d, cube %v: %v without the implied counters, %v with them", i, k, cube, st, want)
				}
				some = some || st == sat.Satisfiable
			}
			if want := bruteAtMost(q, k); some != want {
				t.Fatalf("board %d\n%s\nk=%d: some cube SAT %v, brute force says %v", i, q.Board(nil), k, some, want)
			}
		}
	}
}

// gamma(Q_n) for n = 4..8 with the lex-leader constraints comparing no
// row, one, two or every row, and the ring split from k = 0, equals the
// brute force's, each placement verified.
func TestQueensLexRowsKeepGamma(t *testing.T) {
	splitFrom(t, 0)
	old := lexRows
	t.Cleanup(func() { lexRows = old })
	for _, rows := range []int{0, 1, 2, 100} {
		lexRows = rows
		for n := 4; n <= 8; n++ {
			q := fullBoard(n)
			res, err := SolveQueens(q, QueensOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if err := instances.VerifyQueens(q, res.Placement); err != nil {
				t.Fatalf("rows=%d, n=%d: %v", rows, n, err)
			}
			if want := gammaDFS(n); len(res.Placement) != want {
				t.Errorf("rows=%d, n=%d: SAT says %d queens, brute force %d", rows, n, len(res.Placement), want)
			}
		}
	}
}
