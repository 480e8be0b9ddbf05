package sat

import (
	"fmt"
	"time"

	"github.com/gridsat/gridsat/encode/drat"
)

// Claim is one UNSAT claim of a SAT search with the proof that backs it:
// the formula refuted, as CNF (for a cube or an assumption, with its
// literals as unit clauses), and the proof's steps over its variables.
type Claim struct {
	// Name says what is claimed: "no solution", "unique", "k=6 (cube
	// 12 of 84)".
	Name    string
	NumVars int
	Formula [][]int
	Steps   []ProofStep
	// Trusted names what the claim rests on besides the proof and the
	// encoding (a lower bound from a theorem, a reduction the encoding
	// makes).
	Trusted []string
}

// Certificate is what checking claims found.
type Certificate struct {
	// Claims is the number of UNSAT claims checked.
	Claims int
	// Lemmas counts the proofs' lemma steps; Inputs the input clauses
	// the lemma checkers accepted; Core the lemmas the checker had to
	// check.
	Lemmas, Inputs, Core int
	// Check is the time spent checking (lemma checkers and proofs);
	// Lemma the part the lemma checkers took; Solve the time spent
	// solving again to make proofs after the search.
	Check, Lemma, Solve time.Duration
	// Trusted lists what the claims rest on besides the proofs and the
	// encoding (a lower bound from a theorem, say), for the record.
	Trusted []string
}

// Add counts other's claims into c.
func (c *Certificate) Add(other Certificate) {
	c.Claims += other.Claims
	c.Lemmas += other.Lemmas
	c.Inputs += other.Inputs
	c.Core += other.Core
	c.Check += other.Check
	c.Lemma += other.Lemma
	c.Solve += other.Solve
	c.Trusted = append(c.Trusted, other.Trusted...)
}

// InputChecker accepts or rejects one input step of a proof.
type InputChecker func(step ProofStep) error

// CheckClaim checks a claim: every input step must be accepted by accept,
// then the proof must refute the formula with those inputs. Keep, if not
// nil, is given the claim once it is checked (for --proofs).
func CheckClaim(cl Claim, accept InputChecker) (Certificate, error) {
	start := time.Now()
	var cert Certificate
	steps := make([]drat.Step, len(cl.Steps))
	for i, st := range cl.Steps {
		switch st.Kind {
		case ProofLemma:
			steps[i] = drat.Step{Kind: drat.Lemma, Lits: st.Lits}
		case ProofDelete:
			steps[i] = drat.Step{Kind: drat.Delete, Lits: st.Lits}
		case ProofInput:
			if accept == nil {
				return cert, fmt.Errorf("%s: input clause %v (%s) and no lemma checker", cl.Name, st.Lits, st.Why)
			}
			if err := accept(st); err != nil {
				return cert, fmt.Errorf("%s: input clause %d %v (%s) rejected: %w", cl.Name, i+1, st.Lits, st.Why, err)
			}
			cert.Inputs++
			steps[i] = drat.Step{Kind: drat.Input, Lits: st.Lits}
		default:
			return cert, fmt.Errorf("%s: step %d of unknown kind %d", cl.Name, i+1, st.Kind)
		}
	}
	cert.Lemma = time.Since(start)
	r, err := drat.Check(cl.NumVars, cl.Formula, steps)
	cert.Check = time.Since(start)
	if err != nil {
		return cert, fmt.Errorf("%s: the proof does not check: %w", cl.Name, err)
	}
	cert.Claims = 1
	cert.Lemmas, cert.Core = r.Lemmas, r.Core
	return cert, nil
}
