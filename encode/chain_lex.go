package encode

import (
	"fmt"
	"time"

	"github.com/gridsat/gridsat/encode/sat"
	"github.com/gridsat/gridsat/instances"
)

// SolveChain finds the lexicographically smallest path of board c with
// SAT solves of the successor encoding, refined by sub-tour and crossing
// cuts (see ChainEncoding.Cut) and by patching cycles into the path
// (chain_patch.go).
//
// A first solve finds some path, or proves there is none (-1). Then the
// answer is fixed from the start, step by step, following that path: at
// each step the smallest direction the step rules allow (instances.ChainWalk,
// with the cells left hanging together) is taken without a solve when the
// current path takes it too. Where it does not, the smallest directions
// from there on, as far as the rules allow, make the greedy continuation,
// and the question is how much of it some path follows: each question
// assumes a prefix of it and asks for a path. A yes fixes that prefix for
// good (every step of it is the smallest the rules allow, and a path
// follows it); a no proves the prefix cannot be completed. With a backend
// that answers under assumptions and names the failed ones (gini), a no
// also names the first steps to blame, and the solver keeps what it
// learned; otherwise every question gets a fresh solver, built from the
// encoding, every cut found so far, the steps fixed, the steps ruled out
// and the question's steps, all as units propagated first (sat.UnitState),
// and a question whose units propagate to a contradiction is answered no
// without a solver. The step after the longest prefix that can be
// completed is ruled out, and the walk goes on from there.
//
// Every clause the search adds holds for every path that begins with the
// steps fixed so far: cuts hold for every path, and a step is ruled out
// only when no path begins with the fixed steps and it. So the path in
// hand stays a model of the formula throughout, and with gini the backend
// is told the formula is satisfiable once a first path is found.
func SolveChain(c *instances.Chain, o ChainOptions) (ChainResult, error) {
	res := ChainResult{Answer: instances.ChainNoPath}
	backend := o.Backend
	if backend == nil {
		var err error
		if backend, err = sat.LookupBackend(""); err != nil {
			return res, err
		}
	}
	if c.N == 1 {
		res.Solved = c.Labels[0] == 0
		if res.Solved {
			res.Answer = ""
		}
		return res, nil
	}
	if o.Certify {
		if err := sat.CheckCertifiable(backend); err != nil {
			return res, err
		}
		if o.Precheck {
			return res, fmt.Errorf("chain: precheck answers -1 from label counts, which no proof backs: not with certify")
		}
	}
	if chainPrecheck(c, o, &res) && !(o.Certify && res.Counted) {
		return res, nil
	}
	// With Certify a counting argument's -1 is a claim no proof backs: the
	// solver proves it, with the class counts in the encoding.
	enc := NewChainEncoding(c, o.crossing())
	if o.counting() == ChainCountCards || res.Counted {
		if err := enc.AddClassCounts(); err != nil {
			return res, err
		}
	}
	res.Stats.Vars, res.Stats.Clauses = enc.CNF.NumVars, len(enc.CNF.Clauses)
	if len(enc.CNF.Clauses) <= chainRaiseGCClauses {
		defer raiseGC(backend)()
	}
	l := &chainLex{
		c: c, enc: enc, backend: backend, o: o, res: &res,
		banned:  make([]bool, enc.CNF.NumVars+1),
		walk:    instances.NewChainWalk(c),
		patcher: newChainPatcher(c),
		seen:    make([]bool, c.N*c.N),
	}
	l.walkPrefix()
	if o.Certify {
		l.proof = &sat.ProofLog{}
	}
	err := l.run()
	if err == nil && res.Counted && res.Solved {
		err = fmt.Errorf("chain: the counting argument says -1, the SAT search found the path %s", res.Answer)
	}
	if o.Certify && err == nil {
		res.Proof = &ChainProof{Enc: enc, Backend: backend}
		if !res.Solved {
			l.proof.Refuted()
			res.Proof.Log = l.proof
		}
	}
	res.Stats.Search = l.spent
	if l.s != nil {
		res.Stats.Search.Add(l.s.Stats())
	}
	return res, err
}

