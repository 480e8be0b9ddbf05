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
	Unknown Status = iota // not solved: interrupted or over a deadline
	Sat
	Unsat
)

func (s Status) String() string {
	switch s {
	case Sat:
		return "SAT"
	case Unsat:
		return "UNSAT"
	}
	return "UNKNOWN"
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
}

// Backend makes solvers for formulas.
type Backend interface {
	// Name is the backend's name as given to --backend.
	Name() string
	// New makes a solver for f; every variable a later AddClause uses must
	// be among f.NumVars.
	New(f *CNF) (Solver, error)
}

var (
	backendsMu sync.Mutex
	backends   = map[string]func(arg string) (Backend, error){}
)

// RegisterBackend makes a backend known by name to LookupBackend. A name
// ending in ":" takes an argument ("exec:" for "exec:cadical").
func RegisterBackend(name string, make func(arg string) (Backend, error)) {
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
