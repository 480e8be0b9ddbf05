package encode

import (
	"math/rand/v2"
	"testing"

	"github.com/gridsat/gridsat/encode/sat"
	"github.com/gridsat/gridsat/instances"
)

// TestSolveSlantParts: on small boards cut into parts, the SAT solver with
// unique=true finds a solution of each part that has one and a second
// exactly when brute force counts two, each verified against the part
// (its fixed cells included), and says unsatisfiable for a part with none.
func TestSolveSlantParts(t *testing.T) {
	rng := rand.New(rand.NewPCG(19, 6))
	var boards []*instances.Slant
	for i := 0; i < 24; i++ {
		boards = append(boards, instances.SmallSlant(rng, i%2 == 0))
	}
	boards = append(boards, instances.NewSlant(3, 4))
	seen := map[int]int{}
	for bi, b := range boards {
		for _, jobs := range []int{1, 3, 8} {
			parts, err := instances.SplitSlant(b, jobs)
			if err != nil {
				t.Fatal(err)
			}
			for _, p := range parts {
				want, err := instances.BruteSlant(p, 2)
				if err != nil {
					t.Fatal(err)
				}
				seen[want]++
				o := DefaultSlantOptions()
				o.Unique = true
				res, err := SolveSlant(p, o)
				if err != nil {
					t.Fatal(err)
				}
				got := 0
				for _, sol := range [][]byte{res.Solution, res.Second} {
					if sol == nil {
						continue
					}
					got++
					if err := instances.VerifySlant(p, sol); err != nil {
						t.Fatalf("board %d, %s: %v", bi, p.Part.Name(), err)
					}
				}
				if got != want || (want == 0) != (res.Status == sat.Unsatisfiable) {
					t.Fatalf("board %d, %s: %v with %d solutions, brute force %d", bi, p.Part.Name(), res.Status, got, want)
				}
			}
		}
	}
	if seen[0] == 0 || seen[1] == 0 || seen[2] == 0 {
		t.Fatalf("parts by solutions (0, 1, more): %v, want each", seen)
	}
}