// chainLex is the state of one lexicographic SAT search.
type chainLex struct {
	c       *instances.Chain
	enc     *ChainEncoding
	backend sat.Backend
	o       ChainOptions
	res     *ChainResult
	// s is the solver. On a backend without assumptions it is nil
	// between questions: each question gets a solver of its own (ask).
	s     sat.Solver
	built int
	// assumer: the backend's solvers take assumptions (known once the
	// first one is built).
	assumer bool
	// up is the formula kept unit-propagated for the solvers built;
	// upAdded counts the clauses of each source it holds (the encoding,
	// the cuts, the nogoods, the units).
	up      *sat.UnitState
	upAdded [4]int
	// pairer is the K=2 pairing check's state, reused question to
	// question; scratch the buffers of the phased solvers' formulas.
	pairer  *chainPairer
	scratch sat.PhaseScratch
	// satisfiable: a path is known, so the formula has a model for good.
	satisfiable bool
	// units hold the fixed steps and the steps ruled out; nogoods the
	// clauses "not all of these steps" learned from failed questions.
	units, nogoods [][]int
	banned         []bool // by step variable: ruled out by a unit
	// walk is the fixed prefix of the answer; path the directions of a
	// valid path that begins with it.
	walk    *instances.ChainWalk
	path    []int
	patcher *chainPatcher
	spent   sat.SolverStats // counters of the solvers thrown away
	ahead   chainAhead
	seen    []bool
	queue   []int
	// proof, with Certify, is the first solver's proof, until a first
	// path is found (then nil: nothing after is certified).
	proof *sat.ProofLog
}

func (l *chainLex) run() error {
	start := time.Now()
	st, path, err := l.ask(nil)
	if err == nil && st == sat.Unknown {
		err = fmt.Errorf("no answer before the deadline")
	}
	if err != nil {
		return fmt.Errorf("chain SAT first path: %w", err)
	}
	l.res.Stats.Steps = append(l.res.Stats.Steps, sat.Step{Label: "first path", Status: st, Time: time.Since(start), Rounds: l.res.Stats.Rounds})
	if st == sat.Unsatisfiable {
		return nil
	}
	l.path = path
	l.satisfiable = true
	l.proof.Stop()
	l.proof = nil
	if as, ok := l.s.(sat.Assumer); ok {
		as.PromiseSatisfiable()
	} else {
		l.drop()
	}
	for !l.walk.Complete() {
		t := l.walk.Len()
		g := l.smallest()
		if g < 0 {
			cur := l.walk.Cur()
			return fmt.Errorf("chain SAT step %d: no direction left at (%d,%d), though a path went on", t+1, cur/l.c.N, cur%l.c.N)
		}
		if g == l.path[t] {
			l.fix([]int{g}, false)
			continue
		}
		if err := l.deviate(); err != nil {
			return fmt.Errorf("chain SAT step %d: %w", t+1, err)
		}
	}
	l.res.Stats.Steps = append(l.res.Stats.Steps, sat.Step{
		Label:  fmt.Sprintf("smallest path: %d questions, %d rebuilds, %d under assumptions, %d patched, %d by propagation", l.res.Trials, l.res.Rebuilds, l.res.Assumed, l.res.Patched, l.res.Propagated),
		Status: sat.Satisfiable, Time: time.Since(start), Rounds: l.res.Stats.Rounds,
	})
	l.res.Answer, l.res.Solved = instances.FormatChainAnswer(l.walk.Dirs()), true
	return nil
}

// deviate handles a step where the smallest direction allowed is not the
// path's: it finds the longest prefix of the greedy continuation that a
// path follows, fixes it, and rules out the step after it.
func (l *chainLex) deviate() error {
	g, complete := l.greedy()
	if complete {
		// The rules alone led to a valid path: no solve needed.
		l.fix(g, false)
		return nil
	}
	// The greedy continuation got stuck, so no path follows all of it.
	// lo: the steps of g fixed so far, which a path follows (l.path);
	// hi: no path follows g[:hi]. Mostly either the first step of g is
	// wrong, or g runs right up to one wrong step and gets stuck right
	// after it. With failed-assumption cores (gini) a no is cheap and
	// names the steps to blame: ask g[:hi-1] each time. Without them every
	// question costs a solver of its own: ask g[:1] first (a yes's path
	// often follows g further, which follows takes), then g[:hi-1], then
	// halve.
	cores := l.assumer
	lo, hi := 0, len(g)
	for tries := 0; hi > lo+1; tries++ {
		h := lo + (hi-lo)/2
		if cores || tries == 1 {
			h = hi - 1
		} else if tries == 0 {
			h = 1
		}
		st, path, j, err := l.probe(g, lo, h)
		if err != nil {
			return err
		}
		if st == sat.Satisfiable {
			l.path = path
			lo = h + l.follows(g[h:hi])
		} else {
			hi = min(h, j)
		}
	}
	// A path follows g[:lo] and none follows g[:lo+1].
	l.ban(g[lo])
	return nil
}

