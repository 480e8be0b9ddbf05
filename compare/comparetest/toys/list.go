package toys

import "github.com/gridsat/gridsat/compare"

// List is every toy puzzle, one line each: a toy is its file and its line
// here.
func List() []*compare.Puzzle {
	return []*compare.Puzzle{
		Coin(),
		Bare(),
	}
}
