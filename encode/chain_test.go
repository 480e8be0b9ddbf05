package encode

import (
	"bytes"
	"flag"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/gridsat/gridsat/encode/sat"
	"github.com/gridsat/gridsat/instances"
)

var chainModes = []ChainOptions{
	{},
	{Crossing: ChainCrossingLazy},
	{Precheck: true, NoPatch: true},
	{Crossing: ChainCrossingLazy, NoPatch: true},
	{Counting: ChainCountCards},
	{Counting: ChainCountNone, Crossing: ChainCrossingLazy},
}

func chainBoard(t testing.TB, input string) *instances.Chain {
	t.Helper()
	bs, err := instances.ParseChain("test", strings.NewReader(input))
	if err != nil || len(bs) != 1 {
		t.Fatalf("parse %q: %v", input, err)
	}
	return bs[0]
}

// checkChainSAT solves b in every mode, on gophersat (a fresh solver per
// question) and on gini (questions under assumptions), and checks
// the answer against want and the verifier. It returns how many questions
// ran under assumptions.
func checkChainSAT(t *testing.T, b *instances.Chain, want string) (assumed int) {
	t.Helper()
	gini, err := sat.LookupBackend("gini")
	if err != nil {
		t.Fatal(err)
	}
	for _, be := range []sat.Backend{gophersatBackend, gini} {
		for _, o := range chainModes {
			res, err := SolveChain(b, withBackend(o, be))
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
	// The fixture and its answers are shared with the DFS's tests: the
	// sample's answer is the statement's; N=1 answers the empty path; a
	// lone 1 has none; the 2x2 boards go right, down-left, right or have
	// none; the 3x3 board with K=9 has one label path, and it crosses
	// itself.
	file := filepath.Join("..", "instances", "testdata", "chain_small.txt")
	bs, err := instances.ReadFile(file, instances.ParseChain)
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(strings.TrimSuffix(file, ".txt") + ".want")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	if len(bs) != len(lines) {
		t.Fatalf("%d boards, %d answers", len(bs), len(lines))
	}
	for i, b := range bs {
		want, err := strconv.Unquote(lines[i])
		if err != nil {
			t.Fatalf("answer %d: %v", i+1, err)
		}
		t.Run(b.Location().String(), func(t *testing.T) { checkChainSAT(t, b, want) })
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
			if bf := instances.BruteChain(b); bf != instances.ChainNoPath {
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
		want := instances.BruteChain(b)
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
		cells, err := instances.ParseChainAnswer(zeros, answer)
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

// TestSolveChainSATWork pins what the lexicographic search spends on the
// all-zero K=1 boards, where, without the look-ahead's cut cells, it must
// find every deviation from the greedy path by questions (with them it
// needs no more questions and gives the same answer): gini, told the formula is satisfiable after the
// first path, never rebuilds; gophersat builds a solver for every
// question that unit propagation and the pairing do not answer; both ask
// few questions (the old search, one question per smaller direction than
// the model's, asked 56 at N=10) and agree.
func TestSolveChainSATWork(t *testing.T) {
	for _, n := range []int{6, 8, 10} {
		c := &instances.Chain{N: n, K: 1, Labels: make([]int, n*n)}
		var answers []string
		for _, be := range []sat.Backend{gophersatBackend, giniBackend} {
			res, err := SolveChain(c, ChainOptions{SATOptions: SATOptions{Backend: be}, NoLookahead: true})
			if err != nil {
				t.Fatalf("N=%d %s: %v", n, be.Name(), err)
			}
			checkChainResult(t, c, be.Name(), ChainOptions{}, res, res.Answer)
			ahead, err := SolveChain(c, ChainOptions{SATOptions: SATOptions{Backend: be}})
			if err != nil {
				t.Fatalf("N=%d %s: %v", n, be.Name(), err)
			}
			if ahead.Answer != res.Answer || ahead.Trials > res.Trials {
				t.Errorf("N=%d %s: with the look-ahead %q after %d questions, without %q after %d", n, be.Name(), ahead.Answer, ahead.Trials, res.Answer, res.Trials)
			}
			if !res.Solved {
				t.Fatalf("N=%d %s: no path", n, be.Name())
			}
			answers = append(answers, res.Answer)
			if res.Trials == 0 || res.Trials > 3*n || res.Stats.Solves > 4*n {
				t.Errorf("N=%d %s: %d questions, %d solves", n, be.Name(), res.Trials, res.Stats.Solves)
			}
			switch be.Name() {
			case "gini":
				if res.Rebuilds != 0 || res.Assumed != res.Trials {
					t.Errorf("N=%d gini: %d rebuilds, %d of %d questions under assumptions", n, res.Rebuilds, res.Assumed, res.Trials)
				}
			default:
				if res.Rebuilds == 0 || res.Rebuilds != res.Trials-res.Paired-res.Propagated || res.Assumed != 0 {
					t.Errorf("N=%d %s: %d rebuilds for %d questions, %d under assumptions", n, be.Name(), res.Rebuilds, res.Trials, res.Assumed)
				}
			}
		}
		if answers[0] != answers[1] {
			t.Errorf("N=%d: gophersat %s, gini %s", n, answers[0], answers[1])
		}
	}
}

// TestSolveChainSATDeadline: past its deadline the search stops with an
// error (gini honours deadlines; the first solve already is past it) and
// answers nothing.
func TestSolveChainSATDeadline(t *testing.T) {
	c := &instances.Chain{N: 12, K: 1, Labels: make([]int, 144)}
	res, err := SolveChain(c, ChainOptions{Deadline: time.Now().Add(-time.Second), SATOptions: SATOptions{Backend: giniBackend}})
	if err == nil || !strings.Contains(err.Error(), "deadline") || res.Solved {
		t.Errorf("past the deadline: %v, solved %v", err, res.Solved)
	}
}

// BenchmarkChainSATPlanted solves 500 random planted boards per size (the
// DFS benchmark's boards), every other one perturbed, K from 2 to 10, on
// both embedded backends, and reports the slowest board's time, each
// board timed as the best of three solves (the machine is shared: a
// single solve's time can carry another program's load). Every answer is
// verified.
func BenchmarkChainSATPlanted(b *testing.B) {
	for _, n := range []int{6, 8, 10} {
		rng := rand.New(rand.NewSource(int64(100 + n)))
		var boards []*instances.Chain
		for i := 0; i < 500; i++ {
			c, _, err := instances.GenerateChain(rng, instances.ChainGenOptions{N: n, K: 2 + rng.Intn(9), Perturb: i%2 == 1})
			if err != nil {
				b.Fatal(err)
			}
			boards = append(boards, c)
		}
		for _, be := range []sat.Backend{gophersatBackend, giniBackend} {
			b.Run(fmt.Sprintf("N=%d/%s", n, be.Name()), func(b *testing.B) {
				var worst time.Duration
				for i := 0; i < b.N; i++ {
					for _, c := range boards {
						best := time.Duration(1 << 62)
						for range 3 {
							start := time.Now()
							res, err := SolveChain(c, ChainOptions{SATOptions: SATOptions{Backend: be}})
							best = min(best, time.Since(start))
							if err != nil {
								b.Fatal(err)
							}
							if res.Solved {
								if err := instances.VerifyChain(c, res.Answer); err != nil {
									b.Fatal(err)
								}
							}
						}
						worst = max(worst, best)
					}
				}
				b.ReportMetric(float64(worst.Microseconds())/1000, "max-ms/board")
			})
		}
	}
}

// BenchmarkChainSATAllZero solves the all-zero K=1 boards, the hardest for
// the lexicographic order, up to N=16 on both embedded backends (lazy
// crossings on gophersat too, up to N=12), and reports the solves, the
// questions and the rebuilds per board. Every answer is verified, and the
// backends' answers must agree.
func BenchmarkChainSATAllZero(b *testing.B) {
	answers := map[int]string{}
	for _, n := range []int{6, 8, 10, 11, 12, 13, 14, 15, 16, 32, 64, 100, 200} {
		if n > 16 && !chainBenchAsked(fmt.Sprintf("N=%d/", n)) {
			continue // the large boards run only when named
		}
		c := &instances.Chain{N: n, K: 1, Labels: make([]int, n*n)}
		type mode struct {
			be sat.Backend
			o  ChainOptions
		}
		modes := []mode{{gophersatBackend, ChainOptions{}}, {giniBackend, ChainOptions{}}}
		if n <= 12 {
			modes = append(modes, mode{gophersatBackend, ChainOptions{Crossing: ChainCrossingLazy}})
		}
		for _, m := range modes {
			b.Run(fmt.Sprintf("N=%d/%s/%s", n, m.be.Name(), m.o.crossing()), func(b *testing.B) {
				var res ChainResult
				for i := 0; i < b.N; i++ {
					var err error
					if res, err = SolveChain(c, withBackend(m.o, m.be)); err != nil {
						b.Fatal(err)
					}
				}
				if err := instances.VerifyChain(c, res.Answer); err != nil {
					b.Fatal(err)
				}
				if want, ok := answers[n]; ok && want != res.Answer {
					b.Fatalf("answers differ: %s and %s", want, res.Answer)
				}
				answers[n] = res.Answer
				b.ReportMetric(float64(res.Stats.Solves), "solves")
				b.ReportMetric(float64(res.Trials), "questions")
				b.ReportMetric(float64(res.Rebuilds), "rebuilds")
			})
		}
	}
}

// chainBenchAsked reports whether the -bench pattern names sub.
func chainBenchAsked(sub string) bool {
	if f := flag.Lookup("test.bench"); f != nil {
		return strings.Contains(f.Value.String(), sub)
	}
	return false
}

// withBackend is o solved by be.
func withBackend(o ChainOptions, be sat.Backend) ChainOptions {
	o.Backend = be
	return o
}

// The SAT side's memory estimate lets an all-zero K=1 board of N=200 run
// under the default 2GiB limit (its measured peak is well under it, see
// BenchmarkChainSATAllZero), and grows with the board.
func TestChainMemoryAllowsTheFrontier(t *testing.T) {
	board := func(n int) *instances.Chain {
		var b strings.Builder
		fmt.Fprintf(&b, "%d 1\n", n)
		for r := 0; r < n; r++ {
			b.WriteString(strings.TrimSpace(strings.Repeat("0 ", n)) + "\n")
		}
		cs, err := instances.ParseChain("zero", strings.NewReader(b.String()))
		if err != nil || len(cs) != 1 {
			t.Fatalf("board %d: %v", n, err)
		}
		return cs[0]
	}
	small, big := ChainMemory(board(100), ChainOptions{}), ChainMemory(board(200), ChainOptions{})
	if big <= small {
		t.Errorf("N=200 estimate %d not above N=100's %d", big, small)
	}
	if big >= 2<<30 {
		t.Errorf("N=200 estimate %d refuses a run that fits the default 2GiB", big)
	}
}
