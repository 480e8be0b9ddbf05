package puzzles

import (
	"fmt"
	"strings"
	"testing"

	"github.com/gridsat/gridsat/instances"
)

// queensBoundBy names a bound only when it shows that answer-1 queens
// cannot cover, and its share bound is exact (rationals): a bound that
// does not settle the answer names nothing, so the answer needs a proof.
func TestQueensBoundBy(t *testing.T) {
	tests := []struct {
		board  string
		answer int
		want   string
	}{
		{"8 8\n" + strings.Repeat("XXXXXXXX\n", 8), 4, boundSpencer},
		{"8 8\n" + strings.Repeat("XXXXXXXX\n", 8), 5, ""},
		{"2 2\nXX\nXX\n", 1, boundSpencer},
		{"9 9\n" + strings.Repeat("XXXXXXXXX\n", 9), 4, boundSpencer},
		{"9 9\n" + strings.Repeat("XXXXXXXXX\n", 9), 5, boundWeakley},
		{"9 9\n" + strings.Repeat("XXXXXXXXX\n", 9), 6, ""},
		{"11 11\n" + strings.Repeat("XXXXXXXXXXX\n", 11), 6, ""}, // 11 = 3 mod 4: gamma(Q_11) = 5
		{"11 11\n" + strings.Repeat("XXXXXXXXXXX\n", 11), 5, boundSpencer},
		{"3 3\nXXX\nXXX\nXXX\n", 1, boundSpencer}, // gamma(Q_3) = 1 = (3-1)/2
		{"3 3\nXXX\nXXX\nXXX\n", 2, ""},
		{"7 7\n" + strings.Repeat("XXXXXXX\n", 7), 3, boundSpencer},
		{"7 7\n" + strings.Repeat("XXXXXXX\n", 7), 4, boundFinozhenok},
		{"7 7\n" + strings.Repeat("XXXXXXX\n", 7), 5, ""},
		{"15 15\n" + strings.Repeat("XXXXXXXXXXXXXXX\n", 15), 8, boundFinozhenok},
		{"15 15\n" + strings.Repeat("XXXXXXXXXXXXXXX\n", 15), 9, ""},
		{"13 13\n" + strings.Repeat("XXXXXXXXXXXXX\n", 13), 7, boundWeakley},
		// Issue 29's board: the bounds say 2, the optimum is 3.
		{"6 6\nXX....\n..X.X.\nX..X..\nX..XX.\nXXX.X.\nX..X.X\n", 2, boundReach},
		{"6 6\nXX....\n..X.X.\nX..X..\nX..XX.\nXXX.X.\nX..X.X\n", 3, ""},
		{"6 6\n.XXXX.\n..X...\nX...XX\n......\n..XX..\n.....X\n", 2, boundReach},
		{"6 6\n.XXXX.\n..X...\nX...XX\n......\n..XX..\n.....X\n", 3, ""},
		{"3 3\nX..\n...\n..X\n", 1, boundReach}, // no cover of 0 queens
		{"3 3\nX..\n...\n..X\n", 2, ""},
	}
	for _, tt := range tests {
		qs, err := instances.ParseQueens("t.txt", strings.NewReader(tt.board+"0\n"))
		if err != nil || len(qs) != 1 {
			t.Fatal(err)
		}
		if got := queensBoundBy(qs[0], tt.answer); got != tt.want {
			t.Errorf("%q, answer %d: %q, want %q", tt.board, tt.answer, got, tt.want)
		}
	}
}

// A part of a full square board is settled by the theorems too: its
// placements, forced queens included, cover the whole board. The parts
// of Q_n looking for at most b queens, none found (answer b+1).
func TestQueensBoundByParts(t *testing.T) {
	full := func(n int) *instances.Queens {
		qs, err := instances.ParseQueens("t.txt", strings.NewReader(fmt.Sprintf("%d %d\n", n, n)+strings.Repeat(strings.Repeat("X", n)+"\n", n)+"0\n"))
		if err != nil {
			t.Fatal(err)
		}
		return qs[0]
	}
	tests := []struct {
		n, bound int
		want     string
	}{
		{8, 3, boundSpencer},
		{9, 4, boundWeakley},
		{7, 3, boundFinozhenok},
		{11, 4, boundSpencer},
		{8, 4, ""}, // gamma(Q_8) = 5: no theorem says so
		{11, 5, ""},
	}
	for _, tt := range tests {
		parts, err := instances.SplitQueens(full(tt.n), 6, tt.bound, nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range parts {
			got := queensBoundBy(p, tt.bound+1)
			if tt.want != "" && got != tt.want || tt.want == "" && (got == boundSpencer || got == boundWeakley || got == boundFinozhenok) {
				t.Errorf("Q_%d, %s: %q, want %q", tt.n, p.Part.Name(), got, tt.want)
			}
		}
	}
}
