package drat

import "fmt"

// StepKind says what a proof step does.
type StepKind uint8

const (
	// Lemma adds a clause that the checker must find RUP or RAT when the
	// refutation needs it.
	Lemma StepKind = iota
	// Delete removes one live clause with the same set of literals.
	Delete
	// Input adds a clause the caller vouches for: trusted, never checked. It
	// is not part of the DRAT formats (see WriteText).
	Input
)

// String names the kind: "lemma", "delete" or "input".
func (k StepKind) String() string {
	switch k {
	case Lemma:
		return "lemma"
	case Delete:
		return "delete"
	case Input:
		return "input"
	}
	return fmt.Sprintf("StepKind(%d)", uint8(k))
}

// Step is one line of a proof: a lemma (added, to be checked), a clause
// deleted, or an input clause added mid-proof that the caller vouches for (a
// lazily added cut that a puzzle lemma checker accepted; it is trusted, not
// checked, and joins the formula at that point).
type Step struct {
	Kind StepKind
	// Lits are the clause's literals in DIMACS form (v or -v, v >= 1),
	// without the terminating 0. The first literal of a lemma is its RAT
	// pivot.
	Lits []int
	// Line is where the parsers found the step: the 1-based line of a text
	// proof, or the 1-based step number of a binary proof; 0 when the step
	// was not parsed. Errors quote it.
	Line int
}

// where names a step in errors: "step 12 (line 13)".
func where(i int, s Step) string {
	if s.Line > 0 {
		return fmt.Sprintf("step %d (line %d)", i, s.Line)
	}
	return fmt.Sprintf("step %d", i)
}
