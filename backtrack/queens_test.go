package backtrack

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gridsat/gridsat/instances"
)

func fullQueens(n, m int) *instances.Queens {
	q := instances.NewQueens(n, m)
	for i := range q.Target {
		q.Target[i] = true
	}
	return q
}

// Queen domination numbers gamma(Q_n), OEIS A075458.
var gammaQ = []int{0, 1, 1, 1, 2, 3, 3, 4, 5, 5, 5, 5, 6, 7, 8, 9, 9, 9, 9, 10, 11}

var queensVariants = []QueensOptions{
	{},
	{Search: "down"},
	{NoSymmetry: true},
	{Search: "down", NoSymmetry: true},
	{NoWeakley: true},
	{Search: "down", NoSymmetry: true, NoWeakley: true},
}

func TestSolveQueensDomination(t *testing.T) {
	for _, opt := range queensVariants {
		t.Run(fmt.Sprintf("search=%q/nosym=%v/noweakley=%v", opt.Search, opt.NoSymmetry, opt.NoWeakley), func(t *testing.T) {
			for n := 1; n <= 13; n++ {
				q := fullQueens(n, n)
				res, err := SolveQueens(q, opt)
				if err != nil {
					t.Fatal(err)
				}
				if err := instances.VerifyQueens(q, res.Placement); err != nil {
					t.Fatalf("n=%d: %v", n, err)
				}
				if len(res.Placement) != gammaQ[n] {
					t.Fatalf("n=%d: %d queens, gamma(Q_%d) = %d", n, len(res.Placement), n, gammaQ[n])
				}
				if res.Bound > gammaQ[n] || res.Greedy < gammaQ[n] {
					t.Errorf("n=%d: bounds %d..%d miss %d", n, res.Bound, res.Greedy, gammaQ[n])
				}
			}
		})
	}
}

// bruteQueens is the test's own oracle: the fewest queens, trying every
// placement of 0, 1, 2, ... queens, with attacks written out again.
func bruteQueens(q *instances.Queens) int {
	type sq struct{ r, c int }
	var targets, squares []sq
	for r := 0; r < q.Rows; r++ {
		for c := 0; c < q.Cols; c++ {
			squares = append(squares, sq{r, c})
			if q.Target[r*q.Cols+c] {
				targets = append(targets, sq{r, c})
			}
		}
	}
	covers := func(p, t sq) bool {
		return p.r == t.r || p.c == t.c || p.r-p.c == t.r-t.c || p.r+p.c == t.r+t.c
	}
	var pick func(start, left int, chosen []sq) bool
	pick = func(start, left int, chosen []sq) bool {
		if left == 0 {
		next:
			for _, t := range targets {
				for _, p := range chosen {
					if covers(p, t) {
						continue next
					}
				}
				return false
			}
			return true
		}
		for i := start; i < len(squares); i++ {
			if pick(i+1, left-1, append(chosen, squares[i])) {
				return true
			}
		}
		return false
	}
	for k := 0; ; k++ {
		if pick(0, k, nil) {
			return k
		}
	}
}

// checkAgainstBrute solves q under every option variant, verifies each
// placement and compares its size with the brute-force optimum.
func checkAgainstBrute(t *testing.T, name string, q *instances.Queens) {
	t.Helper()
	want := bruteQueens(q)
	for _, opt := range queensVariants {
		res, err := SolveQueens(q, opt)
		if err != nil {
			t.Fatal(err)
		}
		if err := instances.VerifyQueens(q, res.Placement); err != nil || len(res.Placement) != want {
			t.Fatalf("%s (%+v)\n%s\n%d queens (%v), brute force says %d", name, opt, q.Board(nil), len(res.Placement), err, want)
		}
	}
}

func TestSolveQueensMatchesBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(2026, 11214))
	for i := 0; i < 200; i++ {
		rows, cols := 1+rng.IntN(6), 1+rng.IntN(6)
		density := []float64{0.1, 0.3, 0.6, 1}[i%4]
		q, err := instances.GenerateQueens(rng, rows, cols, density)
		if err != nil {
			t.Fatal(err)
		}
		checkAgainstBrute(t, fmt.Sprintf("board %d", i), q)
	}
}

