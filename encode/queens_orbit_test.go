package encode

import (
	"math/rand/v2"
	"testing"
	"time"

	"github.com/gridsat/gridsat/encode/lemma"
	"github.com/gridsat/gridsat/encode/sat"
	"github.com/gridsat/gridsat/instances"
)

// squareClassPerms are the class permutations of the eight symmetries of a
// square board of even side, written out by hand on the 2x2 grid of
// classes (0 1 / 2 3): perm[c] is the class that class c goes to. On an odd
// side the reflections keep the parities and only the transposes (and
// quarter turns) swap classes 1 and 2.
var squareClassPerms = [][4]int{
	{0, 1, 2, 3}, // identity
	{2, 3, 0, 1}, // flip rows
	{1, 0, 3, 2}, // flip columns
	{3, 2, 1, 0}, // rotate 180
	{0, 2, 1, 3}, // transpose
	{3, 1, 2, 0}, // anti-transpose
	{1, 3, 0, 2}, // rotate 90
	{2, 0, 3, 1}, // rotate 270
}

// On full boards, the cubes are one per orbit of shares under the class
// permutations written out by hand (8 on an even side, the swap of classes
// 1 and 2 on an odd one), the least of each, and their images cover every
// share of k (the check certification makes).
func TestQueensCubeOrbits(t *testing.T) {
	for _, n := range []int{5, 6, 7, 8} {
		q := fullBoard(n)
		opt, err := QueensOptions{}.resolve()
		if err != nil {
			t.Fatal(err)
		}
		qf := newQueensFormula(q, opt)
		b, err := qf.Bound(opt, n)
		if err != nil {
			t.Fatal(err)
		}
		perms := squareClassPerms
		if n%2 == 1 {
			perms = [][4]int{{0, 1, 2, 3}, {0, 2, 1, 3}}
		}
		for k := 0; k < n; k++ {
			var want [][4]int
			for _, share := range classShares(k) {
				least := true
				for _, p := range perms {
					var img [4]int
					for c := range 4 {
						img[p[c]] = share[c]
					}
					if lessShare(img, share) {
						least = false
					}
				}
				if least {
					want = append(want, share)
				}
			}
			got := b.Shares(k)
			if len(got) != len(want) {
				t.Fatalf("n=%d k=%d: %d shares %v, want %d %v", n, k, len(got), got, len(want), want)
			}
			for i := range got {
				if got[i] != want[i] {
					t.Fatalf("n=%d k=%d: share %d is %v, want %v", n, k, i, got[i], want[i])
				}
			}
			if err := lemma.QueensCover(k, b.images(got)); err != nil {
				t.Errorf("n=%d k=%d: %v", n, k, err)
			}
			if k > 1 && n%2 == 0 && lemma.QueensCover(k, got) == nil {
				t.Errorf("n=%d k=%d: the orbit shares alone cover every share: the check is too weak to test", n, k)
			}
		}
	}
}

// On random boards that keep some symmetries, some cube of k is
// satisfiable exactly when brute force finds a cover of at most k queens,
// and every cube's model is a cover within the cube's share: dropping the
// cubes of the other shares of an orbit and the lex-leader constraints of
// the symmetries that move a cube's share loses no cover.
func TestQueensOrbitCubesMatchBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(23, 11214))
	keeps := [][]string{{"rotate 90"}, {"flip rows", "transpose"}, {"flip rows"}, {"transpose"}, {"rotate 180"}, {"flip rows", "flip columns"}}
	backend, _ := sat.LookupBackend("gophersat")
	for i := 0; i < 12; i++ {
		side := 3 + rng.IntN(3)
		q, err := instances.GenerateQueens(rng, side, side, []float64{0.3, 0.6}[i%2])
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
		for k := 0; k <= upper; k++ {
			some := false
			for _, n := range b.Shares(k) {
				sv, err := backend.New(qf.CNF.With(append(b.Lits(k), b.Cube(n)...)...))
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
					t.Fatalf("cube %v: %v", n, err)
				}
				var m [4]int
				for _, sq := range p {
					m[classOf(sq.Row, sq.Col)]++
				}
				for c := range m {
					if m[c] > n[c] {
						t.Fatalf("cube %v: the model has %v queens per class", n, m)
					}
				}
			}
			if want := bruteAtMost(q, k); some != want {
				t.Fatalf("board %d (%d symmetries)\n%s\nk=%d: some cube SAT %v, brute force says %v", i, len(q.Symmetries()), q.Board(nil), k, some, want)
			}
		}
	}
}
