package encode

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gridsat/gridsat/encode/sat"
	"github.com/gridsat/gridsat/instances"
)

func fullBoard(n int) *instances.Queens {
	q := instances.NewQueens(n, n)
	for i := range q.Target {
		q.Target[i] = true
	}
	return q
}

// Queen domination numbers gamma(Q_n), OEIS A075458.
var gammaQ = []int{0, 1, 1, 1, 2, 3, 3, 4, 5, 5, 5, 5, 6, 7, 8, 9, 9}

// atMostK decides "k queens cover q" through SolveQueens's own solver
// set-up (with split, a call per cube) and model check.
func atMostK(t *testing.T, q *instances.Queens, k int, opt QueensOptions) sat.Status {
	t.Helper()
	opt, err := opt.resolve()
	if err != nil {
		t.Fatal(err)
	}
	backend, _ := opt.backend()
	res := QueensResult{}
	s := &queensSAT{q: q, opt: opt, backend: backend, res: &res}
	if err := s.prepare(k + 1); err != nil {
		t.Fatal(err)
	}
	st, err := s.decide(k)
	if err != nil {
		t.Fatal(err) // a model that fails the verifier lands here
	}
	return st
}

// allCards is every card option.
var allCards = append(append([]string(nil), sat.CardEncodings...), "pb")

// Gophersat defect 4: with CuttingPlanes, "a 6x6 board is dominated by 3
// queens" answers UNSAT, and 7x7 with 4 likewise. The queens SAT path never
// turns CuttingPlanes on; through every card option it must answer SAT
// there (with a verified model) and UNSAT one queen below.
func TestQueensSATWhereCuttingPlanesIsUnsound(t *testing.T) {
	for _, card := range allCards {
		for _, sym := range []bool{false, true} {
			for _, tc := range []struct{ n, k int }{{6, 3}, {7, 4}} {
				name := fmt.Sprintf("%s/symmetry=%v/%dx%d", card, sym, tc.n, tc.n)
				t.Run(name, func(t *testing.T) {
					q := fullBoard(tc.n)
					opt := QueensOptions{Card: QueensCard(card), NoSymmetry: !sym}
					if st := atMostK(t, q, tc.k, opt); st != sat.Satisfiable {
						t.Errorf("at most %d queens: %v, want SAT", tc.k, st)
					}
					if tc.n == 6 || sym { // 7x7 with 3 takes seconds without symmetry
						if st := atMostK(t, q, tc.k-1, opt); st != sat.Unsatisfiable {
							t.Errorf("at most %d queens: %v, want UNSAT", tc.k-1, st)
						}
					}
				})
			}
		}
	}
}

func TestSolveQueensDomination(t *testing.T) {
	type variant struct {
		opt QueensOptions
		max int // largest n tried (no symmetry makes 8x8 take seconds)
	}
	var variants []variant
	for _, card := range allCards {
		for _, search := range []QueensSearch{QueensSearchUp, QueensSearchDown} {
			for _, backend := range []string{"gophersat", "gini"} {
				if card == "pb" && backend == "gini" {
					continue
				}
				opt := QueensOptions{Card: QueensCard(card), Search: search, SATOptions: SATOptions{Backend: mustBackend(backend)}}
				variants = append(variants, variant{opt, 8})
				opt.NoSymmetry = true
				variants = append(variants, variant{opt, 6})
			}
		}
	}
	for _, v := range variants {
		t.Run(fmt.Sprintf("%s/%s/%s/nosym=%v", v.opt.Card, v.opt.Search, v.opt.Backend.Name(), v.opt.NoSymmetry), func(t *testing.T) {
			if testing.Short() && v.max > 6 {
				v.max = 6
			}
			for n := 1; n <= v.max; n++ {
				q := fullBoard(n)
				res, err := SolveQueens(q, v.opt)
				if err != nil {
					t.Fatal(err)
				}
				if err := instances.VerifyQueens(q, res.Placement); err != nil {
					t.Fatalf("n=%d: %v", n, err)
				}
				if len(res.Placement) != gammaQ[n] {
					t.Fatalf("n=%d: %d queens, gamma is %d", n, len(res.Placement), gammaQ[n])
				}
				if res.Lower > gammaQ[n] || res.Greedy < gammaQ[n] {
					t.Fatalf("n=%d: bounds %d..%d miss gamma %d", n, res.Lower, res.Greedy, gammaQ[n])
				}
				// The steps end with the proof: UNSAT one below the answer
				// (down, and up when the walk found the answer), SAT at the
				// answer (up), unless the bounds meet.
				upper := res.Greedy
				if res.Walk > 0 {
					upper = min(upper, res.Walk)
				}
				var steps []sat.Step
				for _, st := range res.Stats.Steps {
					if strings.HasPrefix(st.Label, "k=") {
						steps = append(steps, st)
					}
				}
				if len(steps) == 0 {
					if res.Lower != upper {
						t.Errorf("n=%d: no SAT call, yet bounds %d..%d", n, res.Lower, upper)
					}
					continue
				}
				last := steps[len(steps)-1]
				proof := fmt.Sprintf("k=%d", gammaQ[n]-1)
				if v.opt.Search == "down" && last.Status == sat.Unsatisfiable && last.Label != proof {
					t.Errorf("n=%d: last step %s %v, want %s", n, last.Label, last.Status, proof)
				}
				if v.opt.Search == "up" && gammaQ[n] == upper && (last.Status != sat.Unsatisfiable || last.Label != proof) {
					t.Errorf("n=%d: last step %s %v, want %s UNSAT", n, last.Label, last.Status, proof)
				}
				if v.opt.Search == "up" && gammaQ[n] < upper && (last.Status != sat.Satisfiable || last.Label != fmt.Sprintf("k=%d", gammaQ[n])) {
					t.Errorf("n=%d: last step %s %v", n, last.Label, last.Status)
				}
			}
		})
	}
}

