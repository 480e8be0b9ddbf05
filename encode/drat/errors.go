package drat

import (
	"errors"
	"fmt"
)

// Kinds of failure, for errors.Is on what Check returns.
var (
	// ErrNotImplied: a lemma the refutation needs is neither RUP nor RAT.
	ErrNotImplied = errors.New("neither RUP nor RAT")
	// ErrNoRefutation: the formula with the proof does not conflict.
	ErrNoRefutation = errors.New("no refutation")
	// ErrBadInput: a literal out of range or 0 inside a clause, or an
	// unknown step kind.
	ErrBadInput = errors.New("bad input")
)

// ProofError says what failed: the step (its index, and its proof line when
// parsed), the lemma, and why.
type ProofError struct {
	Step   int // index into the steps; -1 when the failure is not one step's
	Line   int // the step's Line (1-based proof line), 0 if unknown
	Kind   StepKind
	Lemma  []int // the step's literals, as given
	Err    error // ErrNotImplied, ErrNoRefutation or ErrBadInput
	Detail string
}

// Error reads, for instance, "drat: step 12 (line 13): lemma [1 -2]: lemma
// is neither RUP nor RAT: ...".
func (e *ProofError) Error() string {
	if e.Step < 0 {
		return fmt.Sprintf("drat: %v: %s", e.Err, e.Detail)
	}
	w := where(e.Step, Step{Line: e.Line})
	return fmt.Sprintf("drat: %s: %v %v: %v: %s", w, e.Kind, e.Lemma, e.Err, e.Detail)
}

// Unwrap returns the kind of failure.
func (e *ProofError) Unwrap() error { return e.Err }

func badInput(format string, args ...any) error {
	return &ProofError{Step: -1, Err: ErrBadInput, Detail: fmt.Sprintf(format, args...)}
}

// validate checks every literal of formula, goal and steps before anything
// is stored; it returns the largest variable they use, which sizes the
// checker's arrays (so a numVars far too large costs nothing).
func validate(numVars int, formula [][]int, steps []Step, goal []int) (int, error) {
	if numVars < 0 || numVars > maxVar {
		return 0, badInput("numVars %d out of range [0, %d]", numVars, maxVar)
	}
	used := 0
	bad := func(lits []int) string {
		for _, x := range lits {
			switch {
			case x == 0:
				return "literal 0 inside a clause"
			case x > numVars || x < -numVars:
				return fmt.Sprintf("literal %d: variable beyond numVars %d", x, numVars)
			}
			used = max(used, x, -x)
		}
		return ""
	}
	for i, c := range formula {
		if msg := bad(c); msg != "" {
			return 0, badInput("formula clause %d %v: %s", i, c, msg)
		}
	}
	if msg := bad(goal); msg != "" {
		return 0, badInput("goal %v: %s", goal, msg)
	}
	for i, s := range steps {
		msg := bad(s.Lits)
		if s.Kind > Input {
			msg = fmt.Sprintf("unknown step kind %d", s.Kind)
		}
		if msg != "" {
			return 0, &ProofError{Step: i, Line: s.Line, Kind: s.Kind, Lemma: s.Lits, Err: ErrBadInput, Detail: msg}
		}
	}
	return used, nil
}
