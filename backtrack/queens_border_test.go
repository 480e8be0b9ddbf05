package backtrack

import (
	"math/rand/v2"
	"testing"
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
		}
	}
}
