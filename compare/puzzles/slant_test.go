package puzzles

import (
	"bytes"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gridsat/gridsat/backtrack"
	"github.com/gridsat/gridsat/compare"
	"github.com/gridsat/gridsat/compare/comparetest"
	"github.com/gridsat/gridsat/encode"
	"github.com/gridsat/gridsat/instances"
	"github.com/gridsat/gridsat/instances/instancestest"
)

var slantRegen = flag.Bool("slant.regen", false, "rewrite the slant fixtures in instances/testdata and instances/sets/slant")

// slantFixtures are the generated slant files: path, seed, and the sizes
// of their cases in order, with the gen params of each case (nil: the
// default). Frozen files were made by an earlier generator (clues removed
// while the old DFS proved uniqueness within 64 nodes), which no longer
// exists; they are kept as they are and only checked. The others are
// made by the gen command's generator, case k with seed seed+k.
// Regenerate with
//
//	go test ./compare/puzzles/ -run TestSlantRegenerateFixtures -slant.regen -timeout 60m
var slantFixtures = []struct {
	path   string
	seed   uint64
	sizes  []int
	params []compare.Options
	frozen bool
}{
	{path: "../../instances/sets/slant/sample.txt", seed: 1, sizes: []int{3, 5}, frozen: true},
	{path: "../../instances/sets/slant/ladder.txt", seed: 2, sizes: []int{5, 5, 7, 7, 10, 10, 15, 15, 20, 20, 30, 30, 50, 50}, frozen: true},
	{path: "../../instances/testdata/slant_hard_10.txt", seed: 10, sizes: []int{10, 10, 10}, frozen: true},
	{path: "../../instances/testdata/slant_hard_20.txt", seed: 20, sizes: []int{20, 20, 20}, frozen: true},
	{path: "../../instances/testdata/slant_hard_50.txt", seed: 50, sizes: []int{50, 50, 50}, frozen: true},
	// Tatham-style unique puzzles (difficulty hard) up to 100x100.
	{path: "../../instances/testdata/slant_unique.txt", seed: 300, sizes: []int{20, 30, 50, 50, 80, 100}},
	// Planted boards, 45%, 60%, 75% and all of the clues shown.
	{path: "../../instances/testdata/slant_planted_100.txt", seed: 100, sizes: []int{100, 100, 100, 100}, params: slantPlantedParams},
	{path: "../../instances/testdata/slant_planted_150.txt", seed: 150, sizes: []int{150, 150, 150, 150}, params: slantPlantedParams},
	{path: "../../instances/testdata/slant_planted_200.txt", seed: 200, sizes: []int{200, 200, 200, 200}, params: slantPlantedParams},
}

// slantPlantedParams are the gen params of the planted fixtures' cases.
var slantPlantedParams = []compare.Options{
	{"planted": "true", "clues": "0.45"},
	{"planted": "true", "clues": "0.6"},
	{"planted": "true", "clues": "0.75"},
	{"planted": "true", "clues": "1"},
}