// follows fixes the steps of dirs that the path in hand takes next, up to
// the first it does not take, and returns how many: the path shows that a
// path follows them, and each is the smallest the rules allow (dirs is a
// stretch of the greedy continuation), so the smallest path takes them
// too. It saves the questions that would find them one by one.
func (l *chainLex) follows(dirs []int) int {
	t, n := l.walk.Len(), 0
	for n < len(dirs) && t+n < len(l.path) && l.path[t+n] == dirs[n] {
		n++
	}
	l.fix(dirs[:n], false)
	return n
}

// probe asks whether a path follows g[:h], given that g[:lo] is fixed.
// Sat fixes g[lo:h] and returns the path; Unsat returns j <= h such that no
// path follows g[:j] (from the failed assumptions when the backend names
// them, else h).
func (l *chainLex) probe(g []int, lo, h int) (sat.Status, []int, int, error) {
	assume := make([]int, 0, h-lo)
	cur := l.walk.Cur()
	for _, d := range g[lo:h] {
		assume = append(assume, l.enc.step[cur*8+d])
		cur, _ = l.c.Neighbour(cur, d)
	}
	if !l.pairable(g[lo:h]) {
		// No path through the cells left: a counting argument answers.
		l.res.Trials++
		l.res.Paired++
		nogood := make([]int, len(assume))
		for i, v := range assume {
			nogood[i] = -v
		}
		l.learn(nogood)
		return sat.Unsatisfiable, nil, h, nil
	}
	st, path, err := l.ask(assume)
	if err != nil || st == sat.Unknown {
		if err == nil {
			err = fmt.Errorf("no answer before the deadline")
		}
		return st, nil, 0, err
	}
	if st == sat.Satisfiable {
		// Without assumptions the question had a solver of its own, gone.
		l.fix(g[lo:h], false)
		return sat.Satisfiable, path, h, nil
	}
	j := h
	if as, ok := l.s.(sat.Assumer); ok && l.assumer {
		core := as.Failed()
		last := -1
		for _, lit := range core {
			for i, v := range assume {
				if v == lit {
					last = max(last, i)
				}
			}
		}
		j = lo + last + 1
		nogood := make([]int, len(core))
		for i, lit := range core {
			nogood[i] = -lit
		}
		l.learn(nogood)
	} else {
		nogood := make([]int, len(assume))
		for i, v := range assume {
			nogood[i] = -v
		}
		l.learn(nogood)
	}
	return sat.Unsatisfiable, nil, j, nil
}

// learn adds a clause that every path beginning with the fixed steps
// satisfies.
func (l *chainLex) learn(clause []int) {
	l.nogoods = append(l.nogoods, clause)
	if l.s != nil {
		l.s.AddClause(clause)
	}
}

// fix takes the steps dirs for good; inSolver says the solver holds them
// as units already.
func (l *chainLex) fix(dirs []int, inSolver bool) {
	for _, d := range dirs {
		v := l.enc.step[l.walk.Cur()*8+d]
		l.units = append(l.units, []int{v})
		if l.s != nil && !inSolver {
			l.s.AddClause([]int{v})
		}
		l.walk.Step(d)
	}
}

// ban rules out the step in direction d from the walk's end.
func (l *chainLex) ban(d int) {
	v := l.enc.step[l.walk.Cur()*8+d]
	l.banned[v] = true
	l.units = append(l.units, []int{-v})
	if l.s != nil {
		l.s.AddClause([]int{-v})
	}
}

// smallest returns the smallest direction the walk may take next: allowed
// by the step rules, not ruled out, leaving the unvisited cells connected
// and, unless ChainOptions.NoLookahead, biconnected with the extra edge of
// the look-ahead (chain_ahead.go); -1 when there is none.
func (l *chainLex) smallest() int {
	cur := l.walk.Cur()
	for d := 0; d < 8; d++ {
		next, ok := l.walk.CanStep(d)
		if !ok || l.banned[l.enc.step[cur*8+d]] {
			continue
		}
		if l.o.NoLookahead {
			if l.connected(next) {
				return d
			}
			continue
		}
		// The look-ahead asks for connected cells too.
		l.walk.Step(d)
		ahead := next == l.c.Target() || l.twoConnected()
		l.walk.Back()
		if ahead {
			return d
		}
	}
	return -1
}

