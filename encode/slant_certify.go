package encode

import (
	"errors"
	"fmt"

	"github.com/gridsat/gridsat/encode/lemma"
	"github.com/gridsat/gridsat/encode/sat"
	"github.com/gridsat/gridsat/instances"
)

// Layout returns what the encoding's variables mean, for the lemma
// checkers.
func (e *SlantEncoding) Layout() lemma.SlantLayout {
	l := lemma.SlantLayout{W: e.s.W, H: e.s.H, Var: make([]int, len(e.vars)), True: append([]byte(nil), e.Back...)}
	for i, v := range e.vars {
		l.Var[i] = int(v)
	}
	return l
}

// SlantClaim returns res's UNSAT claim: "no solution" when res is Unsat,
// "unique" when res proved its solution unique. ok is false when res
// claims no absence (or was not made with Certify).
func SlantClaim(res SlantResult) (cl Claim, ok bool) {
	p := res.Proof
	if p == nil {
		return cl, false
	}
	name := ""
	switch {
	case res.Status == sat.Unsatisfiable:
		name = "no solution"
	case res.Status == sat.Satisfiable && res.UniqueChecked && res.Second == nil:
		name = "unique"
	default:
		return cl, false
	}
	return Claim{Claim: sat.Claim{Name: name, NumVars: p.Formula.NumVars, Formula: p.Formula.Clauses, Steps: p.Log.Steps()}}, true
}

// CertifySlant checks res's UNSAT claim, if it makes one: every cut by the
// lemma checker of its kind (a loop, or corners cut off the border), the
// blocking clause against the solution res reports, then the proof. keep,
// if not nil, is given the claim once it checks.
func CertifySlant(s *instances.Slant, res SlantResult, keep ClaimKeeper) (sat.Certificate, error) {
	cl, ok := SlantClaim(res)
	if !ok {
		return sat.Certificate{}, nil
	}
	layout := res.Proof.Enc.Layout()
	if layout.W != s.W || layout.H != s.H {
		return sat.Certificate{}, errors.New("slant certificate: the encoding is not the board's")
	}
	k, err := lemma.NewSlantLemmas(layout)
	if err != nil {
		return sat.Certificate{}, err
	}
	accept := func(st sat.ProofStep) error {
		switch st.Why {
		case whyLoop:
			return k.Loop(st.Lits)
		case whyEnclose:
			return k.Enclose(st.Lits)
		case whyBlock:
			if res.Solution == nil {
				return errors.New("a blocking clause without a solution")
			}
			return k.Block(st.Lits, res.Solution)
		}
		return fmt.Errorf("no slant lemma checker for %q", st.Why)
	}
	cert, err := sat.CheckClaim(cl.Claim, accept)
	if err == nil && keep != nil {
		err = keep.Keep(cl)
	}
	return cert, err
}
