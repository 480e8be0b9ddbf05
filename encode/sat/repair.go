package sat

import (
	"fmt"
	"time"
)

// Local repair between the rounds of a refinement loop.
//
// gophersat keeps its solver across rounds but, after the clauses a round
// adds, decides every variable again, and again after each restart and
// each unit it learns: on a large formula each round costs passes over the
// whole formula, though the cuts touch a small part of it. A repairing
// solver keeps the last model and, when clauses are added that it breaks,
// first tries to mend it locally, one broken clause at a time: the
// variables of the clause and their neighbours within a few clauses (the
// window) are solved again by a fresh small solver, with every other
// variable fixed at its model value. The window's formula holds every
// clause touching the window, so its model, with the rest of the old
// model, satisfies every clause: it is a model of the whole formula, and
// the answer Satisfiable stays exact. When a window has no model under
// the values around it, it grows; when it would grow past half the
// variables, or after repairTries tries, the added clauses go to the full
// solver and it solves (from the current model's values, where it can).
// Only the full solver answers Unsatisfiable, and only its lemmas go to a
// proof: the local solves prove nothing (their formulas fix outside
// variables), so they write none; the added clauses are the caller's
// inputs either way.

// repairRadius is the number of clauses a window first reaches out from
// the broken clauses' variables; it doubles on each retry, up to
// repairTries tries.
const (
	repairRadius = 2
	repairTries  = 7
)

// repairReach is the longest clause a window grows through: a longer one
// (a long loop's cut, a blocking clause over every cell) would pull far
// variables in that the repair seldom needs.
const repairReach = 32

// NewRepairingSolver wraps full, a solver for f, so that each solve after
// added clauses first tries a local repair of the last model with solvers
// of be (see above). full must have been made for f with nothing added:
// the repairing solver gives it every clause added through it. Use it with
// an in-process backend; each local solve makes a solver.
func NewRepairingSolver(full Solver, be Backend, f *CNF) Solver {
	r := &repairSolver{
		roots:  func() []int8 { return nil },
		Solver: full,
		be:     be,
		nvars:  f.NumVars,
		inWin:  make([]int32, f.NumVars+1),
		local:  make([]int32, f.NumVars+1),
	}
	if rs, ok := full.(rootSolver); ok {
		r.roots = rs.rootValues
	}
	r.clauses = f.Clauses[:len(f.Clauses):len(f.Clauses)]
	return r
}

// NewAutoRepairingSolver is NewRepairingSolver that repairs only where
// repairs win, which it tells by the first round's cuts. On a hard board
// with one solution the first model has many loops (0.22-0.25 cuts per
// open variable on the hard generated slant boards, 50x50 to 200x200, and
// on planted ones with 75% of the clues), and probing them fixes 18-27%
// of the open variables more (the board's deductions go far): the full
// solver, probing again every round, beats repairs whose windows grow
// wide and fail. On a board with many solutions it has fewer (0.11-0.17
// on planted boards with 30-60% of the clues), probing them fixes 1-10%
// more, and the full solver, deciding every open variable again each
// round, makes new loops about as fast as the cuts forbid old ones, where
// repairs converge. So where the first round's cuts are fewer than
// repairCutShare per mille of the open variables, each round from the
// second repairs first, as NewRepairingSolver's do, with a budget of
// repairBudget work units (window variables and literals, summed over
// its local solves) per open variable: past it the repair stops and the
// full solver solves. Elsewhere, and in any round with fewer than
// repairMinOpen variables open, the full solver solves. A formula with
// fewer than repairMinOpen variables gets full itself, unwrapped.
func NewAutoRepairingSolver(full Solver, be Backend, f *CNF) Solver {
	if f.NumVars < repairMinOpen {
		return full
	}
	return newAutoRepairing(full, be, f, repairMinOpen)
}

// newAutoRepairing is NewAutoRepairingSolver with minOpen in place of
// repairMinOpen.
func newAutoRepairing(full Solver, be Backend, f *CNF, minOpen int) *repairSolver {
	r := NewRepairingSolver(full, be, f).(*repairSolver)
	r.auto, r.minOpen = true, minOpen
	return r
}