// greedy returns the greedy continuation of the walk: the smallest
// direction at every step from its end on, until no direction is left or
// the path is complete (reported).
func (l *chainLex) greedy() ([]int, bool) {
	var g []int
	for !l.walk.Complete() {
		d := l.smallest()
		if d < 0 {
			break
		}
		g = append(g, d)
		l.walk.Step(d)
	}
	complete := l.walk.Complete()
	for range g {
		l.walk.Back()
	}
	return g, complete
}

// connected reports whether the cells the walk has not visited, with next
// (the cell about to be entered) among them, hang together through steps
// of the board taken either way, as a path from next through all of them
// needs.
func (l *chainLex) connected(next int) bool {
	c := l.c
	for i := range l.seen {
		l.seen[i] = false
	}
	l.seen[next] = true
	l.queue = append(l.queue[:0], next)
	for i := 0; i < len(l.queue); i++ {
		a := l.queue[i]
		for d := 0; d < 8; d++ {
			b, ok := c.Neighbour(a, d)
			if ok && !l.walk.Visited(b) && !l.seen[b] && (c.Follows(a, b) || c.Follows(b, a)) {
				l.seen[b] = true
				l.queue = append(l.queue, b)
			}
		}
	}
	return len(l.queue) == c.N*c.N-l.walk.Len()-1
}

// solver returns the solver, building one from the encoding, the cuts,
// the learned clauses, the units and the units assume when there is none
// (assume is for a backend without assumptions: each question gets a
// solver of its own). Unless the first solve is proved, the formula is
// given with its units propagated (l.up, kept propagated from question
// to question); a nil solver and no error means the units propagate to a
// contradiction with assume.
func (l *chainLex) solver(assume []int) (sat.Solver, error) {
	if l.s != nil {
		return l.s, nil
	}
	f := &sat.CNF{NumVars: l.enc.CNF.NumVars}
	simplified := false
	if l.proof == nil && l.propagate() {
		simplified = true
		simple, ok := l.up.With(assume)
		if !ok {
			return nil, nil
		}
		f.Clauses = simple
	} else {
		// A contradiction among the clauses themselves is the solver's to
		// prove (the encoding of a board with no path may hold one).
		f.Clauses = l.clauses(assume)
	}
	var s sat.Solver
	var err error
	switch {
	case l.proof != nil:
		s, err = l.backend.(sat.Prover).NewProving(f, l.proof.Sink())
	case l.built > 0 && simplified:
		// Only backends without assumptions build again (so the wrapper
		// hides none): over the open variables, the last path's values
		// tried first.
		s, err = sat.NewPhasedSolver(l.backend, f.NumVars, f.Clauses, l.pathModel(), &l.scratch)
	default:
		s, err = l.backend.New(f)
	}
	if err != nil {
		return nil, fmt.Errorf("chain SAT solver: %w", err)
	}
	if l.built > 0 {
		l.res.Rebuilds++
	}
	l.built++
	as, ok := s.(sat.Assumer)
	if ok && l.satisfiable {
		as.PromiseSatisfiable()
	}
	l.assumer = ok
	l.s = s
	return s, nil
}

// clauses returns the encoding, the cuts, the learned clauses, the units
// and the units assume, in one list.
func (l *chainLex) clauses(assume []int) [][]int {
	base := l.enc.CNF.Clauses
	cls := make([][]int, 0, len(base)+len(l.res.Cuts)+len(l.nogoods)+len(l.units)+len(assume))
	cls = append(cls, base...)
	cls = append(cls, l.res.Cuts...)
	cls = append(cls, l.nogoods...)
	cls = append(cls, l.units...)
	for _, v := range assume {
		cls = append(cls, []int{v})
	}
	return cls
}

// propagate brings l.up up to date with the clauses added since the last
// question (the encoding, the first time); false when they contradict
// each other by unit propagation.
func (l *chainLex) propagate() bool {
	if l.up == nil {
		l.up = sat.NewUnitState(l.enc.CNF.NumVars)
	}
	sources := [...][][]int{l.enc.CNF.Clauses, l.res.Cuts, l.nogoods, l.units}
	for k, src := range sources {
		for _, c := range src[l.upAdded[k]:] {
			l.up.Add(c)
		}
		l.upAdded[k] = len(src)
	}
	return !l.up.Broken()
}

// pathModel returns the step variables of the path in hand as a model.
func (l *chainLex) pathModel() []bool {
	m := make([]bool, l.enc.CNF.NumVars+1)
	cell := 0
	for _, d := range l.path {
		m[l.enc.step[cell*8+d]] = true
		cell, _ = l.c.Neighbour(cell, d)
	}
	return m
}