func TestQueensLowerBound(t *testing.T) {
	for n := 1; n < len(gammaQ); n++ {
		lb := QueensLowerBound(fullBoard(n))
		if lb < (n-1+1)/2 || lb > gammaQ[n] {
			t.Errorf("n=%d: bound %d, want ceil((n-1)/2) = %d..gamma = %d", n, lb, n/2, gammaQ[n])
		}
	}
	// An oblong full board gets only the reach bound: 2x9 is covered by
	// 2 queens (reach 9+... each) and 1 does not reach every square.
	q := instances.NewQueens(2, 9)
	for i := range q.Target {
		q.Target[i] = true
	}
	if lb := QueensLowerBound(q); lb != instances.QueensCoverBound(q) {
		t.Errorf("2x9: bound %d, reach bound %d", lb, instances.QueensCoverBound(q))
	}
}

// bruteQueens is the tests' own oracle: the fewest queens, trying every
// set of 0, 1, 2, ... squares, covers as bitmasks over the targets, the
// attack rule written out again.
func bruteQueens(q *instances.Queens) int {
	var targets [][2]int
	for r := 0; r < q.Rows; r++ {
		for c := 0; c < q.Cols; c++ {
			if q.Target[r*q.Cols+c] {
				targets = append(targets, [2]int{r, c})
			}
		}
	}
	if len(targets) > 64 {
		panic("bruteQueens: at most 64 targets")
	}
	var covers []uint64
	for r := 0; r < q.Rows; r++ {
		for c := 0; c < q.Cols; c++ {
			var m uint64
			for i, t := range targets {
				if r == t[0] || c == t[1] || r-c == t[0]-t[1] || r+c == t[0]+t[1] {
					m |= 1 << i
				}
			}
			covers = append(covers, m)
		}
	}
	all := uint64(1)<<len(targets) - 1
	if len(targets) == 64 {
		all = ^uint64(0)
	}
	var pick func(start, left int, got uint64) bool
	pick = func(start, left int, got uint64) bool {
		if got == all {
			return true
		}
		if left == 0 {
			return false
		}
		for s := start; s < len(covers); s++ {
			if pick(s+1, left-1, got|covers[s]) {
				return true
			}
		}
		return false
	}
	for k := 0; ; k++ {
		if pick(0, k, 0) {
			return k
		}
	}
}

