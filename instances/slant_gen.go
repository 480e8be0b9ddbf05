package instances

import (
	"fmt"
	"math/rand/v2"
)

// SlantCounter counts the solutions of a slant case, stopping at limit.
// The generator takes one as a parameter because solvers live in packages
// that import this one (backtrack.CountSlant is the usual choice).
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
	if w < 1 || h < 1 || w > MaxSlantSize || h > MaxSlantSize {
		return nil, nil, fmt.Errorf("slant size %dx%d out of range 1..%d", w, h, MaxSlantSize)
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
