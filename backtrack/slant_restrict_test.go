package backtrack

import (
	"math/rand/v2"
	"testing"

	"github.com/gridsat/gridsat/instances"
)

// TestSolveSlantParts: on small boards cut into parts, the DFS (under
// each option that changes its search) finds, for uniqueness, as many
// solutions of each part as brute force counts (up to two), each of them
// verified against the part (its fixed cells included).
func TestSolveSlantParts(t *testing.T) {
	rng := rand.New(rand.NewPCG(17, 4))
	var boards []*instances.Slant
	for i := 0; i < 24; i++ {
		boards = append(boards, instances.SmallSlant(rng, i%2 == 0))
	}
	boards = append(boards, instances.NewSlant(3, 4))
	opts := []SlantOptions{{}, {NoLearn: true}, {NoRegions: true}, {Probe: true}, {Deduce: SlantDeduceBasic}}
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
				for _, o := range opts {
					o.Limit = 2
					res := SolveSlant(p, o)
					if !res.Complete || len(res.Solutions) != want {
						t.Fatalf("board %d, %s, options %+v: %d solutions, brute force %d", bi, p.Part.Name(), o, len(res.Solutions), want)
					}
					for _, sol := range res.Solutions {
						if err := instances.VerifySlant(p, sol); err != nil {
							t.Fatalf("board %d, %s, options %+v: %v", bi, p.Part.Name(), o, err)
						}
					}
				}
			}
		}
	}
	if seen[0] == 0 || seen[1] == 0 || seen[2] == 0 {
		t.Fatalf("parts by solutions (0, 1, more): %v, want each", seen)
	}
}