// Random boards, rectangles included, whose targets keep some symmetries
// and break others (one reflection, the half turn, the transpose, all
// eight, none): the lex-leader constraints must never cut the last
// smallest cover. Every answer is verified and equal to brute force.
func TestSolveQueensMatchesBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 11214))
	keeps := [][]string{nil, {"flip rows"}, {"flip columns"}, {"rotate 180"}, {"transpose"}, {"anti-transpose"}, {"rotate 90"}, {"flip rows", "transpose"}, {"flip rows", "flip columns"}}
	opts := []QueensOptions{
		{},
		{Search: "down"},
		{SATOptions: SATOptions{Backend: giniBackend}},
		{NoLines: true, NoSymmetry: true},
		{Card: "mtotalizer", Order: "occurrence", NoLines: true},
		{Card: "cardnet", Order: "proximity", Empty: true, SATOptions: SATOptions{Backend: giniBackend}, Search: "down"},
		{Card: "seq", NoSymmetry: true, Search: "down"},
		{Card: "pb", NoLines: true, Search: "down"},
		{Card: "pb"},
	}
	symmetric := 0
	for i := 0; i < 90; i++ {
		keep := keeps[i%len(keeps)]
		rows := 2 + rng.IntN(5)
		cols := rows
		if i%3 == 2 {
			cols = 1 + rng.IntN(7) // oblong boards keep only reflections and the half turn
		}
		q, err := instances.GenerateQueens(rng, rows, cols, []float64{0.15, 0.3, 0.5, 0.8}[i%4])
		if err != nil {
			t.Fatal(err)
		}
		if err := q.Symmetrize(keep...); err != nil {
			t.Fatal(err)
		}
		if len(q.Symmetries()) > 0 {
			symmetric++
		}
		want := bruteQueens(q)
		for _, opt := range opts {
			res, err := SolveQueens(q, opt)
			if err != nil {
				t.Fatalf("board %d %+v: %v", i, opt, err)
			}
			if err := instances.VerifyQueens(q, res.Placement); err != nil || len(res.Placement) != want {
				t.Fatalf("board %d (%+v, symmetries %d)\n%s\n%d queens (%v), brute force says %d", i, opt, len(q.Symmetries()), q.Board(nil), len(res.Placement), err, want)
			}
		}
	}
	if symmetric < 45 {
		t.Errorf("only %d of 90 boards have a symmetry: the lex-leader constraints were hardly tried", symmetric)
	}
}

func TestSolveQueensOddBoards(t *testing.T) {
	// Hand-checked: no target needs no queen; the 1x5 strip one; two
	// targets a knight's move apart, (0,0) and (1,2), one: on (0,2), which
	// shares a row with the first and a column with the second.
	knight := instances.NewQueens(3, 3)
	knight.Target[0], knight.Target[1*3+2] = true, true
	strip := instances.NewQueens(1, 5)
	for i := range strip.Target {
		strip.Target[i] = true
	}
	tests := []struct {
		name string
		q    *instances.Queens
		want int
	}{
		{"empty", instances.NewQueens(4, 4), 0},
		{"strip", strip, 1},
		{"knight", knight, 1},
	}
	for _, tt := range tests {
		for _, search := range []QueensSearch{QueensSearchUp, QueensSearchDown} {
			res, err := SolveQueens(tt.q, QueensOptions{Search: search})
			if err != nil {
				t.Fatal(err)
			}
			if len(res.Placement) != tt.want || instances.VerifyQueens(tt.q, res.Placement) != nil {
				t.Errorf("%s %s: %v", tt.name, search, res.Placement)
			}
		}
	}
}

func TestSolveQueensRejectsBadOptions(t *testing.T) {
	q := fullBoard(3)
	tests := []struct {
		opt QueensOptions
		msg string
	}{
		{QueensOptions{Card: "pb", SATOptions: SATOptions{Backend: giniBackend}}, "gophersat backend only"},
		{QueensOptions{Card: "pb", Empty: true}, "no counter"},
		{QueensOptions{Card: "sorting"}, "unknown card"},
		{QueensOptions{Order: "random"}, "unknown order"},
		{QueensOptions{Search: "sideways"}, "unknown search"},
		{QueensOptions{Split: "rows"}, "unknown split"},
		{QueensOptions{Split: "classes", Card: "pb"}, "not with card=pb"},
		{QueensOptions{Split: "classes", NoLines: true}, "not with card=pb or lines=false"},
		{QueensOptions{Upper: "oracle"}, "unknown upper"},
		{QueensOptions{Walks: -1}, "walks=-1 outside"},
	}
	for _, tt := range tests {
		if err := tt.opt.Validate(); err == nil || !strings.Contains(err.Error(), tt.msg) {
			t.Errorf("Validate(%+v): err = %v, want %q", tt.opt, err, tt.msg)
		}
		if _, err := SolveQueens(q, tt.opt); err == nil || !strings.Contains(err.Error(), tt.msg) {
			t.Errorf("SolveQueens(%+v): err = %v, want %q", tt.opt, err, tt.msg)
		}
	}
	if err := (QueensOptions{}).Validate(); err != nil {
		t.Errorf("the zero value: %v", err)
	}
}

