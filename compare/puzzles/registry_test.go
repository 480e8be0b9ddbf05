package puzzles

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/gridsat/gridsat/compare"
	"github.com/gridsat/gridsat/compare/comparetest"
	"github.com/gridsat/gridsat/compare/comparetest/toys"
)

// These tests hold every registered puzzle to the registry's contract:
// generators are deterministic and write parseable instances, both solvers
// answer them with verified, agreeing answers, boards render as SVG, and
// the CNF hook writes DIMACS.

// The toys (compare/comparetest/toys: a coin with every capability, and a
// bare one with the required core alone) are registered beside gridsat's
// own puzzles in this test binary: the registry-wide tests below run on
// them as on the others, each capability only where a puzzle has it.
func init() {
	for _, p := range toys.List() {
		if _, err := compare.Register(p); err != nil {
			panic(err)
		}
	}
}

// ownNames lists gridsat's own puzzles (List), the toys left out, for the
// tests of what only a real encoding or solver shows.
func ownNames() []string {
	var names []string
	for _, p := range List() {
		names = append(names, p.Name)
	}
	return names
}

// registered is every registered puzzle, the toys too.
func registered(t *testing.T) []*compare.Puzzle {
	ps := compare.Puzzles()
	if len(ps) == 0 {
		t.Fatal("no puzzle registered")
	}
	return ps
}

func generate(t *testing.T, p *compare.Puzzle, g compare.GenConfig) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := p.Generate(&buf, g); err != nil {
		t.Fatalf("%s: Generate(%+v): %v", p.Name, g, err)
	}
	return buf.Bytes()
}

func TestGeneratorsDeterministicAndSolvable(t *testing.T) {
	for _, p := range registered(t) {
		t.Run(p.Name, func(t *testing.T) {
			g := p.GenSmall
			if p.Generate == nil {
				t.Skip("no generator")
			}
			a, b := generate(t, p, g), generate(t, p, g)
			if !bytes.Equal(a, b) {
				t.Fatal("the same seed gave different files")
			}
			g2 := g
			g2.Seed++
			if bytes.Equal(a, generate(t, p, g2)) {
				t.Error("different seeds gave the same file")
			}
			cases, err := p.Parse("gen.txt", bytes.NewReader(a))
			if err != nil {
				t.Fatalf("generated file does not parse: %v\n%s", err, a)
			}
			if len(cases) != g.Count {
				t.Fatalf("%d cases generated, want %d", len(cases), g.Count)
			}
			var specs []compare.Spec
			for _, s := range p.Solvers {
				sp, err := p.ParseSpec(s.Name, nil)
				if err != nil {
					t.Fatal(err)
				}
				specs = append(specs, sp)
			}
			rows := comparetest.SolveRows(p, specs, []*comparetest.Source{{File: "gen.txt", Cases: cases}})
			for _, r := range rows {
				if r.Failed() {
					t.Errorf("case %d: %v", r.Case, r.Problems)
				}
				for _, run := range r.Runs {
					if run.Verdict != compare.VerdictOK && run.Verdict != compare.VerdictUnsat {
						t.Errorf("case %d %s: %s", r.Case, run.Solver, run.Verdict)
					}
				}
			}
		})
	}
}

func TestRenderWritesSVG(t *testing.T) {
	for _, p := range registered(t) {
		t.Run(p.Name, func(t *testing.T) {
			g := p.GenSmall
			if p.Generate == nil || p.Render == nil {
				t.Skip("no generator or no renderer")
			}
			g.Count = 1
			cases, err := p.Parse("gen.txt", bytes.NewReader(generate(t, p, g)))
			if err != nil || len(cases) != 1 {
				t.Fatal(err)
			}
			spec, _ := p.ParseSpec("dfs", nil)
			res, err := compare.SolveCase(spec, cases[0])
			if err != nil {
				t.Fatal(err)
			}
			for _, r := range []compare.Result{res, {}} { // solved, and the bare puzzle
				var buf bytes.Buffer
				if err := p.Render(&buf, cases[0], r); err != nil {
					t.Fatal(err)
				}
				if err := comparetest.WellFormedSVG(buf.Bytes()); err != nil {
					t.Errorf("not well-formed SVG: %v\n%s", err, buf.Bytes())
				}
			}
		})
	}
}

