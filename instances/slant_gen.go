package instances

import (
	"fmt"
	"math/rand/v2"
)

// SlantCounter counts the solutions of a slant case, stopping at limit.
// The generator takes one as a parameter because solvers live in packages
// that import this one (compare passes the DFS, with a node budget).
type SlantCounter func(s *Slant, limit int) int

// RandomSlantFill returns a random loop-free filling of a W x H board
// (row-major '\' and '/'): cells are visited in random order and get a
// random diagonal, or the other one when the first would close a loop. In
// the rare case that both would, it starts over with a new order, and after
// a few tries falls back to row-major order, where a '\' never closes a
// loop (its bottom-right corner is still untouched).
func RandomSlantFill(rng *rand.Rand, w, h int) []byte {
	cells := make([]byte, w*h)
	s := NewSlant(w, h)
	uf := NewUnionFind(len(s.Clues))
	for attempt := 0; ; attempt++ {
		uf.Reset()
		order := rng.Perm(w * h)
		if attempt >= 8 {
			for i := range order {
				order[i] = i
			}
		}
		ok := true
		for _, i := range order {
			r, c := i/w, i%w
			d := byte(Back)
			if rng.IntN(2) == 1 {
				d = Forward
			}
			a, b := s.DiagonalCorners(r, c, d)
			if !uf.Union(a, b) {
				if d == Back {
					d = Forward
				} else {
					d = Back
				}
				a, b = s.DiagonalCorners(r, c, d)
				if !uf.Union(a, b) {
					ok = false
					break
				}
			}
			cells[i] = d
		}
		if ok {
			return cells
		}
	}
}

// GenerateSlant makes a W x H slant puzzle with exactly one solution,
// deterministically from rng: a random loop-free filling, every clue it
// implies, then (with minimize) the clues removed one by one in random
// order, each removal kept only while count still finds one solution. The
// result has a minimal clue set: removing any single remaining clue would
// allow a second solution. It returns the case and its solution; it fails
// if twenty fillings in a row are not unique even with all their clues.
func GenerateSlant(rng *rand.Rand, w, h int, minimize bool, count SlantCounter) (*Slant, []byte, error) {
	if err := CheckSlantSize(w, h); err != nil {
		return nil, nil, err
	}
	for try := 0; try < 20; try++ {
		cells := RandomSlantFill(rng, w, h)
		s := NewSlant(w, h)
		s.Clues = SlantClues(w, h, cells)
		if count(s, 2) != 1 {
			continue
		}
		if minimize {
			for _, p := range rng.Perm(len(s.Clues)) {
				v := s.Clues[p]
				s.Clues[p] = -1
				if count(s, 2) != 1 {
					s.Clues[p] = v
				}
			}
		}
		return s, cells, nil
	}
	return nil, nil, fmt.Errorf("no unique %dx%d slant puzzle in 20 random fillings", w, h)
}

// PlantSlant makes a random puzzle with at least one known solution: a
// random loop-free filling and each of its clues kept with probability
// density. The solution returned is one of possibly many.
func PlantSlant(rng *rand.Rand, w, h int, density float64) (*Slant, []byte) {
	cells := RandomSlantFill(rng, w, h)
	s := NewSlant(w, h)
	s.Clues = SlantClues(w, h, cells)
	for p := range s.Clues {
		if rng.Float64() >= density {
			s.Clues[p] = -1
		}
	}
	return s, cells
}

// SmallSlant makes a board of at most 4x3 cells, small enough for brute
// force (BruteSlant): planted (PlantSlant, a random clue density)
// when planted is set, else random clues up to 3 (RandomSlantClues).
func SmallSlant(rng *rand.Rand, planted bool) *Slant {
	w, h := 1+rng.IntN(4), 1+rng.IntN(3)
	if planted {
		s, _ := PlantSlant(rng, w, h, rng.Float64())
		return s
	}
	return RandomSlantClues(rng, w, h, 3)
}