func TestQueensCNF(t *testing.T) {
	q := fullBoard(5)
	for _, card := range sat.CardEncodings {
		for _, opt := range []QueensOptions{{Card: QueensCard(card)}, {Card: QueensCard(card), Order: "occurrence", Empty: true, NoLines: true, NoSymmetry: true}} {
			f, err := QueensCNF(q, 3, opt)
			if err != nil {
				t.Fatal(err)
			}
			var buf bytes.Buffer
			if err := f.WriteDIMACS(&buf); err != nil {
				t.Fatal(err)
			}
			text := buf.String()
			wants := []string{"c var 1: queen on (0,0)", "c at most 3 queens, " + card, "p cnf "}
			if !opt.NoSymmetry {
				wants = append(wants, "lex-leader")
			}
			if !opt.NoLines {
				wants = append(wants, "a queen on anti-diagonal")
			}
			for _, want := range wants {
				if !strings.Contains(text, want) {
					t.Errorf("%+v: DIMACS lacks %q", opt, want)
				}
			}
			s, _ := gophersatBackend.New(f)
			if st, _ := s.Solve(time.Time{}); st != sat.Satisfiable {
				t.Errorf("%+v: 5x5 with 3 queens: %v", opt, st)
			}
			f2, _ := QueensCNF(q, 2, opt)
			s2, _ := gophersatBackend.New(f2)
			if st, _ := s2.Solve(time.Time{}); st != sat.Unsatisfiable {
				t.Errorf("%+v: 5x5 with 2 queens: %v", opt, st)
			}
		}
	}
	if _, err := QueensCNF(q, 3, QueensOptions{Card: "pb"}); err == nil {
		t.Error("card=pb has no CNF, yet QueensCNF made one")
	}
	// split=classes, asked for: an incremental CNF with a cube per share
	// of k among the classes (the 13 of the 20 shares of k=3 that the
	// transpose does not map onto a lesser one, n[1] <= n[2], on this odd
	// board); of those, the balanced ones (counts differing by 2 at most)
	// are split (from any k with 2k at least the side, for the test) by the
	// lines of the outer rings: into 55 by two rings when
	// every symmetry keeps the share (n[1] = n[2]), else into 9 by one
	// ring (the reflections and the half turn keep every share of an odd
	// side: the 9 orbits of that group's 4 on a ring's 16 patterns). The
	// cubes are satisfiable under some cube for 3 queens and under none
	// for 2.
	splitFrom(t, 0)
	for k, want := range map[int]sat.Status{3: sat.Satisfiable, 2: sat.Unsatisfiable} {
		f, err := QueensCNF(q, k, QueensOptions{Split: "classes"})
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for _, share := range classShares(k) {
			balanced := slices.Max(share[:])-slices.Min(share[:]) <= 2 && 2*k >= 5
			switch {
			case share[1] > share[2]:
			case !balanced:
				n++
			case share[1] == share[2]:
				n += 55
			default:
				n += 9
			}
		}
		if len(f.Cubes) != n {
			t.Fatalf("k=%d: %d cubes, want %d", k, len(f.Cubes), n)
		}
		var buf bytes.Buffer
		if err := f.WriteDIMACS(&buf); err != nil {
			t.Fatal(err)
		}
		if text := buf.String(); !strings.Contains(text, "\np inccnf\n") || strings.Count(text, "\na ") != len(f.Cubes) {
			t.Errorf("k=%d: no p inccnf header or not one a line per cube", k)
		}
		got := sat.Unsatisfiable
		for _, cube := range f.Cubes {
			s, _ := gophersatBackend.New(f.With(cube...))
			if st, _ := s.Solve(time.Time{}); st == sat.Satisfiable {
				got = sat.Satisfiable
			}
		}
		if got != want {
			t.Errorf("5x5 with %d queens under the cubes: %v, want %v", k, got, want)
		}
	}
}

