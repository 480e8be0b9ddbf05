package encode

import (
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/gridsat/gridsat/encode/sat"
	"github.com/gridsat/gridsat/instances"
)

// On random boards that keep several symmetries, some cube of k (the
// border-split ones included) is satisfiable exactly when brute force
// finds a cover of at most k queens, and every model is a cover within its
// cube's share whose ring lines hold queens as its pattern says.
func TestQueensBorderCubesMatchBruteForce(t *testing.T) {
	splitFrom(t, 0)
	rng := rand.New(rand.NewPCG(29, 11214))
	keeps := [][]string{{"rotate 90", "flip rows"}, {"rotate 90"}, {"flip rows", "flip columns"}, {"rotate 180"}, {"transpose", "anti-transpose"}}
	backend, _ := sat.LookupBackend("gophersat")
	split := 0
	for i := 0; i < 15; i++ {
		side := 3 + rng.IntN(3)
		q, err := instances.GenerateQueens(rng, side, side, []float64{0.4, 0.7, 1}[i%3])
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
		qf := newQueensFormula(q, opt)
		b, err := qf.Bound(opt, upper+1)
		if err != nil {
			t.Fatal(err)
		}
		lines := ringLines(q)
		for k := 0; k <= upper; k++ {
			some := false
			for _, c := range b.allCubes(k) {
				if c.rings > 0 {
					split++
				}
				sv, err := backend.New(qf.CNF.With(append(b.Lits(k), b.cubeLits(c)...)...))
				if err != nil {
					t.Fatal(err)
				}
				st, err := sv.Solve(time.Time{})
				if err != nil {
					t.Fatal(err)
				}
				if st != sat.Satisfiable {
					continue
				}
				some = true
				p := qf.placement(sv.Model())
				if err := instances.VerifyQueens(q, p); err != nil {
					t.Fatalf("cube %v: %v", c, err)
				}
				checkCubeModel(t, p, c, lines)
			}
			if want := bruteAtMost(q, k); some != want {
				t.Fatalf("board %d (%d symmetries)\n%s\nk=%d: some cube SAT %v, brute force says %v", i, len(q.Symmetries()), q.Board(nil), k, some, want)
			}
		}
	}
	if split == 0 {
		t.Error("no cube was split by the border lines")
	}
}

// checkCubeModel fails unless placement p lies in cube c: at most
// c.share[k] queens on class k and, split by the border, queens on
// exactly the ring lines of c.border.
func checkCubeModel(t *testing.T, p []instances.Square, c queensCube, lines []ringLine) {
	t.Helper()
	var m [4]int
	for _, sq := range p {
		m[classOf(sq.Row, sq.Col)]++
	}
	for k := range m {
		if m[k] > c.share[k] {
			t.Fatalf("cube %v: the model has %v queens per class", c, m)
		}
	}
	for i, l := range lines[:4*c.rings] {
		held := slices.ContainsFunc(p, func(sq instances.Square) bool { return [2]int{sq.Row, sq.Col}[l.dir] == l.key })
		if held != (c.border>>i&1 == 1) {
			t.Fatalf("cube %v: ring line %v holds a queen: %v", c, l, held)
		}
	}
}

// On the full 8x8 board, the share (1,1,1,1) of k=4, which every
// symmetry keeps, is split into the 55 orbits of the patterns of two rings
// (by Burnside: the 8 symmetries fix 2^(2c) of the 256 patterns, c the
// cycles a symmetry makes of a ring's 4 lines: (256+4+4+16+64+64+16+16)/8),
// the proved cubes pass the cover check, and the check fails when any one
// of them is missing.
func TestQueensBorderCover(t *testing.T) {
	splitFrom(t, 0)
	q := fullBoard(8)
	opt, err := QueensOptions{}.resolve()
	if err != nil {
		t.Fatal(err)
	}
	qf := newQueensFormula(q, opt)
	b, err := qf.Bound(opt, 6)
	if err != nil {
		t.Fatal(err)
	}
	cubes := b.allCubes(4)
	var split []queensCube
	for _, c := range cubes {
		if c.rings == 2 {
			split = append(split, c)
		}
	}
	if len(split) != 55 || split[0].share != [4]int{1, 1, 1, 1} {
		t.Fatalf("split cubes %v, want the 55 two-ring orbits of (1,1,1,1)", split)
	}
	if err := b.coverCheck(4, cubes); err != nil {
		t.Fatal(err)
	}
	for i := range cubes {
		fewer := slices.Delete(slices.Clone(cubes), i, i+1)
		if err := b.coverCheck(4, fewer); err == nil {
			t.Errorf("cube %v left out, yet the cover check passes", cubes[i])
		}
	}
}

