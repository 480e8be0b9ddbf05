package backtrack

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"testing"

	"github.com/gridsat/gridsat/instances"
)

// smallCovers lists every placement of k queens (as square lists) that
// covers the full n x m board (n*m <= 64), the test's own brute force.
func smallCovers(n, m, k int) [][]int {
	lines := squareLines(n, m)
	all := uint64(1)<<(n*m) - 1
	if n*m == 64 {
		all = ^uint64(0)
	}
	var out [][]int
	var pick func(start int, chosen []int, covered uint64)
	pick = func(start int, chosen []int, covered uint64) {
		if len(chosen) == k {
			if covered == all {
				out = append(out, append([]int(nil), chosen...))
			}
			return
		}
		for s := start; s < n*m; s++ {
			pick(s+1, append(chosen, s), covered|lines[s])
		}
	}
	pick(0, nil, 0)
	return out
}

// squareLines holds, for each square of a full n x m board (n*m <= 64),
// the squares on its lines as a word of bits.
func squareLines(n, m int) []uint64 {
	lines := make([]uint64, n*m)
	for s := range lines {
		for t := range lines {
			dr, dc := s/m-t/m, s%m-t%m
			if dr == 0 || dc == 0 || dr == dc || dr == -dc {
				lines[s] |= 1 << t
			}
		}
	}
	return lines
}

// canCover reports, by brute force, whether k queens, one of them on must
// when must >= 0, cover the squares of u (n*m <= 64).
func canCover(lines []uint64, u uint64, k, must int) bool {
	if must >= 0 {
		u &^= lines[must]
		k--
	}
	var try func(start, k int, u uint64) bool
	try = func(start, k int, u uint64) bool {
		if u == 0 {
			return true
		}
		if k == 0 {
			return false
		}
		for s := start; s < len(lines); s++ {
			if lines[s]&u != 0 && try(s+1, k-1, u&^lines[s]) {
				return true
			}
		}
		return false
	}
	return try(0, k, u)
}

// ringNode sets d up as a node with the queens placed and returns its
// uncovered targets and, as allowed squares, every square.
func ringNode(d *queensDFS, placed []int) (U, A []uint64) {
	W := d.w
	U = append([]uint64(nil), d.targets...)
	A = append([]uint64(nil), d.targets...)
	for _, s := range placed {
		for i := range U {
			U[i] &^= d.cover[s*W+i]
		}
	}
	d.placed = append(d.placed[:0], placed...)
	d.ringRoom, d.ringRoomSquares = 1<<30, 0 // the ring on every node, however loose
	return U, A
}

// TestRingCutKeepsEveryCover: on full boards up to 8 x 8, every cover of
// gamma and gamma+1 queens (by brute force) is split into the queens
// placed and those to come, in every way with 1 to 4 to come; the node
// must not be cut and no square of the queens to come may be dropped. It
// fails when a grid's deletions, a line's loss or a square's cover is
// counted too high, which would make the search miss covers.
func TestRingCutKeepsEveryCover(t *testing.T) {
	rng := rand.New(rand.NewPCG(34, 20))
	checked := 0
	for _, size := range [][2]int{{5, 5}, {6, 6}, {7, 7}, {8, 8}, {5, 8}, {6, 7}, {4, 9}} {
		n, m := size[0], size[1]
		g := fullBoardGamma(n, m)
		d := newQueensDFS(fullQueens(n, m), false)
		for _, k := range []int{g, g + 1} {
			covers := smallCovers(n, m, k)
			rng.Shuffle(len(covers), func(i, j int) { covers[i], covers[j] = covers[j], covers[i] })
			for _, cover := range covers[:min(len(covers), 150)] {
				for mask := 1; mask < 1<<k-1; mask++ {
					var placed, toCome []int
					for i, s := range cover {
						if mask>>i&1 == 1 {
							placed = append(placed, s)
						} else {
							toCome = append(toCome, s)
						}
					}
					if len(toCome) > 4 {
						continue
					}
					U, A := ringNode(d, placed)
					if d.ringCut(len(toCome), U, A) {
						t.Fatalf("%dx%d: the queens %v cut with %d to come, but %v cover the rest", n, m, placed, len(toCome), toCome)
					}
					for _, s := range toCome {
						if !d.has(A, s) {
							t.Fatalf("%dx%d: the queens %v drop square %d, but %v cover the rest", n, m, placed, s, toCome)
						}
					}
					checked++
				}
			}
		}
	}
	if checked < 1000 {
		t.Fatalf("only %d nodes checked", checked)
	}
}