// The auto mode's constants (NewAutoRepairingSolver). repairCutShare: the
// hard boards measured had 220-249 first cuts per thousand open
// variables, the planted ones with many solutions 107-169. repairBudget:
// on planted 200x200 boards the repairs did up to 21 units per open
// variable, in the second round, and far less after; on hard boards
// 12-180 in every round. repairMinOpen: a full solve over fewer open
// variables (the hard 50x50 boards: under a millisecond) leaves a repair
// nothing to save.
const (
	repairCutShare = 195
	repairBudget   = 64
	repairMinOpen  = 4096
)

// tryRepair reports whether this round tries a repair and, in auto mode,
// sets its budget.
func (r *repairSolver) tryRepair() bool {
	if !r.auto {
		return true
	}
	if !r.stalled {
		return false // the full solver's probing gains
	}
	open := r.open()
	if open < r.minOpen {
		return false
	}
	r.work, r.budget, r.overBudget = 0, repairBudget*int64(open), false
	return true
}

// classify, in auto mode, tells from the first round's cuts whether the
// full solver's probing would stall on them: fewer than repairCutShare
// per mille cuts per open variable.
func (r *repairSolver) classify() {
	r.classified = true
	r.stalled = 1000*int64(len(r.fresh)) < repairCutShare*int64(r.open())
}

// send gives the full solver the clauses it lacks.
func (r *repairSolver) send() error {
	for _, c := range r.unsent {
		if err := r.Solver.AddClause(c); err != nil {
			return err
		}
	}
	r.unsent = nil
	return nil
}

// open counts the variables the full solver has not fixed.
func (r *repairSolver) open() int {
	fixed := r.roots()
	if fixed == nil {
		return r.nvars
	}
	n := 0
	for v := 1; v < len(fixed); v++ {
		if fixed[v] == 0 {
			n++
		}
	}
	return n
}

// rootSolver is a solver that knows values every model has (the probing
// solver's units): a repair keeps them outside its windows.
type rootSolver interface {
	// rootValues returns, per variable, 1 or -1 for a value every model
	// of the clauses it has been given takes, 0 for the others.
	rootValues() []int8
}

// phaser is a solver whose next solve can start from given values.
type phaser interface {
	// setPhase makes the values of model (indexed by variable) the
	// first the next solve tries.
	setPhase(model []bool)
}

// setPhase makes the next solve rebuild the backend's solver with
// model's values tried first, in rounds mode (the only one that keeps the
// added clauses a rebuild needs).
func (s *probingSolver) setPhase(model []bool) {
	if s.rounds {
		s.model = model
		s.rephase = true
	}
}

// rootValues returns the prober's units.
func (s *probingSolver) rootValues() []int8 { return s.p.val }

// InProcess reports whether be's solvers run in this process (gophersat,
// gini), where a local solve costs little; an exec: backend's start a
// program each.
func InProcess(be Backend) bool {
	_, exec := be.(*execBackend)
	return !exec
}

type repairSolver struct {
	Solver  // the full solver
	be      Backend
	nvars   int
	clauses [][]int   // the formula's and every added clause
	occ     [][]int32 // per variable: the clauses holding it (nil until the first repair)
	unsent  [][]int   // added clauses the full solver does not have yet
	fresh   [][]int   // added since the last solve (the model may break them)
	model   []bool    // the current model; nil before a full solve
	stats   SolverStats
	roots   func() []int8 // see rootSolver
	fixed   []int8        // roots() at the last full solve, which its model agrees with; nil: none
	// marks, by stamp: inWin (variable in the window), local (variable's
	// number in its part's solver, valid with visited's stamp),
	// clauseSeen (clause already taken).
	stamp, seenStamp int32
	inWin, local     []int32
	clauseSeen       []int32

	// auto mode (NewAutoRepairingSolver): the fewest open variables to
	// try a repair with, whether the first round's cuts were counted and
	// the full solver's probing would stall on them, the work done and allowed in this round's
	// repair, and whether it stopped at the budget.
	auto                bool
	minOpen             int
	classified, stalled bool
	work, budget        int64
	overBudget          bool
}

