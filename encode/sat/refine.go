package sat

import (
	"errors"
	"fmt"
	"time"
)

// Stats describe one SAT search (one or more solves of one formula): the
// formula's size, the refinement loop's work, and the backend's counters.
type Stats struct {
	Vars    int // variables declared
	Clauses int // clauses in the eager encoding
	Rounds  int // solver calls made by refinement loops
	Added   int // clauses added lazily by refinement loops
	Solves  int // solver calls in all (refinement rounds, k-steps, lexicographic steps)
	Search  SolverStats
	// Steps lists the outer steps the search made (one per bound tried,
	// say), in order.
	Steps []Step
}

// Step is one outer step of a search over solves, such as "at most k
// true".
type Step struct {
	Label  string
	Status Status
	Time   time.Duration
	Rounds int
}

// Cutter inspects a model and returns clauses that forbid what is wrong in
// it (a loop, a sub-tour, a crossing); no clauses means the model is right.
// Every returned clause must be false under model, or the loop could not
// make progress.
type Cutter func(model []bool) [][]int

// Refine runs the lazy-constraint loop on s: solve; if SAT, ask cut what is
// wrong with the model, add those clauses, and solve again, until the model
// has nothing wrong (Satisfiable) or the formula is unsatisfiable
// (Unsatisfiable). It counts
// rounds and added clauses in st. Unknown is returned when the backend gave
// up (a deadline).
func Refine(s Solver, cut Cutter, deadline time.Time, st *Stats) (Status, error) {
	return refine(s, func() (Status, error) { return s.Solve(deadline) }, cut, st)
}

// RefineAssuming is Refine with every literal of assume true for each of
// its solves, on a solver that is an Assumer (gini's): one that is not is
// an error. The clauses cut adds stay after it returns; the assumptions
// do not. Cuts must therefore be valid whatever the assumptions: loops,
// sub-tours and crossings are.
func RefineAssuming(s Solver, assume []int, cut Cutter, deadline time.Time, st *Stats) (Status, error) {
	as, ok := s.(Assumer)
	if !ok {
		return Unknown, errors.New("refinement under assumptions: the solver takes no assumptions")
	}
	return refine(s, func() (Status, error) { return as.SolveAssuming(deadline, assume) }, cut, st)
}

func refine(s Solver, solve func() (Status, error), cut Cutter, st *Stats) (Status, error) {
	for {
		status, err := solve()
		st.Rounds++
		st.Solves++
		if err != nil {
			return Unknown, fmt.Errorf("refinement round %d: %w", st.Rounds, err)
		}
		if status != Satisfiable {
			return status, nil
		}
		model := s.Model()
		cuts := cut(model)
		if len(cuts) == 0 {
			return Satisfiable, nil
		}
		for _, c := range cuts {
			if satisfied(c, model) {
				return Unknown, fmt.Errorf("refinement round %d: cut %v does not exclude the model", st.Rounds, c)
			}
			if err := s.AddClause(c); err != nil {
				return Unknown, fmt.Errorf("refinement round %d: %w", st.Rounds, err)
			}
			st.Added++
		}
	}
}

// satisfied reports whether model makes clause true.
func satisfied(clause []int, model []bool) bool {
	for _, l := range clause {
		if (l > 0) == model[abs(l)] {
			return true
		}
	}
	return false
}

// Lit returns v as a literal that is true when the model gives v the value
// val: the literal of v that is currently true is Lit(v, model[v]).
func Lit(v int, val bool) int {
	if val {
		return v
	}
	return -v
}
