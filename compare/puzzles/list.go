// Package puzzles holds gridsat's puzzles as compare's registry sees
// them: one file per puzzle (slant.go, queens.go, chain.go), the same
// shape in each, adapting the puzzle's model (instances), its DFS solver
// (backtrack) and its SAT encoding (encode) to a compare.Puzzle, and the
// explicit list below, which registers them when the package is imported.
// Adding a puzzle is one file here and one line in List.
package puzzles

import (
	"fmt"

	"github.com/gridsat/gridsat/compare"
)

// List is every puzzle of gridsat, in this one explicit list: a puzzle is
// its file's entry here, and nothing else names it.
func List() []*compare.Puzzle {
	return []*compare.Puzzle{
		slantEntry(),
		queensEntry(),
		chainEntry(),
	}
}

func init() {
	for _, p := range List() {
		if _, err := compare.Register(p); err != nil {
			panic(fmt.Sprintf("puzzles: %v", err))
		}
	}
}
