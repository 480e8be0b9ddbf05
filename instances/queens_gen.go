package instances

import (
	"fmt"
	"math/rand/v2"
)

// GenerateQueens makes a rows x cols queens board whose squares are targets
// independently with probability density (1 gives a full board, the queen
// domination problem). The same rng state always gives the same board.
func GenerateQueens(rng *rand.Rand, rows, cols int, density float64) (*Queens, error) {
	if rows < QueensMinSize || rows > QueensMaxSize || cols < QueensMinSize || cols > QueensMaxSize {
		return nil, fmt.Errorf("queens board %dx%d is out of range %d..%d", rows, cols, QueensMinSize, QueensMaxSize)
	}
	if density < 0 || density > 1 {
		return nil, fmt.Errorf("target density %g is outside 0..1", density)
	}
	q := NewQueens(rows, cols)
	for i := range q.Target {
		q.Target[i] = density >= 1 || rng.Float64() < density
	}
	return q, nil
}
