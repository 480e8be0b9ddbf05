package encode

import (
	"fmt"
	"time"

	"github.com/gridsat/gridsat/encode/sat"
	"github.com/gridsat/gridsat/instances"
)

// QueensResult is a SAT search's answer: the smallest placement, its proof
// steps and the solver's work.
type QueensResult struct {
	Placement []instances.Square
	Stats     sat.Stats
	// Lower is the lower bound the search started from (for full square
	// boards ceil((n-1)/2), else the reach bound), Greedy the greedy
	// cover's size, Walk the local search's (0 without upper=walk).
	Lower, Greedy, Walk int
	// Cert, with Certify, is what was checked: a proof per UNSAT call,
	// and the lower bound named as trusted. CertErr is the first check
	// that failed (the search stops there).
	Cert    *sat.Certificate
	CertErr error
	// None is set when q is a part (instances.QueensPart) with no cover of
	// at most its bound (queens_restrict.go).
	None bool
}

// SolveQueens finds the fewest queens covering every target of q by a
// sequence of SAT calls, one per bound k, each recorded as a Step. Every
// model is checked by the independent verifier before it is believed.
func SolveQueens(q *instances.Queens, opt QueensOptions) (QueensResult, error) {
	if q.Part != nil {
		return solveQueensPart(q, opt)
	}
	var res QueensResult
	greedy := instances.QueensGreedy(q) // also what splitFor reads
	opt, err := opt.splitForGreedy(len(greedy)).resolve()
	if err != nil {
		return res, err
	}
	if len(q.Targets()) == 0 {
		return res, nil // no target: no queen
	}
	backend, err := opt.backend()
	if err != nil {
		return res, err
	}
	if err := instances.VerifyQueens(q, greedy); err != nil {
		return res, fmt.Errorf("queens: the greedy cover: %w", err)
	}
	res.Placement, res.Greedy, res.Lower = greedy, len(greedy), queensLowerBound(q, opt)
	if opt.Upper == QueensUpperWalk && res.Lower < res.Greedy {
		start := time.Now()
		walk, err := queensWalks(q, max(opt.Walks, 1), res.Lower)
		if err != nil {
			return res, fmt.Errorf("queens: %w", err)
		}
		res.Walk = len(walk)
		if len(walk) < len(res.Placement) {
			res.Placement = walk
		}
		res.Stats.Steps = append(res.Stats.Steps, sat.Step{Label: fmt.Sprintf("walk=%d", res.Walk), Status: sat.Satisfiable, Time: time.Since(start)})
	}
	s := &queensSAT{q: q, opt: opt, backend: backend, res: &res}
	if opt.Certify {
		res.Cert = &sat.Certificate{Trusted: queensTrust(q, opt, res.Lower)}
	}
	if res.Lower >= len(res.Placement) {
		return res, nil // the bound proves the greedy cover smallest
	}
	defer raiseGC(backend)()
	if opt.Search == QueensSearchUp {
		err = s.up()
	} else {
		err = s.down()
	}
	if err != nil {
		return res, fmt.Errorf("queens: %w", err)
	}
	return res, nil
}

// queensSAT is one SAT search over k.
type queensSAT struct {
	q       *instances.Queens
	opt     QueensOptions
	backend sat.Backend
	res     *QueensResult
	// qf and b are the formula and its counters up to the upper bound
	// (none with card=pb, which makes a formula per k).
	qf *QueensFormula
	b  queensBound
	// upto is what b's counters count up to; share the share of the cube
	// being decided (split=classes), both for the kept claims.
	upto  int
	share []int
	// border is the border pattern of the cube being decided, when the
	// border split splits it (see queensCube), for the kept claims.
	border []int
	// one is the solver kept from k to k: with an sat.Assumer backend, "at
	// most k" (and each cube) assumed; down without split on another
	// backend, "at most k" tightened by unit clauses. Otherwise each call
	// has a fresh solver.
	one sat.Solver
}

// prepare builds the formula and the kept solver, if any.
func (s *queensSAT) prepare(upper int) error {
	if s.opt.Card == QueensCardPB {
		return nil
	}
	var err error
	s.qf, s.upto = newQueensFormula(s.q, s.opt), upper
	if s.b, err = s.qf.Bound(s.opt, upper); err != nil {
		return err
	}
	s.count(s.qf.CNF, 0)
	if !sat.Assumes(s.backend) && (s.opt.Search == QueensSearchUp || s.opt.Split == QueensSplitClasses) {
		return nil // a fresh solver per call
	}
	if s.one, err = s.backend.New(s.qf.CNF); err != nil {
		return fmt.Errorf("making solver: %w", err)
	}
	return nil
}

