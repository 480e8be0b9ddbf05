package encode

import (
	"fmt"

	"github.com/gridsat/gridsat/encode/lemma"
	"github.com/gridsat/gridsat/instances"
)

// Layout returns what the encoding's variables mean, for the lemma
// checkers.
func (e *ChainEncoding) Layout() lemma.ChainLayout {
	n := e.board.N
	l := lemma.ChainLayout{N: n, From: make([]int, e.CNF.NumVars+1), To: make([]int, e.CNF.NumVars+1)}
	for i := range l.From {
		l.From[i] = -1
	}
	for a := 0; a < n*n; a++ {
		for d := 0; d < 8; d++ {
			if v := e.step[a*8+d]; v != 0 {
				b, _ := e.board.Neighbour(a, d)
				l.From[v], l.To[v] = a, b
			}
		}
	}
	return l
}

// CertifyChain checks res's claim that board c has no path, if it makes
// one: every cut by its lemma checker (a sub-tour's, a crossing's), then
// the proof. A found path claims no absence here (the lexicographic steps
// are not certified): ok is false then.
func CertifyChain(c *instances.Chain, res ChainResult) (cert Certificate, ok bool, err error) {
	if res.Proof == nil || res.Solved {
		return cert, false, nil
	}
	enc := res.Proof.Enc
	if enc.board != c {
		return cert, true, fmt.Errorf("chain certificate: the encoding is not the board's")
	}
	layout := enc.Layout()
	accept := func(st ProofStep) error {
		switch st.Why {
		case WhySubtour:
			return lemma.ChainSubtour(layout, st.Lits)
		case WhyCrossing:
			return lemma.ChainCrossing(layout, st.Lits)
		}
		return fmt.Errorf("no chain lemma checker for %q", st.Why)
	}
	cl := Claim{Name: "no path", NumVars: enc.CNF.NumVars, Formula: enc.CNF.Clauses, Steps: res.Proof.Log.Steps()}
	cert, err = CheckClaim(cl, accept)
	return cert, true, err
}
