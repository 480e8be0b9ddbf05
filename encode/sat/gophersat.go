package sat

import (
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"github.com/crillab/gophersat/solver"
)

// gophersat v1.4.0 has defects this file designs around (each has a
// regression test in gophersat_test.go):
//   - Assume wipes top-level units: never called; literals are fixed with
//     unit clauses that are never retracted, or with a fresh solver.
//   - AppendClause with an undeclared variable panics: every variable is
//     declared up front (ParseSliceNb with the final count) and AddClause
//     rejects others.
//   - ParseCardConstrs is wrong and CuttingPlanes unsound: neither is used.
//   - A package-level buffer is shared by all solvers: every call into
//     gophersat holds gophersatGuard, so one process runs one gophersat call
//     at a time however many goroutines use it.
//   - Solve cannot be interrupted: the deadline is ignored here; real time
//     limits come from running the solve in a worker process.
//   - After UNSAT, Model returns the previous model: Model is only read
//     after Satisfiable.
//   - A clause with a repeated variable (x twice, or x and -x) can make a
//     later Solve panic (index -1 in learnClause): every clause is
//     normalized first (clauseNorm), and a panic in Solve is an error with
//     the lock released, never a deadlock of the process's other solvers.

// callGuard serializes calls with a lock and counts the calls inside,
// with atomics that do not depend on the lock: if the lock ever failed to
// exclude, maxBusy would show it (tests check both that it stays 1 and
// that an unlocked guard does see overlaps).
type callGuard struct {
	mu            sync.Locker
	busy, maxBusy atomic.Int32
}

func (g *callGuard) enter() {
	g.mu.Lock()
	n := g.busy.Add(1)
	for m := g.maxBusy.Load(); n > m && !g.maxBusy.CompareAndSwap(m, n); m = g.maxBusy.Load() {
	}
}

func (g *callGuard) exit() {
	g.busy.Add(-1)
	g.mu.Unlock()
}

// gophersatGuard serializes every call into the gophersat package.
var gophersatGuard = &callGuard{mu: new(sync.Mutex)}

func lockGophersat()   { gophersatGuard.enter() }
func unlockGophersat() { gophersatGuard.exit() }

// gophersatBackend is the default backend, github.com/crillab/gophersat.
type gophersatBackend struct{}

func init() {
	registerBackend("gophersat", func(string) (Backend, error) { return gophersatBackend{}, nil })
}

// Name returns "gophersat".
func (gophersatBackend) Name() string { return "gophersat" }

// New declares all of f's variables and loads its clauses.
func (gophersatBackend) New(f *CNF) (Solver, error) {
	lockGophersat()
	defer unlockGophersat()
	pb := solver.ParseSliceNb(normClauses(f.Clauses, f.NumVars), f.NumVars)
	return &gsSolver{s: solver.New(pb), nvars: f.NumVars, unsat: pb.Status == solver.Unsat}, nil
}

// PBConstraint is a cardinality constraint gophersat takes natively (no
// clausal encoding): at least or at most K of Lits are true.
type PBConstraint struct {
	Lits    []int
	K       int
	AtLeast bool // at least K; at most K when false
}

// NewPB makes a gophersat solver from f's clauses and the cardinality
// constraints cards, over f's variables. It goes through ParsePBConstrs,
// the PB entry point measured correct; ParseCardConstrs is never used.
// Variables beyond the constraints' largest are declared by a
// tautology-free trick: an AtLeast-0 constraint naming the last.
func NewPB(f *CNF, cards []PBConstraint) (Solver, error) {
	nvars := f.NumVars
	constrs := make([]solver.PBConstr, 0, len(f.Clauses)+len(cards)+1)
	for _, c := range f.Clauses {
		constrs = append(constrs, solver.PropClause(c...))
	}
	for _, c := range cards {
		if c.AtLeast {
			constrs = append(constrs, solver.AtLeast(c.Lits, c.K))
		} else {
			constrs = append(constrs, solver.AtMost(c.Lits, c.K))
		}
	}
	if nvars > 0 {
		// ParsePBConstrs sizes the problem from the literals it sees; an
		// always-true constraint over the last variable declares it.
		constrs = append(constrs, solver.PBConstr{Lits: []int{nvars}, AtLeast: 0})
	}
	lockGophersat()
	defer unlockGophersat()
	pb := solver.ParsePBConstrs(constrs)
	if pb.NbVars < nvars {
		return nil, fmt.Errorf("gophersat PB problem declares %d of %d variables", pb.NbVars, nvars)
	}
	return &gsSolver{s: solver.New(pb), nvars: nvars, unsat: pb.Status == solver.Unsat}, nil
}

type gsSolver struct {
	s     *solver.Solver
	nvars int
	unsat bool // proved UNSAT: further clauses and solves change nothing
	model []bool
	// proof, if set, receives the clauses the solver learns.
	proof ProofSink
	// proofErr is the first proof line that could not be read.
	proofErr error
	// norm normalizes the clauses AddClause is given.
	norm clauseNorm
}

// NewProving is New with gophersat's certificate turned on for every
// solve: the clauses and units it learns (it reports no deletions) go to
// proof. gophersat's PB learning is not clausal: only clause formulas
// (never NewPB) are proved.
func (gophersatBackend) NewProving(f *CNF, proof ProofSink) (Solver, error) {
	s, err := gophersatBackend{}.New(f)
	if err != nil {
		return nil, err
	}
	s.(*gsSolver).proof = proof
	return s, nil
}