// up tries k = lower, lower+1, ... below the upper bound until SAT. The
// upper bound's cover is the answer when every k below it is UNSAT.
func (s *queensSAT) up() error {
	lower, upper := s.res.Lower, len(s.res.Placement)
	if err := s.prepare(upper); err != nil {
		return err
	}
	for k := lower; k < upper; k++ {
		st, err := s.decide(k)
		if err != nil || st == sat.Satisfiable || s.res.CertErr != nil {
			return err
		}
		if err := s.keepMore(k); err != nil { // the formula implies "more than k"
			return err
		}
	}
	return nil
}

// keepMore adds "more than k", which the formula implies once k was
// refuted, to the kept solver of an assuming backend (up and the parts'
// search).
func (s *queensSAT) keepMore(k int) error {
	if _, ok := s.one.(sat.Assumer); !ok {
		return nil
	}
	var clause []int
	for _, l := range s.b.Lits(k) {
		clause = append(clause, -l)
	}
	if err := s.one.AddClause(clause); err != nil {
		return fmt.Errorf("k=%d: %w", k, err)
	}
	return nil
}

// down starts below the upper bound and, after each model of c queens,
// asks for at most c-1, until UNSAT or the lower bound.
func (s *queensSAT) down() error {
	lower, upper := s.res.Lower, len(s.res.Placement)
	if err := s.prepare(upper); err != nil {
		return err
	}
	for k := upper - 1; k >= lower; {
		st, err := s.decide(k)
		if err != nil {
			return err
		}
		if st == sat.Unsatisfiable {
			return nil
		}
		k = len(s.res.Placement) - 1
	}
	return nil
}

// decide answers "at most k queens": by one SAT call, or with split by one
// per cube until one is SAT. It records the step, checks a model with the
// verifier and keeps its placement in res.
func (s *queensSAT) decide(k int) (sat.Status, error) {
	start := time.Now()
	cubes := [][]int{nil}
	var specs []queensCube
	if s.opt.Split == QueensSplitClasses {
		specs = s.b.allCubes(k)
		cubes = s.b.Cubes(k)
	}
	if s.one != nil && s.opt.Split != QueensSplitClasses {
		if _, ok := s.one.(sat.Assumer); !ok { // down: tighten for good
			for _, l := range s.b.Lits(k) {
				if err := s.one.AddClause([]int{l}); err != nil {
					return sat.Unknown, fmt.Errorf("tightening to k=%d: %w", k, err)
				}
			}
		}
	}
	st, calls := sat.Unsatisfiable, 0
	var err error
	qf, sv := s.qf, s.one
	if c, ok := s.backend.(sat.CubeBackend); ok && sv == nil && len(cubes) > 1 && c.SolvesCubes() && !s.opt.Certify {
		// One run over all the cubes (exec:cadical).
		calls++
		st, sv, err = s.callCubes(k, cubes)
		cubes = nil
	}
	var proved []queensCube
	for i, cube := range cubes {
		calls++
		if s.opt.Split == QueensSplitClasses {
			s.share, s.border = append([]int(nil), specs[i].share[:]...), specs[i].borderBits()
		}
		if st, qf, sv, err = s.call(k, cube); err != nil || st != sat.Unsatisfiable {
			break
		}
		if s.res.CertErr != nil {
			return sat.Unknown, nil // the search stops: SolveQueens returns res with CertErr
		}
		if s.opt.Split == QueensSplitClasses {
			proved = append(proved, specs[i])
		}
	}
	if st == sat.Unsatisfiable && s.opt.Certify && s.opt.Split == QueensSplitClasses {
		if cerr := s.b.coverCheck(k, proved); cerr != nil {
			s.res.CertErr = fmt.Errorf("k=%d: the cubes: %w", k, cerr)
			return sat.Unknown, nil
		}
	}
	s.res.Stats.Steps = append(s.res.Stats.Steps, sat.Step{Label: fmt.Sprintf("k=%d", k), Status: st, Time: time.Since(start), Rounds: calls})
	if err != nil {
		return st, fmt.Errorf("k=%d: %w", k, err)
	}
	switch st {
	case sat.Satisfiable:
		placement := qf.placement(sv.Model())
		if err := instances.VerifyQueens(s.q, placement); err != nil {
			return st, fmt.Errorf("k=%d: the %s backend's model fails verification: %w", k, s.backend.Name(), err)
		}
		if len(placement) > k {
			return st, fmt.Errorf("k=%d: the %s backend's model has %d queens", k, s.backend.Name(), len(placement))
		}
		s.res.Placement = placement
	case sat.Unknown:
		return st, fmt.Errorf("k=%d: no answer from the %s backend (deadline?)", k, s.backend.Name())
	}
	return st, nil
}