// A kept claim of a border-split cube is bound with its border pattern:
// the pattern as kept is accepted, one line flipped or the pattern dropped
// is refused.
func TestBindQueensBorder(t *testing.T) {
	splitFrom(t, 0)
	q := fullBoard(8)
	var kept claimList
	res, err := SolveQueens(q, QueensOptions{Keep: &kept, SATOptions: SATOptions{Certify: true}})
	if err != nil || res.CertErr != nil {
		t.Fatal(err, res.CertErr)
	}
	bound := 0
	for _, cl := range kept {
		qc := cl.Queens
		if len(qc.Border) == 0 {
			continue
		}
		f := keptCNF(cl)
		if err := BindQueensCNF(q, QueensOptions{}, len(res.Placement), qc, f); err != nil {
			t.Fatalf("%s: untouched: %v", cl.Name, err)
		}
		flipped, dropped := *qc, *qc
		flipped.Border = slices.Clone(qc.Border)
		flipped.Border[0] ^= 1
		dropped.Border = nil
		for _, bad := range []QueensClaim{flipped, dropped} {
			if err := BindQueensCNF(q, QueensOptions{}, len(res.Placement), &bad, f); err == nil {
				t.Errorf("%s: claim %+v accepted for %+v", cl.Name, bad, *qc)
			}
		}
		bound++
	}
	if bound < 55 {
		t.Errorf("%d border claims bound, want at least the 55 of (1,1,1,1)", bound)
	}
}

// Every cover of gamma queens on the full 5x5 and 6x6 boards (on the
// formula's squares) has an image under the board symmetries that some
// cube of k = gamma accepts: the placement fixed by units, the formula with
// the cube is satisfiable. This is what the orbit and border splits, with
// their lex-leader constraints, must keep.
func TestQueensCubesKeepEveryCoverOrbit(t *testing.T) {
	splitFrom(t, 0)
	backend, _ := sat.LookupBackend("gophersat")
	for _, n := range []int{5, 6} {
		q := fullBoard(n)
		opt, err := QueensOptions{}.resolve()
		if err != nil {
			t.Fatal(err)
		}
		qf := newQueensFormula(q, opt)
		k := gammaQ[n]
		b, err := qf.Bound(opt, k+1)
		if err != nil {
			t.Fatal(err)
		}
		cubes := b.allCubes(k)
		syms := append([]instances.QueensSymmetry{{Name: "identity", Map: func(s instances.Square) instances.Square { return s }}}, q.Symmetries()...)
		covers := 0
		forEachCover(q, qf, k, func(p []instances.Square) {
			covers++
			for _, g := range syms {
				img := make([]instances.Square, len(p))
				for i, sq := range p {
					img[i] = g.Map(sq)
				}
				units := placementUnits(qf, img)
				for _, c := range cubes {
					if !mayHold(img, c, ringLines(q)) {
						continue
					}
					sv, err := backend.New(qf.CNF.With(append(append(b.Lits(k), b.cubeLits(c)...), units...)...))
					if err != nil {
						t.Fatal(err)
					}
					if st, _ := sv.Solve(time.Time{}); st == sat.Satisfiable {
						return
					}
				}
			}
			t.Fatalf("n=%d: no cube accepts any image of the cover %v", n, p)
		})
		if covers == 0 {
			t.Fatalf("n=%d: no cover of %d queens enumerated", n, k)
		}
	}
}

