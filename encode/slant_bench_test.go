package encode

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/gridsat/gridsat/encode/sat"
	"github.com/gridsat/gridsat/instances"
)

// slantRepairs are the repair choices the slant benchmarks compare.
var slantRepairs = []SlantRepair{SlantRepairOff, SlantRepairAuto, SlantRepairOn}

// BenchmarkSlantSATPlanted solves planted boards (gophersat): 200x200,
// 500x500 and 1000x1000 at 45%, 60% and all of the clues, the boards
// "gridsat gen slant --size N --param planted=true --param clues=C
// --seed 1" makes (same generator, same seed), with each repair choice
// (SlantOptions.Repair; auto is the default). Every answer is verified
// outside the timed part. Select one by name, e.g.
// -bench 'SlantSATPlanted/500x500/clues=0.45/repair=auto'; the 1000x1000
// boards take minutes each. It reports the refinement rounds, the
// backend's decisions and the local solves per solve. Measured by
// gridsat solve under /usr/bin/time on the same boards (CPU, load 9-15;
// encode/README.md has the table): 500x500 45% false 26.6 s, true 4.7 s,
// auto 4.4-4.8 s; 60% 12.5 s, 7.6 s, 8.5-9.1 s; 1000x1000 45% 392 s
// (before 0.14), 28.7 s, 32.1 s.
func BenchmarkSlantSATPlanted(b *testing.B) {
	for _, size := range []int{200, 500, 1000} {
		for _, clues := range []float64{0.45, 0.6, 1} {
			rng := rand.New(rand.NewPCG(1, 0x51a47))
			s, _ := instances.PlantSlant(rng, size, size, clues)
			for _, repair := range slantRepairs {
				b.Run(fmt.Sprintf("%dx%d/clues=%g/repair=%s", size, size, clues, repair), func(b *testing.B) {
					benchSlantSAT(b, s, repair)
				})
			}
		}
	}
}

// BenchmarkSlantSATHard solves the hard unique boards with each repair
// choice: the 30x30 and 50x50 boards of the bundled set slant/ladder
// (cases 11-14, the main job's) and, in testdata, the boards "gridsat gen
// slant --size N" made (seed 1) at 100x100 and 200x200. Measured (CPU
// medians of 5 in compare's workers, both column orders, load 9-10):
// auto against false 161-191 ms and 187-193 ms at 100x100, 1.65-1.66 s
// and 1.53-1.60 s at 200x200; repair=true took 1.2 s at 100x100.
func BenchmarkSlantSATHard(b *testing.B) {
	for _, k := range []int{11, 12, 13, 14} {
		s := ladderSlant(b, k)
		for _, repair := range slantRepairs {
			b.Run(fmt.Sprintf("ladder%d/%s/repair=%s", k, s.Size(), repair), func(b *testing.B) {
				benchSlantSAT(b, s, repair)
			})
		}
	}
	for _, size := range []int{100, 200} {
		cases, err := instances.ReadFile(fmt.Sprintf("testdata/slant_hard_%d.txt", size), instances.ParseSlant)
		if err != nil {
			b.Fatal(err)
		}
		for _, repair := range slantRepairs {
			b.Run(fmt.Sprintf("gen/%dx%d/repair=%s", size, size, repair), func(b *testing.B) {
				benchSlantSAT(b, cases[0], repair)
			})
		}
	}
}

// benchSlantSAT solves s with the given repair choice, verifies every
// answer outside the timed part, and reports the rounds, the backend's
// decisions and the local solves per solve.
func benchSlantSAT(b *testing.B, s *instances.Slant, repair SlantRepair) {
	benchSlantSATWith(b, s, SlantOptions{Repair: repair})
}

// benchSlantSATWith is benchSlantSAT under options o.
func benchSlantSATWith(b *testing.B, s *instances.Slant, o SlantOptions) {
	var rounds, decisions, repairs int64
	for b.Loop() {
		res, err := SolveSlant(s, o)
		if err != nil || res.Status != sat.Satisfiable {
			b.Fatalf("%s: %v %v", s.Size(), res.Status, err)
		}
		b.StopTimer()
		if err := instances.VerifySlant(s, res.Solution); err != nil {
			b.Fatalf("%s: %v", s.Size(), err)
		}
		b.StartTimer()
		rounds += int64(res.Stats.Rounds)
		decisions += res.Stats.Search.Decisions
		repairs += res.Stats.Search.Repairs
	}
	b.ReportMetric(float64(rounds)/float64(b.N), "rounds/op")
	b.ReportMetric(float64(decisions)/float64(b.N), "decisions/op")
	b.ReportMetric(float64(repairs)/float64(b.N), "repairs/op")
}

