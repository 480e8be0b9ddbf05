package puzzles

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/gridsat/gridsat/compare"
	"github.com/gridsat/gridsat/encode/sat"
	"github.com/gridsat/gridsat/instances"
)

// These tests run every registered puzzle's sat solver on every SAT
// backend: each answer must pass the puzzle's verifier and agree with the
// default backend's, and the puzzle's CNF hook must give the same verdict
// on every backend, consistent with the solver's answer.

// backendsToTest are the backends tried; external ones skip when missing.
var backendsToTest = []string{"gophersat", "gini", "exec:cadical", "exec:minisat"}

// backendsGen are small generator settings per puzzle, unsolvable cases
// among them where the generator makes some; puzzles not listed are tried
// with backendsFallbackSizes.
var backendsGen = map[string][]compare.GenConfig{
	"slant":  {{Size: "5x5", Count: 3, Seed: 21}},
	"queens": {{Size: "5x5", Count: 2, Seed: 21, Params: compare.Options{"density": "0.3"}}},
	"chain": {
		{Size: "4", Count: 3, Seed: 21, Params: compare.Options{"k": "3"}},
		{Size: "4", Count: 4, Seed: 22, Params: compare.Options{"k": "3", "perturb": "true"}},
	},
}

var backendsFallbackSizes = []string{"4x4", "4"}

// backendsExtra are judge-format inputs with cases the generators do not
// make: slant's forced loop (the only way to meet the clues is a diamond,
// which refinement must cut, leaving UNSAT) and two clues no diagonal
// meets.
var backendsExtra = map[string]string{
	"slant": "2\n2\n.2.\n202\n.2.\n1\n11\n..\n",
}

// Limits that keep the test fast whatever the puzzles bundle.
const (
	backendsMaxCells   = 64 // bundled cases larger than this are left out
	backendsMaxBundled = 3  // bundled cases per puzzle
)

// installedBackends returns the backends of backendsToTest that can run
// here, and logs the others.
func installedBackends(t *testing.T) []string {
	var names []string
	for _, b := range backendsToTest {
		if _, err := sat.LookupBackend(b); err != nil {
			t.Logf("skipping backend %s: %v", b, err)
			continue
		}
		names = append(names, b)
	}
	return names
}

// backendsCases collects small cases of p: a few from its bundled sets,
// and a few from its generator.
func backendsCases(t *testing.T, p *compare.Puzzle) []instances.Case {
	var cases []instances.Case
	bundled := 0
	for _, set := range instances.Sets(p.Name) {
		data, err := instances.ReadSet(set.Path)
		if err != nil {
			t.Fatal(err)
		}
		cs, err := p.Parse(set.Path, bytes.NewReader(data))
		if err != nil {
			t.Errorf("bundled set %s does not parse: %v", set, err)
		}
		for _, c := range cs {
			if c.Cells() <= backendsMaxCells && bundled < backendsMaxBundled {
				cases = append(cases, c)
				bundled++
			}
		}
	}
	if text, ok := backendsExtra[p.Name]; ok {
		cs, err := p.Parse("extra", strings.NewReader(text))
		if err != nil {
			t.Fatalf("extra cases: %v", err)
		}
		cases = append(cases, cs...)
	}
	if p.Generate != nil {
		configs, known := backendsGen[p.Name]
		if !known {
			for _, size := range backendsFallbackSizes {
				configs = append(configs, compare.GenConfig{Size: size, Count: 2, Seed: 21})
			}
		}
		for _, g := range configs {
			var buf bytes.Buffer
			if err := p.Generate(&buf, g); err != nil {
				t.Logf("Generate(%+v): %v", g, err)
				continue
			}
			cs, err := p.Parse("generated", &buf)
			if err != nil {
				t.Fatalf("generated instances do not parse: %v", err)
			}
			cases = append(cases, cs...)
			if !known {
				break // the first size the generator takes
			}
		}
	}
	return cases
}

func satSolverOf(p *compare.Puzzle) *compare.Solver {
	for i := range p.Solvers {
		if p.Solvers[i].Name == "sat" {
			return &p.Solvers[i]
		}
	}
	return nil
}

