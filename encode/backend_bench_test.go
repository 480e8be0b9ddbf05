package encode_test

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	randv2 "math/rand/v2"

	"github.com/gridsat/gridsat/compare"
	_ "github.com/gridsat/gridsat/compare/puzzles" // registers the puzzles
	"github.com/gridsat/gridsat/encode/sat"
	"github.com/gridsat/gridsat/instances"
)

// BenchmarkBackendPuzzle puts the backends side by side on the puzzles'
// hard instances through their registered sat solvers (encode/sat's
// benchmarks do on classic formulas). Run, e.g.:
//
//	go test -run XXX -bench BackendPuzzle -benchtime 1x ./encode/
//
// External solvers are skipped when not installed, puzzles when not
// registered.

// benchBackends are the backends BenchmarkBackendPuzzle puts side by side
// (as encode/sat's benchmarks do on classic formulas).
var benchBackends = []string{"gophersat", "gini", "exec:cadical", "exec:minisat"}

func benchBackend(b *testing.B, name string) sat.Backend {
	b.Helper()
	be, err := sat.LookupBackend(name)
	if err != nil {
		b.Skip(err)
	}
	return be
}

// benchPuzzleCase is one hard instance of a puzzle: from a file under
// ../../shared/bench, or from the puzzle's generator.
type benchPuzzleCase struct {
	puzzle string
	label  string
	file   string // relative to ../../shared/bench
	// make builds the case when there is no file.
	make func() (instances.Case, error)
	// gen is the generator config when there is neither file nor make.
	gen compare.GenConfig
	// hard marks instances that take minutes a backend: they run only
	// with GRIDSAT_BENCH_HARD=1.
	hard bool
}

// benchGen generates with the puzzle's generator.
func benchGen(size string, params compare.Options) compare.GenConfig {
	return compare.GenConfig{Size: size, Count: 1, Seed: 1, Params: params}
}

var benchPuzzleCases = []benchPuzzleCase{
	{puzzle: "slant", label: "27x27-zigzag", file: filepath.Join("zigzag", "puzzles_27x27.txt")},
	// The generator's unique 50x50 puzzles take about a minute to make;
	// a planted one with 40% of its clues is as large, and has many
	// solutions, so refinement has loops to cut.
	{puzzle: "slant", label: "50x50-planted", make: func() (instances.Case, error) {
		s, _ := instances.PlantSlant(randv2.New(randv2.NewPCG(1, 2)), 50, 50, 0.4)
		s.Loc = instances.Loc{File: "planted", Case: 1, Line: 1}
		return s, nil
	}},
	{puzzle: "queens", label: "gamma-Q8", gen: benchGen("8x8", compare.Options{"full": "true"})},
	{puzzle: "queens", label: "gamma-Q10", gen: benchGen("10x10", compare.Options{"full": "true"})},
	{puzzle: "queens", label: "gamma-Q12", gen: benchGen("12x12", compare.Options{"full": "true"}), hard: true},
	{puzzle: "chain", label: "N10", gen: benchGen("10", compare.Options{"k": "4"})},
}

func (pc benchPuzzleCase) load(b *testing.B, p *compare.Puzzle) instances.Case {
	if pc.make != nil {
		c, err := pc.make()
		if err != nil {
			b.Skip(err)
		}
		return c
	}
	var data []byte
	name := pc.label
	if pc.file != "" {
		path := filepath.Join("..", "..", "shared", "bench", pc.file)
		var err error
		if data, err = os.ReadFile(path); err != nil {
			b.Skipf("%s: %v", path, err)
		}
		name = path
	} else {
		if p.Generate == nil {
			b.Skip("no generator")
		}
		var buf bytes.Buffer
		if err := p.Generate(&buf, pc.gen); err != nil {
			b.Skipf("Generate(%+v): %v", pc.gen, err)
		}
		data = buf.Bytes()
	}
	cases, err := p.Parse(name, bytes.NewReader(data))
	if len(cases) == 0 {
		b.Skipf("%s: no case (%v)", name, err)
	}
	return cases[0]
}

// BenchmarkBackendPuzzle: each puzzle's sat solver, on each backend, on
// the puzzles' hard instances. Every answer is verified. gamma(Q_12) runs
// only with GRIDSAT_BENCH_HARD=1 (minutes a backend; gophersat is left
// out there: it cannot be stopped).
func BenchmarkBackendPuzzle(b *testing.B) {
	for _, pc := range benchPuzzleCases {
		b.Run(pc.puzzle+"-"+pc.label, func(b *testing.B) {
			if pc.hard && os.Getenv("GRIDSAT_BENCH_HARD") != "1" {
				b.Skip("takes minutes: set GRIDSAT_BENCH_HARD=1")
			}
			p, err := compare.Lookup(pc.puzzle)
			if err != nil {
				b.Skip(err)
			}
			c := pc.load(b, p)
			backends := benchBackends
			if pc.hard {
				backends = backends[1:]
			}
			for _, name := range backends {
				b.Run(name, func(b *testing.B) {
					benchBackend(b, name)
					spec, err := p.ParseSpec("sat:backend="+name, nil)
					if err != nil {
						b.Skip(err)
					}
					var res compare.Result
					for i := 0; i < b.N; i++ {
						if res, err = compare.SolveCase(spec, c); err != nil {
							b.Fatal(err)
						}
						if err := p.Verify(c, res); err != nil {
							b.Fatalf("answer fails verification: %v", err)
						}
					}
					for _, st := range []string{"rounds", "conflicts"} {
						if v, ok := res.Stat(st); ok && v > 0 {
							b.ReportMetric(float64(v), st+"/op")
						}
					}
				})
			}
		})
	}
}