// TestSlantRegenerateFixtures writes the fixtures with the generator (only
// with -slant.regen, frozen ones excepted); without the flag it checks
// that each file holds cases of the listed sizes.
func TestSlantRegenerateFixtures(t *testing.T) {
	p := slantPuzzle(t)
	for _, fx := range slantFixtures {
		if *slantRegen && !fx.frozen {
			var cases []*instances.Slant
			for k, n := range fx.sizes {
				g := compare.GenConfig{Size: fmt.Sprint(n), Count: 1, Seed: int64(fx.seed) + int64(k)}
				if fx.params != nil {
					g.Params = fx.params[k]
				}
				var buf bytes.Buffer
				if err := p.Generate(&buf, g); err != nil {
					t.Fatal(err)
				}
				cs, err := instances.ParseSlant(fx.path, &buf)
				if err != nil {
					t.Fatal(err)
				}
				cases = append(cases, cs...)
				t.Logf("%s: %dx%d done", fx.path, n, n)
			}
			var buf bytes.Buffer
			if err := instances.FormatSlant(&buf, cases); err != nil {
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

func slantPuzzle(t testing.TB) *compare.Puzzle {
	t.Helper()
	p, err := compare.Lookup("slant")
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func slantCases(t *testing.T, p *compare.Puzzle, text string) []instances.Case {
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
	if err := p.Generate(&gen, compare.GenConfig{Size: "6", Count: 1, Seed: 5}); err != nil {
		t.Fatal(err)
	}
	unique := slantCases(t, p, gen.String())[0]
	several := slantCases(t, p, "2x2:1h\n")[0]
	var specs []compare.Spec
	for _, text := range []string{"dfs", "dfs:deduce=basic", "dfs:deduce=deadend", "dfs:learn=false", "dfs:regions=false",
		"dfs:probe=true", "dfs:learn=false:regions=false", "sat", "sat:pre=equiv", "sat:pre=basic", "sat:pre=deadend",
		"sat:loops=lazy+diamond", "sat:loops=lazy+short", "sat:loops=reach", "sat:cuts=forest", "sat:phase=slash"} {
		spec, err := p.ParseSpec(text, compare.Options{compare.UniqueOption: "true"})
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
			res, err := compare.SolveCase(spec, tt.c)
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
	rows := comparetest.SolveRows(p, specs, []*comparetest.Source{{File: "t", Cases: []instances.Case{unique, several}}})
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
	var specs []compare.Spec
	for _, text := range []string{"dfs", "dfs:learn=false", "sat", "sat:pre=deadend", "sat:pre=basic", "sat:pre=equiv"} {
		spec, err := p.ParseSpec(text, compare.Options{compare.UniqueOption: "true"})
		if err != nil {
			t.Fatal(err)
		}
		specs = append(specs, spec)
	}
	rng := rand.New(rand.NewPCG(21, 4))
	for k := 0; k < 150; k++ {
		s := instances.SmallSlant(rng, k%2 == 0)
		want, err := instances.BruteSlant(s, 2)
		if err != nil {
			t.Fatal(err)
		}
		for _, spec := range specs {
			res, err := compare.SolveCase(spec, s)
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
			res, err := compare.SolveCase(spec, c)
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
		r    compare.Result
	}{
		{"loop", compare.Result{Solved: true, Answer: "/\\\n\\/"}},
		{"wrong count", compare.Result{Solved: true, Answer: "//\n//"}},
		{"short", compare.Result{Solved: true, Answer: "\\/"}},
		{"same second", compare.Result{Solved: true, Answer: "\\\\\n\\\\", Second: "\\\\\n\\\\", UniqueChecked: true}},
		{"unsolved with answer", compare.Result{Answer: "\\\\\n\\\\"}},
	} {
		if err := p.Verify(c, tt.r); err == nil {
			t.Errorf("%s: accepted", tt.name)
		}
	}
	if err := p.Verify(c, compare.Result{Solved: true, Answer: "\\\\\n\\\\"}); err != nil {
		t.Errorf("valid answer rejected: %v", err)
	}
	a := compare.Result{Solved: true, UniqueChecked: true}
	b := compare.Result{Solved: true, UniqueChecked: true, Second: "x"}
	if p.Agree(c, a, b) == nil {
		t.Error("Agree accepted unique vs not unique")
	}
	if p.Agree(c, a, compare.Result{Solved: true}) != nil {
		t.Error("Agree rejected answers without a uniqueness check")
	}
	// A suite line's answer (all "\\", one of the board's solutions) is a
	// witness: no solution is wrong, and so is "unique" for another one.
	suite := slantCases(t, p, "n\t2\t2\t1h\t\\\\\\\\\n")[0]
	for _, tt := range []struct {
		name string
		r    compare.Result
		ok   bool
	}{
		{"the suite's answer, unique", compare.Result{Solved: true, Answer: "\\\\\n\\\\", UniqueChecked: true}, true},
		{"another solution", compare.Result{Solved: true, Answer: "\\/\n//"}, true},
		{"another solution, unique", compare.Result{Solved: true, Answer: "\\/\n//", UniqueChecked: true}, false},
		{"no solution", compare.Result{}, false},
	} {
		if err := p.Verify(suite, tt.r); (err == nil) != tt.ok {
			t.Errorf("suite answer: %s: %v, want accepted=%v", tt.name, err, tt.ok)
		}
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
		var specs []compare.Spec
		for _, text := range []string{"dfs", "sat"} {
			spec, _ := p.ParseSpec(text, compare.Options{compare.UniqueOption: "true"})
			specs = append(specs, spec)
		}
		rows := comparetest.SolveRows(p, specs, []*comparetest.Source{{File: set.Path, Cases: cases}})
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
	eager, err := cnfOf(p, c, compare.Options{}, false)
	if err != nil {
		t.Fatal(err)
	}
	refined, err := cnfOf(p, c, compare.Options{}, true)
	if err != nil {
		t.Fatal(err)
	}
	if len(refined.Clauses) < len(eager.Clauses) || refined.NumVars != 36 {
		t.Errorf("eager %d clauses, refined %d, vars %d", len(eager.Clauses), len(refined.Clauses), refined.NumVars)
	}
	// The pure encoding by default; pre=equiv leaves out the cells the
	// root deductions decide (all of them on the 3x3 sample).
	sample := slantCases(t, p, "3x3:a1a1b2b2b1a1a\n")[0]
	pure, err := cnfOf(p, sample, compare.Options{}, false)
	if err != nil || pure.NumVars != 9 {
		t.Fatalf("default CNF: %v, %d vars", err, pure.NumVars)
	}
	pre, err := cnfOf(p, sample, compare.Options{"pre": "equiv"}, false)
	if err != nil || pre.NumVars >= 9 {
		t.Fatalf("pre=equiv CNF: %v, %d vars", err, pre.NumVars)
	}
	if _, err := cnfOf(p, c, compare.Options{"loops": "eager"}, false); err == nil {
		t.Error("loops=eager accepted")
	}
	for _, bad := range []compare.Options{{"pre": "magic"}, {"cuts": "all"}, {"phase": "x"}} {
		if _, err := cnfOf(p, c, bad, false); err == nil {
			t.Errorf("%v accepted", bad)
		}
	}
}

// Rectangular sizes come out as game IDs; clues=all keeps every clue; bad
// sizes and params are errors.
func TestSlantGenerateShapes(t *testing.T) {
	p := slantPuzzle(t)
	var buf bytes.Buffer
	if err := p.Generate(&buf, compare.GenConfig{Size: "4x3", Count: 2, Seed: 3, Params: compare.Options{"clues": "all"}}); err != nil {
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
		if n, _ := instances.BruteSlant(s, 2); n != 1 {
			t.Errorf("%s: %d solutions", instances.SlantGameID(s), n)
		}
	}
	for _, g := range []compare.GenConfig{{Size: "0"}, {Size: "3x"}, {Size: "40000"}, {Size: "3", Params: compare.Options{"clues": "some"}},
		{Size: "3", Params: compare.Options{"difficulty": "insane"}}, {Size: "3", Params: compare.Options{"planted": "maybe"}},
		{Size: "3", Params: compare.Options{"planted": "true", "clues": "1.5"}}, {Size: "3", Params: compare.Options{"planted": "true", "clues": "min"}},
		{Size: "3", Params: compare.Options{"planted": "true", "difficulty": "hard"}}} {
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
	dfs, _ := p.ParseSpec("dfs", compare.Options{compare.UniqueOption: "true"})
	sat, _ := p.ParseSpec("sat:pre=none", compare.Options{compare.UniqueOption: "true"})
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
		if err := p.Generate(&buf, compare.GenConfig{Size: "9x7", Count: 2, Seed: 4, Params: compare.Options{"difficulty": tt.difficulty}}); err != nil {
			t.Fatalf("%s: %v", tt.difficulty, err)
		}
		for _, c := range slantCases(t, p, buf.String()) {
			s := c.(*instances.Slant)
			for _, spec := range []compare.Spec{dfs, sat} {
				res, err := compare.SolveCase(spec, c)
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
	if err := p.Generate(&buf, compare.GenConfig{Size: "40", Count: 2, Seed: 9, Params: compare.Options{"planted": "true", "clues": "0.45"}}); err != nil {
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
		res, err := compare.SolveCase(dfs, c)
		if err != nil || !res.Solved {
			t.Fatalf("planted board unsolved: %v", err)
		}
		if err := p.Verify(c, res); err != nil {
			t.Fatal(err)
		}
	}
}

// slantSpecs parses solver specs for the slant benchmarks.
func slantSpecs(tb testing.TB, unique bool, texts ...string) []compare.Spec {
	tb.Helper()
	p := slantPuzzle(tb)
	var specs []compare.Spec
	for _, text := range texts {
		o := compare.Options{}
		if unique {
			o[compare.UniqueOption] = "true"
		}
		spec, err := p.ParseSpec(text, o)
		if err != nil {
			tb.Fatal(err)
		}
		specs = append(specs, spec)
	}
	return specs
}

// benchSlantCase solves c with spec b.N times, verifying every answer
// outside the timed part; with unique it must be decided. It reports the
// refinement rounds and cuts of SAT runs and the nodes of DFS runs.
func benchSlantCase(b *testing.B, spec compare.Spec, c instances.Case, unique bool) compare.Result {
	p, err := compare.Lookup("slant")
	if err != nil {
		b.Fatal(err)
	}
	var res compare.Result
	for i := 0; i < b.N; i++ {
		res, err = compare.SolveCase(spec, c)
		b.StopTimer()
		if err != nil || !res.Solved {
			b.Fatalf("%s on %s: solved=%v %v", spec.Text, c.Location(), res.Solved, err)
		}
		if err := p.Verify(c, res); err != nil {
			b.Fatalf("%s on %s: %v", spec.Text, c.Location(), err)
		}
		if unique && !res.UniqueChecked {
			b.Fatalf("%s on %s: uniqueness undecided", spec.Text, c.Location())
		}
		b.StartTimer()
	}
	for _, name := range []string{"rounds", "added", "nodes", "conflicts"} {
		if v, ok := res.Stat(name); ok {
			if name == "added" {
				name = "cuts"
			}
			b.ReportMetric(float64(v), name+"/op")
		}
	}
	return res
}

// BenchmarkSlantPlanted solves the planted fixtures (gen planted=true,
// fixed seeds: 100x100, 150x150, 200x200 with 45%, 60%, 75% and all of
// the clues) with both solvers, each board its own sub-benchmark so that
// the solvers alternate in one run. Every answer is verified outside the
// timed part.
func BenchmarkSlantPlanted(b *testing.B) {
	specs := slantSpecs(b, false, "dfs", "sat", "sat:probe=none", "sat:probe=once", "sat:loops=lazy+short", "sat:backend=gini", "sat:pre=equiv", "sat:pre=equiv:backend=gini")
	for _, size := range []string{"100", "150", "200"} {
		cases := instancestest.SlantFixture(b, "slant_planted_"+size+".txt")
		for k, c := range cases {
			for _, spec := range specs {
				name := fmt.Sprintf("%sx%s/clues=%s/%s", size, size, slantPlantedParams[k]["clues"], spec.Text)
				b.Run(name, func(b *testing.B) { benchSlantCase(b, spec, c, false) })
			}
		}
	}
}

// BenchmarkSlantUnique decides uniqueness with both solvers on the
// generated unique fixtures (20x20..100x100) and the planted 100x100
// boards; the verdicts must agree.
func BenchmarkSlantUnique(b *testing.B) {
	specs := slantSpecs(b, true, "dfs", "sat")
	cases := append(instancestest.SlantFixture(b, "slant_unique.txt"), instancestest.SlantFixture(b, "slant_planted_100.txt")...)
	for k, c := range cases {
		var verdicts []bool
		for _, spec := range specs {
			name := fmt.Sprintf("%d:%s/%s", k+1, c.Size(), spec.Text)
			b.Run(name, func(b *testing.B) {
				res := benchSlantCase(b, spec, c, true)
				verdicts = append(verdicts, res.Second == "")
			})
		}
		if len(verdicts) == 2 && verdicts[0] != verdicts[1] {
			b.Fatalf("%s: the solvers disagree on uniqueness", c.Location())
		}
	}
}

// BenchmarkSlantHard50 solves the 50x50 hard fixtures (minimal clue sets
// of the earlier generator, and two Tatham-style ones) with the SAT
// solver, with and without the root deductions, and with the DFS.
func BenchmarkSlantHard50(b *testing.B) {
	specs := slantSpecs(b, false, "sat", "sat:probe=none", "sat:probe=once", "sat:loops=lazy+short", "sat:pre=equiv", "sat:backend=gini", "dfs")
	var cases []*instances.Slant
	cases = append(cases, instancestest.SlantFixture(b, "slant_hard_50.txt")...)
	for _, s := range instancestest.SlantFixture(b, "slant_unique.txt") {
		if s.W == 50 {
			cases = append(cases, s)
		}
	}
	for k, c := range cases {
		for _, spec := range specs {
			b.Run(fmt.Sprintf("%d/%s", k+1, spec.Text), func(b *testing.B) { benchSlantCase(b, spec, c, false) })
		}
	}
}

// BenchmarkSlantGenerate makes a hard puzzle per op (gen slant --size
// 30x30 .. 200x200, another seed each time) and checks outside the timed
// part that the DFS finds it unique; planted makes a planted 1000x1000
// board per op (gen slant --size 1000 --param planted=true). Measured by
// gen with /usr/bin/time -v (seeds 1/2/3, the old and new binaries
// alternated, load 21-28 on 2 cores): 100x100 0.92/0.85/1.23 s CPU and
// 200x200 7.71/5.54/5.96 s with backtrack.ReduceSlantClues's divide and
// conquer, against 6.62/5.44/7.71 s and 92.5/81.5/65.4 s with its blocks
// of 48 clues, the same puzzles.
func BenchmarkSlantGenerate(b *testing.B) {
	p, err := compare.Lookup("slant")
	if err != nil {
		b.Fatal(err)
	}
	dfs := slantSpecs(b, true, "dfs")[0]
	b.Run("planted1000x1000", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			var buf bytes.Buffer
			if err := p.Generate(&buf, compare.GenConfig{Size: "1000", Count: 1, Seed: int64(i + 1), Params: compare.Options{"planted": "true"}}); err != nil {
				b.Fatal(err)
			}
		}
	})
	for _, size := range []string{"30x30", "50x50", "100x100", "200x200"} {
		b.Run(size, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				var buf bytes.Buffer
				if err := p.Generate(&buf, compare.GenConfig{Size: size, Count: 1, Seed: int64(i + 1)}); err != nil {
					b.Fatal(err)
				}
				b.StopTimer()
				cases, err := p.Parse("gen", &buf)
				if err != nil {
					b.Fatal(err)
				}
				res, err := compare.SolveCase(dfs, cases[0])
				if err != nil || !res.Solved || res.Second != "" {
					b.Fatalf("generated %s puzzle not unique: %v", size, err)
				}
				b.StartTimer()
			}
		})
	}
}

// BenchmarkSlantZigzag solves every zigzag puzzle with both solvers
// (with uniqueness when -slant.unique is set), verifies every answer,
// requires the suite's answer when the puzzle is unique and, with
// uniqueness, the two solvers' verdicts to agree. ns/op is a whole pass
// over the suites; max-ms is the slowest puzzle, taking each puzzle's
// fastest solve over the b.N passes (the machine is shared: one slow
// solve is more often the load than the puzzle).
func BenchmarkSlantZigzag(b *testing.B) {
	suites := instancestest.Zigzag(b)
	for _, unique := range []bool{false, true} {
		specs := slantSpecs(b, unique, "dfs", "sat", "sat:pre=equiv")
		verdict := map[*instances.Slant][]bool{}
		for _, spec := range specs {
			name := spec.Text
			if unique {
				name += "/unique"
			}
			b.Run(name, func(b *testing.B) {
				p, _ := compare.Lookup("slant")
				best := map[*instances.Slant]time.Duration{}
				for i := 0; i < b.N; i++ {
					for _, cases := range suites {
						for _, s := range cases {
							res, err := compare.SolveCase(spec, s)
							if err != nil || !res.Solved {
								b.Fatalf("%s on %s: %v", spec.Text, s.Name, err)
							}
							if d, ok := best[s]; !ok || res.Time < d {
								best[s] = res.Time
							}
							b.StopTimer()
							if err := p.Verify(s, res); err != nil {
								b.Fatalf("%s on %s: %v", spec.Text, s.Name, err)
							}
							if unique && res.Second == "" && s.Expected != "" && res.Answer != s.Expected {
								b.Fatalf("%s on %s: unique answer differs from the suite's", spec.Text, s.Name)
							}
							if unique && i == 0 {
								verdict[s] = append(verdict[s], res.Second == "")
							}
							b.StartTimer()
						}
					}
				}
				var worst time.Duration
				var slowest string
				for s, d := range best {
					if d > worst {
						worst, slowest = d, s.Name
					}
				}
				b.ReportMetric(float64(worst.Microseconds())/1000, "max-ms")
				b.ReportMetric(float64(len(best)), "cases")
				b.Logf("%s: slowest %s (%v)", spec.Text, slowest, worst)
			})
		}
		for s, v := range verdict {
			for _, x := range v[1:] {
				if x != v[0] {
					b.Fatalf("%s: the solvers disagree on uniqueness", s.Name)
				}
			}
		}
	}
}

// The two solvers agree on uniqueness on the generated unique fixtures
// (up to 100x100) and the planted 100x100 boards, and every answer
// verifies.
func TestSlantUniqueFixturesAgree(t *testing.T) {
	p := slantPuzzle(t)
	specs := slantSpecs(t, true, "dfs", "sat")
	unique := instancestest.SlantFixture(t, "slant_unique.txt")
	cases := append(append([]*instances.Slant(nil), unique...), instancestest.SlantFixture(t, "slant_planted_100.txt")...)
	for k, s := range cases {
		var seconds []bool
		for _, spec := range specs {
			res, err := compare.SolveCase(spec, s)
			if err != nil || !res.Solved || !res.UniqueChecked {
				t.Fatalf("%s on %s: solved=%v checked=%v %v", spec.Text, s.Location(), res.Solved, res.UniqueChecked, err)
			}
			if err := p.Verify(s, res); err != nil {
				t.Fatalf("%s on %s: %v", spec.Text, s.Location(), err)
			}
			seconds = append(seconds, res.Second != "")
		}
		if seconds[0] != seconds[1] {
			t.Fatalf("%s: dfs second=%v, sat second=%v", s.Location(), seconds[0], seconds[1])
		}
		if k < len(unique) && seconds[0] {
			t.Fatalf("%s: a generated puzzle has a second solution", s.Location())
		}
	}
}

// The repair choices (sat:repair=auto, the default, and the forced true
// and false) agree with the DFS, uniqueness checked and every answer
// verified, on a hard unique 30x30 board, where auto leaves most rounds to
// the full solver, and on a planted 100x100 board with 45% of the clues,
// where it mends some (encode's TestSolveSlantSATRepairChoices checks
// which way it picks).
func TestSlantRepairChoicesAgree(t *testing.T) {
	p := slantPuzzle(t)
	specs := slantSpecs(t, true, "dfs", "sat:repair=auto", "sat:repair=true", "sat:repair=false")
	hard := instancestest.SlantFixture(t, "slant_unique.txt")[1]
	planted := instancestest.SlantFixture(t, "slant_planted_100.txt")[0]
	rows := comparetest.SolveRows(p, specs, []*comparetest.Source{{File: "t", Cases: []instances.Case{hard, planted}}})
	for _, r := range rows {
		if r.Failed() || r.Agree != "yes" {
			t.Errorf("%s: agree=%s %v", r.Where(), r.Agree, r.Problems)
		}
		for _, run := range r.Runs {
			if !run.Result.Solved || !run.Result.UniqueChecked || (run.Result.Second != "") != (r.CaseInfo.Cells == 100*100) {
				t.Errorf("%s, %s: solved=%v checked=%v second=%v", r.Where(), run.Solver, run.Result.Solved, run.Result.UniqueChecked, run.Result.Second != "")
			}
		}
	}
}

// The zero values of the Go options structs do what the command line
// does with no options: the DFS's parse to exactly the zero value (but
// the limit), the SAT solver's to the zero value with the default
// backend, and no deductions before the solve (pre=none: the DFS's
// deductions, which compare would run for a hybrid, are not handed to SAT
// unless asked).
func TestSlantZeroOptionsAreDefaults(t *testing.T) {
	dfs, unique, err := slantDFSOptions(compare.Options{})
	if err != nil || unique || dfs != (backtrack.SlantOptions{Limit: 1}) {
		t.Errorf("dfs defaults %+v (unique %v), %v; want the zero value with Limit 1", dfs, unique, err)
	}
	sat, pre, err := slantSATOptions(compare.Options{})
	if err != nil || pre.on || sat.Backend == nil || sat.Backend.Name() != "gophersat" {
		t.Fatalf("sat defaults: pre %+v, %+v, %v", pre, sat, err)
	}
	sat.Backend = nil
	want := encode.DefaultSlantOptions()
	if sat.Loops != want.Loops || sat.Cuts != want.Cuts || sat.Phase != want.Phase || sat.Probe != want.Probe || sat.Unique || sat.Facts != nil {
		t.Errorf("sat defaults %+v, want %+v", sat, want)
	}
	// The spelled-out defaults and the zero value encode the same way.
	s := instancestest.SlantFixture(t, "slant_hard_50.txt")[0]
	a, _, err := encode.SlantCNF(s, want)
	if err != nil {
		t.Fatal(err)
	}
	b, _, err := encode.SlantCNF(s, encode.SlantOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if a.NumVars != b.NumVars || len(a.Clauses) != len(b.Clauses) {
		t.Errorf("spelled-out defaults: %d vars %d clauses; zero value: %d, %d", a.NumVars, len(a.Clauses), b.NumVars, len(b.Clauses))
	}
}

// Boards past the old cap of 200: gen makes them, and both solvers solve
// them through the registry with verified answers (planted, 250x7 with
// 60% of the clues and 300x300 with 90%).
func TestSlantPast200(t *testing.T) {
	p := slantPuzzle(t)
	specs := slantSpecs(t, false, "dfs", "sat")
	for _, g := range []compare.GenConfig{
		{Size: "250x7", Seed: 3, Params: compare.Options{"planted": "true", "clues": "0.6"}},
		{Size: "300", Seed: 4, Params: compare.Options{"planted": "true", "clues": "0.9"}},
	} {
		var buf bytes.Buffer
		if err := p.Generate(&buf, g); err != nil {
			t.Fatalf("gen %s: %v", g.Size, err)
		}
		cases := slantCases(t, p, buf.String())
		if want := strings.Replace(g.Size, "300", "300x300", 1); cases[0].Size() != want {
			t.Fatalf("gen %s made a %s board", g.Size, cases[0].Size())
		}
		for _, spec := range specs {
			res, err := compare.SolveCase(spec, cases[0])
			if err != nil || !res.Solved {
				t.Fatalf("%s on %s: solved=%v %v", spec.Text, g.Size, res.Solved, err)
			}
			if err := p.Verify(cases[0], res); err != nil {
				t.Fatalf("%s on %s: %v", spec.Text, g.Size, err)
			}
		}
	}
}

// BenchmarkSlantPlantedLarge solves planted boards past the old cap of 200
// (issue 23): 500x500 and 1000x1000 at 45%, 60% and all of the clues,
// made in the benchmark by gen (planted=true, seed 1, as "gridsat gen
// slant --size N --param planted=true --param clues=C" makes them), with
// both solvers; every answer is verified outside the timed part. Select
// one size, share or solver by name: -bench 'SlantPlantedLarge/1000x1000/clues=0.45/sat$'.
func BenchmarkSlantPlantedLarge(b *testing.B) {
	p := slantPuzzle(b)
	specs := slantSpecs(b, false, "dfs", "sat")
	for _, size := range []string{"500", "1000"} {
		for _, clues := range []string{"0.45", "0.6", "1"} {
			var c instances.Case
			for _, spec := range specs {
				b.Run(fmt.Sprintf("%sx%s/clues=%s/%s", size, size, clues, spec.Text), func(b *testing.B) {
					if c == nil {
						c = genSlantCase(b, p, compare.GenConfig{Size: size, Seed: 1, Params: compare.Options{"planted": "true", "clues": clues}})
					}
					benchSlantCase(b, spec, c, false)
				})
			}
		}
	}
}

// genSlantCase makes the one case g describes.
func genSlantCase(b *testing.B, p *compare.Puzzle, g compare.GenConfig) instances.Case {
	b.Helper()
	b.StopTimer()
	defer b.StartTimer()
	var buf bytes.Buffer
	if err := p.Generate(&buf, g); err != nil {
		b.Fatal(err)
	}
	cases, err := p.Parse("gen", &buf)
	if err != nil || len(cases) != 1 {
		b.Fatalf("gen %s: %d cases, %v", g.Size, len(cases), err)
	}
	return cases[0]
}

// The slant estimates grow with the board and with the options that add
// clauses: a 1000x1000 board's SAT estimate without loops inside probing
// passes compare's default 2 GiB limit, the DFS's and the default SAT's
// do not (harness's TestSlantRefusedUpFront checks the refusal).
func TestSlantMemoryEstimates(t *testing.T) {
	big, small := instances.NewSlant(1000, 1000), instances.NewSlant(10, 10)
	big.Loc = instances.Loc{File: "big", Case: 1, Line: 1}
	specs := slantSpecs(t, false, "dfs", "sat", "sat:loops=reach", "sat:pre=equiv", "sat:rootcuts=false")
	unique := slantSpecs(t, true, "sat")[0]
	for _, sp := range append(specs, unique) {
		if sp.Solver.Memory(small, sp.Options) >= sp.Solver.Memory(big, sp.Options) {
			t.Errorf("%s: the 10x10 board's estimate is not below the 1000x1000 board's", sp.Text)
		}
	}
	est := func(sp compare.Spec) int64 { return sp.Solver.Memory(big, sp.Options) }
	if est(specs[2]) <= est(specs[1]) || est(unique) <= est(specs[1]) || est(specs[3]) < est(specs[0]) {
		t.Errorf("estimates: reach %d, unique %d, not above sat's %d; pre=equiv %d below dfs's %d", est(specs[2]), est(unique), est(specs[1]), est(specs[3]), est(specs[0]))
	}
	if est(specs[0]) > 2<<30 || est(specs[1]) > 2<<30 || est(specs[4]) <= 2<<30 {
		t.Errorf("1000x1000 estimates: dfs %d, sat %d, sat:rootcuts=false %d; want the first two under 2GiB, the last over", est(specs[0]), est(specs[1]), est(specs[4]))
	}
}
