package encode

import (
	"bytes"
	"errors"
	"io/fs"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gridsat/gridsat/instances"
)

var slantLoopModes = []string{SlantLoopsLazy, SlantLoopsDiamond}

func parseSlantID(t testing.TB, id string) *instances.Slant {
	t.Helper()
	cases, err := instances.ParseSlant("test", strings.NewReader(id+"\n"))
	if err != nil {
		t.Fatal(err)
	}
	return cases[0]
}

// checkSATSlant solves s in every loop mode with Unique, verifies each
// answer independently and compares the count (capped at 2) with want;
// want -1 means "at least one".
func checkSATSlant(t *testing.T, s *instances.Slant, want int) {
	t.Helper()
	for _, loops := range slantLoopModes {
		res, err := SolveSlant(s, SlantOptions{Loops: loops, Unique: true})
		if err != nil {
			t.Fatalf("%s loops=%s: %v", instances.SlantGameID(s), loops, err)
		}
		got := 0
		switch res.Status {
		case Sat:
			got = 1
			if err := instances.VerifySlant(s, res.Solution); err != nil {
				t.Fatalf("%s loops=%s: wrong answer: %v", instances.SlantGameID(s), loops, err)
			}
			if !res.UniqueChecked {
				t.Fatalf("%s loops=%s: uniqueness not decided", instances.SlantGameID(s), loops)
			}
			if res.Second != nil {
				got = 2
				if err := instances.VerifySlant(s, res.Second); err != nil {
					t.Fatalf("%s loops=%s: wrong second answer: %v", instances.SlantGameID(s), loops, err)
				}
				if bytes.Equal(res.Second, res.Solution) {
					t.Fatalf("%s loops=%s: second answer repeats the first", instances.SlantGameID(s), loops)
				}
			}
		case Unsat:
		default:
			t.Fatalf("%s loops=%s: status %v", instances.SlantGameID(s), loops, res.Status)
		}
		if (want >= 0 && got != want) || (want < 0 && got == 0) {
			t.Fatalf("%s loops=%s: %d solutions, want %d", instances.SlantGameID(s), loops, got, want)
		}
	}
}

func TestSolveSlantSATHandMade(t *testing.T) {
	for _, id := range []string{
		"1x1:1c", "1x1:0c", "1x1:2c", // a 2 on a board corner has no solution
		"2x2:a4g", // a 4 on an edge: none
		"2x2:d0d", // a 0 in the middle forces a diamond loop: none
		"2x2:1h", "2x2:d4d", "3x3:a1a1b2b2b1a1a", "4x2:1b2a3d1d", "4x4:y",
	} {
		t.Run(id, func(t *testing.T) {
			s := parseSlantID(t, id)
			want, err := instances.BruteCountSlant(s, 2)
			if err != nil {
				t.Fatal(err)
			}
			checkSATSlant(t, s, want)
		})
	}
}

func TestSolveSlantSATPlanted(t *testing.T) {
	rng := rand.New(rand.NewPCG(17, 3))
	for k := 0; k < 150; k++ {
		w, h := 1+rng.IntN(4), 1+rng.IntN(3) // brute force stays cheap
		s, _ := instances.PlantSlant(rng, w, h, rng.Float64())
		want, err := instances.BruteCountSlant(s, 2)
		if err != nil {
			t.Fatal(err)
		}
		checkSATSlant(t, s, want)
	}
	for k := 0; k < 10; k++ {
		n := 6 + rng.IntN(20)
		s, _ := instances.PlantSlant(rng, n, n+rng.IntN(5), 0.2+0.8*rng.Float64())
		checkSATSlant(t, s, -1)
	}
}

func TestSolveSlantSATRandomClues(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 11))
	for k := 0; k < 150; k++ {
		s := instances.NewSlant(1+rng.IntN(4), 1+rng.IntN(4))
		for p := range s.Clues {
			if rng.IntN(3) == 0 {
				s.Clues[p] = int8(rng.IntN(3))
			}
		}
		want, err := instances.BruteCountSlant(s, 2)
		if err != nil {
			t.Fatal(err)
		}
		checkSATSlant(t, s, want)
	}
}

// The loop clauses really are loops of the model: each cut's cells, set as
// the model has them, form a cycle (every corner on it is touched by
// exactly two of them).
func TestSlantLoopCutsAreCycles(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	s := instances.NewSlant(12, 9)
	finder := newSlantLoops(s)
	for k := 0; k < 50; k++ {
		model := make([]bool, s.W*s.H+1)
		for v := 1; v < len(model); v++ {
			model[v] = rng.IntN(2) == 0
		}
		cuts := finder.cuts(model)
		if len(cuts) == 0 {
			t.Fatal("a random 12x9 filling with no loop")
		}
		for _, cut := range cuts {
			degree := map[int]int{}
			for _, l := range cut {
				v := l
				if v < 0 {
					v = -v
				}
				if (l > 0) == model[v] {
					t.Fatalf("cut %v is satisfied by the model", cut)
				}
				i := v - 1
				d := byte(instances.Forward)
				if model[v] {
					d = instances.Back
				}
				a, b := s.DiagonalCorners(i/s.W, i%s.W, d)
				degree[a]++
				degree[b]++
			}
			for p, n := range degree {
				if n != 2 {
					t.Fatalf("cut %v: corner %d touched %d times, not a simple cycle", cut, p, n)
				}
			}
		}
	}
}

