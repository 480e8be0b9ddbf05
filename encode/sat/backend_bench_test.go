package sat

import (
	"fmt"
	"math/rand"
	"testing"
	"time"
)

// The benchmarks in this file put the backends side by side on classic
// formulas (random 3-SAT at the threshold, pigeonhole); encode's
// BenchmarkBackendPuzzle does so on the puzzles' hard instances. Run, e.g.:
//
//	go test -run XXX -bench Backend -benchtime 1x ./encode/sat/
//
// External solvers are skipped when not installed.

var benchBackends = []string{"gophersat", "gini", "exec:cadical", "exec:minisat"}

func benchBackend(b *testing.B, name string) Backend {
	b.Helper()
	be, err := LookupBackend(name)
	if err != nil {
		b.Skip(err)
	}
	return be
}

// bench3SAT is a uniform random 3-SAT formula: nclauses clauses of three
// distinct variables, signs at random.
func bench3SAT(rng *rand.Rand, nvars, nclauses int) *CNF {
	f := &CNF{}
	f.NewVars(nvars, "random 3-SAT variable")
	for i := 0; i < nclauses; i++ {
		vs := rng.Perm(nvars)[:3]
		c := make([]int, 3)
		for j, v := range vs {
			c[j] = Lit(v+1, rng.Intn(2) == 0)
		}
		f.Add(c...)
	}
	return f
}

// benchPHP is pigeonhole PHP(pigeons, holes), unsatisfiable when there
// are more pigeons than holes.
func benchPHP(pigeons, holes int) *CNF {
	f := &CNF{}
	sits := f.NewVars(pigeons*holes, "pigeon p sits in hole h")
	for p := 0; p < pigeons; p++ {
		f.Add(sits[p*holes : (p+1)*holes]...)
	}
	for h := 0; h < holes; h++ {
		for p := 0; p < pigeons; p++ {
			for q := p + 1; q < pigeons; q++ {
				f.Add(-sits[p*holes+h], -sits[q*holes+h])
			}
		}
	}
	return f
}

func benchSolve(b *testing.B, be Backend, f *CNF, deadline time.Duration) Status {
	s, err := be.New(f)
	if err != nil {
		b.Fatal(err)
	}
	var dl time.Time
	if deadline > 0 {
		dl = time.Now().Add(deadline)
	}
	st, err := s.Solve(dl)
	if err != nil {
		b.Fatal(err)
	}
	return st
}

// BenchmarkBackendRandom3SAT: ten random 3-SAT formulas with 150
// variables and 639 clauses (ratio 4.26, the hardest region), one
// operation solving all ten. sat/op counts the satisfiable ones, which
// must be the same on every backend.
func BenchmarkBackendRandom3SAT(b *testing.B) {
	var formulas []*CNF
	for seed := int64(1); seed <= 10; seed++ {
		formulas = append(formulas, bench3SAT(rand.New(rand.NewSource(seed)), 150, 639))
	}
	for _, name := range benchBackends {
		b.Run(name, func(b *testing.B) {
			be := benchBackend(b, name)
			sat := 0
			for i := 0; i < b.N; i++ {
				sat = 0
				for _, f := range formulas {
					switch benchSolve(b, be, f, 0) {
					case Satisfiable:
						sat++
					case Unknown:
						b.Fatal("no verdict without a deadline")
					}
				}
			}
			b.ReportMetric(float64(sat), "sat/op")
		})
	}
}

// BenchmarkBackendPigeonhole: PHP(8,7) and PHP(9,8), unsatisfiable and
// exponentially hard for resolution, so for CDCL.
func BenchmarkBackendPigeonhole(b *testing.B) {
	for _, n := range []int{8, 9} {
		f := benchPHP(n, n-1)
		for _, name := range benchBackends {
			b.Run(fmt.Sprintf("PHP%d-%d/%s", n, n-1, name), func(b *testing.B) {
				be := benchBackend(b, name)
				for i := 0; i < b.N; i++ {
					if st := benchSolve(b, be, f, 0); st != Unsatisfiable {
						b.Fatalf("PHP(%d,%d): %v", n, n-1, st)
					}
				}
			})
		}
	}
}