// Every puzzle's sat solver, on every backend, gives verified answers that
// agree with the default backend's.
func TestBackendsSolveEveryPuzzle(t *testing.T) {
	names := ownNames()
	if len(names) == 0 {
		t.Fatal("no puzzle registered")
	}
	backends := installedBackends(t)
	for _, name := range names {
		p, _ := compare.Lookup(name)
		t.Run(name, func(t *testing.T) {
			sv := satSolverOf(p)
			if sv == nil {
				t.Fatal("no sat solver")
			}
			if !sv.Takes(compare.BackendOption) {
				t.Fatalf("the sat solver takes no %q option", compare.BackendOption)
			}
			cases := backendsCases(t, p)
			if len(cases) == 0 {
				t.Fatal("no bundled or generated cases")
			}
			ref, err := p.ParseSpec("sat", nil)
			if err != nil {
				t.Fatal(err)
			}
			for _, c := range cases {
				want, err := compare.SolveCase(ref, c)
				if err != nil {
					t.Fatalf("%s: default backend: %v", c.Location(), err)
				}
				if err := p.Verify(c, want); err != nil {
					t.Fatalf("%s: default backend's answer fails verification: %v", c.Location(), err)
				}
				for _, b := range backends {
					spec, err := p.ParseSpec("sat:backend="+b, nil)
					if err != nil {
						t.Fatal(err)
					}
					if spec.Options["backend"] != b {
						t.Fatalf("spec %q gave backend %q", spec.Text, spec.Options["backend"])
					}
					start := time.Now()
					got, err := compare.SolveCase(spec, c)
					if err != nil {
						t.Errorf("%s: %s: %v", c.Location(), spec.Text, err)
						continue
					}
					if err := p.Verify(c, got); err != nil {
						t.Errorf("%s: %s: answer fails verification: %v", c.Location(), spec.Text, err)
						continue
					}
					if got.Solved != want.Solved {
						t.Errorf("%s: %s says solved=%v, default backend says %v", c.Location(), spec.Text, got.Solved, want.Solved)
						continue
					}
					if err := p.Agree(c, want, got); err != nil {
						t.Errorf("%s: %s disagrees with the default backend: %v", c.Location(), spec.Text, err)
					}
					t.Logf("%s %s: %s solved=%v in %v", c.Location(), c.Size(), b, got.Solved, time.Since(start).Round(time.Millisecond))
				}
			}
		})
	}
}

// The CNF hook's formula has the same verdict on every backend. The eager
// formula leaves lazy constraints out, so it is a relaxation: a solvable
// case must give SAT, and UNSAT means the solver must have found no
// solution.
func TestBackendsAgreeOnPuzzleCNF(t *testing.T) {
	names := ownNames()
	if len(names) == 0 {
		t.Fatal("no puzzle registered")
	}
	backends := installedBackends(t)
	for _, name := range names {
		p, _ := compare.Lookup(name)
		t.Run(name, func(t *testing.T) {
			if p.CNF == nil || satSolverOf(p) == nil {
				t.Fatal("no CNF hook")
			}
			ref, err := p.ParseSpec("sat", nil)
			if err != nil {
				t.Fatal(err)
			}
			for _, c := range backendsCases(t, p) {
				res, err := compare.SolveCase(ref, c)
				if err != nil {
					t.Fatalf("%s: %v", c.Location(), err)
				}
				for _, refined := range []bool{false, true} {
					f, err := cnfOf(p, c, compare.Options{}, refined)
					if err != nil {
						t.Fatalf("%s: CNF(refined=%v): %v", c.Location(), refined, err)
					}
					var dimacs bytes.Buffer
					if err := f.WriteDIMACS(&dimacs); err != nil {
						t.Fatal(err)
					}
					if !strings.Contains(dimacs.String(), fmt.Sprintf("p cnf %d %d\n", f.NumVars, len(f.Clauses))) {
						t.Fatalf("%s: DIMACS header missing", c.Location())
					}
					verdicts := map[string]sat.Status{}
					for _, b := range backends {
						be, _ := sat.LookupBackend(b)
						s, err := be.New(f)
						if err != nil {
							t.Fatalf("%s: %s: %v", c.Location(), b, err)
						}
						st, err := s.Solve(time.Now().Add(20 * time.Second))
						if err != nil || st == sat.Unknown {
							t.Errorf("%s: %s on the CNF: %v, %v", c.Location(), b, st, err)
							continue
						}
						verdicts[b] = st
						// A solution satisfies the eager clauses and every
						// valid cut the loop added.
						if res.Solved && st != sat.Satisfiable {
							t.Errorf("%s: solved, but %s says the %s CNF is %v", c.Location(), b, cnfKind(refined), st)
						}
					}
					first := sat.Unknown
					for _, st := range verdicts {
						if first == sat.Unknown {
							first = st
						} else if st != first {
							t.Errorf("%s: backends disagree on the %s CNF: %v", c.Location(), cnfKind(refined), verdicts)
							break
						}
					}
				}
			}
		})
	}
}

func cnfKind(refined bool) string {
	if refined {
		return "refined"
	}
	return "eager"
}
