package sat

import (
	"fmt"
	"math/rand"
	"testing"
	"time"
)

// TestRepairingSolverMatchesBruteForce adds clauses one or a few at a time
// to repairing solvers (each probing mode, both in-process backends, the
// repair in every round and the auto mode) over random formulas, small
// ones checked against brute force and banded ones (each clause over
// variables at most 3 apart, so that windows stay small) against a fresh
// gophersat, and checks every model against every clause so far: a repair
// that left out a clause touching its window, or wrote a model back
// wrongly, fails it. Both modes must mend some solves; the auto mode must
// meet formulas with few first cuts (it repairs) and formulas with many
// (it leaves every solve to the full solver).
func TestRepairingSolverMatchesBruteForce(t *testing.T) {
	for _, name := range []string{"gophersat", "gini"} {
		for _, mode := range []string{ProbeNone, ProbeRounds} {
			for _, auto := range []bool{false, true} {
				t.Run(fmt.Sprintf("%s/%s/auto=%v", name, mode, auto), func(t *testing.T) {
					testRepairing(t, lookupTestBackend(t, name), mode, auto)
				})
			}
		}
	}
}

// testRepairing runs TestRepairingSolverMatchesBruteForce's trials on be.
func testRepairing(t *testing.T, be Backend, mode string, auto bool) {
	rng := rand.New(rand.NewSource(23))
	var sats, unsats int
	var repairs, mended int64
	kinds := map[bool]int{} // auto: formulas by whether it repairs
	for trial := 0; trial < 150; trial++ {
		nv := 10 + rng.Intn(5)
		all := backendRandomCNF(rng, nv, 7*nv)
		sat := bruteSat
		if trial%2 == 1 {
			nv = 30 + rng.Intn(10)
			all, sat = bandedCNF(rng, nv, 5*nv), freshSat(t)
		}
		start := 2 * nv
		f := &CNF{NumVars: nv, Clauses: all.Clauses[:start:start]}
		full, err := NewProvingSolver(be, f, mode, nil)
		if err != nil {
			t.Fatal(err)
		}
		s := NewRepairingSolver(full, be, f)
		var ar *repairSolver
		if auto {
			ar = newAutoRepairing(full, be, f, 0) // these formulas are all small
			s = ar
		}
		for i := start; i <= len(all.Clauses); {
			cur := &CNF{NumVars: nv, Clauses: all.Clauses[:i]}
			st, err := s.Solve(time.Time{})
			if err != nil {
				t.Fatalf("trial %d, %d clauses: %v", trial, i, err)
			}
			want := sat(cur)
			if st == Unknown || (st == Satisfiable) != want {
				t.Fatalf("trial %d, %d clauses: %v, brute force says sat=%v", trial, i, st, want)
			}
			if st == Unsatisfiable {
				unsats++
				break
			}
			sats++
			if !modelSatisfies(cur, s.Model()) {
				t.Fatalf("trial %d, %d clauses: the model breaks a clause", trial, i)
			}
			if i == len(all.Clauses) {
				break
			}
			for k := min(i+1+rng.Intn(3), len(all.Clauses)); i < k; i++ {
				if err := s.AddClause(all.Clauses[i]); err != nil {
					t.Fatal(err)
				}
			}
		}
		repairs += s.Stats().Repairs
		mended += s.Stats().Mended
		if ar != nil && ar.classified {
			kinds[ar.stalled]++
		}
	}
	if sats == 0 || unsats == 0 || repairs == 0 || mended == 0 || (auto && (kinds[true] == 0 || kinds[false] == 0)) {
		t.Fatalf("%d SAT, %d UNSAT answers, %d local solves, %d solves mended, auto repairs %v: the formulas do not exercise every path", sats, unsats, repairs, mended, kinds)
	}
	t.Logf("%d SAT, %d UNSAT answers, %d local solves, %d solves mended, auto repairs %v", sats, unsats, repairs, mended, kinds)
}

// bandedCNF returns n random clauses of 2 or 3 literals over nv
// variables, each clause's variables distinct and at most 3 apart.
func bandedCNF(rng *rand.Rand, nv, n int) *CNF {
	f := &CNF{NumVars: nv}
	for range n {
		base := 1 + rng.Intn(nv-3)
		c := make([]int, 2+rng.Intn(2))
		offsets := rng.Perm(4) // distinct variables: gophersat takes no repeated ones
		for i := range c {
			c[i] = base + offsets[i]
			if rng.Intn(2) == 0 {
				c[i] = -c[i]
			}
		}
		f.Clauses = append(f.Clauses, c)
	}
	return f
}

// freshSat decides a formula with a new gophersat solver.
func freshSat(t *testing.T) func(*CNF) bool {
	be := lookupTestBackend(t, "gophersat")
	return func(f *CNF) bool {
		s, err := be.New(f)
		if err != nil {
			t.Fatal(err)
		}
		st, err := s.Solve(time.Time{})
		if err != nil || st == Unknown {
			t.Fatalf("reference solve: %v %v", st, err)
		}
		return st == Satisfiable
	}
}