// forEachCover calls f with every cover of q by k queens on qf's squares.
func forEachCover(q *instances.Queens, qf *QueensFormula, k int, f func([]instances.Square)) {
	var squares []instances.Square
	for s, v := range qf.Square {
		if v != 0 {
			squares = append(squares, instances.Square{Row: s / q.Cols, Col: s % q.Cols})
		}
	}
	var pick []instances.Square
	var rec func(from int)
	rec = func(from int) {
		if len(pick) == k {
			if instances.VerifyQueens(q, pick) == nil {
				f(slices.Clone(pick))
			}
			return
		}
		for i := from; i < len(squares); i++ {
			pick = append(pick, squares[i])
			rec(i + 1)
			pick = pick[:len(pick)-1]
		}
	}
	rec(0)
}

// placementUnits fixes every square variable of qf: true on p's squares,
// false elsewhere.
func placementUnits(qf *QueensFormula, p []instances.Square) []int {
	var units []int
	for s, v := range qf.Square {
		if v == 0 {
			continue
		}
		sq := instances.Square{Row: s / qf.q.Cols, Col: s % qf.q.Cols}
		if slices.Contains(p, sq) {
			units = append(units, v)
		} else {
			units = append(units, -v)
		}
	}
	return units
}

// mayHold reports whether placement p meets cube c's class shares and,
// split by the border, its pattern of ring lines.
func mayHold(p []instances.Square, c queensCube, lines []ringLine) bool {
	var m [4]int
	for _, sq := range p {
		m[classOf(sq.Row, sq.Col)]++
	}
	for k := range m {
		if m[k] > c.share[k] {
			return false
		}
	}
	for i, l := range lines[:4*c.rings] {
		held := slices.ContainsFunc(p, func(sq instances.Square) bool { return [2]int{sq.Row, sq.Col}[l.dir] == l.key })
		if held != (c.border>>i&1 == 1) {
			return false
		}
	}
	return true
}

// splitFrom sets ringSplitFrom to k for the test.
func splitFrom(t *testing.T, k int) {
	old := ringSplitFrom
	ringSplitFrom = k
	t.Cleanup(func() { ringSplitFrom = old })
}

// The ring split applies to the tight balanced shares only: at the full
// 15x15 board's k = 8, the shares that give each class but the smallest
// (odd, odd) at least two queens are split, the balanced ones that leave
// a larger class fewer are not; on the full 16x16 board, whose classes
// are equal, every balanced share is split. Either way the cubes pass the
// cover check, and fail it with one left out.
func TestQueensTightShares(t *testing.T) {
	cases := []struct {
		n       int
		split   [][4]int
		unsplit [][4]int
	}{
		{15, [][4]int{{2, 2, 2, 2}, {3, 2, 2, 1}, {2, 2, 3, 1}}, [][4]int{{1, 2, 2, 3}, {3, 1, 3, 1}, {3, 1, 1, 3}, {1, 3, 3, 1}, {2, 1, 3, 2}, {1, 1, 3, 3}, {0, 0, 8, 0}}},
		{16, [][4]int{{2, 2, 2, 2}, {3, 2, 2, 1}, {1, 2, 2, 3}, {3, 1, 1, 3}, {1, 1, 3, 3}}, [][4]int{{0, 0, 8, 0}, {4, 1, 2, 1}}},
	}
	for _, tc := range cases {
		q := fullBoard(tc.n)
		opt, err := QueensOptions{}.resolve()
		if err != nil {
			t.Fatal(err)
		}
		qf := newQueensFormula(q, opt)
		b, err := qf.Bound(opt, 10)
		if err != nil {
			t.Fatal(err)
		}
		for _, n := range tc.split {
			if b.ringsFor(n) == 0 {
				t.Errorf("n=%d: share %v (tight %v) is not split", tc.n, n, b.tight(n))
			}
		}
		for _, n := range tc.unsplit {
			if r := b.ringsFor(n); r != 0 {
				t.Errorf("n=%d: share %v is split by %d rings", tc.n, n, r)
			}
		}
		cubes := b.allCubes(8)
		if err := b.coverCheck(8, cubes); err != nil {
			t.Fatalf("n=%d: %v", tc.n, err)
		}
		for _, i := range []int{0, len(cubes) / 2, len(cubes) - 1} {
			if err := b.coverCheck(8, slices.Delete(slices.Clone(cubes), i, i+1)); err == nil {
				t.Errorf("n=%d: cube %v left out, yet the cover check passes", tc.n, cubes[i])
			}
		}
	}
}
