package drat

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

// verdict is what a check found for one lemma (tests read them).
type verdict uint8

const (
	vNone verdict = iota // not a lemma, or not checked
	vRUP                 // reverse unit propagation
	vRAT                 // RAT on the first literal, RUP failed
	vFail                // neither
	vTaut                // a tautology, accepted
)

// checker is one run of Check: the clause database with the proof's
// bookkeeping.
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
	verdicts   []verdict  // per step, in the forward mode or when asked
	res        Result
}

// newChecker validates the input and sizes the database for it.
func newChecker(numVars int, formula [][]int, steps []Step, goal []int, all bool) (*checker, error) {
	used, err := validate(numVars, formula, steps, goal)
	if err != nil {
		return nil, err
	}
	size := header * (len(formula) + len(goal) + len(steps) + 1)
	for _, c := range formula {
		size += len(c)
	}
	longestDeletion := 0 // deletions store their clause for a moment
	for _, s := range steps {
		if s.Kind != Delete {
			size += len(s.Lits)
		} else {
			longestDeletion = max(longestDeletion, len(s.Lits))
		}
	}
	size += longestDeletion
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

func (k *checker) notImplied(i int, detail string) *ProofError {
	s := k.steps[i]
	return &ProofError{Step: i, Line: s.Line, Kind: s.Kind, Lemma: s.Lits, Err: ErrNotImplied, Detail: detail}
}