// call makes one SAT call for "at most k queens" and the cube: on the kept
// solver if there is one, else on a fresh solver (with card=pb over a
// fresh formula). It returns the answer with the formula and the solver
// whose model goes with it, and adds the call's work to res.
func (s *queensSAT) call(k int, cube []int) (sat.Status, *QueensFormula, sat.Solver, error) {
	qf, sv := s.qf, s.one
	var err error
	switch {
	case sv != nil:
	case s.opt.Card == QueensCardPB:
		if qf, sv, err = s.newPB(k); err != nil {
			return sat.Unknown, nil, nil, err
		}
	case s.opt.Certify:
		return s.callProving(k, cube)
	default:
		// Renumbered onto the variables the cube's clauses use: the
		// counters and lex-leader constraints cubeCNF leaves out keep
		// their variables declared otherwise (docs/findings.md, queens).
		c := sat.Compact(s.cubeCNF(k, cube))
		if sv, err = s.backend.New(c.CNF); err != nil {
			return sat.Unknown, nil, nil, fmt.Errorf("making solver: %w", err)
		}
		sv = c.Wrap(sv)
	}
	before := sv.Stats()
	var st sat.Status
	if a, ok := sv.(sat.Assumer); ok && sv == s.one {
		st, err = a.SolveAssuming(s.opt.Deadline, append(s.b.Lits(k), cube...))
	} else {
		st, err = sv.Solve(s.opt.Deadline)
	}
	s.addWork(before, sv.Stats())
	return st, qf, sv, err
}

// callCubes decides "at most k queens" under each cube in one call on a
// fresh sat.Cuber, returned with the answer, and adds the call's work to res.
func (s *queensSAT) callCubes(k int, cubes [][]int) (sat.Status, sat.Solver, error) {
	fresh, err := s.backend.New(s.qf.CNF.With(s.b.Lits(k)...))
	if err != nil {
		return sat.Unknown, nil, fmt.Errorf("making solver: %w", err)
	}
	c, ok := fresh.(sat.Cuber)
	if !ok {
		return sat.Unknown, nil, fmt.Errorf("the %s backend says it solves cubes, but its solver cannot", s.backend.Name())
	}
	st, err := c.SolveCubes(s.opt.Deadline, cubes)
	s.addWork(sat.SolverStats{}, fresh.Stats())
	return st, fresh, err
}

// addWork adds one call's work, the solver's counters from before to
// after, to res.
func (s *queensSAT) addWork(before, after sat.SolverStats) {
	s.res.Stats.Solves++
	s.res.Stats.Rounds++
	s.res.Stats.Search.Conflicts += after.Conflicts - before.Conflicts
	s.res.Stats.Search.Decisions += after.Decisions - before.Decisions
	s.res.Stats.Search.Restarts += after.Restarts - before.Restarts
}

// count records the formula's size in the statistics (the largest so far;
// extra is the PB constraints beside the clauses).
func (s *queensSAT) count(f *sat.CNF, extra int) {
	s.res.Stats.Vars = max(s.res.Stats.Vars, f.NumVars)
	s.res.Stats.Clauses = max(s.res.Stats.Clauses, len(f.Clauses)+extra)
}

// newPB makes a fresh formula and gophersat PB solver for "at most k
// queens" (card=pb).
func (s *queensSAT) newPB(k int) (*QueensFormula, sat.Solver, error) {
	qf := newQueensFormula(s.q, s.opt)
	cards := []sat.PBConstraint{{Lits: qf.Queens, K: k}}
	if !s.opt.NoLines {
		for _, l := range qf.Lines {
			cards = append(cards, sat.PBConstraint{Lits: l, K: k})
		}
	}
	s.count(qf.CNF, len(cards))
	sv, err := sat.NewPB(qf.CNF, cards)
	if err != nil {
		return nil, nil, fmt.Errorf("making PB solver for k=%d: %w", k, err)
	}
	return qf, sv, nil
}