func TestCNFHookWritesDIMACS(t *testing.T) {
	for _, p := range registered(t) {
		t.Run(p.Name, func(t *testing.T) {
			g := p.GenSmall
			if p.Generate == nil || p.CNF == nil {
				t.Skip("no generator or no CNF")
			}
			g.Count = 1
			cases, err := p.Parse("gen.txt", bytes.NewReader(generate(t, p, g)))
			if err != nil || len(cases) != 1 {
				t.Fatal(err)
			}
			for _, refined := range []bool{false, true} {
				f, err := p.CNF(cases[0], compare.Options{}, refined)
				if err != nil {
					t.Fatal(err)
				}
				var buf bytes.Buffer
				if err := f.WriteDIMACS(&buf); err != nil {
					t.Fatal(err)
				}
				if !bytes.Contains(buf.Bytes(), []byte("p cnf ")) || !bytes.HasPrefix(buf.Bytes(), []byte("c ")) {
					t.Errorf("refined=%v: no comment header or no p line:\n%.300s", refined, buf.Bytes())
				}
				if vars, clauses := dimacsCounts(buf.Bytes()); vars == 0 || clauses == 0 {
					t.Errorf("refined=%v: empty formula", refined)
				}
			}
		})
	}
}

// FormatCase writes a case that Parse reads back as the same case: how a
// case travels to a worker and into a results file. Checked on every
// bundled set and on generated cases.
func TestFormatCaseRoundTrip(t *testing.T) {
	for _, p := range registered(t) {
		t.Run(p.Name, func(t *testing.T) {
			srcs, err := comparetest.LoadPath(p, "bundled")
			if err != nil {
				t.Fatal(err)
			}
			if p.Generate != nil {
				gen, err := p.Parse("gen.txt", bytes.NewReader(generate(t, p, p.GenSmall)))
				if err != nil {
					t.Fatal(err)
				}
				srcs = append(srcs, &comparetest.Source{File: "gen.txt", Cases: gen})
			}
			if len(srcs) == 0 {
				t.Skip("no bundled set and no generator")
			}
			n := 0
			for _, src := range srcs {
				for _, c := range src.Cases {
					var b bytes.Buffer
					if err := p.FormatCase(&b, c); err != nil {
						t.Fatalf("%s: %v", c.Location(), err)
					}
					back, err := p.Parse("x", bytes.NewReader(b.Bytes()))
					if err != nil || len(back) != 1 {
						t.Fatalf("%s: %d cases, %v from:\n%s", c.Location(), len(back), err, b.Bytes())
					}
					back[0].SetLocation(c.Location())
					if !reflect.DeepEqual(back[0], c) {
						t.Errorf("%s: round trip gave %+v, want %+v", c.Location(), back[0], c)
					}
					n++
				}
			}
			t.Logf("%d cases", n)
		})
	}
}

// Every --param a generator reads is declared in its puzzle's GenParams,
// which gen checks names against: a parameter a generator reads by name
// (beside its declarations' Parse) and not declared would be refused as
// unknown.
func TestGenParamsListed(t *testing.T) {
	read := regexp.MustCompile(`g\.Params(?:\.(?:Get|BoolOr)\(|\[)"(\w+)"`)
	for _, p := range registered(t) {
		if p.Generate == nil {
			continue
		}
		src, err := os.ReadFile(p.Name + ".go")
		if errors.Is(err, fs.ErrNotExist) && !slices.Contains(ownNames(), p.Name) {
			continue // a toy: its file is elsewhere
		}
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range read.FindAllStringSubmatch(string(src), -1) {
			if !slices.ContainsFunc(p.GenParams, func(d compare.OptionDoc) bool { return d.Name == m[1] }) {
				t.Errorf("%s's generator reads --param %s, missing from its GenParams %v", p.Name, m[1], p.GenParams)
			}
		}
	}
}

// Each declared generator parameter's default is what the generator does
// without it: given explicitly, it writes the same bytes as the small
// config; and a value the declaration refuses is refused.
func TestGenParamDefaults(t *testing.T) {
	for _, p := range registered(t) {
		if p.Generate == nil {
			continue
		}
		t.Run(p.Name, func(t *testing.T) {
			want := generate(t, p, p.GenSmall)
			for _, d := range p.GenParams {
				if _, set := p.GenSmall.Params[d.Name]; set {
					continue
				}
				g := p.GenSmall
				g.Params = maps.Clone(g.Params)
				if g.Params == nil {
					g.Params = compare.Options{}
				}
				g.Params[d.Name] = d.Default
				if err := compare.CheckGenParams(p, g.Params); err != nil {
					t.Errorf("%s=%s (its default) refused: %v", d.Name, d.Default, err)
					continue
				}
				if got := generate(t, p, g); !bytes.Equal(got, want) {
					t.Errorf("%s=%s (its default) writes another file than no %s", d.Name, d.Default, d.Name)
				}
			}
			if err := compare.CheckGenParams(p, compare.Options{"no-such-param": "1"}); err == nil {
				t.Error("an undeclared parameter is accepted")
			}
		})
	}
}

// dimacsCounts reads the variable and clause counts of a DIMACS header.
func dimacsCounts(b []byte) (vars, clauses int) {
	for _, line := range strings.Split(string(b), "\n") {
		if _, err := fmt.Sscanf(line, "p cnf %d %d", &vars, &clauses); err == nil {
			return vars, clauses
		}
	}
	return 0, 0
}