// The literal orders are permutations of the square variables: occurrence
// puts the centre of a full board (most target clauses) first, proximity
// keeps each 3x3 block together.
func TestQueensOrders(t *testing.T) {
	q := fullBoard(7)
	qf := newQueensFormula(q, QueensOptions{NoSymmetry: true})
	for _, order := range QueensOrders {
		got := qf.Ordered(order)
		seen := map[int]bool{}
		for _, v := range got {
			seen[v] = true
		}
		if len(got) != len(qf.Queens) || len(seen) != len(qf.Queens) {
			t.Fatalf("%s: %d literals, %d distinct, want %d", order, len(got), len(seen), len(qf.Queens))
		}
	}
	if got := qf.Ordered("natural"); got[0] != qf.Square[0] || got[1] != qf.Square[1] {
		t.Errorf("natural order starts %v", got[:2])
	}
	if got := qf.Ordered("occurrence"); got[0] != qf.Square[3*7+3] {
		t.Errorf("occurrence order starts with var %d, not the centre's %d", got[0], qf.Square[24])
	}
	prox := qf.Ordered("proximity")
	block := map[int]bool{}
	for _, v := range prox[:9] {
		block[v] = true
	}
	for r := 0; r < 3; r++ {
		for c := 0; c < 3; c++ {
			if !block[qf.Square[r*7+c]] {
				t.Errorf("proximity: (%d,%d) is not among the first nine", r, c)
			}
		}
	}
}

// benchQueensVariants are the options the SAT benchmarks put side by side:
// the default, then one choice changed at a time.
var benchQueensVariants = []struct {
	name string
	opt  QueensOptions
}{
	{"default", QueensOptions{}},
	{"card=seq", QueensOptions{Card: "seq"}},
	{"card=mtotalizer", QueensOptions{Card: "mtotalizer"}},
	{"card=cardnet", QueensOptions{Card: "cardnet"}},
	{"card=sortnet", QueensOptions{Card: "sortnet"}},
	{"card=pb", QueensOptions{Card: "pb"}},
	{"order=occurrence", QueensOptions{Order: "occurrence"}},
	{"order=proximity", QueensOptions{Order: "proximity"}},
	{"empty=true", QueensOptions{Empty: true}},
	{"lines=false", QueensOptions{NoLines: true}},
	{"squares=true", QueensOptions{Squares: true}},
	{"parity=false", QueensOptions{NoParity: true}},
	{"split=none", QueensOptions{Split: "none"}},
	{"upper=greedy", QueensOptions{Upper: "greedy"}},
	{"symmetry=false", QueensOptions{NoSymmetry: true}},
	{"search=down", QueensOptions{Search: "down"}},
}

// BenchmarkQueensSATDomination proves gamma(Q_n) per option and backend,
// reporting the solver calls. n = 12 and 13 take seconds to minutes:
//
//	go test -run X -bench 'QueensSATDomination/n=1[0-1]/' -benchtime 1x ./encode/
func BenchmarkQueensSATDomination(b *testing.B) {
	for _, n := range []int{8, 9, 10, 11, 12, 13} {
		for _, backend := range []string{"gophersat", "gini", "exec:cadical"} {
			if _, err := sat.LookupBackend(backend); err != nil {
				continue
			}
			for _, v := range benchQueensVariants {
				if v.opt.Card == "pb" && backend != "gophersat" {
					continue
				}
				opt := v.opt
				opt.Backend = mustBackend(backend)
				b.Run(fmt.Sprintf("n=%d/%s/%s", n, backend, v.name), func(b *testing.B) { benchGamma(b, n, opt) })
			}
		}
	}
}

// BenchmarkQueensSATFrontier proves gamma(Q_n) for n = 14..16 with the
// default options, past the sizes, reporting the solver calls
// (cubes). The slowest is n = 15 on gophersat: by `gridsat solve queens
// --solver sat`, medians of three runs alternating with 0.13.0's binary,
// 12.3 s CPU against 59.1 s (4.8x; 281 calls, load 3-7), and n = 16
// 3.7 s against 11.2 s (3.0x; 109 calls); the issue asked 4.2x and 2.35x
// (127 s -> 30 s, 47 s -> 20 s). Figures, and the profile they follow
// from, in encode/README.md:
//
//	go test -run X -bench 'QueensSATFrontier/n=1[456]/gophersat' -benchtime 1x ./encode/
func BenchmarkQueensSATFrontier(b *testing.B) {
	for _, n := range []int{14, 15, 16} {
		for _, backend := range []string{"gophersat", "gini"} {
			b.Run(fmt.Sprintf("n=%d/%s", n, backend), func(b *testing.B) {
				benchGamma(b, n, QueensOptions{SATOptions: SATOptions{Backend: mustBackend(backend)}})
			})
		}
	}
}

