package encode

import (
	"bytes"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gridsat/gridsat/instances"
)

var chainModes = []ChainOptions{
	{Crossing: ChainCrossingLazy},
	{Crossing: ChainCrossingEager},
	{Crossing: ChainCrossingLazy, NoPrecheck: true},
	{Crossing: ChainCrossingEager, NoPrecheck: true},
}

func chainBoard(t testing.TB, input string) *instances.Chain {
	t.Helper()
	bs, err := instances.ParseChain("test", strings.NewReader(input))
	if err != nil || len(bs) != 1 {
		t.Fatalf("parse %q: %v", input, err)
	}
	return bs[0]
}

// checkChainSAT solves b in every mode, on gophersat (fresh solvers after
// failed trials) and on gini (trials under assumptions), and checks the
// answer against want and the verifier. It returns how many trials ran
// under assumptions.
func checkChainSAT(t *testing.T, b *instances.Chain, want string) (assumed int) {
	t.Helper()
	gini, err := LookupBackend("gini")
	if err != nil {
		t.Fatal(err)
	}
	for _, be := range []Backend{Gophersat{}, gini} {
		for _, o := range chainModes {
			res, err := SolveChain(b, be, o)
			if err != nil {
				t.Fatalf("%s %+v: %v", be.Name(), o, err)
			}
			assumed += res.Assumed
			checkChainResult(t, b, be.Name(), o, res, want)
		}
	}
	return assumed
}

func checkChainResult(t *testing.T, b *instances.Chain, backend string, o ChainOptions, res ChainResult, want string) {
	t.Helper()
	if res.Answer != want || res.Solved != (want != instances.ChainNoPath) {
		t.Fatalf("%s %+v: answer %q (solved %v), want %q", backend, o, res.Answer, res.Solved, want)
	}
	if res.Solved {
		if err := instances.VerifyChain(b, res.Answer); err != nil {
			t.Fatalf("%s %+v: answer %q fails verification: %v", backend, o, res.Answer, err)
		}
	}
}

func TestSolveChainSATSmallFixture(t *testing.T) {
	// The sample's answer is the statement's; N=1 answers the empty
	// path; a lone 1 has none; the 2x2 boards go right, down-left, right;
	// the 3x3 board with K=9 has one label path, and it crosses itself.
	want := []string{"41255214", "", "-1", "252", "-1", "-1"}
	file := filepath.Join("testdata", "chain_small.txt")
	fh, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer fh.Close()
	bs, err := instances.ParseChain(file, fh)
	if err != nil || len(bs) != len(want) {
		t.Fatalf("%d boards, %v", len(bs), err)
	}
	for i, b := range bs {
		t.Run(b.Location().String(), func(t *testing.T) { checkChainSAT(t, b, want[i]) })
	}
}

func TestSolveChainSATNoPath(t *testing.T) {
	tests := []struct{ name, input string }{
		{"start corner", "3 3\n1 2 0\n1 1 1\n2 0 2\n"},
		{"target corner", "3 3\n0 2 0\n1 1 1\n2 0 1\n"},
		{"label counts", "3 3\n0 2 0\n1 1 1\n2 2 2\n"},
		{"only path crosses", "4 16\n0 1 5 4\n7 6 2 3\n8 11 12 13\n9 10 14 15\n"},
		{"two cells need one predecessor", "3 3\n0 1 0\n1 2 2\n1 0 2\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := chainBoard(t, tt.input)
			if bf := instances.ChainBruteForce(b); bf != instances.ChainNoPath {
				t.Fatalf("the brute force finds %q: not a -1 board", bf)
			}
			checkChainSAT(t, b, instances.ChainNoPath)
		})
	}
}

// TestSolveChainSATAgainstBruteForce holds every mode to the brute force
// on random planted boards, perturbed or not, of up to 16 cells.
func TestSolveChainSATAgainstBruteForce(t *testing.T) {
	rng := rand.New(rand.NewSource(12))
	solved, unsolved, assumed := 0, 0, 0
	for i := 0; i < 250; i++ {
		n := 1 + rng.Intn(4)
		k := 1 + rng.Intn(6)
		if n == 4 && k == 1 {
			k = 2
		}
		b, _, err := instances.GenerateChain(rng, instances.ChainGenOptions{N: n, K: k, Perturb: rng.Intn(3) == 0})
		if err != nil {
			t.Fatal(err)
		}
		want := instances.ChainBruteForce(b)
		assumed += checkChainSAT(t, b, want)
		if want == instances.ChainNoPath {
			unsolved++
		} else {
			solved++
		}
	}
	if solved < 50 || unsolved < 15 || assumed < 50 {
		t.Errorf("only %d solvable and %d unsolvable boards, %d trials under assumptions: the test lost its teeth", solved, unsolved, assumed)
	}
}