// Boards whose targets keep some symmetries and break others, rectangles
// included: the symmetry breaking at every depth (images of a searched
// square under the symmetries fixing the queens placed) must never lose the
// optimum.
func TestSolveQueensSymmetricBoardsMatchBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11214))
	keeps := [][]string{{"flip rows"}, {"flip columns"}, {"rotate 180"}, {"transpose"}, {"anti-transpose"}, {"rotate 90"}, {"flip rows", "transpose"}, {"flip rows", "flip columns"}}
	symmetric := 0
	for i := 0; i < 160; i++ {
		rows := 2 + rng.IntN(5)
		cols := rows
		if i%3 == 2 {
			cols = 1 + rng.IntN(7)
		}
		q, err := instances.GenerateQueens(rng, rows, cols, []float64{0.15, 0.3, 0.5, 0.8}[i%4])
		if err != nil {
			t.Fatal(err)
		}
		if err := q.Symmetrize(keeps[i%len(keeps)]...); err != nil {
			t.Fatal(err)
		}
		if len(q.Symmetries()) > 0 {
			symmetric++
		}
		checkAgainstBrute(t, fmt.Sprintf("board %d (%d symmetries)", i, len(q.Symmetries())), q)
	}
	if symmetric < 120 {
		t.Errorf("only %d of 160 boards have a symmetry", symmetric)
	}
}

// A board with symmetric targets (the seed's case 7, a diamond of holes):
// the root symmetry breaking must not lose the optimum, and saves nodes.
func TestSolveQueensSymmetricTargets(t *testing.T) {
	rows := []string{"XXXXXXXXX", "XXXXXXXXX", "XXXX.XXXX", "XXX.X.XXX", "XX.X.X.XX", "XXX.X.XXX", "XXXX.XXXX", "XXXXXXXXX", "XXXXXXXXX"}
	q := instances.NewQueens(9, 9)
	for r, row := range rows {
		for c := range row {
			q.Target[r*9+c] = row[c] == 'X'
		}
	}
	if len(q.Symmetries()) != 7 {
		t.Fatalf("the diamond board has %d symmetries, want 7", len(q.Symmetries()))
	}
	with, _ := SolveQueens(q, QueensOptions{})
	without, _ := SolveQueens(q, QueensOptions{NoSymmetry: true})
	if len(with.Placement) != len(without.Placement) || instances.VerifyQueens(q, with.Placement) != nil {
		t.Fatalf("with symmetry %d queens, without %d", len(with.Placement), len(without.Placement))
	}
	if with.Nodes >= without.Nodes {
		t.Errorf("symmetry breaking visited %d nodes, plain search %d", with.Nodes, without.Nodes)
	}
}

// Boards of all targets, squares and rectangles: the border argument
// (queens_border.go) cuts nodes only there, so these check it against the
// brute force; and its root bound must never pass gamma(Q_n).
func TestSolveQueensFullBoardsMatchBruteForce(t *testing.T) {
	for rows := 1; rows <= 6; rows++ {
		for cols := 1; cols <= 7; cols++ {
			checkAgainstBrute(t, fmt.Sprintf("full %dx%d", rows, cols), fullQueens(rows, cols))
		}
	}
	for n := 1; n < len(gammaQ); n++ {
		d := newQueensDFS(fullQueens(n, n), false)
		if b := d.borderRootBound(); b > gammaQ[n] || b < n/2 {
			t.Errorf("n=%d: border bound %d, want ceil((n-1)/2) = %d <= gamma %d", n, b, n/2, gammaQ[n])
		}
	}
}

func TestSolveQueensUnknownSearch(t *testing.T) {
	if _, err := SolveQueens(fullQueens(3, 3), QueensOptions{Search: "sideways"}); err == nil {
		t.Fatal("unknown search accepted")
	}
}

func loadQueens(b *testing.B, path string) []*instances.Queens {
	f, err := os.Open(path)
	if err != nil {
		b.Skipf("no %s: %v", path, err)
	}
	defer f.Close()
	cases, err := instances.ParseQueens(path, f)
	if err != nil {
		b.Fatal(err)
	}
	return cases
}

