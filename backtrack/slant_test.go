package backtrack

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gridsat/gridsat/instances"
	"github.com/gridsat/gridsat/instances/instancestest"
)

// slantConfig is one way to run the DFS, named as compare would.
type slantConfig struct {
	name string
	opt  SlantOptions
}

// slantConfigs are every combination of deduction level and search aid.
var slantConfigs = func() []slantConfig {
	var out []slantConfig
	for _, d := range []SlantDeduce{SlantDeduceEquiv, SlantDeduceDeadEnd, SlantDeduceBasic} {
		for _, learn := range []bool{true, false} {
			for _, regions := range []bool{true, false} {
				for _, probe := range []bool{false, true} {
					out = append(out, slantConfig{
						name: fmt.Sprintf("deduce=%s:learn=%v:regions=%v:probe=%v", d, learn, regions, probe),
						opt:  SlantOptions{Deduce: d, NoLearn: !learn, NoRegions: !regions, Probe: probe},
					})
				}
			}
		}
	}
	return out
}()

func parseSlant(t testing.TB, text string) []*instances.Slant {
	t.Helper()
	cases, err := instances.ParseSlant("test", strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	return cases
}

// checkSlant solves s in every configuration with limit 2, verifies each
// solution independently, and compares the count with want (the brute
// force count capped at 2, or -1 when unknown but at least one).
func checkSlant(t *testing.T, s *instances.Slant, want int) {
	t.Helper()
	checkSlantAt(t, s, want, slantConfigs)
}

func checkSlantAt(t *testing.T, s *instances.Slant, want int, configs []slantConfig) {
	t.Helper()
	for _, cf := range configs {
		opt := cf.opt
		opt.Limit = 2
		res := SolveSlant(s, opt)
		if !res.Complete {
			t.Fatalf("%s %s: incomplete", instances.SlantGameID(s), cf.name)
		}
		for _, sol := range res.Solutions {
			if err := instances.VerifySlant(s, sol); err != nil {
				t.Fatalf("%s %s: wrong answer: %v", instances.SlantGameID(s), cf.name, err)
			}
		}
		if len(res.Solutions) == 2 && bytes.Equal(res.Solutions[0], res.Solutions[1]) {
			t.Fatalf("%s %s: the second solution repeats the first", instances.SlantGameID(s), cf.name)
		}
		got := len(res.Solutions)
		if (want >= 0 && got != want) || (want < 0 && got == 0) {
			t.Fatalf("%s %s: %d solutions, want %d", instances.SlantGameID(s), cf.name, got, want)
		}
	}
}

func TestSolveSlantHandMade(t *testing.T) {
	tests := []struct {
		name, id string
	}{
		{"1 on a board corner", "1x1:1c"},
		{"0 on a board corner", "1x1:0c"},
		{"2 on a board corner (none)", "1x1:2c"},
		{"4 on an edge (none)", "2x2:a4g"},
		{"0 in the middle closes a diamond (none)", "2x2:d0d"},
		{"1 in the corner of 2x2 (several)", "2x2:1h"},
		{"4 in the middle", "2x2:d4d"},
		{"3x3 ring", "3x3:a1a1b2b2b1a1a"},
		{"rectangle", "4x2:1b2a3d1d"},
		{"no clues", "4x4:y"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := parseSlant(t, tt.id+"\n")[0]
			want, err := instances.BruteSlant(s, 2)
			if err != nil {
				t.Fatal(err)
			}
			checkSlant(t, s, want)
		})
	}
}

func TestSolveSlantBundledSample(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "instances", "sets", "slant", "sample.txt"))
	if err != nil {
		t.Skip("no bundled sample yet:", err)
	}
	for _, s := range parseSlant(t, string(data)) {
		checkSlant(t, s, 1) // generated unique
	}
}

