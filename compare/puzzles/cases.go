package puzzles

import (
	"fmt"
	"io"

	"github.com/gridsat/gridsat/instances"
)

// caseParser adapts a puzzle's typed parser to Puzzle.Parse.
func caseParser[T instances.Case](parse func(file string, r io.Reader) ([]T, error)) func(string, io.Reader) ([]instances.Case, error) {
	return func(file string, r io.Reader) ([]instances.Case, error) {
		typed, err := parse(file, r)
		cases := make([]instances.Case, len(typed))
		for i, c := range typed {
			cases[i] = c
		}
		return cases, err
	}
}

// caseAs returns c as puzzle's own case type T.
func caseAs[T instances.Case](puzzle string, c instances.Case) (T, error) {
	t, ok := c.(T)
	if !ok {
		var zero T
		return zero, fmt.Errorf("%s: case is a %T, not a %s board", puzzle, c, puzzle)
	}
	return t, nil
}
