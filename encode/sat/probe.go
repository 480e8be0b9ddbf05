package sat

import (
	"fmt"
	"time"
)

// Prober finds literals a formula forces, by failed-literal probing with
// lifting, the preprocessing step of CDCL solvers such as Lingeling and
// CaDiCaL ("probe"): each literal is set in turn and unit propagation is
// run; a literal whose propagation fails is false, and a literal both
// values of a variable imply is true. It reads the clauses and nothing
// else, so a SAT side that uses it stays pure SAT.
//
// gophersat needs this: every unit it learns during a search makes it
// undo the whole trail and rebuild its variable order, which on a large
// formula that learns many units is most of the time (README.md,
// gophersat's defects). Units found up front are given to it as unit
// clauses before the search.
type Prober struct {
	nvars   int
	clauses [][]int
	occ     [][]int32 // per literal index (see litIndex): clauses holding it
	val     []int8    // per variable: 1 true, -1 false, 0 unset
	trail   []int     // assigned literals, in order
	mark    []int32   // per literal index: the probe that implied it
	probe   int32
	implied []int32 // per literal index: the epoch a probe last implied it in
	epoch   int32   // counts changes of the root units and the clauses
	units   []int   // root units found, in order
	unsat   bool
	queue   []int // variables to probe, from queue[head] on
	head    int
	queued  []bool // per variable: in queue
	// proof, if set, receives a RUP lemma for every literal probing
	// fixes (failed literals, lifted literals); the units root
	// propagation finds need none.
	proof *ProofLog
	// cut, if set, checks each probe unit propagation lets pass; the
	// clauses it returns are added (see ProbeCutter), and cutClauses
	// collects them for the solver that owns the prober.
	cut        ProbeCutter
	cutClauses [][]int
}

// NewProber indexes the clauses of f (not copied: f must not change while
// the prober is in use, though clauses may be added with Add).
func NewProber(f *CNF) *Prober {
	p := &Prober{
		nvars:   f.NumVars,
		occ:     make([][]int32, 2*(f.NumVars+1)),
		val:     make([]int8, f.NumVars+1),
		mark:    make([]int32, 2*(f.NumVars+1)),
		implied: make([]int32, 2*(f.NumVars+1)),
		epoch:   1,
		queued:  make([]bool, f.NumVars+1),
	}
	// The occurrence lists of f's clauses are cut from one array, each
	// with no room to spare: a clause added later copies only its
	// literals' lists.
	n := make([]int32, len(p.occ))
	total := 0
	for _, c := range f.Clauses {
		for _, l := range c {
			n[litIndex(l)]++
		}
		total += len(c)
	}
	flat := make([]int32, total)
	for i, k := range n {
		p.occ[i], flat = flat[:0:k], flat[k:]
	}
	p.clauses = make([][]int, 0, len(f.Clauses)+len(f.Clauses)/8)
	p.queue = make([]int, 0, f.NumVars)
	// A variable is on the trail once at most.
	p.trail = make([]int, 0, f.NumVars)
	for _, c := range f.Clauses {
		p.add(c)
	}
	for v := 1; v <= p.nvars; v++ {
		p.enqueue(v)
	}
	return p
}

func (p *Prober) enqueue(v int) {
	if !p.queued[v] && p.val[v] == 0 {
		p.queued[v] = true
		if len(p.queue) == cap(p.queue) && p.head > 0 {
			// Reuse the room the probed variables left.
			n := copy(p.queue, p.queue[p.head:])
			p.queue, p.head = p.queue[:n], 0
		}
		p.queue = append(p.queue, v)
	}
}

// queueLen is the longest clause whose variables are queued when it is
// added or shrinks: a longer one (a blocking clause over every cell) seldom
// propagates, and queuing its variables on every unit found would probe
// the whole formula again each time.
const queueLen = 32

