package encode

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/gridsat/gridsat/encode/sat"
	"github.com/gridsat/gridsat/instances"
)

// coversWithin reports whether some cover of q's targets on the squares
// allowed has at most n[c] queens on each square class c (brute force over
// placements of up to n[0]+..+n[3] queens).
func coversWithin(q *instances.Queens, allowed func(r, c int) bool, n [4]int) bool {
	targets := q.Targets()
	var squares []instances.Square
	for r := 0; r < q.Rows; r++ {
		for c := 0; c < q.Cols; c++ {
			if allowed(r, c) {
				squares = append(squares, instances.Square{Row: r, Col: c})
			}
		}
	}
	var placed []instances.Square
	var used [4]int
	var try func(from int) bool
	try = func(from int) bool {
		covered := true
		for _, t := range targets {
			hit := false
			for _, p := range placed {
				if instances.QueensAttack(p, t) {
					hit = true
					break
				}
			}
			if !hit {
				covered = false
				break
			}
		}
		if covered {
			return true
		}
		for i := from; i < len(squares); i++ {
			c := classOf(squares[i].Row, squares[i].Col)
			if used[c] == n[c] {
				continue
			}
			used[c]++
			placed = append(placed, squares[i])
			ok := try(i + 1)
			placed = placed[:len(placed)-1]
			used[c]--
			if ok {
				return true
			}
		}
		return false
	}
	return try(0)
}

// Every cube of "at most k queens", alone, is satisfiable exactly when a
// cover on the formula's squares fits its class counts (the line bounds
// follow from those), so none of them cuts a cover it should keep; and
// some cube is satisfiable exactly when some cover of at most k queens on
// any squares exists (the dropped squares are dominated). Without
// symmetry breaking, so that every cover counts; on random boards with
// rectangles, for every k up to the greedy cover's size.
func TestQueensCubesMatchBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 11214))
	backend, _ := sat.LookupBackend("gophersat")
	for i := 0; i < 12; i++ {
		q, err := instances.GenerateQueens(rng, 2+rng.IntN(4), 2+rng.IntN(4), []float64{0.3, 0.6, 1}[i%3])
		if err != nil {
			t.Fatal(err)
		}
		opt, err := QueensOptions{NoSymmetry: true}.resolve()
		if err != nil {
			t.Fatal(err)
		}
		upper := len(instances.QueensGreedy(q))
		qf := newQueensFormula(q, opt)
		b, err := qf.Bound(opt, upper+1)
		if err != nil {
			t.Fatal(err)
		}
		useful := func(r, c int) bool { return qf.Square[r*q.Cols+c] != 0 }
		for k := 0; k <= upper; k++ {
			cubes := b.Cubes(k)
			some := false
			if want := (k + 1) * (k + 2) * (k + 3) / 6; len(cubes) != want {
				t.Fatalf("k=%d: %d cubes, want %d", k, len(cubes), want)
			}
			shares := classShares(k)
			seen := map[[4]int]bool{}
			for i, c := range b.allCubes(k) {
				n := c.share
				if n[0] < 0 || n[1] < 0 || n[2] < 0 || n[3] < 0 || n[0]+n[1]+n[2]+n[3] != k || seen[n] || !slices.Contains(shares, n) {
					t.Fatalf("k=%d: share %v", k, n)
				}
				seen[n] = true
				if !slices.Equal(cubes[i], b.Cube(n)) {
					t.Fatalf("k=%d: cube %d is not the cube of share %v", k, i, n)
				}
				sv, err := backend.New(qf.CNF.With(append(b.Lits(k), cubes[i]...)...))
				if err != nil {
					t.Fatal(err)
				}
				st, err := sv.Solve(time.Time{})
				if err != nil {
					t.Fatal(err)
				}
				some = some || st == sat.Satisfiable
				if want := coversWithin(q, useful, n); (st == sat.Satisfiable) != want {
					t.Fatalf("%s board\n%s\nk=%d cube %v: %v, brute force says a cover fits: %v", q.Size(), q.Board(nil), k, n, st, want)
				}
				if st == sat.Satisfiable {
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
			}
			if want := bruteAtMost(q, k); some != want {
				t.Fatalf("%s board\n%s\nk=%d: some cube SAT %v, brute force says %v", q.Size(), q.Board(nil), k, some, want)
			}
		}
	}
}

