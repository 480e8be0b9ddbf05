package encode

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/gridsat/gridsat/encode/sat"
	"github.com/gridsat/gridsat/instances"
)

// BenchmarkSlantSATPlanted solves planted boards with the default options
// (gophersat): 200x200, 500x500 and 1000x1000 at 45%, 60% and all of the
// clues, the boards "gridsat gen slant --size N --param planted=true
// --param clues=C --seed 1" makes (same generator, same seed). Every
// answer is verified outside the timed part. Select one by name, e.g.
// -bench 'SlantSATPlanted/500x500/clues=0.45/^repair$'; the 1000x1000
// boards take minutes each. It reports the refinement rounds and the
// backend's decisions per solve. The repair variants are the default; the
// norepair ones solve the whole formula in every round
// (SlantOptions.Repair off), for comparison.
func BenchmarkSlantSATPlanted(b *testing.B) {
	for _, size := range []int{200, 500, 1000} {
		for _, clues := range []float64{0.45, 0.6, 1} {
			for _, norepair := range []bool{false, true} {
				name := fmt.Sprintf("%dx%d/clues=%g/repair", size, size, clues)
				if norepair {
					name = fmt.Sprintf("%dx%d/clues=%g/norepair", size, size, clues)
				}
				b.Run(name, func(b *testing.B) {
					rng := rand.New(rand.NewPCG(1, 0x51a47))
					s, _ := instances.PlantSlant(rng, size, size, clues)
					var rounds, decisions int64
					for b.Loop() {
						res, err := SolveSlant(s, SlantOptions{Repair: !norepair})
						if err != nil || res.Status != sat.Satisfiable {
							b.Fatalf("%dx%d: %v %v", size, size, res.Status, err)
						}
						b.StopTimer()
						if err := instances.VerifySlant(s, res.Solution); err != nil {
							b.Fatalf("%dx%d: %v", size, size, err)
						}
						b.StartTimer()
						rounds += int64(res.Stats.Rounds)
						decisions += res.Stats.Search.Decisions
					}
					b.ReportMetric(float64(rounds)/float64(b.N), "rounds/op")
					b.ReportMetric(float64(decisions)/float64(b.N), "decisions/op")
				})
			}
		}
	}
}