// drop throws the solver away, keeping its counters.
func (l *chainLex) drop() {
	if l.s != nil {
		l.spent.Add(l.s.Stats())
		l.s = nil
	}
}

// ask asks for a path that follows the fixed steps and then the steps
// assume (step variables, in order), refining models by cuts and by
// patching until one is a valid path (Sat, with its directions) or there
// is none (Unsat). Without assumptions in the backend, each question gets
// a fresh solver with assume among its units, dropped after the answer
// (after Sat the steps are the caller's to fix): a solver kept across
// questions, with the fixed steps added as units, once ran for minutes on
// a question a fresh one answers in a few dozen conflicts (gophersat;
// BenchmarkChainSATSwappedSlow).
func (l *chainLex) ask(assume []int) (sat.Status, []int, error) {
	if len(assume) > 0 {
		l.res.Trials++
	}
	s, err := l.solver(assume)
	if err != nil {
		return sat.Unknown, nil, err
	}
	if !l.assumer {
		defer l.drop()
	}
	if s == nil {
		l.res.Propagated++
		return sat.Unsatisfiable, nil, nil
	}
	assumer := l.assumer
	if assumer && len(assume) > 0 {
		l.res.Assumed++
	}
	// A model whose cycles patch into a valid path answers the question:
	// the refinement loop stops there (no cuts), and the cuts that model
	// called for go in afterwards, for the questions to come.
	fixed := l.walk.Len() + len(assume)
	var patched []int
	var later [][]int
	cut := func(model []bool) [][]int {
		cuts := l.enc.Cut(model)
		l.res.Cuts = append(l.res.Cuts, cuts...)
		if l.proof != nil {
			for _, c := range cuts {
				l.proof.Input(chainCutKind(c), c)
			}
		}
		if len(cuts) > 0 && !l.o.NoPatch {
			if patched = l.patcher.patch(l.enc.Successors(model), fixed); patched != nil {
				later = cuts
				return nil
			}
		}
		return cuts
	}
	var status sat.Status
	if assumer {
		status, err = sat.RefineAssuming(s, assume, cut, l.o.Deadline, &l.res.Stats)
	} else {
		status, err = sat.Refine(s, cut, l.o.Deadline, &l.res.Stats)
	}
	if err != nil || status == sat.Unknown {
		return status, nil, err
	}
	if status == sat.Unsatisfiable {
		return sat.Unsatisfiable, nil, nil
	}
	if patched != nil {
		l.res.Patched++
		if !assumer {
			// The solver goes; the next has the cuts (l.res.Cuts).
			return sat.Satisfiable, patched, nil
		}
		for _, cl := range later {
			if err := s.AddClause(cl); err != nil {
				return sat.Unknown, nil, err
			}
			l.res.Stats.Added++
		}
		return sat.Satisfiable, patched, nil
	}
	return sat.Satisfiable, l.enc.pathDirs(l.enc.Successors(s.Model())), nil
}

// chainCutKind says which lemma checker a cut of ChainEncoding.Cut is
// for: a crossing is "not both" of two steps, a sub-tour cut "one of
// these steps".
func chainCutKind(c []int) string {
	if len(c) == 2 && c[0] < 0 && c[1] < 0 {
		return whyCrossing
	}
	return whySubtour
}

// pathDirs reads the directions of the path in succ (a model with no cuts
// left: a path through every cell).
func (e *ChainEncoding) pathDirs(succ []int) []int {
	n := e.board.N
	var dirs []int
	for a := 0; succ[a] >= 0; a = succ[a] {
		dirs = append(dirs, dirTo(n, a, succ[a]))
	}
	return dirs
}

// pairable reports, for K=2 boards, whether the cells left after the walk
// and then the steps dirs can still be paired (chainPairingAfter); other
// boards always can. It leaves the walk as it was.
func (l *chainLex) pairable(dirs []int) bool {
	// With Certify every "no" must come from a proof; the pairing check
	// is a counting argument that no clausal proof records, so it is left
	// to the solver.
	if l.c.K != 2 || l.o.counting() != ChainCountCheck || l.o.Certify {
		return true
	}
	for _, d := range dirs {
		l.walk.Step(d)
	}
	if l.pairer == nil {
		l.pairer = &chainPairer{}
	}
	ok := chainPairingAfter(l.c, l.walk, l.pairer)
	for range dirs {
		l.walk.Back()
	}
	return ok
}