func TestSlantCNF(t *testing.T) {
	s := parseSlantID(t, "3x3:a1a1b2b2b1a1a")
	lazy, err := SlantCNF(s, SlantLoopsLazy)
	if err != nil {
		t.Fatal(err)
	}
	diamond, err := SlantCNF(s, SlantLoopsDiamond)
	if err != nil {
		t.Fatal(err)
	}
	if lazy.NumVars != 9 || diamond.NumVars != 9 {
		t.Errorf("vars %d, %d; want 9", lazy.NumVars, diamond.NumVars)
	}
	if got := len(diamond.Clauses) - len(lazy.Clauses); got != 4 {
		t.Errorf("diamond adds %d clauses, want 4 (one per inner corner)", got)
	}
	var buf bytes.Buffer
	if err := lazy.WriteDIMACS(&buf); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(buf.String(), "c slant 3x3") || !strings.Contains(buf.String(), "p cnf 9 ") {
		t.Errorf("DIMACS header:\n%.200s", buf.String())
	}
	if _, err := SlantCNF(s, "eager"); err == nil {
		t.Error("SlantCNF accepted loops=eager")
	}
}

var zigzagDir = filepath.Join("..", "..", "shared", "bench", "zigzag")

func loadZigzag(tb testing.TB) map[string][]*instances.Slant {
	files, _ := filepath.Glob(filepath.Join(zigzagDir, "*.txt"))
	if len(files) == 0 {
		tb.Skip("no zigzag suites at", zigzagDir)
	}
	suites := map[string][]*instances.Slant{}
	for _, f := range files {
		cases, err := instances.ReadFile(f, instances.ParseSlant)
		if err != nil {
			tb.Fatal(err)
		}
		suites[filepath.Base(f)] = cases
	}
	return suites
}

func loadSlantFixture(b *testing.B, name string) []*instances.Slant {
	cases, err := instances.ReadFile(filepath.Join("..", "instances", "testdata", name), instances.ParseSlant)
	if errors.Is(err, fs.ErrNotExist) {
		b.Skip("fixture missing:", err)
	}
	if err != nil {
		b.Fatal(err)
	}
	return cases
}

// BenchmarkSlantSAT solves the generated hard fixtures with gophersat in
// both loop modes; ns/op is per puzzle.
func BenchmarkSlantSAT(b *testing.B) {
	for _, size := range []string{"10", "20", "50"} {
		for _, loops := range slantLoopModes {
			b.Run(size+"x"+size+"/"+loops, func(b *testing.B) {
				cases := loadSlantFixture(b, "slant_hard_"+size+".txt")
				var rounds, added int
				b.ResetTimer()
				for i := 0; i < b.N; i++ {
					s := cases[i%len(cases)]
					res, err := SolveSlant(s, SlantOptions{Loops: loops})
					if err != nil || res.Status != Sat {
						b.Fatalf("%s: %v %v", s.Location(), res.Status, err)
					}
					rounds += res.Stats.Rounds
					added += res.Stats.Added
				}
				b.ReportMetric(float64(rounds)/float64(b.N), "rounds/op")
				b.ReportMetric(float64(added)/float64(b.N), "cuts/op")
			})
		}
	}
}

// BenchmarkSlantSATZigzag solves every zigzag puzzle with gophersat and
// lazy loops, verifies every answer, and reports the slowest solve per
// suite as max-ms. It reads ../../shared/bench and skips without it.
func BenchmarkSlantSATZigzag(b *testing.B) {
	for name, cases := range loadZigzag(b) {
		b.Run(strings.TrimSuffix(name, ".txt"), func(b *testing.B) {
			var worst time.Duration
			for i := 0; i < b.N; i++ {
				for _, s := range cases {
					start := time.Now()
					res, err := SolveSlant(s, SlantOptions{})
					if el := time.Since(start); el > worst {
						worst = el
					}
					if err != nil || res.Status != Sat {
						b.Fatalf("%s: %v %v", s.Name, res.Status, err)
					}
					if err := instances.VerifySlant(s, res.Solution); err != nil {
						b.Fatalf("%s: %v", s.Name, err)
					}
				}
			}
			b.ReportMetric(float64(worst.Microseconds())/1000, "max-ms")
			b.ReportMetric(float64(len(cases)), "cases")
		})
	}
}