// Random planted puzzles: a random loop-free filling with a random subset
// of its clues has a solution; on small boards the count matches brute
// force.
func TestSolveSlantPlanted(t *testing.T) {
	rng := rand.New(rand.NewPCG(42, 1))
	for k := 0; k < 300; k++ {
		s := instances.SmallSlant(rng, true)
		want, err := instances.BruteSlant(s, 2)
		if err != nil {
			t.Fatal(err)
		}
		checkSlant(t, s, want)
	}
	for k := 0; k < 20; k++ {
		n := 6 + rng.IntN(15)
		s, _ := instances.PlantSlant(rng, n, n+rng.IntN(5), 0.2+0.8*rng.Float64())
		checkSlantAt(t, s, -1, slantConfigs)
	}
}

// Random clue sets that are mostly unsolvable: the solvers must agree with
// brute force on which are.
func TestSolveSlantRandomClues(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	for k := 0; k < 300; k++ {
		s := instances.RandomSlantClues(rng, 1+rng.IntN(4), 1+rng.IntN(4), 2)
		want, err := instances.BruteSlant(s, 2)
		if err != nil {
			t.Fatal(err)
		}
		checkSlant(t, s, want)
	}
}

func TestSolveSlantUniqueGenerated(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 9))
	for _, n := range []int{4, 8, 12} {
		s, sol, err := instances.GenerateSlant(rng, n, n, true, countSlant)
		if err != nil {
			t.Fatal(err)
		}
		res := SolveSlant(s, SlantOptions{Limit: 2})
		if len(res.Solutions) != 1 || !bytes.Equal(res.Solutions[0], sol) {
			t.Fatalf("%dx%d generated unique: %d solutions", n, n, len(res.Solutions))
		}
		if n*n <= instances.MaxBruteSlantCells {
			if c, _ := instances.BruteSlant(s, 2); c != 1 {
				t.Fatalf("brute force finds %d solutions", c)
			}
		}
	}
}

func TestSolveSlantLargeBoards(t *testing.T) {
	if testing.Short() {
		t.Skip("short")
	}
	// No clues, sparse clues, the densities where a search without
	// learning thrashes, every clue.
	rng := rand.New(rand.NewPCG(200, 1))
	for _, density := range []float64{0, 0.15, 0.45, 0.6, 1} {
		s, _ := instances.PlantSlant(rng, 200, 200, density)
		res := SolveSlant(s, SlantOptions{})
		if len(res.Solutions) != 1 {
			t.Fatalf("200x200 density %.2f: no solution", density)
		}
		if err := instances.VerifySlant(s, res.Solutions[0]); err != nil {
			t.Fatalf("200x200 density %.2f: %v", density, err)
		}
	}
}

// allSlantSolutions lists every solution of a small board by brute force.
func allSlantSolutions(s *instances.Slant) [][]byte {
	n := s.W * s.H
	var out [][]byte
	for mask := 0; mask < 1<<n; mask++ {
		cells := make([]byte, n)
		for i := range cells {
			cells[i] = instances.Forward
			if mask>>i&1 == 1 {
				cells[i] = instances.Back
			}
		}
		if instances.VerifySlant(s, cells) == nil {
			out = append(out, cells)
		}
	}
	return out
}

func decidedCells(cells []byte) int {
	n := 0
	for _, v := range cells {
		if v != 0 {
			n++
		}
	}
	return n
}

