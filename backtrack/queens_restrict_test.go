package backtrack

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/gridsat/gridsat/instances"
)

// splitBoards are the boards the split tests run on: all-X boards, square
// and oblong, and random X-boards.
func splitBoards() []*instances.Queens {
	var qs []*instances.Queens
	for _, nm := range [][2]int{{4, 4}, {5, 5}, {6, 6}, {7, 7}, {8, 8}, {9, 9}, {10, 10}, {5, 8}, {7, 4}} {
		qs = append(qs, fullQueens(nm[0], nm[1]))
	}
	rng := rand.New(rand.NewPCG(23, 4))
	for i := 0; i < 8; i++ {
		q, err := instances.GenerateQueens(rng, 4+rng.IntN(5), 4+rng.IntN(5), 0.2+0.6*rng.Float64())
		if err != nil {
			panic(err)
		}
		qs = append(qs, q)
	}
	return qs
}

// TestSolveQueensParts splits each board into parts, solves every part and
// checks that each answer passes the verifier (restriction included) and
// that the least of them is the unsplit answer; a bound below the optimum
// leaves every part without a placement.
func TestSolveQueensParts(t *testing.T) {
	for bi, q := range splitBoards() {
		whole, err := SolveQueens(q, QueensOptions{})
		if err != nil {
			t.Fatal(err)
		}
		opt := len(whole.Placement)
		for _, tc := range []struct {
			jobs, bound int
			cover       bool
		}{{1, opt, false}, {7, opt + 1, false}, {64, opt, false}, {16, opt - 1, false}, {11, -1, true}} {
			var cover []instances.Square
			if tc.cover {
				cover = instances.QueensGreedy(q) // the parts look for fewer
			} else if tc.bound < 0 {
				continue
			}
			t.Run(fmt.Sprintf("board%d_%s/jobs=%d/bound=%d", bi, q.Size(), tc.jobs, tc.bound), func(t *testing.T) {
				parts, err := instances.SplitQueens(q, tc.jobs, tc.bound, cover)
				if err != nil {
					t.Fatal(err)
				}
				best := -1
				for _, p := range parts {
					res, err := SolveQueens(p, QueensOptions{})
					if err != nil {
						t.Fatal(err)
					}
					plain, err := SolveQueens(p, QueensOptions{NoSymmetry: true})
					if err != nil {
						t.Fatal(err)
					}
					if plain.None != res.None || len(plain.Placement) != len(res.Placement) {
						t.Fatalf("%s: %d queens (none %v) with symmetry, %d (none %v) without", p.Part.Name(), len(res.Placement), res.None, len(plain.Placement), plain.None)
					}
					if res.None {
						continue
					}
					if err := instances.VerifyQueens(p, res.Placement); err != nil {
						t.Fatalf("%s: %v", p.Part.Name(), err)
					}
					if best < 0 || len(res.Placement) < best {
						best = len(res.Placement)
					}
				}
				want := opt
				if tc.cover && best < 0 {
					best = len(cover) // no part has fewer: the cover's size
				} else if tc.bound < opt && !tc.cover {
					want = -1
				}
				if best != want {
					t.Fatalf("%d parts: joined answer %d, unsplit %d (bound %d)", len(parts), best, opt, tc.bound)
				}
			})
		}
	}
}