// ladderSlant returns case k (1-based) of the bundled set slant/ladder.
func ladderSlant(b *testing.B, k int) *instances.Slant {
	b.Helper()
	text, err := instances.ReadSet("sets/slant/ladder.txt")
	if err != nil {
		b.Fatal(err)
	}
	cases, err := instances.ParseSlant("ladder.txt", bytes.NewReader(text))
	if err != nil || len(cases) < k {
		b.Fatalf("ladder: %d cases, %v", len(cases), err)
	}
	return cases[k-1]
}

// BenchmarkSlantSATRootCuts compares rootcuts=true (the default: loops
// checked inside probing, the cuts the fixed cells force added before
// each solve) with rootcuts=false on the hard boards (slant/ladder cases
// 13 and 14, testdata's 100x100 and 200x200) and the planted 200x200 and
// 500x500 boards with 60% of their clues (seed 1, as
// BenchmarkSlantSATPlanted). With GRIDSAT_SLANT_IDS naming a file of
// Simon Tatham game IDs (say, hard 50x50 puzzles his generator made), it
// solves those too, one sub-benchmark for the whole file.
func BenchmarkSlantSATRootCuts(b *testing.B) {
	type board struct {
		name  string
		cases []*instances.Slant
	}
	var boards []board
	for _, k := range []int{13, 14} {
		s := ladderSlant(b, k)
		boards = append(boards, board{fmt.Sprintf("ladder%d/%s", k, s.Size()), []*instances.Slant{s}})
	}
	for _, size := range []int{100, 200} {
		cases, err := instances.ReadFile(fmt.Sprintf("testdata/slant_hard_%d.txt", size), instances.ParseSlant)
		if err != nil {
			b.Fatal(err)
		}
		boards = append(boards, board{fmt.Sprintf("gen/%dx%d", size, size), cases[:1]})
	}
	for _, size := range []int{200, 500} {
		rng := rand.New(rand.NewPCG(1, 0x51a47))
		s, _ := instances.PlantSlant(rng, size, size, 0.6)
		boards = append(boards, board{fmt.Sprintf("planted/%dx%d", size, size), []*instances.Slant{s}})
	}
	if path := os.Getenv("GRIDSAT_SLANT_IDS"); path != "" {
		cases, err := instances.ReadFile(path, instances.ParseSlant)
		if err != nil {
			b.Fatal(err)
		}
		boards = append(boards, board{"ids", cases})
	}
	for _, bd := range boards {
		for _, off := range []bool{false, true} {
			b.Run(fmt.Sprintf("%s/rootcuts=%t", bd.name, !off), func(b *testing.B) {
				for b.Loop() {
					for _, s := range bd.cases {
						res, err := SolveSlant(s, SlantOptions{NoRootCuts: off})
						if err != nil || res.Status != sat.Satisfiable {
							b.Fatalf("%s: %v %v", s.Location(), res.Status, err)
						}
						b.StopTimer()
						if err := instances.VerifySlant(s, res.Solution); err != nil {
							b.Fatalf("%s: %v", s.Location(), err)
						}
						b.StartTimer()
					}
				}
			})
		}
	}
}

// BenchmarkSlantSATBundled solves every case of the bundled slant sets
// (instances/sets/slant) in one op with the default options, each answer
// verified: the sat side of the slant geomean figure of gridsat measure.
func BenchmarkSlantSATBundled(b *testing.B) {
	var cases []*instances.Slant
	for _, name := range []string{"sample", "ladder"} {
		cs, err := instances.ReadFile(filepath.Join("..", "instances", "sets", "slant", name+".txt"), instances.ParseSlant)
		if err != nil {
			b.Fatal(err)
		}
		cases = append(cases, cs...)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, s := range cases {
			res, err := SolveSlant(s, SlantOptions{})
			if err != nil || res.Status != sat.Satisfiable {
				b.Fatalf("%s: %v %v", s.Location(), res.Status, err)
			}
			if err := instances.VerifySlant(s, res.Solution); err != nil {
				b.Fatalf("%s: %v", s.Location(), err)
			}
		}
	}
}