// touch queues the variables of every clause (of at most queueLen
// literals) holding l or its negation: their probes may now end otherwise.
func (p *Prober) touch(l int) {
	for _, x := range [2]int{l, -l} {
		for _, k := range p.occ[litIndex(x)] {
			if len(p.clauses[k]) > queueLen {
				continue
			}
			for _, y := range p.clauses[k] {
				p.enqueue(abs(y))
			}
		}
	}
}

func litIndex(l int) int {
	if l > 0 {
		return 2 * l
	}
	return -2*l + 1
}

// Add adds a clause (copied) and queues its variables for the next Run;
// a unit or empty clause is applied at once.
func (p *Prober) Add(c []int) { p.add(append([]int(nil), c...)) }

// add is Add keeping c itself (the prober only reads its clauses).
func (p *Prober) add(c []int) {
	if p.unsat {
		return
	}
	p.epoch++
	k := int32(len(p.clauses))
	p.clauses = append(p.clauses, c)
	for _, l := range c {
		p.occ[litIndex(l)] = append(p.occ[litIndex(l)], k)
		if len(c) <= queueLen {
			p.enqueue(abs(l))
		}
	}
	if !p.root(c) {
		p.unsat = true
	}
}

// root propagates clause c at the root if it is unit or empty there; it
// reports false on a contradiction.
func (p *Prober) root(c []int) bool {
	open, last := 0, 0
	for _, l := range c {
		switch v := p.value(l); {
		case v > 0:
			return true
		case v == 0:
			open, last = open+1, l
		}
	}
	switch open {
	case 0:
		return false
	case 1:
		return p.fix(last)
	}
	return true
}

func (p *Prober) value(l int) int8 {
	if l > 0 {
		return p.val[l]
	}
	return -p.val[-l]
}

func (p *Prober) assign(l int) {
	if l > 0 {
		p.val[l] = 1
	} else {
		p.val[-l] = -1
	}
	p.trail = append(p.trail, l)
}

// propagate runs unit propagation on the trail from position from; it
// reports false on a conflict.
func (p *Prober) propagate(from int) bool {
	for i := from; i < len(p.trail); i++ {
		for _, k := range p.occ[litIndex(-p.trail[i])] {
			open, last, sat := 0, 0, false
			for _, l := range p.clauses[k] {
				v := p.value(l)
				if v > 0 {
					sat = true
					break
				}
				if v == 0 {
					open, last = open+1, l
				}
			}
			if sat {
				continue
			}
			switch open {
			case 0:
				return false
			case 1:
				p.assign(last)
			}
		}
	}
	return true
}

// undo unassigns the trail back to length n.
func (p *Prober) undo(n int) {
	for _, l := range p.trail[n:] {
		p.val[abs(l)] = 0
	}
	p.trail = p.trail[:n]
}

// fix sets l at the root and propagates; false on a contradiction.
func (p *Prober) fix(l int) bool {
	switch p.value(l) {
	case 1:
		return true
	case -1:
		return false
	}
	n := len(p.trail)
	p.assign(l)
	if !p.propagate(n) {
		return false
	}
	p.units = append(p.units, p.trail[n:]...)
	p.epoch++
	for _, x := range p.trail[n:] {
		p.touch(x)
	}
	return true
}

// Refutes reports whether unit propagation refutes l on top of the root:
// l is false there, or setting it propagates to a conflict.
func (p *Prober) Refutes(l int) bool {
	return p.value(l) < 0 || (p.value(l) == 0 && !p.try(l, false, false))
}