// benchGamma proves gamma(Q_n) with opt b.N times, checking the answer and
// the placement, and reports the solver calls.
func benchGamma(b *testing.B, n int, opt QueensOptions) {
	var calls int
	for i := 0; i < b.N; i++ {
		q := fullBoard(n)
		res, err := SolveQueens(q, opt)
		if err != nil || len(res.Placement) != gammaQ[n] {
			b.Fatalf("%v, %d queens", err, len(res.Placement))
		}
		if err := instances.VerifyQueens(q, res.Placement); err != nil {
			b.Fatal(err)
		}
		calls = res.Stats.Solves
	}
	b.ReportMetric(float64(calls), "calls")
}

// BenchmarkQueensSATRandom36 solves the 36 random boards of
// testdata/queens_random36.txt (11x11..16x16, 3%-43% targets; made by
// gridsat gen queens --size n --seed n*10+i --param density=d for n in
// 11..16 and the i-th d of 0.05 0.1 0.15 0.2 0.3 0.4), one sub-benchmark
// per board, with the default options on each backend.
func BenchmarkQueensSATRandom36(b *testing.B) {
	f, err := os.Open(filepath.Join("testdata", "queens_random36.txt"))
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	cases, err := instances.ParseQueens("queens_random36.txt", f)
	if err != nil {
		b.Fatal(err)
	}
	for _, backend := range []string{"gophersat", "gini", "exec:cadical"} {
		if _, err := sat.LookupBackend(backend); err != nil {
			continue
		}
		for i, q := range cases {
			b.Run(fmt.Sprintf("%s/board=%d", backend, i+1), func(b *testing.B) {
				var calls int
				for j := 0; j < b.N; j++ {
					res, err := SolveQueens(q, QueensOptions{SATOptions: SATOptions{Backend: mustBackend(backend)}})
					if err != nil {
						b.Fatal(err)
					}
					if err := instances.VerifyQueens(q, res.Placement); err != nil {
						b.Fatal(err)
					}
					calls = res.Stats.Solves
				}
				b.ReportMetric(float64(calls), "calls")
			})
		}
	}
}

// TestQueensWeakley: Weakley's theorem lifts the lower bound of the full
// n x n board with n = 1 mod 4 to (n+1)/2, which is gamma there, and
// only there; with weakley=false the search refutes (n-1)/2 itself and
// answers the same.
func TestQueensWeakley(t *testing.T) {
	for n := 1; n < len(gammaQ); n++ {
		q := fullBoard(n)
		with, without := queensLowerBound(q, QueensOptions{NoFinozhenok: true}), queensLowerBound(q, QueensOptions{NoWeakley: true, NoFinozhenok: true})
		if n%4 == 1 && with != (n+1)/2 {
			t.Errorf("n=%d: bound %d with Weakley, want (n+1)/2 = %d", n, with, (n+1)/2)
		}
		if n%4 != 1 && with != without {
			t.Errorf("n=%d: Weakley changed the bound %d to %d", n, without, with)
		}
		if with > gammaQ[n] {
			t.Errorf("n=%d: bound %d above gamma %d", n, with, gammaQ[n])
		}
	}
	for _, n := range []int{5, 9} {
		for _, off := range []bool{false, true} {
			res, err := SolveQueens(fullBoard(n), QueensOptions{NoWeakley: off, Upper: QueensUpperGreedy, SATOptions: SATOptions{Certify: true}})
			if err != nil {
				t.Fatal(err)
			}
			if err := instances.VerifyQueens(fullBoard(n), res.Placement); err != nil || len(res.Placement) != gammaQ[n] {
				t.Errorf("n=%d weakley=%t: %d queens (%v), want gamma %d", n, !off, len(res.Placement), err, gammaQ[n])
			}
			wantLower, named := (n+1)/2, true
			if off {
				wantLower, named = n/2, false
			}
			trusted := strings.Join(res.Cert.Trusted, "\n")
			if res.Lower != wantLower || strings.Contains(trusted, "Weakley") != named {
				t.Errorf("n=%d weakley=%t: search from %d, want %d; trusted:\n%s", n, !off, res.Lower, wantLower, trusted)
			}
		}
	}
}

