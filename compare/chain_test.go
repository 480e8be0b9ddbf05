package compare

import (
	"bytes"
	"context"
	"math/rand"
	"strings"
	"testing"

	"github.com/gridsat/gridsat/instances"
)

func chainPuzzle(t *testing.T) *Puzzle {
	t.Helper()
	p, err := Lookup("chain")
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func chainSpecs(t *testing.T, p *Puzzle, texts ...string) []Spec {
	t.Helper()
	var specs []Spec
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
	specs := chainSpecs(t, p, "dfs", "dfs:prune=false", "sat", "sat:crossing=eager", "sat:precheck=true")
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
	rows := Compare(context.Background(), Config{Puzzle: p, Specs: specs, Sources: []*Source{{File: "random", Cases: cases}}})
	for i, r := range rows {
		if r.Failed() || r.Agree != "yes" {
			t.Fatalf("case %d: agree %s, %v", r.Case, r.Agree, r.Problems)
		}
		want := instances.ChainBruteForce(cases[i].(*instances.Chain))
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
			rows := Compare(context.Background(), Config{Puzzle: p, Specs: chainSpecs(t, p, "dfs", "sat"),
				Sources: []*Source{{Set: set.Name, File: set.Path, Cases: cases}}})
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
		r    Result
		ok   bool
	}{
		{"right", Result{Solved: true, Answer: "41255214"}, true},
		{"invalid path", Result{Solved: true, Answer: "41255215"}, false},
		{"unsolved says -1", Result{Answer: "-1"}, true},
		{"unsolved says something else", Result{Answer: ""}, false},
	}
	for _, tt := range tests {
		if err := p.Verify(c, tt.r); (err == nil) != tt.ok {
			t.Errorf("%s: Verify = %v", tt.name, err)
		}
	}
	if p.Agree(c, Result{Answer: "1"}, Result{Answer: "2"}) == nil || p.Agree(c, Result{Answer: "1"}, Result{Answer: "1"}) != nil {
		t.Error("Agree does not compare the answers")
	}
}

func TestChainOptionsAndGenerator(t *testing.T) {
	p := chainPuzzle(t)
	cases, _ := p.Parse("s", strings.NewReader("3 3\n0 2 0\n1 1 1\n2 0 2\n"))
	for _, spec := range []string{"sat:crossing=sometimes", "sat:precheck=maybe", "dfs:nodes=-3", "dfs:prune=perhaps"} {
		if _, err := p.ParseSpec(spec, nil); err == nil {
			t.Errorf("ParseSpec(%s): bad option accepted", spec)
		}
		// Solve reads options with the same parser, so it refuses too.
		name, kv, _ := strings.Cut(spec, ":")
		k, v, _ := strings.Cut(kv, "=")
		sp := chainSpecs(t, p, name)[0]
		if _, err := sp.Solver.Solve(cases[0], Options{k: v}); err == nil {
			t.Errorf("Solve(%s): bad option accepted", spec)
		}
	}
	for _, g := range []GenConfig{{Size: "x"}, {Size: "17"}, {Size: "4", Params: Options{"k": "0"}}, {Size: "4", Params: Options{"perturb": "sure"}}} {
		if err := p.Generate(&bytes.Buffer{}, g); err == nil {
			t.Errorf("generator accepted %+v", g)
		}
	}
	var buf bytes.Buffer
	if err := p.Generate(&buf, GenConfig{Size: "5", Count: 4, Seed: 3, Params: Options{"k": "4"}}); err != nil {
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
	lazy, err := p.CNF(cases[0], Options{}, false)
	if err != nil {
		t.Fatal(err)
	}
	refined, err := p.CNF(cases[0], Options{}, true)
	if err != nil {
		t.Fatal(err)
	}
	if len(refined.Clauses) <= len(lazy.Clauses) {
		t.Errorf("refined CNF has %d clauses, the plain one %d", len(refined.Clauses), len(lazy.Clauses))
	}
}
