package sat

import (
	"fmt"
	"reflect"
	"time"

	"github.com/go-air/gini"
	"github.com/go-air/gini/inter"
	"github.com/go-air/gini/z"
)

// gini v1.0.4 is pure Go, incremental, interruptible and keeps no state
// shared between solver instances, so unlike gophersat it needs no lock.
// It has two traps this file designs around (each has a regression test
// in gini_test.go):
//   - Solve on an instance whose formula was proved UNSAT exits the whole
//     process (log.Fatalf "internal error in solve: sat model"). That
//     holds after an UNSAT without assumptions, and also after an UNSAT
//     under assumptions when the formula alone is unsatisfiable, which
//     gini does not always tell: Why may still blame an assumption
//     (found here by differential testing, gini_test.go). The backend
//     remembers a real UNSAT and answers it again without calling gini;
//     after an UNSAT under assumptions that Why does not prove real, it
//     rebuilds a fresh gini from the recorded clauses before the next
//     solve, so such an answer costs the learned clauses, never the
//     process. A caller that knows the formula has a model says so
//     (Assumer.PromiseSatisfiable), and then keeps gini as it is.
//   - Try(d) leaves its deadline armed for every later Solve. Time limits
//     go through GoSolve instead, whose controller stops just that solve.

// giniBackend is the backend github.com/go-air/gini: a pure Go CDCL
// solver that honours deadlines and takes assumptions (see Assumer).
type giniBackend struct{}

func init() {
	registerBackend("gini", func(string) (Backend, error) { return giniBackend{}, nil })
}

// Name returns "gini".
func (giniBackend) Name() string { return "gini" }

// Assumes implements AssumingBackend: gini's solvers are Assumers.
func (giniBackend) Assumes() bool { return true }

// New declares all of f's variables and loads its clauses.
func (giniBackend) New(f *CNF) (Solver, error) {
	s := &giniSolver{nvars: f.NumVars, clauses: make([][]int, 0, len(f.Clauses))}
	for i, c := range f.Clauses {
		if err := s.check(c); err != nil {
			return nil, fmt.Errorf("clause %d: %w", i+1, err)
		}
		s.clauses = append(s.clauses, append([]int(nil), c...))
	}
	s.rebuild()
	return s, nil
}

type giniSolver struct {
	g     *gini.Gini
	nvars int
	// clauses are all the clauses so far, to rebuild g from.
	clauses [][]int
	// unsat records that the formula itself, without assumptions, was
	// proved unsatisfiable: gini must not be asked again (trap 1).
	unsat bool
	// stale records an UNSAT under assumptions that may have left g
	// unusable (trap 1): g is rebuilt before the next solve.
	stale bool
	// satisfiable is the caller's promise that the formula has a model:
	// an UNSAT under assumptions leaves g usable (see PromiseSatisfiable).
	satisfiable bool
	// failed is the core of the last UNSAT under assumptions.
	failed  []int
	rebuilt int // rebuilds so far, for tests
	model   []bool
	stats   SolverStats
}

// rebuild makes a fresh gini holding every clause so far, with all the
// variables declared.
func (s *giniSolver) rebuild() {
	g := gini.NewVc(s.nvars, len(s.clauses))
	for g.MaxVar() < z.Var(s.nvars) {
		g.Lit()
	}
	for _, c := range s.clauses {
		for _, l := range c {
			g.Add(z.Dimacs2Lit(l))
		}
		g.Add(z.LitNull)
	}
	s.g, s.stale = g, false
}

func (s *giniSolver) check(lits []int) error {
	for _, l := range lits {
		if l == 0 || abs(l) > s.nvars {
			return fmt.Errorf("gini: literal %d outside the %d declared variables", l, s.nvars)
		}
	}
	return nil
}

func (s *giniSolver) AddClause(lits []int) error {
	if err := s.check(lits); err != nil {
		return err
	}
	if s.unsat {
		return nil
	}
	s.clauses = append(s.clauses, append([]int(nil), lits...))
	if s.stale {
		return nil // the rebuild adds it
	}
	for _, l := range lits {
		s.g.Add(z.Dimacs2Lit(l))
	}
	s.g.Add(z.LitNull)
	return nil
}

func (s *giniSolver) Solve(deadline time.Time) (Status, error) {
	return s.SolveAssuming(deadline, nil)
}