// try sets l on top of the root, propagates and undoes it; it reports
// whether propagation succeeded. With mark, the literals l implies are
// marked with the current probe; with lift, those l implies that are
// marked (the other value of the same variable implies them too) are
// fixed at the root. Every literal implied is noted as implied in this
// epoch: its own probe cannot fail before the root or clauses change.
func (p *Prober) try(l int, mark, lift bool) bool {
	n := len(p.trail)
	p.assign(l)
	if !p.propagate(n) {
		p.undo(n)
		return false
	}
	if p.cut != nil {
		if cuts := p.cut(p.val, p.units, p.trail[n:]); len(cuts) > 0 {
			p.undo(n)
			for _, c := range cuts {
				c = append([]int(nil), c...)
				p.add(c)
				p.cutClauses = append(p.cutClauses, c)
			}
			return false
		}
	}
	var both []int
	for _, x := range p.trail[n+1:] {
		i := litIndex(x)
		p.implied[i] = p.epoch
		if lift && p.mark[i] == p.probe {
			both = append(both, x)
		}
		if mark {
			p.mark[i] = p.probe
		}
	}
	p.undo(n)
	for _, x := range both {
		if p.proof != nil && p.value(x) <= 0 {
			// l and -l both imply x: (-l x) and (l x) are RUP, then x
			// (when an earlier lift set x false, the three lemmas make
			// the empty clause RUP).
			p.proof.lemma([]int{-l, x})
			p.proof.lemma([]int{l, x})
			p.proof.lemma([]int{x})
		}
		if !p.fix(x) {
			p.unsat = true
			break
		}
	}
	return true
}

// probeAll probes the queued variables, both ways: at first every variable,
// then those in clauses added since and, as units are found, those
// sharing a clause with a new unit, until the queue is empty. (A probe can
// end otherwise only when its propagation meets a changed clause; queuing
// the neighbours of changes finds most such, not all, and every unit it
// finds is sound.) A literal another probe implied in the same epoch is
// not probed: its propagation is part of that probe's, which did not
// fail. It returns whether the formula may still have a model (false: it
// has none).
func (p *Prober) probeAll() bool {
	for p.head < len(p.queue) && !p.unsat {
		v := p.queue[p.head]
		p.head++
		p.queued[v] = false
		if p.val[v] != 0 {
			continue
		}
		p.probe++
		pos := p.implied[litIndex(v)] != p.epoch
		neg := p.implied[litIndex(-v)] != p.epoch
		lift := pos && neg
		if pos && !p.try(v, lift, false) {
			p.proof.lemma([]int{-v}) // v's propagation fails: RUP
			p.unsat = !p.fix(-v)
			continue
		}
		if neg && !p.try(-v, false, lift) {
			p.proof.lemma([]int{v})
			p.unsat = !p.fix(v)
		}
	}
	if p.head == len(p.queue) {
		p.queue, p.head = p.queue[:0], 0
	}
	return !p.unsat
}

// unitsFound returns the literals proved true at the root so far, in the
// order found (unit clauses of the formula included).
func (p *Prober) unitsFound() []int { return p.units }

// Probing modes, for newProbingSolver and NewProvingSolver.
const (
	// ProbeNone gives the backend the formula as it is.
	ProbeNone = "none"
	// ProbeOnce probes the formula before the first solve and gives the
	// backend the units found as unit clauses.
	ProbeOnce = "once"
	// ProbeRounds probes again before every later solve, with the clauses
	// added since (the refinement loop's cuts).
	ProbeRounds = "rounds"
)

// CheckProbe reports an unknown probing mode.
func CheckProbe(mode string) error {
	switch mode {
	case "", ProbeNone, ProbeOnce, ProbeRounds:
		return nil
	}
	return fmt.Errorf("unknown probing mode %q (known: %s, %s, %s)", mode, ProbeNone, ProbeOnce, ProbeRounds)
}

// newProbingSolver makes be's solver for f, probing f first unless mode
// is ProbeNone ("" too). The backend's solver gets only the variables
// probing left open, renumbered 1, 2, ...; the others are constants in
// the models it returns. (Given as unit clauses they would cost gophersat
// dearly: AddClause scans every top-level assignment before it adds a
// clause; README.md, gophersat's defects.) A clause added
// later loses its literals fixed false, or is dropped with one fixed true.
// With ProbeRounds the prober follows every clause added and probes again
// before each solve. The new units go to the solver as unit clauses when
// they are few; when there are at least rebuildUnits of them, the solver
// is made anew over the variables still open (gophersat rebuilds its
// variable order for every unit clause added), with the last model's
// values as the ones it tries first.
// An unsatisfiability the prober proves is answered Unsatisfiable without
// a solve.
func newProbingSolver(be Backend, f *CNF, mode string) (Solver, error) {
	return NewProvingSolver(be, f, mode, nil)
}

