package drat

import (
	"fmt"
	"math/bits"
	"slices"
)

// Result counts what a check saw and did.
type Result struct {
	Lemmas  int // lemma steps in the proof
	Deleted int // deletion steps in the proof
	Inputs  int // input steps in the proof
	// Core counts the lemmas the refutation needed, all checked: RUP of
	// them by reverse unit propagation, RAT of them (RUP failed) as
	// resolution asymmetric tautologies on their first literal.
	Core, RUP, RAT int
	// Skipped counts the lemmas never checked: not needed by the
	// refutation, tautologies, or after the conflict (Lemmas - Core).
	Skipped int
	// FormulaCore counts the formula clauses (with the goal's units) the
	// refutation used.
	FormulaCore int
	// ConflictStep is the step whose clause made the clauses conflict by
	// unit propagation; -1 when the formula (with the goal's units)
	// conflicts alone. The steps after it are not read.
	ConflictStep int
	// IgnoredDeletions lists the deletion steps ignored because the clause
	// was the reason of a literal propagated at the top level (a unit), as
	// drat-trim ignores them: the clause stays live.
	IgnoredDeletions []int
	// MissingDeletions lists the deletion steps that named no live clause.
	MissingDeletions []int
}

// Check checks that formula followed by steps refutes the formula: the proof
// reaches the empty clause (or the formula with its inputs conflicts by unit
// propagation) and every lemma the refutation needs is RUP or RAT w.r.t. the
// clauses live at its point in the proof.
//
// The refutation is the first conflict of unit propagation as the clauses
// are added in order. When a lemma causes it, the proof must also state its
// conclusion: the empty clause (for CheckClause: the goal or a part of it) at
// or after that lemma; when the formula, the goal's units or an input
// causes it, nothing more is needed.
//
// Details, as drat-trim: a deletion of a clause that is the reason of a
// literal propagated at the top level is ignored (the clause stays live;
// Result.IgnoredDeletions lists them), a deletion naming no live clause is
// ignored too (Result.MissingDeletions), and deletions match clauses by their
// set of literals. Repeated literals in a clause count once; a tautology is
// accepted and never used. The RAT pivot is a lemma's first literal. The
// steps after the first conflict are not read. Input steps are trusted.
//
// The error is a *ProofError naming the step and why (errors.Is with
// ErrNotImplied, ErrNoRefutation or ErrBadInput). Check keeps no state
// between calls: calls may run concurrently.
func Check(numVars int, formula [][]int, steps []Step) (Result, error) {
	return CheckClause(numVars, formula, steps, nil)
}

// CheckClause is Check with a goal: the proof must derive goal (for a cube
// or assumptions: the clause of their negated literals), i.e. formula+steps
// with the negation of goal as units refutes. An empty goal is Check.
func CheckClause(numVars int, formula [][]int, steps []Step, goal []int) (Result, error) {
	res, _, err := checkWith(numVars, formula, steps, goal, false, false)
	return res, err
}

// checkWith is Check with its modes: all checks every lemma in the forward
// pass (and stops at the conflict with no backward pass; a failed lemma is
// recorded, not an error, and then added like an input); verdicts returns
// each step's verdict.
func checkWith(numVars int, formula [][]int, steps []Step, goal []int, all, verdicts bool) (Result, []verdict, error) {
	k, err := newChecker(numVars, formula, steps, goal, all)
	if err != nil {
		return Result{}, nil, err
	}
	if verdicts && k.verdicts == nil {
		k.verdicts = make([]verdict, len(steps))
	}
	res, err := k.run(formula, goal)
	return res, k.verdicts, err
}

// verdict is what the forward mode found for one lemma.
type verdict uint8

const (
	vNone verdict = iota // not a lemma, or not reached
	vRUP
	vRAT
	vFail
	vTaut
)

