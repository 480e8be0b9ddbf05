package instances

import (
	"math/rand/v2"
	"testing"
)

// bruteSolves stands in for a deduction solver on tiny boards: it
// "solves" a puzzle exactly when it has one solution.
func bruteSolves(s *Slant) bool { return bruteCountSlant(s, 2) == 1 }

func TestGenerateSlantDeduced(t *testing.T) {
	for _, sz := range [][2]int{{2, 2}, {3, 3}, {4, 3}} {
		rng := rand.New(rand.NewPCG(3, uint64(sz[0])))
		calls := 0
		solves := func(s *Slant) bool { calls++; return bruteSolves(s) }
		s, sol, err := GenerateSlantDeduced(rng, sz[0], sz[1], SlantGenOptions{Solves: solves})
		if err != nil {
			t.Fatal(err)
		}
		if err := VerifySlant(s, sol); err != nil {
			t.Fatalf("%s: solution invalid: %v", s.Size(), err)
		}
		if n := bruteCountSlant(s, 3); n != 1 {
			t.Fatalf("%s: %d solutions", s.Size(), n)
		}
		// Minimal for the check: removing any clue left fails it.
		for p, v := range s.Clues {
			if v < 0 {
				continue
			}
			s.Clues[p] = -1
			if bruteSolves(s) {
				t.Errorf("%s: clue at corner %d could go", s.Size(), p)
			}
			s.Clues[p] = v
		}
		// The same as removing the clues one at a time.
		rng2 := rand.New(rand.NewPCG(3, uint64(sz[0])))
		cells := RandomSlantFill(rng2, sz[0], sz[1])
		one := NewSlant(sz[0], sz[1])
		one.Clues = SlantClues(sz[0], sz[1], cells)
		var first, rest []int
		for _, p := range rng2.Perm(len(one.Clues)) {
			if obviousSlantClue(one, p) {
				first = append(first, p)
			} else {
				rest = append(rest, p)
			}
		}
		for _, p := range append(first, rest...) {
			v := one.Clues[p]
			one.Clues[p] = -1
			if !bruteSolves(one) {
				one.Clues[p] = v
			}
		}
		if SlantGameID(one) != SlantGameID(s) {
			t.Errorf("%s: grouped removal %s, one by one %s", s.Size(), SlantGameID(s), SlantGameID(one))
		}
	}
	// TooEasy that refuses everything: an error after the tries.
	rng := rand.New(rand.NewPCG(1, 1))
	if _, _, err := GenerateSlantDeduced(rng, 2, 2, SlantGenOptions{Solves: bruteSolves, TooEasy: func(*Slant) bool { return true }}); err == nil {
		t.Error("no error when every puzzle is too easy")
	}
	if _, _, err := GenerateSlantDeduced(rng, 0, 3, SlantGenOptions{Solves: bruteSolves}); err == nil {
		t.Error("size 0x3 accepted")
	}
	s, _, err := GenerateSlantDeduced(rng, 3, 2, SlantGenOptions{Solves: bruteSolves, AllClues: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range s.Clues {
		if v < 0 {
			t.Fatal("AllClues left a corner empty")
		}
	}
}

func TestRandomSlantClues(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 4))
	clues, corners := 0, 0
	for k := 0; k < 200; k++ {
		s := RandomSlantClues(rng, 1+rng.IntN(5), 1+rng.IntN(5), 2)
		for _, c := range s.Clues {
			corners++
			if c >= 0 {
				clues++
			}
			if c < -1 || c > 2 {
				t.Fatalf("clue %d outside 0..2", c)
			}
		}
	}
	if share := float64(clues) / float64(corners); share < 0.25 || share > 0.42 {
		t.Errorf("%.2f of the corners have clues, want about 1/3", share)
	}
}
