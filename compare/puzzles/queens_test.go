package puzzles

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gridsat/gridsat/backtrack"
	"github.com/gridsat/gridsat/compare"
	"github.com/gridsat/gridsat/compare/comparetest"
	"github.com/gridsat/gridsat/encode"
	"github.com/gridsat/gridsat/encode/sat"
	"github.com/gridsat/gridsat/instances"
)

var queensSetDir = filepath.Join("..", "..", "instances", "sets", "queens")

func queensPuzzle(t testing.TB) *compare.Puzzle {
	t.Helper()
	p, err := compare.Lookup("queens")
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// bruteQueens is the tests' own oracle: the fewest queens, trying every
// set of 0, 1, 2, ... squares, with attacks written out again and squares'
// covers as bitmasks over the targets.
func bruteQueens(q *instances.Queens) int {
	type sq struct{ r, c int }
	var targets []sq
	for r := 0; r < q.Rows; r++ {
		for c := 0; c < q.Cols; c++ {
			if q.Target[r*q.Cols+c] {
				targets = append(targets, sq{r, c})
			}
		}
	}
	words := (len(targets) + 63) / 64
	var covers [][]uint64
	for r := 0; r < q.Rows; r++ {
		for c := 0; c < q.Cols; c++ {
			mask := make([]uint64, words)
			for i, t := range targets {
				if r == t.r || c == t.c || r-c == t.r-t.c || r+c == t.r+t.c {
					mask[i/64] |= 1 << (i % 64)
				}
			}
			covers = append(covers, mask)
		}
	}
	all := make([]uint64, words)
	for i := range targets {
		all[i/64] |= 1 << (i % 64)
	}
	var pick func(start, left int, got []uint64) bool
	pick = func(start, left int, got []uint64) bool {
		done := true
		for i := range got {
			if got[i] != all[i] {
				done = false
			}
		}
		if done {
			return true
		}
		if left == 0 {
			return false
		}
		next := make([]uint64, words)
		for s := start; s < len(covers); s++ {
			for i := range next {
				next[i] = got[i] | covers[s][i]
			}
			if pick(s+1, left-1, next) {
				return true
			}
		}
		return false
	}
	for k := 0; ; k++ {
		if pick(0, k, make([]uint64, words)) {
			return k
		}
	}
}

func answerCount(t *testing.T, r compare.Result) int {
	t.Helper()
	_, v, err := instances.ParseQueensAnswer(r.Answer)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func TestQueensRegistered(t *testing.T) {
	p := queensPuzzle(t)
	if len(p.Solvers) != 2 || p.Solvers[0].Name != "dfs" || p.Solvers[1].Name != "sat" {
		t.Fatalf("solvers %v", p.Solvers)
	}
	for _, opt := range []string{"card", "order", "empty", "lines", "search", "symmetry", "backend"} {
		if !p.Solvers[1].Takes(opt) {
			t.Errorf("sat lacks option %s", opt)
		}
	}
	if p.Verify == nil || p.Agree == nil || p.CNF == nil || p.Generate == nil || p.Render == nil {
		t.Error("a hook is missing")
	}
}

// The seed's ten test cases, through the harness: both solvers verified,
// agreeing, and equal to brute force.
func TestQueensSeedCases(t *testing.T) {
	p := queensPuzzle(t)
	srcs, err := comparetest.LoadPath(p, filepath.Join(queensSetDir, "seed.txt"))
	if err != nil {
		t.Fatal(err)
	}
	src := srcs[0]
	if len(src.Cases) != 10 {
		t.Fatalf("%d seed cases, want 10", len(src.Cases))
	}
	var specs []compare.Spec
	for _, text := range []string{"dfs", "sat"} {
		spec, err := p.ParseSpec(text, nil)
		if err != nil {
			t.Fatal(err)
		}
		specs = append(specs, spec)
	}
	rows := comparetest.SolveRows(p, specs, []*comparetest.Source{src})
	for i, row := range rows {
		if row.Failed() || row.Agree != "yes" {
			t.Errorf("case %d: agree %s, problems %v", row.Case, row.Agree, row.Problems)
			continue
		}
		want := bruteQueens(src.Cases[i].(*instances.Queens))
		for _, run := range row.Runs {
			if got := answerCount(t, run.Result); got != want || run.Result.Answer != instances.FormatQueensAnswer(i+1, want) {
				t.Errorf("case %d: %s answered %q, brute force says %d", i+1, run.Solver, run.Result.Answer, want)
			}
		}
	}
}

// Random small boards: every solver variant equals brute force.
func TestQueensRandomBoardsAllVariants(t *testing.T) {
	p := queensPuzzle(t)
	specs := []string{
		"dfs", "dfs:search=down", "dfs:symmetry=false",
		"sat", "sat:card=seq", "sat:card=pb", "sat:search=down", "sat:card=seq:search=down:symmetry=false",
		"sat:card=pb:symmetry=false:lines=false", "sat:symmetry=false", "sat:lines=false:empty=true",
		"sat:card=mtotalizer:order=occurrence:empty=true:backend=gini",
		"sat:backend=gini", "sat:search=down:backend=gini", "sat:upper=greedy:search=down",
		"sat:split=none", "sat:split=none:parity=false:upper=greedy", "sat:squares=true:split=none:search=down",
	}
	rng := rand.New(rand.NewPCG(1, 11214))
	for i := 0; i < 40; i++ {
		q, err := instances.GenerateQueens(rng, 1+rng.IntN(5), 1+rng.IntN(5), []float64{0.2, 0.5, 0.8, 1}[i%4])
		if err != nil {
			t.Fatal(err)
		}
		q.Loc = instances.Loc{File: "random", Case: i + 1, Line: 1}
		want := bruteQueens(q)
		for _, text := range specs {
			spec, err := p.ParseSpec(text, nil)
			if err != nil {
				t.Fatal(err)
			}
			res, err := spec.Solver.Solve(q, spec.Options)
			if err != nil {
				t.Fatalf("%s: %v", text, err)
			}
			if err := p.Verify(q, res); err != nil {
				t.Fatalf("%s on\n%s\n: %v", text, q.Board(nil), err)
			}
			if got := answerCount(t, res); got != want {
				t.Fatalf("%s on\n%s\n: %d queens, brute force says %d", text, q.Board(nil), got, want)
			}
		}
	}
}

// Every card= and order= option on every backend (external ones when
// installed) against the DFS on random boards up to 8x8, rectangles
// included: the same fewest queens, every answer verified.
func TestQueensSATOptionsAgainstDFS(t *testing.T) {
	p := queensPuzzle(t)
	rng := rand.New(rand.NewPCG(8, 11214))
	// Boards whose bounds leave a gap, so that every option is asked.
	var boards []*instances.Queens
	for i := 0; len(boards) < 6; i++ {
		q, err := instances.GenerateQueens(rng, 4+rng.IntN(5), 4+rng.IntN(5), []float64{0.3, 0.5, 0.8}[i%3])
		if err != nil {
			t.Fatal(err)
		}
		if encode.QueensLowerBound(q) >= len(instances.QueensGreedy(q)) {
			continue
		}
		q.Loc = instances.Loc{File: "random", Case: len(boards) + 1, Line: 1}
		boards = append(boards, q)
	}
	dfs, err := p.ParseSpec("dfs", nil)
	if err != nil {
		t.Fatal(err)
	}
	want := make([]int, len(boards))
	for i, q := range boards {
		res, err := dfs.Solver.Solve(q, dfs.Options)
		if err != nil {
			t.Fatal(err)
		}
		want[i] = answerCount(t, res)
	}
	cards := append(append([]string(nil), sat.CardEncodings...), "pb")
	backends := installedBackends(t)
	if len(backends) < 2 {
		t.Fatalf("backends %v: gophersat and gini are built in", backends)
	}
	sizes := make([]string, len(boards))
	for i, q := range boards {
		sizes[i] = q.Size()
	}
	t.Logf("backends %v, boards %v", backends, sizes)
	for _, backend := range backends {
		for _, card := range cards {
			if card == "pb" && backend != "gophersat" {
				continue
			}
			for _, order := range encode.QueensOrders {
				// upper=greedy: the walk finds the optimum of most small
				// boards, and then no k but the proof's is asked.
				text := fmt.Sprintf("sat:card=%s:order=%s:backend=%s:upper=greedy", card, order, backend)
				spec, err := p.ParseSpec(text, nil)
				if err != nil {
					t.Fatal(err)
				}
				calls := 0
				for i, q := range boards {
					res, err := spec.Solver.Solve(q, spec.Options)
					if err != nil {
						t.Fatalf("%s: %v", text, err)
					}
					if n, ok := res.Stat("solves"); ok && n > 0 {
						calls++
					}
					if err := p.Verify(q, res); err != nil {
						t.Fatalf("%s on\n%s\n: %v", text, q.Board(nil), err)
					}
					if got := answerCount(t, res); got != want[i] {
						t.Fatalf("%s on\n%s\n: %d queens, the DFS says %d", text, q.Board(nil), got, want[i])
					}
				}
				if calls < len(boards) {
					t.Fatalf("%s: only %d of %d boards needed a SAT call: the bounds answered the rest", text, calls, len(boards))
				}
			}
		}
	}
}

func TestQueensVerifyRejects(t *testing.T) {
	p := queensPuzzle(t)
	q := instances.NewQueens(3, 3)
	for i := range q.Target {
		q.Target[i] = true
	}
	q.Loc = instances.Loc{File: "f", Case: 2, Line: 5}
	good := compare.Result{Solved: true, Answer: "Case 2: 1", Witness: "XXX\nXQX\nXXX"}
	if err := p.Verify(q, good); err != nil {
		t.Fatalf("good result rejected: %v", err)
	}
	tests := []struct {
		name string
		r    compare.Result
		msg  string
	}{
		{"not solved", compare.Result{Answer: "Case 2: 1"}, "every board has one"},
		{"wrong case number", compare.Result{Solved: true, Answer: "Case 1: 1", Witness: good.Witness}, "names case 1"},
		{"count differs from board", compare.Result{Solved: true, Answer: "Case 2: 2", Witness: good.Witness}, "holds 1"},
		{"uncovered target", compare.Result{Solved: true, Answer: "Case 2: 1", Witness: "QXX\nXXX\nXXX"}, "neither occupied nor attacked"},
		{"board not the case's", compare.Result{Solved: true, Answer: "Case 2: 1", Witness: "X.X\nXQX\nXXX"}, "the case has"},
		{"no witness", compare.Result{Solved: true, Answer: "Case 2: 1"}, "witness"},
		{"bad answer", compare.Result{Solved: true, Answer: "2 queens", Witness: good.Witness}, "Case"},
	}
	for _, tt := range tests {
		if err := p.Verify(q, tt.r); err == nil || !strings.Contains(err.Error(), tt.msg) {
			t.Errorf("%s: err = %v, want %q", tt.name, err, tt.msg)
		}
	}
	if err := p.Agree(q, good, compare.Result{Answer: "Case 2: 2"}); err == nil {
		t.Error("Agree accepted 1 vs 2 queens")
	}
	if err := p.Agree(q, good, compare.Result{Answer: "Case 2: 1", Witness: "XXX\nXXX\nXQX"}); err != nil {
		t.Errorf("Agree: %v (different placements of the same size agree)", err)
	}
}

func TestQueensGenerate(t *testing.T) {
	p := queensPuzzle(t)
	gen := func(g compare.GenConfig) string {
		var buf bytes.Buffer
		if err := p.Generate(&buf, g); err != nil {
			t.Fatalf("%+v: %v", g, err)
		}
		return buf.String()
	}
	a := gen(compare.GenConfig{Size: "6x9", Count: 3, Seed: 4})
	if a != gen(compare.GenConfig{Size: "6x9", Count: 3, Seed: 4}) {
		t.Error("same config, different output")
	}
	if a == gen(compare.GenConfig{Size: "6x9", Count: 3, Seed: 5}) {
		t.Error("different seeds, same output")
	}
	cases, err := p.Parse("gen", strings.NewReader(a))
	if err != nil || len(cases) != 3 || cases[0].Size() != "6x9" {
		t.Fatalf("generated input: %d cases, %v", len(cases), err)
	}
	full, _ := p.Parse("gen", strings.NewReader(gen(compare.GenConfig{Size: "5", Seed: 1, Params: compare.Options{"full": "true"}})))
	if len(full) != 1 || !full[0].(*instances.Queens).Full() {
		t.Error("full=true did not give a full 5x5 board")
	}
	sparse, _ := p.Parse("gen", strings.NewReader(gen(compare.GenConfig{Size: "20x20", Seed: 1, Params: compare.Options{"density": "0.05"}})))
	if n := len(sparse[0].(*instances.Queens).Targets()); n > 60 {
		t.Errorf("density 0.05 gave %d targets of 400", n)
	}
	for _, bad := range []compare.GenConfig{{Size: "0x3"}, {Size: "40"}, {Size: "3y3"}, {Size: "4", Params: compare.Options{"density": "lots"}}, {Size: "4", Params: compare.Options{"density": "2"}}} {
		if err := p.Generate(&bytes.Buffer{}, bad); err == nil {
			t.Errorf("Generate(%+v) accepted", bad)
		}
	}
}

func TestQueensCNFAndRender(t *testing.T) {
	p := queensPuzzle(t)
	cases, err := p.Parse("f", strings.NewReader("6 6\nXXXXXX\nXXXXXX\nXXXXXX\nXXXXXX\nXXXXXX\nXXXXXX\n0\n"))
	if err != nil {
		t.Fatal(err)
	}
	c := cases[0]
	for _, o := range []compare.Options{{}, {"k": "3"}, {"card": "seq", "symmetry": "false"}} {
		f, err := cnfOf(p, c, o, false)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(strings.Join(f.Comments, "\n"), "at most 3 queens") {
			t.Errorf("%v: comments %v lack the bound (gamma(Q_6) = 3)", o, f.Comments[len(f.Comments)-1])
		}
	}
	if _, err := cnfOf(p, c, compare.Options{"card": "pb"}, false); err == nil {
		t.Error("card=pb CNF accepted")
	}
	if _, err := cnfOf(p, c, compare.Options{"k": "-1"}, false); err == nil {
		t.Error("k=-1 accepted")
	}
	spec, _ := p.ParseSpec("dfs", nil)
	res, _ := spec.Solver.Solve(c, spec.Options)
	var svg bytes.Buffer
	if err := p.Render(&svg, c, res); err != nil {
		t.Fatal(err)
	}
	if strings.Count(svg.String(), "<circle") != 3 {
		t.Errorf("SVG of a 3-queen answer has %d queens", strings.Count(svg.String(), "<circle"))
	}
	for _, text := range []string{"sat:symmetry=maybe", "sat:card=nope", "sat:search=sideways", "dfs:search=sideways", "sat:card=pb:backend=gini", "sat:backend=nope", "sat:k=-1", "sat:order=random", "sat:empty=maybe", "sat:lines=2", "sat:card=pb:empty=true"} {
		if _, err := p.ParseSpec(text, nil); err == nil {
			t.Errorf("ParseSpec(%s): bad option accepted", text)
		}
	}
	good, _ := p.ParseSpec("sat", nil)
	if _, err := good.Solver.Solve(c, compare.Options{"symmetry": "maybe"}); err == nil {
		t.Error("Solve: symmetry=maybe accepted")
	}
}

// The bundled set parses, and the DFS answers every case with a verified
// cover (the SAT side is in BenchmarkQueensSets: it takes seconds).
func TestQueensBundledSet(t *testing.T) {
	p := queensPuzzle(t)
	srcs, err := comparetest.LoadPath(p, queensSetDir)
	if err != nil {
		t.Fatal(err)
	}
	names := map[string]int{}
	for _, src := range srcs {
		names[filepath.Base(src.File)] = len(src.Cases)
	}
	if names["seed.txt"] != 10 || names["domination.txt"] != 10 || names["ladder.txt"] == 0 {
		t.Fatalf("bundled set: %v", names)
	}
	spec, _ := p.ParseSpec("dfs", nil)
	rows := comparetest.SolveRows(p, []compare.Spec{spec}, srcs)
	for _, r := range rows {
		if r.Failed() || r.Runs[0].Verdict != compare.VerdictOK {
			t.Errorf("%s: %s %v", r.Where(), r.Runs[0].Verdict, r.Problems)
		}
	}
}

// BenchmarkQueensSets runs each solver over the whole bundled set.
func BenchmarkQueensSets(b *testing.B) {
	p := queensPuzzle(b)
	srcs, err := comparetest.LoadPath(p, queensSetDir)
	if err != nil {
		b.Fatal(err)
	}
	for _, text := range []string{"dfs", "sat", "sat:card=seq", "sat:card=pb", "sat:search=up"} {
		spec, err := p.ParseSpec(text, nil)
		if err != nil {
			b.Fatal(err)
		}
		for _, src := range srcs {
			b.Run(fmt.Sprintf("%s/%s", text, filepath.Base(src.File)), func(b *testing.B) {
				for i := 0; i < b.N; i++ {
					rows := comparetest.SolveRows(p, []compare.Spec{spec}, []*comparetest.Source{src})
					for _, r := range rows {
						if r.Failed() {
							b.Fatalf("%s: %v", r.Where(), r.Problems)
						}
					}
				}
			})
		}
	}
}

// TestQueensZeroOptionsAreDefaults: the zero values of the Go options
// structs solve the way the command line does with no options: the SAT
// options parse to encode.DefaultQueensOptions (the default backend named),
// which solves as the zero
// value does (the same optimum, the same solver calls), and the DFS's
// find the same optimum with the same nodes, on a full board and on a
// sparse one.
func TestQueensZeroOptionsAreDefaults(t *testing.T) {
	dfs, err := queensDFSOptions(compare.Options{})
	if err != nil {
		t.Fatal(err)
	}
	sat, err := queensSATOptions(compare.Options{})
	if err != nil {
		t.Fatal(err)
	}
	want := encode.DefaultQueensOptions()
	if sat.Backend == nil || sat.Backend.Name() != defaultBackend() {
		t.Errorf("sat defaults: backend %v, want %s", sat.Backend, defaultBackend())
	}
	want.Backend = sat.Backend
	if sat != want {
		t.Errorf("sat defaults %+v; want %+v", sat, want)
	}
	rng := rand.New(rand.NewPCG(5, 13))
	sparse, err := instances.GenerateQueens(rng, 7, 7, 0.3)
	if err != nil {
		t.Fatal(err)
	}
	full := instances.NewQueens(7, 7)
	for i := range full.Target {
		full.Target[i] = true
	}
	for _, q := range []*instances.Queens{full, sparse} {
		cli, err := backtrack.SolveQueens(q, dfs)
		if err != nil {
			t.Fatal(err)
		}
		zero, err := backtrack.SolveQueens(q, backtrack.QueensOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if len(cli.Placement) != len(zero.Placement) || cli.Nodes != zero.Nodes {
			t.Errorf("dfs: CLI defaults %d queens, %d nodes; zero value %d, %d", len(cli.Placement), cli.Nodes, len(zero.Placement), zero.Nodes)
		}
		s, err := encode.SolveQueens(q, encode.QueensOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if len(s.Placement) != len(zero.Placement) {
			t.Errorf("sat zero value: %d queens, dfs %d", len(s.Placement), len(zero.Placement))
		}
		d, err := encode.SolveQueens(q, sat)
		if err != nil {
			t.Fatal(err)
		}
		if len(d.Placement) != len(s.Placement) || d.Stats.Solves != s.Stats.Solves || d.Stats.Vars != s.Stats.Vars {
			t.Errorf("sat defaults: %d queens, %d solves, %d vars; zero value %d, %d, %d", len(d.Placement), d.Stats.Solves, d.Stats.Vars, len(s.Placement), s.Stats.Solves, s.Stats.Vars)
		}
		if err := instances.VerifyQueens(q, s.Placement); err != nil {
			t.Error(err)
		}
	}
}
