package encode

import (
	"math/rand"
	"testing"

	"github.com/gridsat/gridsat/instances"
)

// TestChainPairingLookahead: augment's look at the free partners next to
// each 0-cell changes the order of the search, never its answer: on
// random K=2 boards (planted and swapped) after random walks, the pairing
// with it and without it (plain) agree, and so does a pairer reused from
// walk to walk and board to board (as the lexicographic search reuses
// one); both answers occur.
func TestChainPairingLookahead(t *testing.T) {
	rng := rand.New(rand.NewSource(25))
	seen := [2]int{}
	reused := &chainPairer{}
	var c *instances.Chain
	for i := 0; i < 900; i++ {
		if i%3 == 0 || i < 3 {
			var err error
			if c, _, err = instances.GenerateChain(rng, instances.ChainGenOptions{N: 2 + rng.Intn(9), K: 2, Swap: i%2 == 1}); err != nil {
				t.Fatal(err)
			}
		}
		walk := instances.NewChainWalk(c)
		for steps := rng.Intn(c.N * c.N); steps > 0 && !walk.Complete(); steps-- {
			var dirs []int
			for d := 0; d < 8; d++ {
				if _, ok := walk.CanStep(d); ok {
					dirs = append(dirs, d)
				}
			}
			if len(dirs) == 0 {
				break
			}
			walk.Step(dirs[rng.Intn(len(dirs))])
		}
		if walk.Complete() {
			continue
		}
		fast := newChainPairer(c, walk).fill() < 0
		p := newChainPairer(c, walk)
		p.plain = true
		if plain := p.fill() < 0; plain != fast {
			t.Fatalf("board %d after %d steps: pairable %v with the lookahead, %v without", i, walk.Len(), fast, plain)
		}
		if again := chainPairingAfter(c, walk, reused); again != fast {
			t.Fatalf("board %d after %d steps: pairable %v, %v with a pairer reused", i, walk.Len(), fast, again)
		}
		if fast {
			seen[1]++
		} else {
			seen[0]++
		}
	}
	if seen[0] == 0 || seen[1] == 0 {
		t.Errorf("pairable %d, not %d: the boards miss a case", seen[1], seen[0])
	}
}