// Each deduction level makes progress on a board where the level below it
// makes none, and everything it decides holds in every solution.
func TestDeduceSlantLevels(t *testing.T) {
	tests := []struct {
		name, id string
		level    SlantDeduce // the level that makes progress
	}{
		// A 2 in the middle, a 1 on the right edge: the 1 makes the two
		// cells left of it equivalent (exactly one touches it, so
		// exactly one touches the 2), the 0 turns the top-left cell
		// away from the 2, so the bottom-left must touch it.
		{"equivalent pair counted once", "2x2:0c21c", SlantDeduceEquiv},
		// Two 1s on an edge chain three cells into one class; with the
		// 0 and the 2 the class is settled.
		{"1-1 on an edge", "4x2:e13f2a", SlantDeduceEquiv},
		{"clues through a class", "2x4:e0b213d", SlantDeduceEquiv},
		// 3s and 1s around the middle: every corner there has room for
		// one more diagonal at most, so two of them may not be joined
		// (the pair would be cut off from the border).
		{"dead ends with capacity 1", "3x3:e31b13e", SlantDeduceDeadEnd},
		{"dead end in a 4x4", "4x4:g3a11a1c1a2f", SlantDeduceDeadEnd},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := parseSlant(t, tt.id+"\n")[0]
			sols := allSlantSolutions(s)
			if len(sols) == 0 {
				t.Fatal("no solution")
			}
			below := tt.level + 1
			weak, ok1 := deduceSlant(s, below, false)
			strong, ok2 := deduceSlant(s, tt.level, false)
			if !ok1 || !ok2 {
				t.Fatalf("contradiction on a solvable board: %v %v", ok1, ok2)
			}
			if decidedCells(strong) <= decidedCells(weak) {
				t.Fatalf("%s decides %d cells, %s %d: no progress", tt.level, decidedCells(strong), below, decidedCells(weak))
			}
			for i, v := range strong {
				for _, sol := range sols {
					if v != 0 && sol[i] != v {
						t.Fatalf("%s sets cell %d to %c, but a solution has %c", tt.level, i, v, sol[i])
					}
				}
			}
		})
	}
}

// On random small boards every level's deductions are sound: what they
// decide holds in every solution, and a contradiction means no solution.
func TestDeduceSlantSound(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	for k := 0; k < 200; k++ {
		s := instances.SmallSlant(rng, k%2 == 0)
		sols := allSlantSolutions(s)
		for _, level := range []SlantDeduce{SlantDeduceEquiv, SlantDeduceDeadEnd, SlantDeduceBasic} {
			for _, probe := range []bool{false, true} {
				cells, ok := deduceSlant(s, level, probe)
				if !ok {
					if len(sols) > 0 {
						t.Fatalf("%s %s probe=%v: contradiction, but %d solutions", instances.SlantGameID(s), level, probe, len(sols))
					}
					continue
				}
				for i, v := range cells {
					for _, sol := range sols {
						if v != 0 && sol[i] != v {
							t.Fatalf("%s %s probe=%v: cell %d set to %c against a solution", instances.SlantGameID(s), level, probe, i, v)
						}
					}
				}
			}
		}
	}
}

func TestSolveSlantMaxNodes(t *testing.T) {
	s := parseSlant(t, "6x6:"+strings.Repeat("a", 49)+"\n")[0]
	res := SolveSlant(s, SlantOptions{Limit: 2, MaxNodes: 1})
	if res.Complete || res.Nodes > 1 {
		t.Errorf("MaxNodes 1: complete=%v nodes=%d", res.Complete, res.Nodes)
	}
}

func TestParseSlantDeduce(t *testing.T) {
	for name, want := range map[string]SlantDeduce{"": SlantDeduceEquiv, "equiv": SlantDeduceEquiv, "deadend": SlantDeduceDeadEnd, "basic": SlantDeduceBasic} {
		if got, err := ParseSlantDeduce(name); err != nil || got != want {
			t.Errorf("ParseSlantDeduce(%q) = %v, %v", name, got, err)
		}
	}
	if _, err := ParseSlantDeduce("magic"); err == nil {
		t.Error("ParseSlantDeduce accepted magic")
	}
}