// NewProvingSolver is newProbingSolver writing, when proof is not nil, the
// proof of its UNSAT answers to proof in f's variables: probing's lemmas,
// then the backend's (be must be a Prover), mapped back from the
// renumbered variables. The backend's deletions are left out when the
// variables are renumbered (the clause deleted may have lost literals
// fixed false: no clause of f is that one). The clauses added later are
// not recorded: the caller records them as inputs.
func NewProvingSolver(be Backend, f *CNF, mode string, proof *ProofLog) (Solver, error) {
	return NewCuttingSolver(be, f, mode, proof, Cuts{})
}

// A RootCutter returns clauses that hold in every solution of the problem
// a formula encodes, as a Cutter's do, read off the values probing fixed
// at the root: value holds, per variable, 1 (true), -1 (false) or 0
// (open), and must not be changed. A clause it returns should be false or
// unit under value, or it adds nothing the next probe can use. The caller
// records the clauses as proof inputs, as it does a Cutter's.
type RootCutter func(value []int8) [][]int

// A ProbeCutter looks at one probe that unit propagation let pass and
// returns clauses that hold in every solution, as a Cutter's do, and that
// the probe's values make false (none: the probe stands). value holds the
// root and the probe's values together (as RootCutter's), root the
// literals fixed at the root so far, in order, and implied the probe's
// literal and what it implied; none may be changed. The prober adds the
// clauses and takes the probe as failed. The caller records the clauses
// as proof inputs; the failed literal's lemma is then RUP.
type ProbeCutter func(value []int8, root, implied []int) [][]int

// Cuts are the lazy constraints a probing solver checks before the
// backend sees the formula: at the root after each probe, and within
// each probe. Either may be nil.
type Cuts struct {
	Root  RootCutter
	Probe ProbeCutter
}

// NewCuttingSolver is NewProvingSolver that, with a probing mode, asks
// cuts.Probe within every probe for the clauses its values break, and
// cuts.Root after each round of probes for the clauses the root values
// already force; it adds them and probes again until neither returns
// any, before the first solve and (with ProbeRounds) before every later
// one. The clauses are added to the formula the backend gets.
func NewCuttingSolver(be Backend, f *CNF, mode string, proof *ProofLog, cuts Cuts) (Solver, error) {
	if err := CheckProbe(mode); err != nil {
		return nil, err
	}
	if proof != nil {
		if err := CheckCertifiable(be); err != nil {
			return nil, err
		}
	}
	if mode == "" || mode == ProbeNone {
		if proof != nil {
			return be.(Prover).NewProving(f, proof.Sink())
		}
		return be.New(f)
	}
	p := NewProber(f)
	p.proof = proof
	p.cut = cuts.Probe
	s := &probingSolver{be: be, f: f, p: p, rounds: mode == ProbeRounds, proof: proof, cut: cuts.Root, cutNone: -1}
	if !s.probe() {
		s.unsat = true
	}
	if err := s.build(); err != nil {
		return nil, err
	}
	return s, nil
}

// rebuildUnits is the number of new units from which ProbeRounds makes
// the backend's solver anew rather than adding them as unit clauses.
const rebuildUnits = 100