// SolveAssuming implements Assumer.
func (s *giniSolver) SolveAssuming(deadline time.Time, assume []int) (Status, error) {
	if err := s.check(assume); err != nil {
		return Unknown, err
	}
	s.model, s.failed = nil, nil
	if s.unsat {
		if s.satisfiable {
			return Unknown, fmt.Errorf("gini: the formula was promised satisfiable, but it has no model")
		}
		return Unsatisfiable, nil
	}
	var limit time.Duration
	if !deadline.IsZero() {
		limit = time.Until(deadline)
		if limit <= 0 {
			return Unknown, nil
		}
	}
	if s.stale {
		s.rebuild()
		s.rebuilt++
	}
	ms := make([]z.Lit, len(assume))
	for i, l := range assume {
		ms[i] = z.Dimacs2Lit(l)
	}
	s.g.Assume(ms...)
	switch s.run(limit) {
	case 1:
		s.model = make([]bool, s.nvars+1)
		for v := 1; v <= s.nvars; v++ {
			s.model[v] = s.g.Value(z.Var(v).Pos())
		}
		return Satisfiable, nil
	case -1:
		// With no assumption to blame, the formula itself is UNSAT;
		// otherwise it may be too, unbeknown to Why, unless the caller
		// promised a model.
		var why []z.Lit
		if len(assume) > 0 {
			why = s.g.Why(nil)
		}
		if len(why) == 0 {
			s.unsat = true
			if s.satisfiable {
				return Unknown, fmt.Errorf("gini: the formula was promised satisfiable, but it has no model")
			}
			return Unsatisfiable, nil
		}
		s.failed = make([]int, len(why))
		for i, m := range why {
			s.failed[i] = m.Dimacs()
		}
		if !s.satisfiable {
			s.stale = true
		}
		return Unsatisfiable, nil
	}
	return Unknown, nil
}

// maxLimit stands for "no time limit": about 146 years.
const maxLimit = time.Duration(1<<63 - 1)

// run solves in gini's background goroutine for at most limit (0: no
// limit), stopping it past the limit, and returns 1, -1 or 0 (stopped).
// It collects gini's search counters when it can (see tryStats).
func (s *giniSolver) run(limit time.Duration) int {
	if limit <= 0 {
		limit = maxLimit
	}
	ctl := s.g.GoSolve()
	if res, st, ok := tryStats(ctl, limit); ok {
		if st.IsValid() {
			s.stats.Conflicts += st.FieldByName("Conflicts").Int()
			s.stats.Decisions += st.FieldByName("Guesses").Int()
			s.stats.Restarts += st.FieldByName("Restarts").Int()
		}
		return res
	}
	if limit == maxLimit {
		return ctl.Wait()
	}
	return ctl.Try(limit)
}

// tryStats waits for the solve behind ctl for at most limit and returns
// its result with gini's statistics (a reflect.Value of its Stats struct,
// invalid past the limit: gini then keeps the counters and the next solve
// reports them). gini only hands statistics out through TryStats, a
// method of its controller type that the inter.Solve interface leaves out
// and whose result type is internal, hence reflection. ok is false, with
// the solve still running, when the controller has no such method (a gini
// other than v1.0.4): the caller then waits without statistics.
func tryStats(ctl inter.Solve, limit time.Duration) (res int, st reflect.Value, ok bool) {
	m := reflect.ValueOf(ctl).MethodByName("TryStats")
	durType := reflect.TypeFor[time.Duration]()
	if !m.IsValid() || m.Type().NumIn() != 2 || m.Type().In(0) != durType || m.Type().In(1) != durType ||
		m.Type().NumOut() != 1 || m.Type().Out(0).Kind() != reflect.Chan {
		return 0, reflect.Value{}, false
	}
	elem := m.Type().Out(0).Elem()
	if elem.Kind() != reflect.Struct {
		return 0, reflect.Value{}, false
	}
	rf, okR := elem.FieldByName("Result")
	sf, okS := elem.FieldByName("Stats")
	if !okR || rf.Type.Kind() != reflect.Int || !okS || sf.Type.Kind() != reflect.Pointer || sf.Type.Elem().Kind() != reflect.Struct {
		return 0, reflect.Value{}, false
	}
	for _, name := range []string{"Conflicts", "Guesses", "Restarts"} {
		if f, ok := sf.Type.Elem().FieldByName(name); !ok || f.Type.Kind() != reflect.Int64 {
			return 0, reflect.Value{}, false
		}
	}
	// The sampling period is the longest there is, so that TryStats never
	// pauses the solve to report progress: its one message is the result.
	ch := m.Call([]reflect.Value{reflect.ValueOf(limit), reflect.ValueOf(maxLimit)})[0]
	v, received := ch.Recv()
	if !received {
		// Past the limit TryStats closes the channel without stopping
		// the solve.
		return ctl.Stop(), reflect.Value{}, true
	}
	if p := v.FieldByName("Stats"); !p.IsNil() {
		st = p.Elem()
	}
	return int(v.FieldByName("Result").Int()), st, true
}

func (s *giniSolver) Model() []bool { return s.model }

// Failed implements Assumer.
func (s *giniSolver) Failed() []int { return s.failed }

// PromiseSatisfiable implements Assumer.
func (s *giniSolver) PromiseSatisfiable() { s.satisfiable = true }

func (s *giniSolver) Stats() SolverStats { return s.stats }