// BenchmarkSlantDFS solves the generated hard (minimal-clue, unique)
// fixtures; ns/op is per puzzle. unique=2 also proves uniqueness.
func BenchmarkSlantDFS(b *testing.B) {
	for _, size := range []string{"10", "20", "50"} {
		for _, limit := range []int{1, 2} {
			b.Run(size+"x"+size+map[int]string{1: "", 2: "/unique"}[limit], func(b *testing.B) {
				cases := instancestest.SlantFixture(b, "slant_hard_"+size+".txt")
				var nodes int64
				b.ResetTimer()
				for i := 0; i < b.N; i++ {
					s := cases[i%len(cases)]
					res := SolveSlant(s, SlantOptions{Limit: limit})
					if len(res.Solutions) != 1 {
						b.Fatalf("%s: %d solutions", s.Location(), len(res.Solutions))
					}
					nodes += res.Nodes
				}
				b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
			})
		}
	}
}

// BenchmarkSlantDFSDeduce compares the deduction levels on the 20x20
// fixtures.
func BenchmarkSlantDFSDeduce(b *testing.B) {
	cases := instancestest.SlantFixture(b, "slant_hard_20.txt")
	for _, d := range []string{"equiv", "deadend", "basic"} {
		level, _ := ParseSlantDeduce(d)
		b.Run(d, func(b *testing.B) {
			var nodes int64
			for i := 0; i < b.N; i++ {
				res := SolveSlant(cases[i%len(cases)], SlantOptions{Deduce: level, MaxNodes: 5_000_000})
				if len(res.Solutions) != 1 {
					b.Fatal("not solved")
				}
				nodes += res.Nodes
			}
			b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
		})
	}
}

// BenchmarkSlantZigzag solves every puzzle of every zigzag suite (with
// uniqueness), verifies every answer, and reports the slowest solve per
// suite as max-ms. It reads ../../shared/bench and skips without it.
func BenchmarkSlantZigzag(b *testing.B) {
	suites := instancestest.Zigzag(b)
	for name, cases := range suites {
		b.Run(strings.TrimSuffix(name, ".txt"), func(b *testing.B) {
			var worst time.Duration
			for i := 0; i < b.N; i++ {
				for _, s := range cases {
					start := time.Now()
					res := SolveSlant(s, SlantOptions{Limit: 2})
					if el := time.Since(start); el > worst {
						worst = el
					}
					if len(res.Solutions) == 0 {
						b.Fatalf("%s: no solution", s.Name)
					}
					// Outside the timed solve: every answer verifies, and
					// a unique one is the suite's own answer.
					for _, sol := range res.Solutions {
						if err := instances.VerifySlant(s, sol); err != nil {
							b.Fatalf("%s: %v", s.Name, err)
						}
					}
					if s.Expected != "" && len(res.Solutions) == 1 && instances.FormatSlantAnswer(s.W, s.H, res.Solutions[0]) != s.Expected {
						b.Fatalf("%s: answer differs from the suite's", s.Name)
					}
				}
			}
			b.ReportMetric(float64(worst.Microseconds())/1000, "max-ms")
			b.ReportMetric(float64(len(cases)), "cases")
		})
	}
}

// ReduceSlantClues leaves the clues that removing them one at a time with
// SolvesSlant leaves, at every level.
func TestReduceSlantClues(t *testing.T) {
	rng := rand.New(rand.NewPCG(12, 12))
	for k := 0; k < 24; k++ {
		w, h := 2+rng.IntN(11), 2+rng.IntN(11)
		cells := instances.RandomSlantFill(rng, w, h)
		for _, level := range []SlantDeduce{SlantDeduceEquiv, SlantDeduceDeadEnd, SlantDeduceBasic} {
			for _, probe := range []bool{false, true} {
				if probe && k%4 != 0 {
					continue
				}
				fast := instances.NewSlant(w, h)
				fast.Clues = instances.SlantClues(w, h, cells)
				slow := instances.NewSlant(w, h)
				slow.Clues = instances.SlantClues(w, h, cells)
				order := rng.Perm(len(fast.Clues))
				ReduceSlantClues(fast, order, level, probe)
				for _, p := range order {
					v := slow.Clues[p]
					slow.Clues[p] = -1
					if !SolvesSlant(slow, level, probe) {
						slow.Clues[p] = v
					}
				}
				if a, b := instances.SlantGameID(fast), instances.SlantGameID(slow); a != b {
					t.Fatalf("%dx%d %s probe=%v: reduced to %s, one at a time %s", w, h, level, probe, a, b)
				}
				if !SolvesSlant(fast, level, probe) {
					t.Fatalf("%s: the deductions do not solve the result", instances.SlantGameID(fast))
				}
			}
		}
	}
}