type probingSolver struct {
	Solver // over the open variables, renumbered
	be     Backend
	f      *CNF    // the formula, clauses added later not included
	added  [][]int // clauses added later (kept for rebuilds in rounds mode)
	p      *Prober
	sent   int     // units the solver has
	rounds bool    // probe before every solve
	unsat  bool    // probing proved there is no model
	fixed  []int8  // per variable: its value when the solver was made, 0 if open
	inner  []int32 // per variable: its number in Solver, 0 if fixed
	flip   []bool  // per variable: Solver's variable is true when it is false
	outer  []int32 // per Solver variable: the variable it stands for
	model  []bool  // the last model, with the fixed values
	past   SolverStats
	proof  *ProofLog // nil: no proof
	cut    RootCutter
	// cutNone is the number of root units when cut last found nothing to
	// add; -1 before it was asked.
	cutNone int
	// pending are the root cuts the backend's solver does not have yet.
	pending [][]int
	// rephase: the next solve rebuilds the backend's solver, with the
	// values of model tried first (see setPhase).
	rephase bool
}

// build makes the backend's solver over the variables the prober has not
// fixed, each flipped where the last model has it true (solvers try
// false first).
func (s *probingSolver) build() error {
	n := s.f.NumVars
	s.fixed = append(s.fixed[:0], s.p.val...)
	s.inner = make([]int32, n+1)
	s.flip = make([]bool, n+1)
	s.outer = []int32{0}
	for v := 1; v <= n; v++ {
		if s.fixed[v] == 0 {
			s.inner[v] = int32(len(s.outer))
			s.outer = append(s.outer, int32(v))
			s.flip[v] = s.model != nil && s.model[v]
		}
	}
	g := &CNF{NumVars: len(s.outer) - 1}
	if s.unsat {
		g.Clauses = append(g.Clauses, []int{})
	}
	for _, cs := range [2][][]int{s.f.Clauses, s.added} {
		if g.NumVars == 0 {
			break // every clause is satisfied or, if unsat, refuted already
		}
		for _, c := range cs {
			if m, keep := s.mapClause(c); keep {
				g.Clauses = append(g.Clauses, m)
			}
		}
	}
	if s.Solver != nil {
		s.past.Add(s.Solver.Stats())
	}
	inner, err := s.newInner(g)
	if err != nil {
		return err
	}
	s.Solver = inner
	s.sent = len(s.p.unitsFound())
	s.pending = s.pending[:0]
	return nil
}

// newInner makes the backend's solver for g, with its lemmas mapped back
// to f's variables into the proof if there is one.
func (s *probingSolver) newInner(g *CNF) (Solver, error) {
	if g.NumVars == 0 {
		// Probing decided every variable: no backend is needed to
		// answer (its proof would hold nothing).
		c := &closedSolver{}
		for _, cl := range g.Clauses {
			c.AddClause(cl)
		}
		return c, nil
	}
	if s.proof == nil {
		return s.be.New(g)
	}
	outer, flip := s.outer, s.flip // this build's numbering, kept
	var buf []int
	sink := func(lits []int, del bool) {
		if del {
			return
		}
		buf = buf[:0]
		for _, l := range lits {
			v := int(outer[abs(l)])
			buf = append(buf, Lit(v, (l > 0) != flip[v]))
		}
		s.proof.lemma(buf)
	}
	return s.be.(Prover).NewProving(g, sink)
}

// mapClause renumbers c for the inner solver; keep is false when a
// literal fixed true satisfies it.
func (s *probingSolver) mapClause(c []int) (m []int, keep bool) {
	open := 0
	for _, l := range c {
		if f := s.fixed[abs(l)]; f == 0 {
			open++
		} else if (f > 0) == (l > 0) {
			return nil, false
		}
	}
	m = make([]int, 0, open)
	for _, l := range c {
		v := abs(l)
		if f := s.fixed[v]; f != 0 {
			if (f > 0) == (l > 0) {
				return nil, false
			}
			continue
		}
		m = append(m, Lit(int(s.inner[v]), (l > 0) != s.flip[v]))
	}
	return m, true
}

