package sat

import (
	"fmt"
	"sort"
	"strings"
	"sync"
	"time"
)

// Status is a SAT solver's verdict.
type Status int

// The verdicts.
const (
	Unknown       Status = iota // not solved: interrupted or over a deadline
	Satisfiable                 // a model was found (Solver.Model)
	Unsatisfiable               // the formula (under any assumptions or cubes) has none
)

// String is the verdict as DIMACS solvers print it: SAT, UNSAT, UNKNOWN.
func (s Status) String() string {
	switch s {
	case Satisfiable:
		return "SAT"
	case Unsatisfiable:
		return "UNSAT"
	}
	return "UNKNOWN"
}

// The interfaces are small, in the manner of gini's inter package: a
// Backend makes Solvers, and whatever a backend or a solver can do beyond
// that is an interface of its own (Prover and CubeBackend for backends,
// Assumer and Cuber for solvers), which a caller discovers with a type
// assertion and does without when it is missing.

// Backend makes solvers for formulas.
type Backend interface {
	// Name is the backend's name as given to --backend.
	Name() string
	// New makes a solver for f; every variable a later AddClause uses must
	// be among f.NumVars.
	New(f *CNF) (Solver, error)
}

// Solver is one incremental SAT solver instance: the interface is kept as
// narrow as the refinement loop needs, so that a backend is easy to add.
type Solver interface {
	// AddClause adds a clause over the variables the solver was made with;
	// it may be called between solves (the refinement loop does).
	AddClause(lits []int) error
	// Solve decides the formula. A backend that can stop at deadline
	// answers Unknown past it; a zero deadline means none.
	Solve(deadline time.Time) (Status, error)
	// Model returns the last model, indexed by variable (index 0 unused).
	Model() []bool
	// Stats are the backend's search counters, added up over all solves.
	Stats() SolverStats
}

// SolverStats are a backend's search counters.
type SolverStats struct {
	Conflicts int64
	Decisions int64
	Restarts  int64
	// Probed counts the literals failed-literal probing fixed before or
	// between solves (see Prober), 0 without probing.
	Probed int64
	// Repairs counts the local solves of a repairing solver (see
	// NewRepairingSolver), 0 without.
	Repairs int64
	// Mended counts the solves a repairing solver answered by local
	// repairs alone, without the full solver.
	Mended int64
}

// Assumer is a Solver that can also solve under assumptions: literals
// taken as true for one solve only, then forgotten. Only the gini backend
// implements it; callers that want it type-assert their Solver and fall
// back to unit clauses (which stay) or a fresh solver when it is missing.
// With gini, a SAT answer under assumptions keeps everything learned; an
// UNSAT one costs a rebuild of the solver before the next solve (see the
// traps in gini.go) unless the caller promised the formula satisfiable.
type Assumer interface {
	// SolveAssuming decides the formula with every literal of assume
	// true, for this call only. Unsatisfiable means the formula and the
	// assumptions together have no model; the formula alone may still
	// have one.
	SolveAssuming(deadline time.Time, assume []int) (Status, error)
	// Failed returns, after SolveAssuming answered Unsatisfiable, assumptions
	// that are enough for that answer: the formula and these literals
	// alone have no model (a failed-assumption core, not always the
	// smallest). It returns nil after any other answer.
	Failed() []int
	// PromiseSatisfiable tells the solver that the formula without
	// assumptions has a model, now and after every clause the caller
	// adds later (say, because the caller holds a model that satisfies
	// each of them). An Unsatisfiable under assumptions then keeps the solver
	// and what it learned, instead of rebuilding it before the next
	// solve. A broken promise is reported as an error by the solve that
	// finds the formula unsatisfiable on its own.
	PromiseSatisfiable()
}

// Cuber is a Solver that decides a list of cubes in one call (exec:
// programs that read incremental CNF); callers type-assert their Solver.
type Cuber interface {
	// SolveCubes decides the formula under each cube (a conjunction of
	// literals, for this call only) in order, stopping at the first
	// satisfiable one: Satisfiable, with its Model, or Unsatisfiable
	// when every cube is (the formula alone may still have a model).
	SolveCubes(deadline time.Time, cubes [][]int) (Status, error)
}

// Prover is a Backend whose solvers can write a clausal proof of their
// UNSAT answers (gophersat; exec: programs that write DRAT); callers
// type-assert their Backend, and CheckCertifiable does.
type Prover interface {
	// NewProving is New with every clause the solver learns (and, where
	// the backend says so, deletes) sent to proof, in f's variables. The
	// clauses added later with AddClause are not recorded: the caller
	// records them.
	NewProving(f *CNF, proof ProofSink) (Solver, error)
	// CanProve reports whether this backend's solvers prove (an exec
	// program may not).
	CanProve() bool
}

// CubeBackend is a Backend that can tell, before making a solver, whether
// its solvers will be Cubers (an external program may or may not read
// incremental CNF).
type CubeBackend interface {
	// SolvesCubes reports whether New makes Cubers.
	SolvesCubes() bool
}

// AssumingBackend is a Backend that says, before making a solver, that its
// solvers are Assumers, so a caller can skip building a solver it would
// only keep if it were one.
type AssumingBackend interface {
	// Assumes reports whether New makes Assumers.
	Assumes() bool
}

// Assumes reports whether b says its solvers are Assumers (see
// AssumingBackend); a backend that does not say is taken not to.
func Assumes(b Backend) bool {
	a, ok := b.(AssumingBackend)
	return ok && a.Assumes()
}

var (
	backendsMu sync.Mutex
	backends   = map[string]func(arg string) (Backend, error){}
)

// registerBackend makes a backend known by name to LookupBackend. A name
// ending in ":" takes an argument ("exec:" for "exec:cadical").
func registerBackend(name string, make func(arg string) (Backend, error)) {
	backendsMu.Lock()
	defer backendsMu.Unlock()
	backends[name] = make
}

// LookupBackend returns the backend called name; "" means the default,
// gophersat.
func LookupBackend(name string) (Backend, error) {
	if name == "" {
		name = "gophersat"
	}
	backendsMu.Lock()
	defer backendsMu.Unlock()
	if mk, ok := backends[name]; ok {
		return mk("")
	}
	if i := strings.IndexByte(name, ':'); i >= 0 {
		if mk, ok := backends[name[:i+1]]; ok {
			return mk(name[i+1:])
		}
	}
	return nil, fmt.Errorf("unknown SAT backend %q (known: %s)", name, strings.Join(backendNamesLocked(), ", "))
}

// BackendNames lists the registered backend names, sorted.
func BackendNames() []string {
	backendsMu.Lock()
	defer backendsMu.Unlock()
	return backendNamesLocked()
}

func backendNamesLocked() []string {
	var names []string
	for n := range backends {
		if strings.HasSuffix(n, ":") {
			n += "NAME"
		}
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// What each backend can do beyond Backend and Solver.
var (
	_ Prover          = gophersatBackend{}
	_ Prover          = (*execBackend)(nil)
	_ CubeBackend     = (*execBackend)(nil)
	_ Assumer         = (*giniSolver)(nil)
	_ AssumingBackend = giniBackend{}
	_ Cuber           = (*execCuber)(nil)
)