// Puzzles generated with ReduceSlantClues doing the removals, at every
// level: the level's deductions alone solve each (their cells pass the
// verifier), the DFS finds it unique, and no clue left can go.
func TestReduceSlantCluesGenerated(t *testing.T) {
	for _, level := range []SlantDeduce{SlantDeduceEquiv, SlantDeduceDeadEnd, SlantDeduceBasic} {
		for seed := uint64(1); seed <= 3; seed++ {
			rng := rand.New(rand.NewPCG(seed, 23))
			w, h := 8+rng.IntN(17), 8+rng.IntN(17)
			opt := instances.SlantGenOptions{
				Solves: NewSlantDeducer(level, false).Solves,
				Reduce: func(s *instances.Slant, order []int) { ReduceSlantClues(s, order, level, false) },
			}
			s, sol, err := instances.GenerateSlantDeduced(rng, w, h, opt)
			if err != nil {
				t.Fatal(err)
			}
			id := instances.SlantGameID(s)
			cells, ok := deduceSlant(s, level, false)
			if !ok {
				t.Fatalf("%s %s: the deductions meet a contradiction", level, id)
			}
			if err := instances.VerifySlant(s, cells); err != nil {
				t.Fatalf("%s %s: the deductions' cells: %v", level, id, err)
			}
			if err := instances.VerifySlant(s, sol); err != nil {
				t.Fatalf("%s %s: the planted solution: %v", level, id, err)
			}
			if n := countSlant(s, 2); n != 1 {
				t.Fatalf("%s %s: the DFS counts %d solutions", level, id, n)
			}
			for p, v := range s.Clues {
				if v < 0 {
					continue
				}
				s.Clues[p] = -1
				if SolvesSlant(s, level, false) {
					t.Fatalf("%s %s: the clue at corner %d could go", level, id, p)
				}
				s.Clues[p] = v
			}
		}
	}
}

// BenchmarkSlantDFSOptions solves the planted 150x150 and 200x200
// fixtures (45% and 60% of the clues, where search is needed) with each
// deduction level and search aid turned off in turn, in one run so that
// benchstat can compare them; every answer is verified outside the timed
// part. (learn=false is left out: it runs past 20 s on most of them.)
func BenchmarkSlantDFSOptions(b *testing.B) {
	configs := []slantConfig{
		{"default", SlantOptions{}},
		{"deduce=deadend", SlantOptions{Deduce: SlantDeduceDeadEnd}},
		{"deduce=basic", SlantOptions{Deduce: SlantDeduceBasic}},
		{"regions=false", SlantOptions{NoRegions: true}},
		{"probe=true", SlantOptions{Probe: true}},
	}
	for _, size := range []string{"150", "200"} {
		cases := instancestest.SlantFixture(b, "slant_planted_"+size+".txt")
		for k, clues := range []string{"0.45", "0.6"} {
			s := cases[k]
			for _, cf := range configs {
				b.Run(size+"/clues="+clues+"/"+cf.name, func(b *testing.B) {
					var nodes int64
					for i := 0; i < b.N; i++ {
						res := SolveSlant(s, cf.opt)
						b.StopTimer()
						if len(res.Solutions) != 1 {
							b.Fatal("not solved")
						}
						if err := instances.VerifySlant(s, res.Solutions[0]); err != nil {
							b.Fatal(err)
						}
						nodes += res.Nodes
						b.StartTimer()
					}
					b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
				})
			}
		}
	}
}