// add appends c to the clauses and, once it is built, the index.
func (r *repairSolver) add(c []int) {
	r.clauses = append(r.clauses, c)
	if r.occ != nil {
		r.index(len(r.clauses) - 1)
	}
}

// index enters clause k in the occurrence lists.
func (r *repairSolver) index(k int) {
	r.clauseSeen = append(r.clauseSeen, 0)
	for _, l := range r.clauses[k] {
		v := abs(l)
		if n := len(r.occ[v]); n == 0 || r.occ[v][n-1] != int32(k) {
			r.occ[v] = append(r.occ[v], int32(k))
		}
	}
}

// AddClause keeps c (copied) for the next solve.
func (r *repairSolver) AddClause(lits []int) error {
	for _, l := range lits {
		if l == 0 || abs(l) > r.nvars {
			return fmt.Errorf("repair: literal %d outside the %d declared variables", l, r.nvars)
		}
	}
	c := append([]int(nil), lits...)
	r.add(c)
	r.unsent = append(r.unsent, c)
	r.fresh = append(r.fresh, c)
	return nil
}

// Solve repairs the last model if it can, else solves the whole formula.
func (r *repairSolver) Solve(deadline time.Time) (Status, error) {
	if r.auto && r.model != nil && !r.classified {
		r.classify()
	}
	// rephase: the full solver, if it solves, starts from the mended
	// model
	rephase := r.model != nil && r.tryRepair()
	if rephase {
		ok, err := r.repair(deadline)
		if err != nil {
			return Unknown, err
		}
		if ok {
			r.fresh = r.fresh[:0]
			r.stats.Mended++
			return Satisfiable, nil
		}
		if r.overBudget {
			// part of the windows mended: not worth the full
			// solver's rebuild that starting from them costs
			rephase = false
		}
	}
	return r.solveFull(deadline, rephase)
}

// solveFull gives the full solver the clauses it lacks and solves,
// starting, after a repair failed, from the current model where the full
// solver can.
func (r *repairSolver) solveFull(deadline time.Time, rephase bool) (Status, error) {
	if p, ok := r.Solver.(phaser); ok && rephase {
		p.setPhase(r.model)
	}
	if err := r.send(); err != nil {
		return Unknown, err
	}
	r.fresh = nil
	st, err := r.Solver.Solve(deadline)
	r.model = nil
	if st == Satisfiable {
		r.model = append([]bool(nil), r.Solver.Model()...)
		// the repairs hold these: probing before a later full solve
		// (auto's classify) may fix more, which the model need not
		// agree with
		if roots := r.roots(); roots != nil {
			r.fixed = append(r.fixed[:0], roots...)
		}
	}
	return st, err
}

// Model returns the current model.
func (r *repairSolver) Model() []bool { return r.model }

// Stats adds the local solves' counters to the full solver's.
func (r *repairSolver) Stats() SolverStats {
	st := r.Solver.Stats()
	st.Add(r.stats)
	return st
}

// repair mends the model for the fresh clauses, one broken clause at a
// time: the window around it is solved again with the model's values
// around the window; a clause whose window has no model is tried again,
// after the others, with a wider one. False means some clause could not
// be mended within the tries; the model is then still a model of every
// clause but the fresh ones.
func (r *repairSolver) repair(deadline time.Time) (bool, error) {
	if r.occ == nil {
		// built at the first repair: a formula solved in one round
		// never pays for it
		r.occ = make([][]int32, r.nvars+1)
		for k := range r.clauses {
			r.index(k)
		}
	}
	broken := r.fresh
	for radius, try := repairRadius, 0; len(broken) > 0; radius, try = radius*2, try+1 {
		if try == repairTries {
			return false, nil
		}
		var failed [][]int
		for _, c := range broken {
			if satisfied(c, r.model) {
				continue
			}
			if r.auto && r.work > r.budget {
				r.overBudget = true
				return false, nil
			}
			win := r.grow(c, radius)
			if len(win) == 0 || 2*len(win) > r.nvars {
				// every variable of c fixed (c is false in every
				// model of the rest), or a window too wide to pay
				return false, nil
			}
			ok, err := r.solveWindow(win, deadline)
			if err != nil {
				return false, err
			}
			if !ok {
				failed = append(failed, c)
			}
		}
		broken = failed
	}
	return true, nil
}