// TestChainCutForbidsSubtoursAndCrossings builds models by hand on the
// all-zero 3x3 board: a path with a detached cycle, a path whose diagonals
// cross, and a valid path. Every cut must be false under its model (else
// the loop could not progress), and the valid path must get none.
func TestChainCutForbidsSubtoursAndCrossings(t *testing.T) {
	zeros := &instances.Chain{N: 3, K: 1, Labels: make([]int, 9)}
	enc := NewChainEncoding(zeros, ChainCrossingLazy)
	model := func(answer string, extra map[int]int) []bool {
		m := make([]bool, enc.CNF.NumVars+1)
		cells, err := zeros.ChainCells(answer)
		if err != nil {
			t.Fatal(err)
		}
		steps := map[int]int{}
		for i := range answer {
			steps[cells[i]] = int(answer[i] - '0')
		}
		for cell, d := range extra {
			steps[cell] = d
		}
		for cell, d := range steps {
			v := enc.Step(cell, d)
			if v == 0 {
				t.Fatalf("no step from %d in direction %d", cell, d)
			}
			m[v] = true
		}
		return m
	}
	tests := []struct {
		name            string
		model           []bool
		long, crossings int // cuts expected: sub-tour cuts, crossing cuts
	}{
		// Path down and right; cycle 1 -> 2 -> 5 -> 4 -> 1.
		{"detached cycle", model("4422", map[int]int{1: 2, 2: 4, 5: 6, 4: 0}), 2, 0},
		// 1 -> 5 and 2 -> 4 cross in the top-right block.
		{"crossing", model("23056422", nil), 0, 1},
		{"valid path", model("22466422", nil), 0, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			long, crossings := 0, 0
			for _, c := range enc.Cut(tt.model) {
				if satisfied(c, tt.model) {
					t.Errorf("cut %v is true under the model", c)
				}
				if len(c) == 2 && c[0] < 0 && c[1] < 0 {
					crossings++
				} else {
					long++
				}
			}
			if long != tt.long || crossings != tt.crossings {
				t.Errorf("%d sub-tour and %d crossing cuts, want %d and %d", long, crossings, tt.long, tt.crossings)
			}
		})
	}
}

func TestChainEncodingShape(t *testing.T) {
	b := chainBoard(t, "3 3\n0 2 0\n1 1 1\n2 0 2\n")
	lazy := NewChainEncoding(b, ChainCrossingLazy).CNF
	eager := NewChainEncoding(b, ChainCrossingEager).CNF
	if lazy.NumVars != eager.NumVars || len(eager.Clauses) <= len(lazy.Clauses) {
		t.Errorf("lazy %d vars %d clauses, eager %d vars %d clauses", lazy.NumVars, len(lazy.Clauses), eager.NumVars, len(eager.Clauses))
	}
	// A step per label-following king move: count them independently.
	steps := 0
	for a := 0; a < 8; a++ {
		for d := 0; d < 8; d++ {
			if c, ok := b.Neighbour(a, d); ok && c != 0 && b.Follows(a, c) {
				steps++
			}
		}
	}
	if lazy.NumVars != steps {
		t.Errorf("%d variables, %d steps", lazy.NumVars, steps)
	}
	var buf bytes.Buffer
	if err := eager.WriteDIMACS(&buf); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(buf.String(), "p cnf ") || !strings.Contains(buf.String(), "crossing=eager") {
		t.Errorf("DIMACS lacks its header or comments:\n%s", buf.String())
	}
}

// BenchmarkChainSATPlanted solves 500 random planted boards per size (the
// DFS benchmark's boards), every other one perturbed, K from 2 to 10, and
// reports the slowest board's time.
func BenchmarkChainSATPlanted(b *testing.B) {
	for _, n := range []int{6, 8, 10} {
		b.Run(fmt.Sprintf("N=%d", n), func(b *testing.B) {
			rng := rand.New(rand.NewSource(int64(100 + n)))
			var boards []*instances.Chain
			for i := 0; i < 500; i++ {
				c, _, err := instances.GenerateChain(rng, instances.ChainGenOptions{N: n, K: 2 + rng.Intn(9), Perturb: i%2 == 1})
				if err != nil {
					b.Fatal(err)
				}
				boards = append(boards, c)
			}
			var worst time.Duration
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				for _, c := range boards {
					start := time.Now()
					if _, err := SolveChain(c, Gophersat{}, ChainOptions{}); err != nil {
						b.Fatal(err)
					}
					worst = max(worst, time.Since(start))
				}
			}
			b.ReportMetric(float64(worst.Microseconds())/1000, "max-ms/board")
		})
	}
}

// BenchmarkChainSATAllZero solves the all-zero K=1 boards, both crossing
// modes; N=11 and 12 lazily only (N=12 takes 20 s or more).
func BenchmarkChainSATAllZero(b *testing.B) {
	for _, cr := range []ChainCrossing{ChainCrossingLazy, ChainCrossingEager} {
		sizes := []int{6, 8, 10}
		if cr == ChainCrossingLazy {
			sizes = append(sizes, 11, 12)
		}
		for _, n := range sizes {
			b.Run(fmt.Sprintf("%s/N=%d", cr, n), func(b *testing.B) {
				c := &instances.Chain{N: n, K: 1, Labels: make([]int, n*n)}
				for i := 0; i < b.N; i++ {
					if _, err := SolveChain(c, Gophersat{}, ChainOptions{Crossing: cr}); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