// bruteAtMost reports whether at most k queens, anywhere, cover q.
func bruteAtMost(q *instances.Queens, k int) bool {
	for n0 := 0; n0 <= k; n0++ {
		for n1 := 0; n0+n1 <= k; n1++ {
			for n2 := 0; n0+n1+n2 <= k; n2++ {
				if coversWithin(q, func(int, int) bool { return true }, [4]int{n0, n1, n2, k - n0 - n1 - n2}) {
					return true
				}
			}
		}
	}
	return false
}

// classOf agrees with lineClasses: the two classes of a line are those of
// its squares.
func TestQueensLineClasses(t *testing.T) {
	for r := 0; r < 6; r++ {
		for c := 0; c < 6; c++ {
			key := [4]int{r, c, r - c, r + c}
			for dir := range 4 {
				pair := lineClasses[dir][key[dir]&1]
				if got := classOf(r, c); got != pair[0] && got != pair[1] {
					t.Errorf("(%d,%d): class %d, not in %v, the classes of its direction-%d line", r, c, got, pair, dir)
				}
			}
		}
	}
}

// The walk's bookkeeping: after any run of flips, every score equals its
// definition recomputed from the selection and the weights, and the open
// list holds exactly the uncovered clauses.
func TestCoverWalkScores(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 11214))
	for i := 0; i < 20; i++ {
		n := 3 + rng.IntN(20)
		var clauses [][]int32
		for c := 0; c < 1+rng.IntN(30); c++ {
			var cl []int32
			for s := 0; s < n; s++ {
				if rng.IntN(4) == 0 || s == n-1 && len(cl) == 0 {
					cl = append(cl, int32(s))
				}
			}
			clauses = append(clauses, cl)
		}
		w := newCoverWalk(n, clauses, uint64(i))
		for step := 0; step < 200; step++ {
			w.flip(int32(rng.IntN(n)))
			if rng.IntN(3) == 0 {
				w.bump()
			}
			checkCoverWalk(t, w)
		}
	}
}

func checkCoverWalk(t *testing.T, w *coverWalk) {
	t.Helper()
	open := map[int32]bool{}
	for _, c := range w.open {
		open[c] = true
	}
	for c, cl := range w.clauses {
		count := 0
		for _, s := range cl {
			if w.sel[s] {
				count++
			}
		}
		if int(w.count[c]) != count || open[int32(c)] != (count == 0) {
			t.Fatalf("clause %d: count %d (kept %d), open %v", c, count, w.count[c], open[int32(c)])
		}
	}
	for s := range w.sel {
		var want int64
		for _, c := range w.occurs[s] {
			switch {
			case !w.sel[s] && w.count[c] == 0:
				want += w.weight[c]
			case w.sel[s] && w.count[c] == 1:
				want -= w.weight[c]
			}
		}
		if w.score[s] != want {
			t.Fatalf("square %d (selected %v): score %d, want %d", s, w.sel[s], w.score[s], want)
		}
	}
}

// The walk's cover is a cover, never larger than the greedy one, and on
// full boards n <= 8 it finds gamma(Q_n).
func TestQueensWalk(t *testing.T) {
	rng := rand.New(rand.NewPCG(6, 11214))
	var boards []*instances.Queens
	for n := 1; n <= 8; n++ {
		boards = append(boards, fullBoard(n))
	}
	for i := 0; i < 20; i++ {
		q, err := instances.GenerateQueens(rng, 1+rng.IntN(12), 1+rng.IntN(12), 0.1+0.9*rng.Float64())
		if err != nil {
			t.Fatal(err)
		}
		boards = append(boards, q)
	}
	for i, q := range boards {
		t.Run(fmt.Sprintf("%d/%s", i, q.Size()), func(t *testing.T) {
			opt := QueensOptions{NoLines: true, NoSymmetry: true}
			walk := newQueensFormula(q, opt).walk(1, 0)
			if err := instances.VerifyQueens(q, walk); err != nil {
				t.Fatal(err)
			}
			if g := instances.QueensGreedy(q); len(walk) > len(g) {
				t.Errorf("walk %d queens, greedy %d", len(walk), len(g))
			}
			if i < 8 && len(walk) != gammaQ[i+1] {
				t.Errorf("full %s: walk %d queens, gamma %d", q.Size(), len(walk), gammaQ[i+1])
			}
		})
	}
}