// SlantGenOptions configure GenerateSlantDeduced.
type SlantGenOptions struct {
	// Solves reports whether a solver's deductions alone solve s, with
	// no guessing. It is the generator's only check: deductions are
	// sound, so a puzzle they solve has exactly one solution.
	Solves func(s *Slant) bool
	// TooEasy, when set, reports a finished puzzle as easier than wanted
	// (weaker deductions solve it too); the generator then starts over
	// with another filling, up to maxSlantGenTries times.
	TooEasy func(s *Slant) bool
	// AllClues keeps every clue (no removal).
	AllClues bool
	// Reduce, when set, does the removals: it must remove the clues at
	// the corners of order, in order, each while Solves would still solve
	// the puzzle, giving the same result as trying them one at a time
	// (backtrack.ReduceSlantClues does it faster than Solves can).
	Reduce func(s *Slant, order []int)
}

// maxSlantGenTries bounds the fillings GenerateSlantDeduced tries.
const maxSlantGenTries = 100

// GenerateSlantDeduced makes a W x H slant puzzle the way Simon Tatham's
// generator does: a random loop-free filling and all its clues (always
// solved by deduction), then the clues removed in random order, each
// removal kept while o.Solves still solves the puzzle; the obvious
// starting points (0s, 4s, 2s on the border, 1s in the board's corners)
// are tried first, so that few of them stay. The result has exactly one
// solution and no clue whose removal o.Solves would survive. Removals
// are tried in growing groups, which gives the same puzzle as trying
// them one by one (deductions only get weaker as clues go) with fewer
// calls. It returns the case and its solution.
func GenerateSlantDeduced(rng *rand.Rand, w, h int, o SlantGenOptions) (*Slant, []byte, error) {
	if err := CheckSlantSize(w, h); err != nil {
		return nil, nil, err
	}
	for try := 0; try < maxSlantGenTries; try++ {
		cells := RandomSlantFill(rng, w, h)
		s := NewSlant(w, h)
		s.Clues = SlantClues(w, h, cells)
		if !o.Solves(s) {
			return nil, nil, fmt.Errorf("the deductions do not solve a %dx%d board with every clue", w, h)
		}
		if o.AllClues {
			return s, cells, nil
		}
		order := rng.Perm(len(s.Clues))
		var first, rest []int
		for _, p := range order {
			if obviousSlantClue(s, p) {
				first = append(first, p)
			} else {
				rest = append(rest, p)
			}
		}
		if o.Reduce != nil {
			o.Reduce(s, append(first, rest...))
		} else {
			removeSlantClues(s, append(first, rest...), o.Solves)
		}
		if o.TooEasy != nil && o.TooEasy(s) {
			continue
		}
		return s, cells, nil
	}
	return nil, nil, fmt.Errorf("no %dx%d slant puzzle of the difficulty asked in %d fillings", w, h, maxSlantGenTries)
}

// obviousSlantClue reports whether the clue at corner p is an obvious
// starting point: a 0 or 4, a 2 on the border, a 1 in a board corner.
func obviousSlantClue(s *Slant, p int) bool {
	r, c := p/(s.W+1), p%(s.W+1)
	xb, yb := c == 0 || c == s.W, r == 0 || r == s.H
	switch s.Clues[p] {
	case 0, 4:
		return true
	case 2:
		return xb || yb
	case 1:
		return xb && yb
	}
	return false
}

// removeSlantClues removes the clues at the corners of order, in order,
// each while solves still solves s. Groups of removals are tried at once,
// doubling after a success and halving after a failure, down to the
// single clue that must stay.
func removeSlantClues(s *Slant, order []int, solves func(*Slant) bool) {
	saved := make([]int8, len(order))
	k := 1
	for i := 0; i < len(order); {
		chunk := order[i:min(i+k, len(order))]
		for j, p := range chunk {
			saved[j] = s.Clues[p]
			s.Clues[p] = -1
		}
		if solves(s) {
			i += len(chunk)
			k *= 2
			continue
		}
		for j, p := range chunk {
			s.Clues[p] = saved[j]
		}
		if len(chunk) == 1 {
			i++ // this clue stays
			k = 1
			continue
		}
		k = len(chunk) / 2
	}
}

// RandomSlantClues returns a w x h board whose corners each get, with
// probability 1/3, a clue drawn from 0..maxClue: boards that are often
// unsolvable or have many solutions, for checking solvers and deductions
// against brute force where contradictions are common.
func RandomSlantClues(rng *rand.Rand, w, h, maxClue int) *Slant {
	s := NewSlant(w, h)
	for p := range s.Clues {
		if rng.IntN(3) == 0 {
			s.Clues[p] = int8(rng.IntN(maxClue + 1))
		}
	}
	return s
}