func (s *probingSolver) AddClause(lits []int) error {
	for _, l := range lits {
		if l == 0 || abs(l) >= len(s.fixed) {
			return fmt.Errorf("probing: literal %d outside the %d declared variables", l, len(s.fixed)-1)
		}
	}
	if s.rounds {
		c := append([]int(nil), lits...)
		s.p.add(c) // shared: neither changes it
		s.added = append(s.added, c)
	}
	return s.addInner(lits)
}

func (s *probingSolver) addInner(lits []int) error {
	if m, keep := s.mapClause(lits); keep {
		return s.Solver.AddClause(m)
	}
	return nil
}

// probe probes the formula and adds the root cuts its values force,
// until there are none; it reports false when the formula has no model.
func (s *probingSolver) probe() bool {
	for {
		ok := s.p.probeAll()
		s.added = append(s.added, s.p.cutClauses...)
		s.pending = append(s.pending, s.p.cutClauses...)
		s.p.cutClauses = s.p.cutClauses[:0]
		if !ok {
			return false
		}
		if s.cut == nil || len(s.p.unitsFound()) == s.cutNone {
			// (A root cutter's clauses are false or unit under the
			// values it is given, so they change them; given the same
			// values again it has nothing to add.)
			return true
		}
		cuts := s.cut(s.p.val)
		if len(cuts) == 0 {
			s.cutNone = len(s.p.unitsFound())
			return true
		}
		for _, c := range cuts {
			c = append([]int(nil), c...)
			s.p.add(c) // shared: neither changes it
			s.added = append(s.added, c)
			s.pending = append(s.pending, c)
		}
	}
}

func (s *probingSolver) Solve(deadline time.Time) (Status, error) {
	if s.rounds {
		if !s.probe() {
			s.unsat = true
		}
		units := s.p.unitsFound()[s.sent:]
		if len(units) >= rebuildUnits || s.unsat || s.rephase {
			if err := s.build(); err != nil {
				return Unknown, fmt.Errorf("probing: %w", err)
			}
		} else {
			for _, u := range units {
				if err := s.addInner([]int{u}); err != nil {
					return Unknown, fmt.Errorf("probing: %w", err)
				}
			}
			for _, c := range s.pending {
				if err := s.addInner(c); err != nil {
					return Unknown, fmt.Errorf("probing: %w", err)
				}
			}
			s.pending = s.pending[:0]
			s.sent = len(s.p.unitsFound())
		}
	}
	s.rephase = false
	if s.unsat {
		return Unsatisfiable, nil
	}
	st, err := s.Solver.Solve(deadline)
	if st == Satisfiable {
		s.readModel()
	}
	return st, err
}

// readModel puts the inner model together with the fixed values.
func (s *probingSolver) readModel() {
	in := s.Solver.Model()
	m := make([]bool, len(s.fixed))
	for v, f := range s.fixed {
		m[v] = f > 0
	}
	for i := 1; i < len(s.outer) && i < len(in); i++ {
		v := s.outer[i]
		m[v] = in[i] != s.flip[v]
	}
	s.model = m
}

// Model returns the last model, fixed variables included.
func (s *probingSolver) Model() []bool { return s.model }

func (s *probingSolver) Stats() SolverStats {
	st := s.past
	st.Add(s.Solver.Stats())
	st.Probed = int64(len(s.p.unitsFound()))
	return st
}

// closedSolver stands for the backend's solver when probing left no
// variable open: the formula is satisfiable until an empty clause comes.
type closedSolver struct{ unsat bool }

func (c *closedSolver) AddClause(lits []int) error {
	if len(lits) > 0 {
		return fmt.Errorf("probing: literal %d outside the 0 open variables", lits[0])
	}
	c.unsat = true
	return nil
}

func (c *closedSolver) Solve(time.Time) (Status, error) {
	if c.unsat {
		return Unsatisfiable, nil
	}
	return Satisfiable, nil
}

func (c *closedSolver) Model() []bool { return []bool{false} }

func (c *closedSolver) Stats() SolverStats { return SolverStats{} }
