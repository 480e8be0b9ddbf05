package backtrack

import (
	"math/rand/v2"
	"testing"

	"github.com/gridsat/gridsat/instances"
)

// walkShare is diagonalShare written out: walk each diagonal of s both
// ways, counting squares in free rows and columns, at most two a diagonal.
func walkShare(n, m, s int, rows, cols uint64) int {
	r0, c0 := s/m, s%m
	total := 0
	for _, dc := range []int{1, -1} {
		cnt := 0
		for _, sign := range []int{1, -1} {
			for r, c := r0+sign, c0+sign*dc; r >= 0 && r < n && c >= 0 && c < m; r, c = r+sign, c+sign*dc {
				if rows>>r&1 == 0 && cols>>c&1 == 0 {
					cnt++
				}
			}
		}
		total += min(cnt, 2)
	}
	return total
}

func TestDiagonalShareMatchesWalk(t *testing.T) {
	rng := rand.New(rand.NewPCG(23, 3))
	for _, size := range [][2]int{{1, 1}, {1, 5}, {5, 1}, {4, 7}, {8, 8}, {19, 19}, {20, 13}, {64, 64}, {63, 64}} {
		n, m := size[0], size[1]
		d := newQueensDFS(fullQueens(n, m), false)
		for i := 0; i < 300; i++ {
			s := rng.IntN(n * m)
			rows := rng.Uint64()&rng.Uint64() | 1<<(s/m)
			cols := rng.Uint64()&rng.Uint64() | 1<<(s%m)
			if i%3 == 0 {
				rows, cols = 1<<(s/m), 1<<(s%m)
			}
			if got, want := d.diagonalShare(s, rows, cols), walkShare(n, m, s, rows, cols); got != want {
				t.Fatalf("%dx%d square %d rows %b cols %b: share %d, walk %d", n, m, s, rows, cols, got, want)
			}
			// borderFilter's counts: the diagonals' free squares, s's
			// own row and column left as they are.
			rows, cols = rows&^(1<<(s/m)*uint64(i%2)), cols&^(1<<(s%m)*uint64(i%2))
			d.freeDiagonals(rows, cols)
			own := int32(0)
			if rows>>(s/m)&1 == 0 && cols>>(s%m)&1 == 0 {
				own = 1
			}
			r, c := s/m, s%m
			got := int(min(2, d.diagFree[r-c+m-1]-own) + min(2, d.antiFree[r+c]-own))
			if want := walkShare(n, m, s, rows|1<<r, cols|1<<c); got != want {
				t.Fatalf("%dx%d square %d rows %b cols %b: counted %d, walk %d", n, m, s, rows, cols, got, want)
			}
		}
	}
}

// fullBoardGamma is the test's own count of the fewest queens covering a
// full n x m board of at most 64 squares: every placement of 0, 1, 2, ...
// queens is tried, with each square's lines as a word of bits.
func fullBoardGamma(n, m int) int {
	lines := squareLines(n, m)
	all := uint64(1)<<(n*m) - 1
	if n*m == 64 {
		all = ^uint64(0)
	}
	var pick func(start, left int, covered uint64) bool
	pick = func(start, left int, covered uint64) bool {
		if covered == all {
			return true
		}
		if left == 0 {
			return false
		}
		for s := start; s < n*m; s++ {
			if pick(s+1, left-1, covered|lines[s]) {
				return true
			}
		}
		return false
	}
	for k := 0; ; k++ {
		if pick(0, k, 0) {
			return k
		}
	}
}

// Full rectangles up to 8 x 8, where the border argument and its square
// filter prune every node: each option variant's answer is verified and
// must have the brute-force size.
func TestSolveQueensFullRectanglesMatchBitBrute(t *testing.T) {
	for n := 1; n <= 8; n++ {
		for m := 1; m <= 8; m++ {
			want := fullBoardGamma(n, m)
			q := fullQueens(n, m)
			for _, opt := range queensVariants {
				res, err := SolveQueens(q, opt)
				if err != nil {
					t.Fatal(err)
				}
				if err := instances.VerifyQueens(q, res.Placement); err != nil || len(res.Placement) != want {
					t.Errorf("%dx%d %+v: %d queens (%v), brute force says %d", n, m, opt, len(res.Placement), err, want)
				}
			}
		}
	}
}
