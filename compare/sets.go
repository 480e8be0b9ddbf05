package compare

import (
	"slices"

	"github.com/gridsat/gridsat/instances"
)

// Case is one puzzle instance, whatever the puzzle (instances.Case): the
// command line handles cases through the registry, knowing no puzzle's
// model.
type Case = instances.Case

// Set is a bundled instance set (instances.Set): "slant/ladder".
type Set = instances.Set

// Sets lists the bundled sets of the registered puzzle called puzzle, or of
// every registered puzzle when puzzle is "", sorted.
func Sets(puzzle string) []Set {
	names := PuzzleNames()
	return slices.DeleteFunc(instances.Sets(puzzle), func(s Set) bool { return !slices.Contains(names, s.Puzzle) })
}

// ReadSet returns the text of bundled set s.
func ReadSet(s Set) ([]byte, error) { return instances.ReadSet(s.Path) }
