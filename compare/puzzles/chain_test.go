package puzzles

import (
	"bytes"
	"math/rand"
	"strings"
	"testing"
	"time"

	"github.com/gridsat/gridsat/backtrack"
	"github.com/gridsat/gridsat/compare"
	"github.com/gridsat/gridsat/compare/comparetest"
	"github.com/gridsat/gridsat/encode"
	"github.com/gridsat/gridsat/encode/sat"
	"github.com/gridsat/gridsat/instances"
)

func chainPuzzle(t testing.TB) *compare.Puzzle {
	t.Helper()
	p, err := compare.Lookup("chain")
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func chainSpecs(t testing.TB, p *compare.Puzzle, texts ...string) []compare.Spec {
	t.Helper()
	var specs []compare.Spec
	for _, text := range texts {
		sp, err := p.ParseSpec(text, nil)
		if err != nil {
			t.Fatal(err)
		}
		specs = append(specs, sp)
	}
	return specs
}

// TestChainCrossCheckBruteForce runs every solver variant through the
// harness on random planted boards of up to 16 cells: every run must
// verify, the runs must agree, and the common answer must be the brute
// force's.
func TestChainCrossCheckBruteForce(t *testing.T) {
	p := chainPuzzle(t)
	specs := chainSpecs(t, p, "dfs", "dfs:prune=false", "dfs:forced=false:probe=false", "sat", "sat:crossing=lazy:patch=false", "sat:precheck=true:backend=gini")
	rng := rand.New(rand.NewSource(13))
	var cases []instances.Case
	for i := 0; i < 120; i++ {
		n := 1 + rng.Intn(4)
		k := 2 + rng.Intn(5)
		b, _, err := instances.GenerateChain(rng, instances.ChainGenOptions{N: n, K: k, Perturb: i%3 == 0})
		if err != nil {
			t.Fatal(err)
		}
		b.Loc = instances.Loc{File: "random", Case: i + 1, Line: 1}
		cases = append(cases, b)
	}
	rows := comparetest.SolveRows(p, specs, []*comparetest.Source{{File: "random", Cases: cases}})
	for i, r := range rows {
		if r.Failed() || r.Agree != "yes" {
			t.Fatalf("case %d: agree %s, %v", r.Case, r.Agree, r.Problems)
		}
		want := instances.BruteChain(cases[i].(*instances.Chain))
		if got := r.Runs[0].Result.Answer; got != want {
			t.Fatalf("case %d: solvers say %q, brute force %q", r.Case, got, want)
		}
	}
}

// TestChainBundledSets runs both solvers on every bundled chain set: the
// sample answers the statement's 41255214, every minus1 board -1, every
// planted board a verified path, and the solvers agree.
func TestChainBundledSets(t *testing.T) {
	p := chainPuzzle(t)
	sets := instances.Sets("chain")
	if len(sets) < 3 {
		t.Fatalf("bundled chain sets: %v", sets)
	}
	for _, set := range sets {
		t.Run(set.Name, func(t *testing.T) {
			data, err := instances.ReadSet(set.Path)
			if err != nil {
				t.Fatal(err)
			}
			cases, err := p.Parse(set.Path, bytes.NewReader(data))
			if err != nil {
				t.Fatal(err)
			}
			rows := comparetest.SolveRows(p, chainSpecs(t, p, "dfs", "sat"), []*comparetest.Source{{Set: set.Name, File: set.Path, Cases: cases}})
			for _, r := range rows {
				if r.Failed() || r.Agree != "yes" {
					t.Errorf("case %d: agree %s, %v", r.Case, r.Agree, r.Problems)
				}
				ans := r.Runs[0].Result
				switch set.Name {
				case "sample":
					if ans.Answer != "41255214" {
						t.Errorf("sample answers %q, want 41255214", ans.Answer)
					}
				case "minus1":
					if ans.Solved {
						t.Errorf("case %d: a -1 board solved as %q", r.Case, ans.Answer)
					}
				case "planted":
					if !ans.Solved {
						t.Errorf("case %d: a planted board reported -1", r.Case)
					}
				}
			}
		})
	}
}

func TestChainVerifyAndAgree(t *testing.T) {
	p := chainPuzzle(t)
	cases, err := p.Parse("s", strings.NewReader("3 3\n0 2 0\n1 1 1\n2 0 2\n"))
	if err != nil {
		t.Fatal(err)
	}
	c := cases[0]
	tests := []struct {
		name string
		r    compare.Result
		ok   bool
	}{
		{"right", compare.Result{Solved: true, Answer: "41255214"}, true},
		{"invalid path", compare.Result{Solved: true, Answer: "41255215"}, false},
		{"unsolved says -1, where the snake's mirror is a path", compare.Result{Answer: "-1"}, false},
		{"unsolved says something else", compare.Result{Answer: ""}, false},
	}
	for _, tt := range tests {
		if err := p.Verify(c, tt.r); (err == nil) != tt.ok {
			t.Errorf("%s: Verify = %v", tt.name, err)
		}
	}
	none, err := p.Parse("s", strings.NewReader("3 9\n0 1 2\n3 4 5\n6 7 8\n"))
	if err != nil {
		t.Fatal(err)
	}
	if err := p.Verify(none[0], compare.Result{Answer: "-1"}); err != nil {
		t.Errorf("unsolved says -1 where no path is at hand: Verify = %v", err)
	}
	if p.Agree(c, compare.Result{Answer: "1"}, compare.Result{Answer: "2"}) == nil || p.Agree(c, compare.Result{Answer: "1"}, compare.Result{Answer: "1"}) != nil {
		t.Error("Agree does not compare the answers")
	}
}

func TestChainOptionsAndGenerator(t *testing.T) {
	p := chainPuzzle(t)
	cases, _ := p.Parse("s", strings.NewReader("3 3\n0 2 0\n1 1 1\n2 0 2\n"))
	bad := []string{"sat:crossing=sometimes", "sat:precheck=maybe", "sat:patch=1x", "dfs:nodes=-3", "dfs:prune=perhaps"}
	for _, d := range chainDFSDecl.Docs() {
		bad = append(bad, "dfs:"+d.Name+"=nope")
	}
	for _, spec := range bad {
		if _, err := p.ParseSpec(spec, nil); err == nil {
			t.Errorf("ParseSpec(%s): bad option accepted", spec)
		}
		// Solve reads options with the same parser, so it refuses too.
		name, kv, _ := strings.Cut(spec, ":")
		k, v, _ := strings.Cut(kv, "=")
		sp := chainSpecs(t, p, name)[0]
		if _, err := sp.Solver.Solve(cases[0], compare.Options{k: v}); err == nil {
			t.Errorf("Solve(%s): bad option accepted", spec)
		}
	}
	for _, g := range []compare.GenConfig{{Size: "x"}, {Size: "1001"}, {Size: "4", Params: compare.Options{"swap": "maybe"}}, {Size: "4", Params: compare.Options{"k": "0"}}, {Size: "4", Params: compare.Options{"perturb": "sure"}}} {
		if err := p.Generate(&bytes.Buffer{}, g); err == nil {
			t.Errorf("generator accepted %+v", g)
		}
	}
	var buf bytes.Buffer
	if err := p.Generate(&buf, compare.GenConfig{Size: "5", Count: 4, Seed: 3, Params: compare.Options{"k": "4"}}); err != nil {
		t.Fatal(err)
	}
	gen, err := p.Parse("gen", &buf)
	if err != nil || len(gen) != 4 {
		t.Fatalf("%d generated boards, %v", len(gen), err)
	}
	for _, c := range gen {
		b := c.(*instances.Chain)
		if b.N != 5 || b.K != 4 || b.Infeasible() != "" {
			t.Errorf("generated board N=%d K=%d: %s", b.N, b.K, b.Infeasible())
		}
	}
	// A board whose first model holds cycles (the sample's first model is
	// its path, and the look-ahead leaves it no question).
	buf.Reset()
	if err := p.Generate(&buf, compare.GenConfig{Size: "6", Count: 1, Seed: 2, Params: compare.Options{"k": "3"}}); err != nil {
		t.Fatal(err)
	}
	cyclic, err := p.Parse("gen", &buf)
	if err != nil {
		t.Fatal(err)
	}
	lazy, err := cnfOf(p, cyclic[0], compare.Options{}, false)
	if err != nil {
		t.Fatal(err)
	}
	refined, err := cnfOf(p, cyclic[0], compare.Options{}, true)
	if err != nil {
		t.Fatal(err)
	}
	if len(refined.Clauses) <= len(lazy.Clauses) {
		t.Errorf("refined CNF has %d clauses, the plain one %d", len(refined.Clauses), len(lazy.Clauses))
	}
}

// TestChainPruneSwitches: every DFS pruning rule is a switch that compare
// and solve accept (the spec parser checks its value), and the search with
// the switch turned from its default (off for the rules on by default, on
// for refute) still answers the sample.
func TestChainPruneSwitches(t *testing.T) {
	p := chainPuzzle(t)
	cases, err := p.Parse("s", strings.NewReader("3 3\n0 2 0\n1 1 1\n2 0 2\n"))
	if err != nil {
		t.Fatal(err)
	}
	switches := 0
	for _, d := range chainDFSDecl.Docs() {
		if d.Values != "true|false" {
			continue
		}
		switches++
		flip := "false"
		if d.Default == "false" {
			flip = "true"
		}
		sp, err := p.ParseSpec("dfs:"+d.Name+"="+flip, nil)
		if err != nil {
			t.Fatalf("%s=%s: %v", d.Name, flip, err)
		}
		res, err := sp.Solver.Solve(cases[0], sp.Options)
		if err != nil || res.Answer != "41255214" {
			t.Errorf("dfs:%s=%s answers %q, %v", d.Name, flip, res.Answer, err)
		}
		if o, _ := chainDFSOptions(sp.Options); o == (backtrack.ChainOptions{}) {
			t.Errorf("dfs:%s=%s does not change the search: %+v", d.Name, flip, o)
		}
	}
	if switches != 11 {
		t.Fatalf("%d prune switches, want prune and the 10 rules", switches)
	}
}

// TestChainSATAgainstDFS holds the SAT solver, on both embedded backends,
// to the DFS on random boards up to 8x8, every K from 1 to 10, planted
// paths perturbed or not.
func TestChainSATAgainstDFS(t *testing.T) {
	boards := 160
	if testing.Short() {
		boards = 50
	}
	rng := rand.New(rand.NewSource(31))
	var backends []sat.Backend
	for _, name := range []string{"gophersat", "gini"} {
		be, err := sat.LookupBackend(name)
		if err != nil {
			t.Fatal(err)
		}
		backends = append(backends, be)
	}
	solved, unsolved := 0, 0
	for i := 0; i < boards; i++ {
		n, k := 2+rng.Intn(7), 1+i%10
		b, _, err := instances.GenerateChain(rng, instances.ChainGenOptions{N: n, K: k, Perturb: rng.Intn(2) == 0})
		if err != nil {
			t.Fatal(err)
		}
		want, err := backtrack.SolveChain(b, backtrack.ChainOptions{})
		if err != nil {
			t.Fatal(err)
		}
		for _, be := range backends {
			res, err := encode.SolveChain(b, encode.ChainOptions{SATOptions: encode.SATOptions{Backend: be}})
			if err != nil {
				t.Fatalf("board %d (N=%d K=%d) %s: %v", i, n, k, be.Name(), err)
			}
			if res.Answer != want.Answer {
				t.Fatalf("board %d (N=%d K=%d) %s: %q, the DFS %q", i, n, k, be.Name(), res.Answer, want.Answer)
			}
		}
		if want.Solved {
			if err := instances.VerifyChain(b, want.Answer); err != nil {
				t.Fatal(err)
			}
			solved++
		} else {
			unsolved++
		}
	}
	if solved < boards/4 || unsolved < boards/4 {
		t.Errorf("only %d boards with a path and %d without: the test lost its teeth", solved, unsolved)
	}
}

// TestChainAllZeroMinimal: on the all-zero K=1 boards up to 8x8, where the
// lexicographic order is hardest and the plain search cannot follow past
// 5x5, the DFS and the SAT solver (both backends) agree, and the answer is
// proved the smallest step by step with nothing of either search: at
// every step, every smaller direction the step rules allow is shown to
// start no path, by the encoding's refinement loop on gini under
// assumptions (the steps so far and that direction).
func TestChainAllZeroMinimal(t *testing.T) {
	gini, err := sat.LookupBackend("gini")
	if err != nil {
		t.Fatal(err)
	}
	gophersat, err := sat.LookupBackend("gophersat")
	if err != nil {
		t.Fatal(err)
	}
	proved := 0
	for n := 1; n <= 8; n++ {
		b := &instances.Chain{N: n, K: 1, Labels: make([]int, n*n)}
		want, err := backtrack.SolveChain(b, backtrack.ChainOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if err := instances.VerifyChain(b, want.Answer); err != nil {
			t.Fatalf("N=%d: %v", n, err)
		}
		for _, be := range []sat.Backend{gophersat, gini} {
			res, err := encode.SolveChain(b, encode.ChainOptions{SATOptions: encode.SATOptions{Backend: be}})
			if err != nil || res.Answer != want.Answer {
				t.Fatalf("N=%d %s: %q, %v; the DFS %q", n, be.Name(), res.Answer, err, want.Answer)
			}
		}
		enc := encode.NewChainEncoding(b, encode.ChainCrossingEager)
		s, err := gini.New(enc.CNF)
		if err != nil {
			t.Fatal(err)
		}
		s.(sat.Assumer).PromiseSatisfiable() // the answer is a path
		w := instances.NewChainWalk(b)
		var prefix []int
		for _, ch := range want.Answer {
			d := int(ch - '0')
			for smaller := 0; smaller < d; smaller++ {
				if _, ok := w.CanStep(smaller); !ok {
					continue
				}
				assume := append(append([]int(nil), prefix...), enc.Step(w.Cur(), smaller))
				var st sat.Stats
				status, err := sat.RefineAssuming(s, assume, enc.Cut, time.Time{}, &st)
				if err != nil || status != sat.Unsatisfiable {
					t.Fatalf("N=%d step %d: direction %d < %d: %v, %v; a smaller path exists?", n, w.Len()+1, smaller, d, status, err)
				}
				proved++
			}
			prefix = append(prefix, enc.Step(w.Cur(), d))
			w.Step(d)
		}
	}
	t.Logf("%d smaller directions proved to start no path", proved)
	if proved < 20 {
		t.Errorf("only %d smaller directions proved impossible: the test lost its teeth", proved)
	}
}

// TestChainZeroOptionsAreDefaults: the zero values of the Go options
// structs do what the command line does with no options: the DFS's
// parse to exactly the zero value, and the SAT solver's solve the same
// way (same answer, questions, solves and rebuilds).
func TestChainZeroOptionsAreDefaults(t *testing.T) {
	dfs, err := chainDFSOptions(compare.Options{})
	if err != nil || dfs != (backtrack.ChainOptions{}) {
		t.Errorf("dfs defaults %+v, %v; want the zero value", dfs, err)
	}
	sat, err := chainSATOptions(compare.Options{})
	be := sat.Backend
	if err != nil || be == nil || be.Name() != "gophersat" {
		t.Fatalf("sat defaults: backend %v, %v", be, err)
	}
	c := &instances.Chain{N: 7, K: 1, Labels: make([]int, 49)}
	minus1 := &instances.Chain{N: 3, K: 3, Labels: []int{0, 2, 0, 1, 1, 1, 2, 2, 2}} // label counts rule it out
	for _, b := range []*instances.Chain{c, minus1} {
		cli, err := encode.SolveChain(b, sat)
		if err != nil {
			t.Fatal(err)
		}
		zero, err := encode.SolveChain(b, encode.ChainOptions{SATOptions: encode.SATOptions{Backend: be}})
		if err != nil {
			t.Fatal(err)
		}
		if cli.Answer != zero.Answer || cli.Trials != zero.Trials || cli.Stats.Solves != zero.Stats.Solves ||
			cli.Rebuilds != zero.Rebuilds || cli.Stats.Clauses != zero.Stats.Clauses {
			t.Errorf("N=%d: CLI defaults %q (%d questions, %d solves, %d clauses), zero value %q (%d, %d, %d)", b.N,
				cli.Answer, cli.Trials, cli.Stats.Solves, cli.Stats.Clauses, zero.Answer, zero.Trials, zero.Stats.Solves, zero.Stats.Clauses)
		}
		if b == minus1 && (!zero.Counted || !cli.Counted || zero.Stats.Solves != 0) {
			t.Errorf("the label counts rule the board out, yet the zero value says counted=%v after %d solves (the CLI default answers by its counting check)", zero.Counted, zero.Stats.Solves)
		}
	}
}