// TestQueensFinozhenok: Finozhenok and Weakley's theorem lifts the lower
// bound of the full n x n board with n = 3 mod 4, save for n = 3 and 11,
// to (n+1)/2, never above gamma, and only there; with finozhenok=false SAT
// refutes (n-1)/2 on Q_7 itself (a checked proof) and answers the same.
func TestQueensFinozhenok(t *testing.T) {
	for n := 1; n < len(gammaQ); n++ {
		q := fullBoard(n)
		with, without := queensLowerBound(q, QueensOptions{NoWeakley: true}), queensLowerBound(q, QueensOptions{NoWeakley: true, NoFinozhenok: true})
		lifts := n%4 == 3 && n != 3 && n != 11
		if lifts && with != (n+1)/2 {
			t.Errorf("n=%d: bound %d with the theorem, want (n+1)/2 = %d", n, with, (n+1)/2)
		}
		if !lifts && with != without {
			t.Errorf("n=%d: the theorem changed the bound %d to %d", n, without, with)
		}
		if with > gammaQ[n] {
			t.Errorf("n=%d: bound %d above gamma %d", n, with, gammaQ[n])
		}
	}
	const n = 7
	for _, off := range []bool{false, true} {
		res, err := SolveQueens(fullBoard(n), QueensOptions{NoFinozhenok: off, Upper: QueensUpperGreedy, SATOptions: SATOptions{Certify: true}})
		if err != nil {
			t.Fatal(err)
		}
		if err := instances.VerifyQueens(fullBoard(n), res.Placement); err != nil || len(res.Placement) != gammaQ[n] {
			t.Errorf("finozhenok=%t: %d queens (%v), want gamma %d", !off, len(res.Placement), err, gammaQ[n])
		}
		wantLower, named := (n+1)/2, true
		if off {
			wantLower, named = n/2, false
		}
		trusted := strings.Join(res.Cert.Trusted, "\n")
		if res.Lower != wantLower || strings.Contains(trusted, "Finozhenok") != named {
			t.Errorf("finozhenok=%t: search from %d, want %d; trusted:\n%s", !off, res.Lower, wantLower, trusted)
		}
		if off && (res.CertErr != nil || res.Cert == nil || res.Cert.Claims == 0) {
			t.Errorf("finozhenok=false: the refutation of %d queens: %+v, %v; want checked proofs", n/2, res.Cert, res.CertErr)
		}
		asked := slices.ContainsFunc(res.Stats.Steps, func(s sat.Step) bool { return s.Label == "k=3" && s.Status == sat.Unsatisfiable })
		if asked != off {
			t.Errorf("finozhenok=%t: steps %+v; want k=3 refuted by SAT only with the theorem off", !off, res.Stats.Steps)
		}
	}
}

// TestQueensWalks: more cover walks keep the smallest cover, each one
// verified; on Q_18 the first walk finds 10 queens and the second the
// optimum 9, where the walks stop.
func TestQueensWalks(t *testing.T) {
	q := fullBoard(18)
	one, err := queensWalks(q, 1, 9)
	if err != nil {
		t.Fatal(err)
	}
	four, err := queensWalks(q, 4, 9)
	if err != nil {
		t.Fatal(err)
	}
	if len(four) > len(one) || len(four) != 9 {
		t.Errorf("Q_18: %d queens after one walk, %d after four; want 9 (gamma) at last", len(one), len(four))
	}
	if err := instances.VerifyQueens(q, four); err != nil {
		t.Error(err)
	}
}

// TestQueensWalkStopsAtFloor: a walk told the lower bound stops at a cover
// of that size, where one told none spends its whole budget looking for
// a smaller one.
func TestQueensWalkStopsAtFloor(t *testing.T) {
	qf := newQueensFormula(fullBoard(5), QueensOptions{NoLines: true, NoSymmetry: true})
	const budget = 5_000
	for _, floor := range []int{0, 3} {
		w := qf.coverWalk(1)
		cover := w.run(budget, floor)
		if len(cover) != 3 {
			t.Errorf("floor %d: a cover of %d queens, want gamma(Q_5) = 3", floor, len(cover))
		}
		if spent := w.step >= budget; spent != (floor == 0) {
			t.Errorf("floor %d: %d swaps for a budget of %d", floor, w.step, budget)
		}
	}
}

