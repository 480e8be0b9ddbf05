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
	if !(density >= 0 && density <= 1) { // NaN too
		return nil, fmt.Errorf("target density %g is outside 0..1", density)
	}
	q := NewQueens(rows, cols)
	for i := range q.Target {
		q.Target[i] = density >= 1 || rng.Float64() < density
	}
	return q, nil
}

// Symmetrize makes q's target set closed under the board symmetries named
// in keep (QueensSymmetry names) and whatever they generate: every image of
// a target becomes a target. A random board made so keeps those symmetries
// and usually breaks the others, which is where symmetry breaking is easy
// to get wrong. Names that are not symmetries of q's shape ("transpose" on
// an oblong board) are skipped; unknown names are an error.
func (q *Queens) Symmetrize(keep ...string) error {
	known := map[string]bool{}
	for _, g := range NewQueens(2, 2).fullSymmetries() {
		known[g.Name] = true
	}
	var gens []QueensSymmetry
	for _, name := range keep {
		if !known[name] {
			return fmt.Errorf("no board symmetry is called %q", name)
		}
		for _, g := range q.fullSymmetries() {
			if g.Name == name {
				gens = append(gens, g)
			}
		}
	}
	for changed := true; changed; {
		changed = false
		for s, on := range q.Target {
			if !on {
				continue
			}
			for _, g := range gens {
				img := g.Map(Square{Row: s / q.Cols, Col: s % q.Cols})
				if i := img.Row*q.Cols + img.Col; !q.Target[i] {
					q.Target[i], changed = true, true
				}
			}
		}
	}
	return nil
}

// fullSymmetries returns every symmetry of q's shape, targets aside.
func (q *Queens) fullSymmetries() []QueensSymmetry {
	full := NewQueens(q.Rows, q.Cols)
	for i := range full.Target {
		full.Target[i] = true
	}
	return full.Symmetries()
}
