package instances

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// uncoveredByPairs is Uncovered by its definition: every target against
// every queen.
func uncoveredByPairs(q *Queens, placement []Square) []Square {
	var left []Square
	for _, t := range q.Targets() {
		if !slices.ContainsFunc(placement, func(p Square) bool { return QueensAttack(p, t) }) {
			left = append(left, t)
		}
	}
	return left
}

// TestUncoveredByLines checks that Uncovered, which marks the queens'
// lines, gives what the pairwise definition gives, on random boards and
// placements, queens off the board included (their lines may cross it).
func TestUncoveredByLines(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	for trial := range 500 {
		q := NewQueens(1+rng.IntN(12), 1+rng.IntN(12))
		for i := range q.Target {
			q.Target[i] = rng.IntN(3) > 0
		}
		var placement []Square
		for range rng.IntN(6) {
			placement = append(placement, Square{rng.IntN(q.Rows+6) - 3, rng.IntN(q.Cols+6) - 3})
		}
		got, want := q.Uncovered(placement), uncoveredByPairs(q, placement)
		if !slices.Equal(got, want) {
			t.Fatalf("trial %d, %dx%d board, queens %v: Uncovered %v, want %v", trial, q.Rows, q.Cols, placement, got, want)
		}
	}
}

// BenchmarkParseQueensParts parses the 64 parts of gamma(Q_19)'s split
// with a cover (the greedy one), as every shard of a split run does
// (compare --shard reads the whole input).
func BenchmarkParseQueensParts(b *testing.B) {
	q := NewQueens(19, 19)
	for i := range q.Target {
		q.Target[i] = true
	}
	parts, err := SplitQueens(q, 64, 0, QueensGreedy(q))
	if err != nil {
		b.Fatal(err)
	}
	var buf strings.Builder
	if err := FormatQueens(&buf, parts); err != nil {
		b.Fatal(err)
	}
	text := buf.String()
	for b.Loop() {
		if _, err := ParseQueens("parts", strings.NewReader(text)); err != nil {
			b.Fatal(err)
		}
	}
}