// TestWalkBudget: the cover walk's budget per size grows with the square
// of the formula between its floor and its cap, so that a failing walk on
// a small board costs little beside the SAT call it could have spared,
// and the full boards from Q_17 up keep the whole cap.
func TestWalkBudget(t *testing.T) {
	for _, tc := range []struct {
		squares, clauses int
		want             int64
	}{
		{1, 1, 200},        // the floor
		{58, 21, 390},      // a bundled 8x8 refutation: 79*79/16
		{144, 144, 5184},   // Q_12
		{289, 289, 20_000}, // Q_17: the cap
		{625, 625, 20_000}, // Q_25
		{1 << 20, 1 << 20, 20_000},
	} {
		if got := walkBudget(tc.squares, tc.clauses); got != tc.want {
			t.Errorf("walkBudget(%d, %d) = %d, want %d", tc.squares, tc.clauses, got, tc.want)
		}
	}
	last := int64(0)
	for x := 0; x < 2000; x++ {
		b := walkBudget(x, x)
		if b < last {
			t.Fatalf("walkBudget(%d, %d) = %d, below %d for a smaller formula", x, x, b, last)
		}
		last = b
	}
}

// TestQueensSplitFor: the automatic split asks by class cubes from a
// greedy cover of classesFrom queens, and whole below it; a split asked
// for is kept, and parts keep classes.
func TestQueensSplitFor(t *testing.T) {
	small, err := instances.ParseQueens("small", strings.NewReader("6 6\nX.....\n......\n..X...\n......\n....X.\n.....X\n0\n"))
	if err != nil {
		t.Fatal(err)
	}
	if g := len(instances.QueensGreedy(small[0])); g >= classesFrom {
		t.Fatalf("the small board's greedy cover has %d queens", g)
	}
	full := fullBoard(8)
	if g := len(instances.QueensGreedy(full)); g < classesFrom {
		t.Fatalf("Q_8's greedy cover has %d queens", g)
	}
	part := *full
	part.Part = &instances.QueensPart{}
	for _, tc := range []struct {
		q     *instances.Queens
		split QueensSplit
		want  QueensSplit
	}{
		{small[0], "", QueensSplitNone},
		{small[0], QueensSplitAuto, QueensSplitNone},
		{small[0], QueensSplitClasses, QueensSplitClasses},
		{full, "", QueensSplitClasses},
		{full, QueensSplitAuto, QueensSplitClasses},
		{full, QueensSplitNone, QueensSplitNone},
		{&part, QueensSplitAuto, QueensSplitClasses},
	} {
		opt, err := QueensOptions{Split: tc.split}.splitFor(tc.q).resolve()
		if err != nil {
			t.Fatal(err)
		}
		if opt.Split != tc.want {
			t.Errorf("%s, split=%q: %s, want %s", tc.q.Size(), tc.split, opt.Split, tc.want)
		}
	}
}

// TestOptionChecksAllocFree: the solvers check their options on every
// solve, inside its timing, so the enumerations' checks allocate nothing
// (their value lists are read once per type), and a bad value is still
// refused.
func TestOptionChecksAllocFree(t *testing.T) {
	slant := DefaultSlantOptions()
	queens := DefaultQueensOptions()
	for name, check := range map[string]func() error{
		"slant": slant.Check,
		"queens": func() error {
			_, err := queens.resolve()
			return err
		},
	} {
		if err := check(); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if n := testing.AllocsPerRun(100, func() { _ = check() }); n != 0 {
			t.Errorf("%s: %v allocations per check, want 0", name, n)
		}
	}
	bad := slant
	bad.Loops = "sideways"
	if err := bad.Check(); err == nil || !strings.Contains(err.Error(), `unknown loops "sideways"`) {
		t.Errorf("loops=sideways: %v", err)
	}
}

// BenchmarkQueensSATBundled solves every case of the bundled queens sets
// (instances/sets/queens) in one op with the default options: the cases
// behind the queens sat/dfs geomean of gridsat measure.
func BenchmarkQueensSATBundled(b *testing.B) {
	var cases []*instances.Queens
	for _, name := range []string{"seed", "ladder", "domination"} {
		cs, err := instances.ReadFile(filepath.Join("..", "instances", "sets", "queens", name+".txt"), instances.ParseQueens)
		if err != nil {
			b.Fatal(err)
		}
		cases = append(cases, cs...)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, q := range cases {
			res, err := SolveQueens(q, QueensOptions{})
			if err != nil {
				b.Fatal(err)
			}
			if err := instances.VerifyQueens(q, res.Placement); err != nil {
				b.Fatal(err)
			}
		}
	}
}