type checker struct {
	*db
	steps      []Step
	formula    [][]int
	nFormula   int     // formula clauses
	baseEnd    uint32  // formula clauses and goal units: crefs below baseEnd
	stepClause []int32 // per step: the cref of its clause (added, or deleted), -1 if none
	trailAt    []int32 // per step: the trail's length before it
	hash       map[uint64][]uint32
	occ        [][]uint32 // backward pass: per literal, the clauses holding it (built for the first RAT check)
	all        bool       // forward mode: check every lemma as it comes
	verdicts   []verdict  // forward mode: per step
	res        Result
}

func newChecker(numVars int, formula [][]int, steps []Step, goal []int, all bool) (*checker, error) {
	used, err := validate(numVars, formula, steps, goal)
	if err != nil {
		return nil, err
	}
	size := header * (len(formula) + len(goal) + len(steps) + 1)
	for _, c := range formula {
		size += len(c)
	}
	for _, s := range steps {
		if s.Kind != Delete {
			size += len(s.Lits)
		}
	}
	k := &checker{
		db:         newDB(used, size+len(goal)),
		steps:      steps,
		stepClause: make([]int32, len(steps)),
		trailAt:    make([]int32, len(steps)),
		all:        all,
		nFormula:   len(formula),
		formula:    formula,
	}
	k.noMark = all
	for _, s := range steps {
		switch s.Kind {
		case Lemma:
			k.res.Lemmas++
		case Delete:
			k.res.Deleted++
		case Input:
			k.res.Inputs++
		}
	}
	if k.res.Deleted > 0 {
		k.hash = make(map[uint64][]uint32)
	}
	if all {
		k.verdicts = make([]verdict, len(steps))
	}
	return k, nil
}

// run loads the formula, runs the forward pass to the first conflict, then
// the backward pass checking the lemmas the conflict needs.
func (k *checker) run(formula [][]int, goal []int) (Result, error) {
	final, confl, err := k.forward(formula, goal)
	k.res.ConflictStep = final
	if err != nil {
		return k.res, err
	}
	if err := k.derives(final, goal); err != nil {
		return k.res, err
	}
	if k.all {
		return k.res, nil
	}
	if err := k.backward(final, confl); err != nil {
		return k.res, err
	}
	k.res.Core = k.res.RUP + k.res.RAT
	k.res.Skipped = k.res.Lemmas - k.res.Core
	for c := k.first; c < k.baseEnd; c = k.next(c) {
		if k.flags(c)&fCore != 0 {
			k.res.FormulaCore++
		}
	}
	return k.res, nil
}

// forward adds the formula, the goal's units and the steps, propagating,
// until the clauses conflict. It returns the step that made them conflict
// (-1 for the formula) and the conflicting clause.
func (k *checker) forward(formula [][]int, goal []int) (int, int64, error) {
	for _, c := range formula {
		if confl := k.add(k.newClause(c)); confl >= 0 {
			k.baseEnd = k.end()
			return -1, confl, nil
		}
	}
	for _, g := range goal {
		if confl := k.add(k.newClause([]int{-g})); confl >= 0 {
			k.baseEnd = k.end()
			return -1, confl, nil
		}
	}
	k.baseEnd = k.end()
	for i, s := range k.steps {
		k.trailAt[i] = int32(len(k.trail))
		k.stepClause[i] = -1
		if s.Kind == Delete {
			k.delete(i, s)
			continue
		}
		if s.Kind == Lemma && k.all {
			k.verdicts[i] = k.forwardVerdict(i, s)
		}
		c := k.newClause(s.Lits)
		k.stepClause[i] = int32(c)
		if s.Kind == Lemma && len(s.Lits) == 0 && !k.all {
			return i, -1, k.notImplied(i, "the empty clause is not RUP (unit propagation on the clauses live there finds no conflict), and it has no pivot for RAT")
		}
		if confl := k.add(c); confl >= 0 {
			return i, confl, nil
		}
	}
	return len(k.steps), -1, &ProofError{Step: -1, Err: ErrNoRefutation,
		Detail: fmt.Sprintf("after the formula and all %d steps, unit propagation finds no conflict (the proof has no empty clause)", len(k.steps))}
}

