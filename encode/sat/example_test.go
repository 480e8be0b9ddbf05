package sat_test

import (
	"fmt"
	"time"

	"github.com/gridsat/gridsat/encode/sat"
)

// The SAT core: fresh variables, clauses, a backend's solver, a solve and
// its model; a clause added between solves (as the refinement loop adds
// its cuts) and a second solve.
func ExampleSolver() {
	var f sat.CNF
	a, b := f.NewVar(), f.NewVar()
	f.Add(a, b)   // a or b
	f.Add(-a, -b) // not both
	f.Add(-a)     // not a
	backend, err := sat.LookupBackend("gophersat")
	if err != nil {
		fmt.Println(err)
		return
	}
	s, err := backend.New(&f)
	if err != nil {
		fmt.Println(err)
		return
	}
	st, err := s.Solve(time.Time{})
	if err != nil {
		fmt.Println(err)
		return
	}
	m := s.Model()
	fmt.Println(st, "a =", m[a], "b =", m[b])
	if err := s.AddClause([]int{-b}); err != nil {
		fmt.Println(err)
		return
	}
	st, err = s.Solve(time.Time{})
	fmt.Println(st, err)
	// Output:
	// SAT a = false b = true
	// UNSAT <nil>
}

// ExactlyOne adds the clauses that make exactly one of its literals true.
func ExampleCNF_ExactlyOne() {
	var f sat.CNF
	xs := f.NewVars(3, "x")
	f.ExactlyOne(xs...)
	fmt.Println(f.NumVars, "variables,", len(f.Clauses), "clauses")
	// Output: 3 variables, 4 clauses
}