// CanProve is true: gophersat writes RUP certificates.
func (gophersatBackend) CanProve() bool { return true }

// solveProving runs one solve with the certificate channel read by a
// goroutine of its own: gophersat sends on it while the caller holds
// gophersatGuard, so the reader takes no lock but the log's. The channel is
// closed, and every line handed on, before it returns.
func (g *gsSolver) solveProving() solver.Status {
	ch := make(chan string, 1024)
	done := make(chan struct{})
	go func() {
		defer close(done)
		for line := range ch {
			lits, err := parseLits(line)
			if err != nil {
				if g.proofErr == nil {
					g.proofErr = fmt.Errorf("gophersat certificate: %w", err)
				}
				continue
			}
			g.proof(lits, false)
		}
	}()
	g.s.Certified, g.s.CertChan = true, ch
	st := g.s.Solve()
	g.s.Certified, g.s.CertChan = false, nil
	close(ch)
	<-done
	return st
}

func (g *gsSolver) AddClause(lits []int) error {
	for _, l := range lits {
		if l == 0 || abs(l) > g.nvars {
			return fmt.Errorf("gophersat: literal %d outside the %d declared variables", l, g.nvars)
		}
	}
	lits, taut := g.norm.norm(lits)
	if taut || g.unsat {
		return nil
	}
	ls := make([]solver.Lit, len(lits))
	for i, l := range lits {
		ls[i] = solver.IntToLit(int32(l))
	}
	lockGophersat()
	defer unlockGophersat()
	g.s.AppendClause(solver.NewClause(ls))
	return nil
}

func (g *gsSolver) Solve(time.Time) (Status, error) {
	if g.unsat {
		return Unsatisfiable, nil
	}
	st, m, err := g.solveLocked()
	if err != nil {
		return Unknown, err
	}
	if g.proofErr != nil {
		return Unknown, g.proofErr
	}
	switch st {
	case solver.Sat:
		g.model = make([]bool, g.nvars+1)
		copy(g.model[1:], m)
		return Satisfiable, nil
	case solver.Unsat:
		g.unsat = true
		g.model = nil
		return Unsatisfiable, nil
	}
	return Unknown, nil
}

// solveLocked runs one gophersat solve under the lock and returns its
// status and, when satisfiable, its model. A panic inside gophersat is
// returned as an error, the lock released: the solver is then unusable,
// but the process's other solvers go on.
func (g *gsSolver) solveLocked() (st solver.Status, m []bool, err error) {
	lockGophersat()
	defer unlockGophersat()
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("gophersat panicked: %v", r)
		}
	}()
	if g.proof != nil {
		st = g.solveProving()
	} else {
		st = g.s.Solve()
	}
	if st == solver.Sat {
		m = g.s.Model()
	}
	return st, m, nil
}

// clauseNorm normalizes clauses in time linear in their length (loop cuts
// on big slant boards run to thousands of literals): mark holds, per
// variable, the sign last seen in the clause being read (+1, -1) or 0.
type clauseNorm struct{ mark []int8 }

// norm returns lits with each repeated literal kept once (lits itself
// when none repeats; never modified), and whether the clause holds a
// literal and its negation (always true). mark grows to the largest
// variable seen.
func (c *clauseNorm) norm(lits []int) (norm []int, tautology bool) {
	repeated := false
	for _, l := range lits {
		if v := abs(l); v >= len(c.mark) {
			c.mark = append(c.mark, make([]int8, v+1-len(c.mark))...)
		}
	}
	for _, l := range lits {
		v, sign := abs(l), int8(1)
		if l < 0 {
			sign = -1
		}
		switch c.mark[v] {
		case 0:
			c.mark[v] = sign
		case sign:
			repeated = true
		default:
			tautology = true
		}
	}
	if repeated && !tautology {
		norm = make([]int, 0, len(lits))
		for _, l := range lits {
			if c.mark[abs(l)] != 0 {
				norm = append(norm, l)
				c.mark[abs(l)] = 0
			}
		}
	}
	for _, l := range lits {
		c.mark[abs(l)] = 0
	}
	switch {
	case tautology:
		return nil, true
	case repeated:
		return norm, false
	}
	return lits, false
}

// normClauses is clauses with each normalized (clauseNorm.norm) and
// tautologies dropped; when none needs it, clauses itself.
func normClauses(clauses [][]int, nvars int) [][]int {
	c := clauseNorm{mark: make([]int8, nvars+1)}
	var out [][]int
	for i, cl := range clauses {
		n, taut := c.norm(cl)
		if out == nil && (taut || len(n) != len(cl)) {
			out = append(make([][]int, 0, len(clauses)), clauses[:i]...)
		}
		if out != nil && !taut {
			out = append(out, n)
		}
	}
	if out == nil {
		return clauses
	}
	return out
}

func (g *gsSolver) Model() []bool { return g.model }

func (g *gsSolver) Stats() SolverStats {
	if g.s == nil {
		return SolverStats{}
	}
	return SolverStats{
		Conflicts: int64(g.s.Stats.NbConflicts),
		Decisions: int64(g.s.Stats.NbDecisions),
		Restarts:  int64(g.s.Stats.NbRestarts),
	}
}