// derives checks that the proof states its conclusion: the clauses conflict
// by unit propagation once the formula, the goal's units or an input is
// added (trusted clauses), or else a lemma at or after the conflicting step
// is the goal or part of it (for Check, the empty clause).
func (k *checker) derives(final int, goal []int) error {
	if final < 0 || k.steps[final].Kind == Input {
		return nil
	}
	for _, s := range k.steps[final:] {
		if s.Kind == Lemma && subset(s.Lits, goal) {
			return nil
		}
	}
	want := "the empty clause"
	if len(goal) > 0 {
		want = fmt.Sprintf("the goal %v or a part of it", goal)
	}
	return &ProofError{Step: -1, Err: ErrNoRefutation,
		Detail: fmt.Sprintf("the clauses conflict by unit propagation at %s, but the proof never derives %s", where(final, k.steps[final]), want)}
}

func subset(a, b []int) bool {
	for _, x := range a {
		if !slices.Contains(b, x) {
			return false
		}
	}
	return true
}

// add watches a new clause and propagates; it returns the conflicting
// clause or -1.
func (k *checker) add(c uint32) int64 {
	if k.hash != nil {
		h := k.hashOf(k.clauseLits(c))
		k.hash[h] = append(k.hash[h], c)
	}
	if k.flags(c)&fTaut != 0 {
		return -1
	}
	switch k.attach(c) {
	case stConflict:
		return int64(c)
	case stUnit:
		k.assign(k.clauseLits(c)[0], int32(c))
		return k.propagate()
	}
	return -1
}

func (k *checker) hashOf(ls []lit) uint64 {
	var sum, xor uint64
	for _, l := range ls {
		x := uint64(l) * 0x9e3779b97f4a7c15
		x ^= x >> 29
		sum += x
		xor ^= bits.RotateLeft64(x, 17)
	}
	return sum ^ xor*0xbf58476d1ce4e5b9
}

// delete removes the live clause with the literals of step i, unless it is
// the reason of a top-level literal or no live clause has them.
func (k *checker) delete(i int, s Step) {
	tmp := k.newClause(s.Lits) // normalized literals, dropped below
	ls := k.clauseLits(tmp)
	h := k.hashOf(ls)
	k.dropLast(tmp)
	cands := k.hash[h]
	reason := false
	for j := len(cands) - 1; j >= 0; j-- {
		c := cands[j]
		if !k.sameLits(c, ls) {
			continue
		}
		if k.flags(c)&fTaut == 0 && k.isReason(c) {
			reason = true // look for a copy that is not a reason
			continue
		}
		cands[j] = cands[len(cands)-1]
		k.hash[h] = cands[:len(cands)-1]
		k.setFlag(c, fDeleted)
		if k.flags(c)&fTaut == 0 {
			k.unwatch(c)
		}
		k.stepClause[i] = int32(c)
		return
	}
	if reason {
		k.res.IgnoredDeletions = append(k.res.IgnoredDeletions, i)
		return
	}
	k.res.MissingDeletions = append(k.res.MissingDeletions, i)
}

// sameLits reports whether clause c has exactly the literals ls (both
// without repeats). ls's literals are stamped by the newClause that made it.
func (k *checker) sameLits(c uint32, ls []lit) bool {
	cl := k.clauseLits(c)
	if len(cl) != len(ls) {
		return false
	}
	for _, l := range cl {
		if k.stamp[l] != k.stampN {
			return false
		}
	}
	return true
}

func (k *checker) notImplied(i int, detail string) *ProofError {
	s := k.steps[i]
	return &ProofError{Step: i, Line: s.Line, Kind: s.Kind, Lemma: s.Lits, Err: ErrNotImplied, Detail: detail}
}