func (r *repairSolver) isFixed(v int) bool { return r.fixed != nil && r.fixed[v] != 0 }

// nextStamp and nextSeen make fresh marks, clearing their
// arrays before the marks would overflow.
func (r *repairSolver) nextStamp() { r.stamp = next(r.stamp, r.inWin) }
func (r *repairSolver) nextSeen()  { r.seenStamp = next(r.seenStamp, r.clauseSeen) }

func next(stamp int32, marks []int32) int32 {
	if stamp == 1<<31-1 {
		clear(marks)
		stamp = 0
	}
	return stamp + 1
}

// grow returns the variables of clause c and those within radius clauses
// of them (through clauses of at most repairReach literals), leaving out
// the fixed ones, each marked inWin with a new stamp.
func (r *repairSolver) grow(c []int, radius int) []int {
	r.nextStamp()
	win := make([]int, 0, 16*len(c))
	for _, l := range c {
		if v := abs(l); r.inWin[v] != r.stamp && !r.isFixed(v) {
			r.inWin[v] = r.stamp
			win = append(win, v)
		}
	}
	for d, from := 0, 0; d < radius; d++ {
		to := len(win)
		for _, v := range win[from:to] {
			for _, k := range r.occ[v] {
				c := r.clauses[k]
				if len(c) > repairReach {
					continue
				}
				for _, l := range c {
					if u := abs(l); r.inWin[u] != r.stamp && !r.isFixed(u) {
						r.inWin[u] = r.stamp
						win = append(win, u)
					}
				}
			}
		}
		from = to
	}
	return win
}

// outsideTrue reports whether a literal of c outside the window is true
// in the model: c then holds whatever the window's variables become.
func (r *repairSolver) outsideTrue(c []int) bool {
	for _, l := range c {
		if v := abs(l); r.inWin[v] != r.stamp && r.model[v] == (l > 0) {
			return true
		}
	}
	return false
}

// solveWindow solves the window's variables with every other variable at
// its model value and, when they have a model, writes it into the model.
// A local variable is true when its variable changes, so that the values
// a solver tries first (false) are the model's.
func (r *repairSolver) solveWindow(part []int, deadline time.Time) (bool, error) {
	for i, v := range part {
		r.local[v] = int32(i + 1)
	}
	g := &CNF{NumVars: len(part)}
	r.nextSeen()
	for _, v := range part {
		for _, k := range r.occ[v] {
			if r.clauseSeen[k] == r.seenStamp {
				continue
			}
			r.clauseSeen[k] = r.seenStamp
			c := r.clauses[k]
			if r.outsideTrue(c) {
				continue
			}
			m := make([]int, 0, len(c))
			for _, l := range c {
				if u := abs(l); r.inWin[u] == r.stamp {
					m = append(m, Lit(int(r.local[u]), (l > 0) != r.model[u]))
				}
			}
			g.Clauses = append(g.Clauses, m)
		}
	}
	r.work += int64(len(part))
	for _, c := range g.Clauses {
		r.work += int64(len(c))
	}
	s, err := r.be.New(g)
	if err != nil {
		return false, fmt.Errorf("repair: %w", err)
	}
	st, err := s.Solve(deadline)
	r.stats.Add(s.Stats())
	r.stats.Repairs++
	if err != nil || st != Satisfiable {
		return false, err
	}
	m := s.Model()
	for i, v := range part {
		if m[i+1] {
			r.model[v] = !r.model[v]
		}
	}
	return true, nil
}