// BenchmarkQueensSeed solves the seed's ten test cases (all of them per
// iteration); the seed's C program takes about 3 s.
func BenchmarkQueensSeed(b *testing.B) {
	cases := loadQueens(b, filepath.Join("..", "instances", "sets", "queens", "seed.txt"))
	for i := 0; i < b.N; i++ {
		for _, q := range cases {
			if _, err := SolveQueens(q, QueensOptions{}); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// BenchmarkQueensDomination proves gamma(Q_n): a cover of gamma queens and
// none of gamma-1, reporting the nodes. n = 15 and 16 take seconds each:
//
//	go test -run X -bench 'QueensDomination/n=1[56]/up' -benchtime 1x ./backtrack/
//
// n = 17..20 (the DFS frontier, n = 20 hours) run only when the
// -bench pattern names their n or GRIDSAT_QUEENS_BIG=1 is set:
//
//	go test -run X -bench 'QueensDomination/n=18/up' -benchtime 1x ./backtrack/
func BenchmarkQueensDomination(b *testing.B) {
	for _, n := range []int{10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20} {
		for _, search := range []QueensSearch{QueensSearchUp, QueensSearchDown} {
			b.Run(fmt.Sprintf("n=%d/%s", n, search), func(b *testing.B) {
				if n > 16 && !bigQueensAsked(n) {
					b.Skipf("n=%d takes minutes: name it in -bench or set GRIDSAT_QUEENS_BIG=1", n)
				}
				var nodes int64
				cpu0 := cpuSeconds()
				for i := 0; i < b.N; i++ {
					res, err := SolveQueens(fullQueens(n, n), QueensOptions{Search: search})
					if err != nil || len(res.Placement) != gammaQ[n] {
						b.Fatalf("%v: %d queens, want %d", err, len(res.Placement), gammaQ[n])
					}
					if err := instances.VerifyQueens(fullQueens(n, n), res.Placement); err != nil {
						b.Fatal(err)
					}
					nodes = res.Nodes
					b.Logf("bound %d, greedy %d, steps %+v", res.Bound, res.Greedy, res.Steps)
				}
				b.ReportMetric(float64(nodes), "nodes")
				b.ReportMetric((cpuSeconds()-cpu0)/float64(b.N), "cpu-s/op")
			})
		}
	}
}

// bigQueensAsked reports whether the frontier board n was asked for: by
// GRIDSAT_QUEENS_BIG=1 or by a -bench pattern naming n=N.
func bigQueensAsked(n int) bool {
	if os.Getenv("GRIDSAT_QUEENS_BIG") == "1" {
		return true
	}
	pat := ""
	if f := flag.Lookup("test.bench"); f != nil {
		pat = f.Value.String()
	}
	return strings.Contains(pat, fmt.Sprintf("n=%d", n))
}

// BenchmarkQueensDense16 solves the five dense 16x16 boards of
//
//	gridsat gen queens --size 16 --param density=0.5 --seed 1 --count 5
//
// (the generator's random stream rebuilt here), one sub-benchmark each,
// reporting the nodes.
func BenchmarkQueensDense16(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 0x71756565_6e730000))
	for i := 1; i <= 5; i++ {
		q, err := instances.GenerateQueens(rng, 16, 16, 0.5)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(fmt.Sprintf("board=%d", i), func(b *testing.B) {
			var nodes int64
			for j := 0; j < b.N; j++ {
				res, err := SolveQueens(q, QueensOptions{})
				if err != nil {
					b.Fatal(err)
				}
				if err := instances.VerifyQueens(q, res.Placement); err != nil {
					b.Fatal(err)
				}
				nodes = res.Nodes
			}
			b.ReportMetric(float64(nodes), "nodes")
		})
	}
}

// BenchmarkQueensRandom solves random 16x16 and 24x24 boards at a few
// target densities.
func BenchmarkQueensRandom(b *testing.B) {
	for _, size := range []int{16, 24} {
		for _, density := range []float64{0.1, 0.3, 0.6} {
			q, _ := instances.GenerateQueens(rand.New(rand.NewPCG(uint64(size), 7)), size, size, density)
			b.Run(fmt.Sprintf("%dx%d/density=%g", size, size, density), func(b *testing.B) {
				for i := 0; i < b.N; i++ {
					if _, err := SolveQueens(q, QueensOptions{}); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// BenchmarkQueensRefute refutes gamma(Q_n)-1 queens on the whole board
// (a part of split --jobs 1 with that bound: the full search, no
// look-aheads, Weakley's theorem off), reporting nodes and CPU time:
//
//	go test -run X -bench 'QueensRefute/n=1[67]' -benchtime 1x ./backtrack/
func BenchmarkQueensRefute(b *testing.B) {
	for _, n := range []int{13, 14, 15, 16, 17} {
		b.Run(fmt.Sprintf("n=%d/k=%d", n, gammaQ[n]-1), func(b *testing.B) {
			parts, err := instances.SplitQueens(fullQueens(n, n), 1, gammaQ[n]-1, nil)
			if err != nil {
				b.Fatal(err)
			}
			var nodes int64
			cpu0 := cpuSeconds()
			for i := 0; i < b.N; i++ {
				res, err := SolveQueens(parts[0], QueensOptions{NoWeakley: true})
				if err != nil || !res.None {
					b.Fatalf("%v: a cover of %d queens %v", err, gammaQ[n]-1, res.Placement)
				}
				nodes = res.Nodes
			}
			b.ReportMetric(float64(nodes), "nodes")
			b.ReportMetric((cpuSeconds()-cpu0)/float64(b.N), "cpu-s/op")
		})
	}
}

// BenchmarkQueensQ20Parts refutes 10 queens on parts of Q_20 split 64 ways
// (as the campaign's runs), with the ring and without it (ring=false),
// reporting nodes and CPU time:
//
//	go test -run X -bench 'QueensQ20Parts' -benchtime 1x ./backtrack/
func BenchmarkQueensQ20Parts(b *testing.B) {
	parts, err := instances.SplitQueens(fullQueens(20, 20), 64, 10, nil)
	if err != nil {
		b.Fatal(err)
	}
	for _, part := range []int{1, 3} {
		for _, opt := range []QueensOptions{{}, {NoRing: true}} {
			b.Run(fmt.Sprintf("part=%d/ring=%v", part, !opt.NoRing), func(b *testing.B) {
				var nodes int64
				cpu0 := cpuSeconds()
				for i := 0; i < b.N; i++ {
					res, err := SolveQueens(parts[part-1], opt)
					if err != nil || !res.None {
						b.Fatalf("%v: a cover of 10 queens %v", err, res.Placement)
					}
					nodes = res.Nodes
				}
				b.ReportMetric(float64(nodes), "nodes")
				b.ReportMetric((cpuSeconds()-cpu0)/float64(b.N), "cpu-s/op")
			})
		}
	}
}

// TestQueensPrecutKeepsTheTree: makeChild's cut on the parent's reaches
// (topOthers) only saves childCut work; with it off, every search makes
// the same nodes and answers the same, on full boards around gamma and on
// random boards.
func TestQueensPrecutKeepsTheTree(t *testing.T) {
	boards := []*instances.Queens{}
	for n := 6; n <= 11; n++ {
		boards = append(boards, fullQueens(n, n))
	}
	rng := rand.New(rand.NewPCG(5, 7))
	for i := 0; i < 12; i++ {
		q, err := instances.GenerateQueens(rng, 9+i%4, 10, []float64{0.2, 0.4, 0.7}[i%3])
		if err != nil {
			t.Fatal(err)
		}
		boards = append(boards, q)
	}
	for i, q := range boards {
		greedy := len(instances.QueensGreedy(q))
		for k := max(1, greedy-3); k < greedy; k++ {
			var nodes [2]int64
			var found [2]bool
			for j, off := range []bool{false, true} {
				d := newQueensDFS(q, true)
				d.noPrecut = off
				found[j] = d.run(k)
				nodes[j] = d.nodes
			}
			if nodes[0] != nodes[1] || found[0] != found[1] {
				t.Errorf("board %d (%dx%d), k=%d: precut on %d nodes, found %v; off %d nodes, found %v",
					i, q.Rows, q.Cols, k, nodes[0], found[0], nodes[1], found[1])
			}
		}
	}
}
