package compare

import (
	"bytes"
	"context"
	"flag"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gridsat/gridsat/backtrack"
	"github.com/gridsat/gridsat/instances"
)

var slantRegen = flag.Bool("slant.regen", false, "rewrite the slant fixtures in instances/testdata and instances/sets/slant")

// slantFixtures are the generated slant files: path, seed, and the sizes
// of their cases in order. Regenerate with
//
//	go test ./compare/ -run TestSlantRegenerateFixtures -slant.regen -timeout 60m
var slantFixtures = []struct {
	path  string
	seed  uint64
	sizes []int
}{
	{"../instances/sets/slant/sample.txt", 1, []int{3, 5}},
	{"../instances/sets/slant/ladder.txt", 2, []int{5, 5, 7, 7, 10, 10, 15, 15, 20, 20, 30, 30, 50, 50}},
	{"../instances/testdata/slant_hard_10.txt", 10, []int{10, 10, 10}},
	{"../instances/testdata/slant_hard_20.txt", 20, []int{20, 20, 20}},
	{"../instances/testdata/slant_hard_50.txt", 50, []int{50, 50, 50}},
}

// TestSlantRegenerateFixtures writes the fixtures with the generator (only
// with -slant.regen); without the flag it checks that each file holds
// unique puzzles of the listed sizes.
func TestSlantRegenerateFixtures(t *testing.T) {
	for _, fx := range slantFixtures {
		if *slantRegen {
			rng := rand.New(rand.NewPCG(fx.seed, 0x51a47))
			var cases []*instances.Slant
			for _, n := range fx.sizes {
				s, _, err := instances.GenerateSlant(rng, n, n, true, SlantGenCounter)
				if err != nil {
					t.Fatal(err)
				}
				cases = append(cases, s)
				t.Logf("%s: %dx%d done", fx.path, n, n)
			}
			var buf bytes.Buffer
			if err := instances.FormatSlantJudge(&buf, cases); err != nil {
				t.Fatal(err)
			}
			if err := os.MkdirAll(filepath.Dir(fx.path), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(fx.path, buf.Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		fh, err := os.Open(fx.path)
		if err != nil {
			t.Fatalf("fixture missing (regenerate with -slant.regen): %v", err)
		}
		cases, err := instances.ParseSlant(fx.path, fh)
		fh.Close()
		if err != nil {
			t.Fatal(err)
		}
		if len(cases) != len(fx.sizes) {
			t.Fatalf("%s: %d cases, want %d", fx.path, len(cases), len(fx.sizes))
		}
		for i, s := range cases {
			if s.W != fx.sizes[i] {
				t.Errorf("%s case %d: size %s, want %d", fx.path, i+1, s.Size(), fx.sizes[i])
			}
		}
	}
}

func slantPuzzle(t *testing.T) *Puzzle {
	t.Helper()
	p, err := Lookup("slant")
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func slantCases(t *testing.T, p *Puzzle, text string) []instances.Case {
	t.Helper()
	cases, err := p.Parse("test", strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	return cases
}

// Uniqueness both ways, through the registry: a generated unique puzzle
// (no second solution) and the 2x2 with a 1 in its corner (several), for
// every solver variant; Verify checks the second solution, and Compare
// finds the solvers agreeing.
func TestSlantUniqueBothWays(t *testing.T) {
	p := slantPuzzle(t)
	var gen bytes.Buffer
	if err := p.Generate(&gen, GenConfig{Size: "6", Count: 1, Seed: 5}); err != nil {
		t.Fatal(err)
	}
	unique := slantCases(t, p, gen.String())[0]
	several := slantCases(t, p, "2x2:1h\n")[0]
	var specs []Spec
	for _, text := range []string{"dfs", "dfs:deduce=basic", "dfs:deduce=deadend", "dfs:learn=false", "dfs:regions=false",
		"dfs:probe=true", "dfs:learn=false:regions=false", "sat", "sat:pre=none", "sat:pre=basic", "sat:pre=deadend",
		"sat:loops=lazy+diamond", "sat:loops=lazy+short", "sat:loops=reach", "sat:cuts=forest", "sat:phase=slash"} {
		spec, err := p.ParseSpec(text, Options{UniqueOption: "true"})
		if err != nil {
			t.Fatal(err)
		}
		specs = append(specs, spec)
	}
	for _, tt := range []struct {
		c          instances.Case
		wantSecond bool
	}{{unique, false}, {several, true}} {
		for _, spec := range specs {
			res, err := SolveCase(spec, tt.c)
			if err != nil {
				t.Fatalf("%s: %v", spec.Text, err)
			}
			if !res.Solved || !res.UniqueChecked || (res.Second != "") != tt.wantSecond {
				t.Fatalf("%s on %s: solved=%v checked=%v second=%q", spec.Text, tt.c.Size(), res.Solved, res.UniqueChecked, res.Second)
			}
			if err := p.Verify(tt.c, res); err != nil {
				t.Fatalf("%s: %v", spec.Text, err)
			}
		}
	}
	rows := Compare(context.Background(), Config{Puzzle: p, Specs: specs, Sources: []*Source{{File: "t", Cases: []instances.Case{unique, several}}}})
	for _, r := range rows {
		if r.Failed() || r.Agree != "yes" {
			t.Errorf("case %d: agree=%s %v", r.Case, r.Agree, r.Problems)
		}
	}
}

// Both solvers, every deduction level given to SAT before its solve, agree
// with brute force on random small boards: the count up to two, and every
// answer verified.
func TestSlantSolversAgreeWithBruteForce(t *testing.T) {
	p := slantPuzzle(t)
	var specs []Spec
	for _, text := range []string{"dfs", "dfs:learn=false", "sat", "sat:pre=deadend", "sat:pre=basic", "sat:pre=none"} {
		spec, err := p.ParseSpec(text, Options{UniqueOption: "true"})
		if err != nil {
			t.Fatal(err)
		}
		specs = append(specs, spec)
	}
	rng := rand.New(rand.NewPCG(21, 4))
	for k := 0; k < 150; k++ {
		s := instances.NewSlant(1+rng.IntN(4), 1+rng.IntN(3))
		if k%2 == 0 {
			s, _ = instances.PlantSlant(rng, s.W, s.H, rng.Float64())
		} else {
			for i := range s.Clues {
				if rng.IntN(3) == 0 {
					s.Clues[i] = int8(rng.IntN(4))
				}
			}
		}
		want, err := instances.BruteCountSlant(s, 2)
		if err != nil {
			t.Fatal(err)
		}
		for _, spec := range specs {
			res, err := SolveCase(spec, s)
			if err != nil {
				t.Fatalf("%s on %s: %v", spec.Text, instances.SlantGameID(s), err)
			}
			if err := p.Verify(s, res); err != nil {
				t.Fatalf("%s on %s: %v", spec.Text, instances.SlantGameID(s), err)
			}
			got := 0
			if res.Solved {
				got = 1
				if res.Second != "" {
					got = 2
				}
			}
			if got != want {
				t.Fatalf("%s on %s: %d solutions, brute force %d", spec.Text, instances.SlantGameID(s), got, want)
			}
		}
	}
}

// A case with no solution is reported as unsolved, with nothing printed,
// by both solvers, and they agree.
func TestSlantNoSolution(t *testing.T) {
	p := slantPuzzle(t)
	cases := slantCases(t, p, "2\n1\n2.\n..\n2\n...\n.0.\n...\n")
	for _, name := range []string{"dfs", "sat"} {
		spec, _ := p.ParseSpec(name, nil)
		for _, c := range cases {
			res, err := SolveCase(spec, c)
			if err != nil {
				t.Fatal(err)
			}
			if res.Solved || res.Answer != "" {
				t.Errorf("%s on case %d: solved=%v answer=%q", name, c.Location().Case, res.Solved, res.Answer)
			}
			if err := p.Verify(c, res); err != nil {
				t.Errorf("%s: %v", name, err)
			}
		}
	}
}

// The verifier rejects wrong answers: a loop, a wrong count, a malformed
// answer, a second solution equal to the first.
func TestSlantVerifyRejects(t *testing.T) {
	p := slantPuzzle(t)
	c := slantCases(t, p, "2x2:1h\n")[0]
	for _, tt := range []struct {
		name string
		r    Result
	}{
		{"loop", Result{Solved: true, Answer: "/\\\n\\/"}},
		{"wrong count", Result{Solved: true, Answer: "//\n//"}},
		{"short", Result{Solved: true, Answer: "\\/"}},
		{"same second", Result{Solved: true, Answer: "\\\\\n\\\\", Second: "\\\\\n\\\\", UniqueChecked: true}},
		{"unsolved with answer", Result{Answer: "\\\\\n\\\\"}},
	} {
		if err := p.Verify(c, tt.r); err == nil {
			t.Errorf("%s: accepted", tt.name)
		}
	}
	if err := p.Verify(c, Result{Solved: true, Answer: "\\\\\n\\\\"}); err != nil {
		t.Errorf("valid answer rejected: %v", err)
	}
	a := Result{Solved: true, UniqueChecked: true}
	b := Result{Solved: true, UniqueChecked: true, Second: "x"}
	if p.Agree(c, a, b) == nil {
		t.Error("Agree accepted unique vs not unique")
	}
	if p.Agree(c, a, Result{Solved: true}) != nil {
		t.Error("Agree rejected answers without a uniqueness check")
	}
}

// Both solvers on the bundled sets, verified and agreeing on uniqueness.
func TestSlantBundledSets(t *testing.T) {
	p := slantPuzzle(t)
	for _, set := range instances.Sets("slant") {
		data, err := instances.ReadSet(set.Path)
		if err != nil {
			t.Fatal(err)
		}
		cases, err := p.Parse(set.Path, bytes.NewReader(data))
		if err != nil {
			t.Fatal(err)
		}
		var specs []Spec
		for _, text := range []string{"dfs", "sat"} {
			spec, _ := p.ParseSpec(text, Options{UniqueOption: "true"})
			specs = append(specs, spec)
		}
		rows := Compare(context.Background(), Config{Puzzle: p, Specs: specs, Sources: []*Source{{File: set.Path, Cases: cases}}})
		for _, r := range rows {
			if r.Failed() || r.Agree != "yes" {
				t.Errorf("%s case %d: agree=%s %v", set, r.Case, r.Agree, r.Problems)
			}
			for _, run := range r.Runs {
				if run.Result.Second != "" {
					t.Errorf("%s case %d: %s finds a second solution of a generated unique puzzle", set, r.Case, run.Solver)
				}
			}
		}
	}
}

// The refined CNF holds the eager clauses plus the loop clauses found.
func TestSlantRefinedCNF(t *testing.T) {
	p := slantPuzzle(t)
	c := slantCases(t, p, "6x6:"+strings.Repeat("a", 49)+"\n")[0]
	eager, err := p.CNF(c, Options{}, false)
	if err != nil {
		t.Fatal(err)
	}
	refined, err := p.CNF(c, Options{}, true)
	if err != nil {
		t.Fatal(err)
	}
	if len(refined.Clauses) < len(eager.Clauses) || refined.NumVars != 36 {
		t.Errorf("eager %d clauses, refined %d, vars %d", len(eager.Clauses), len(refined.Clauses), refined.NumVars)
	}
	if _, err := p.CNF(c, Options{"loops": "eager"}, false); err == nil {
		t.Error("loops=eager accepted")
	}
	for _, bad := range []Options{{"pre": "magic"}, {"cuts": "all"}, {"phase": "x"}} {
		if _, err := p.CNF(c, bad, false); err == nil {
			t.Errorf("%v accepted", bad)
		}
	}
}

// Rectangular sizes come out as game IDs; clues=all keeps every clue; bad
// sizes and params are errors.
func TestSlantGenerateShapes(t *testing.T) {
	p := slantPuzzle(t)
	var buf bytes.Buffer
	if err := p.Generate(&buf, GenConfig{Size: "4x3", Count: 2, Seed: 3, Params: Options{"clues": "all"}}); err != nil {
		t.Fatal(err)
	}
	cases := slantCases(t, p, buf.String())
	if len(cases) != 2 {
		t.Fatalf("%d cases", len(cases))
	}
	for _, c := range cases {
		s := c.(*instances.Slant)
		if s.Size() != "4x3" {
			t.Errorf("size %s", s.Size())
		}
		for _, v := range s.Clues {
			if v < 0 {
				t.Fatalf("clues=all left an empty corner: %s", instances.SlantGameID(s))
			}
		}
		if n, _ := instances.BruteCountSlant(s, 2); n != 1 {
			t.Errorf("%s: %d solutions", instances.SlantGameID(s), n)
		}
	}
	for _, g := range []GenConfig{{Size: "0"}, {Size: "3x"}, {Size: "201"}, {Size: "3", Params: Options{"clues": "some"}},
		{Size: "3", Params: Options{"difficulty": "insane"}}, {Size: "3", Params: Options{"planted": "maybe"}},
		{Size: "3", Params: Options{"planted": "true", "clues": "1.5"}}, {Size: "3", Params: Options{"planted": "true", "clues": "min"}},
		{Size: "3", Params: Options{"planted": "true", "difficulty": "hard"}}} {
		if err := p.Generate(&buf, g); err == nil {
			t.Errorf("Generate(%+v) accepted", g)
		}
	}
}

// The generator's difficulties: every puzzle is unique (the DFS counts
// one solution, the SAT solver agrees), solved by the deductions of its
// level, and a hard or deep one is not solved by the level below.
func TestSlantGenerateDifficulties(t *testing.T) {
	p := slantPuzzle(t)
	dfs, _ := p.ParseSpec("dfs", Options{UniqueOption: "true"})
	sat, _ := p.ParseSpec("sat:pre=none", Options{UniqueOption: "true"})
	for _, tt := range []struct {
		difficulty string
		level      backtrack.SlantDeduce
		probe      bool
		below      func(*instances.Slant) bool
	}{
		{"easy", backtrack.SlantDeduceBasic, false, nil},
		{"hard", backtrack.SlantDeduceEquiv, false, func(s *instances.Slant) bool { return backtrack.SolvesSlant(s, backtrack.SlantDeduceBasic, false) }},
		{"deep", backtrack.SlantDeduceEquiv, true, func(s *instances.Slant) bool { return backtrack.SolvesSlant(s, backtrack.SlantDeduceEquiv, false) }},
		{"search", 0, false, nil},
	} {
		var buf bytes.Buffer
		if err := p.Generate(&buf, GenConfig{Size: "9x7", Count: 2, Seed: 4, Params: Options{"difficulty": tt.difficulty}}); err != nil {
			t.Fatalf("%s: %v", tt.difficulty, err)
		}
		for _, c := range slantCases(t, p, buf.String()) {
			s := c.(*instances.Slant)
			for _, spec := range []Spec{dfs, sat} {
				res, err := SolveCase(spec, c)
				if err != nil || !res.Solved || !res.UniqueChecked || res.Second != "" {
					t.Fatalf("%s %s: %s: solved=%v second=%q %v", tt.difficulty, instances.SlantGameID(s), spec.Text, res.Solved, res.Second, err)
				}
			}
			if tt.difficulty == "search" {
				continue
			}
			if !backtrack.SolvesSlant(s, tt.level, tt.probe) {
				t.Errorf("%s %s: its own deductions do not solve it", tt.difficulty, instances.SlantGameID(s))
			}
			if tt.below != nil && tt.below(s) {
				t.Errorf("%s %s: the level below solves it", tt.difficulty, instances.SlantGameID(s))
			}
		}
	}
}

// Planted boards: the share of clues asked for, and solvable.
func TestSlantGeneratePlanted(t *testing.T) {
	p := slantPuzzle(t)
	var buf bytes.Buffer
	if err := p.Generate(&buf, GenConfig{Size: "40", Count: 2, Seed: 9, Params: Options{"planted": "true", "clues": "0.45"}}); err != nil {
		t.Fatal(err)
	}
	dfs, _ := p.ParseSpec("dfs", nil)
	for _, c := range slantCases(t, p, buf.String()) {
		s := c.(*instances.Slant)
		n := 0
		for _, v := range s.Clues {
			if v >= 0 {
				n++
			}
		}
		if share := float64(n) / float64(len(s.Clues)); share < 0.4 || share > 0.5 {
			t.Errorf("%d of %d clues shown, want about 45%%", n, len(s.Clues))
		}
		res, err := SolveCase(dfs, c)
		if err != nil || !res.Solved {
			t.Fatalf("planted board unsolved: %v", err)
		}
		if err := p.Verify(c, res); err != nil {
			t.Fatal(err)
		}
	}
}