// TestRingCutSound: at nodes of full boards up to 8 x 8 near covers (the
// queens placed are part of a cover of gamma or gamma+1 queens, one of
// them moved at random), a node the ring cuts has no cover by brute
// force, and a square it drops is in no cover; the cuts and drops must
// also happen (the test would pass on a ring that never cuts).
func TestRingCutSound(t *testing.T) {
	rng := rand.New(rand.NewPCG(20, 34))
	cuts, drops := 0, 0
	for _, size := range [][2]int{{6, 6}, {7, 7}, {8, 8}, {6, 8}, {8, 7}} {
		n, m := size[0], size[1]
		lines := squareLines(n, m)
		g := fullBoardGamma(n, m)
		d := newQueensDFS(fullQueens(n, m), false)
		covers := [][][]int{smallCovers(n, m, g), smallCovers(n, m, g+1)}
		for trial := 0; trial < 400; trial++ {
			cs := covers[rng.IntN(2)]
			cover := cs[rng.IntN(len(cs))]
			left := 1 + rng.IntN(min(3, len(cover)-1))
			placed := nearCover(rng, cover, left, n*m)
			U, A := ringNode(d, placed)
			before := append([]uint64(nil), A...)
			u := U[0]
			if d.ringCut(left, U, A) {
				cuts++
				if canCover(lines, u, left, -1) {
					t.Fatalf("%dx%d: the queens %v cut with %d to come, but brute force covers the rest", n, m, placed, left)
				}
				continue
			}
			for word := before[0] &^ A[0]; word != 0; word &= word - 1 {
				s := bits.TrailingZeros64(word)
				drops++
				if canCover(lines, u, left, s) {
					t.Fatalf("%dx%d: the queens %v drop square %d with %d to come, but brute force covers the rest with it", n, m, placed, s, left)
				}
			}
		}
	}
	// Larger boards, two queens to come at most, near the covers the
	// search finds (without the ring) and their images.
	for _, n := range []int{10, 11, 12} {
		q := fullQueens(n, n)
		res, err := SolveQueens(q, QueensOptions{NoRing: true})
		if err != nil {
			t.Fatal(err)
		}
		d := newQueensDFS(q, false)
		for trial := 0; trial < 150; trial++ {
			g := q.Symmetries()[rng.IntN(len(q.Symmetries()))]
			var cover []int
			for _, sq := range res.Placement {
				img := g.Map(sq)
				cover = append(cover, img.Row*n+img.Col)
			}
			if trial%2 == 1 {
				cover = append(cover, rng.IntN(n*n))
			}
			left := 1 + rng.IntN(2)
			placed := nearCover(rng, cover, left, n*n)
			U, A := ringNode(d, placed)
			before := append([]uint64(nil), A...)
			kept := append([]uint64(nil), U...)
			if d.ringCut(left, U, A) {
				cuts++
				if d.bruteCover(kept, left, -1) {
					t.Fatalf("%dx%d: the queens %v cut with %d to come, but brute force covers the rest", n, n, placed, left)
				}
				continue
			}
			for s := 0; s < n*n; s++ {
				if d.has(before, s) && !d.has(A, s) {
					drops++
					if d.bruteCover(kept, left, s) {
						t.Fatalf("%dx%d: the queens %v drop square %d with %d to come, but brute force covers the rest with it", n, n, placed, s, left)
					}
				}
			}
		}
	}
	if cuts < 50 || drops < 100 {
		t.Fatalf("the ring cut %d nodes and dropped %d squares: too few to test", cuts, drops)
	}
	t.Logf("%d cuts, %d drops checked", cuts, drops)
}

// nearCover returns the queens of cover but left of them, chosen at
// random, one of those moved to a random square of the board.
func nearCover(rng *rand.Rand, cover []int, left, squares int) []int {
	k := len(cover)
	placed := make([]int, 0, k)
	for _, i := range rng.Perm(k)[:k-left] {
		placed = append(placed, cover[i])
	}
	placed[rng.IntN(len(placed))] = rng.IntN(squares)
	return placed
}

// bruteCover reports, trying every pair of squares at most, whether k <= 2
// queens (one on must when must >= 0) cover U.
func (d *queensDFS) bruteCover(U []uint64, k, must int) bool {
	W := d.w
	rest := func(u []uint64, s int) []uint64 {
		out := make([]uint64, W)
		for i := range out {
			out[i] = u[i] &^ d.cover[s*W+i]
		}
		return out
	}
	if must >= 0 {
		return d.bruteCover(rest(U, must), k-1, -1)
	}
	if popcount(U) == 0 {
		return true
	}
	if k == 0 {
		return false
	}
	for s := 0; s < d.squares; s++ {
		if d.bruteCover(rest(U, s), k-1, -1) {
			return true
		}
	}
	return false
}

// TestQueensRingKeepsAnswers: the search with the ring and without it
// (ring=false) give the same fewest queens, each placement verified, on
// full boards up to 14 x 14, full rectangles, and the parts of split
// full boards.
func TestQueensRingKeepsAnswers(t *testing.T) {
	var cases []*instances.Queens
	for n := 4; n <= 14; n++ {
		cases = append(cases, fullQueens(n, n))
	}
	for _, size := range [][2]int{{9, 12}, {11, 7}, {10, 13}} {
		cases = append(cases, fullQueens(size[0], size[1]))
	}
	for _, n := range []int{11, 13, 14} {
		parts, err := instances.SplitQueens(fullQueens(n, n), 16, gammaQ[n]-1, nil)
		if err != nil {
			t.Fatal(err)
		}
		cases = append(cases, parts...)
	}
	for i, q := range cases {
		t.Run(fmt.Sprintf("%d/%dx%d", i, q.Rows, q.Cols), func(t *testing.T) {
			var got [2]QueensResult
			for j, opt := range []QueensOptions{{}, {NoRing: true}} {
				res, err := SolveQueens(q, opt)
				if err != nil {
					t.Fatal(err)
				}
				if !res.None {
					if err := instances.VerifyQueens(q, res.Placement); err != nil {
						t.Fatalf("%+v: %v", opt, err)
					}
				}
				got[j] = res
			}
			if got[0].None != got[1].None || len(got[0].Placement) != len(got[1].Placement) {
				t.Fatalf("ring: none=%v %d queens; without: none=%v %d queens", got[0].None, len(got[0].Placement), got[1].None, len(got[1].Placement))
			}
		})
	}
}
