package encode

import (
	"fmt"
	"time"

	"github.com/gridsat/gridsat/encode/lemma"
	"github.com/gridsat/gridsat/encode/sat"
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

// chainAccept returns the input checker of enc's cuts.
func chainAccept(enc *ChainEncoding) sat.InputChecker {
	layout := enc.Layout()
	return func(st sat.ProofStep) error {
		switch st.Why {
		case whySubtour:
			return lemma.ChainSubtour(layout, st.Lits)
		case whyCrossing:
			return lemma.ChainCrossing(layout, st.Lits)
		}
		return fmt.Errorf("no chain lemma checker for %q", st.Why)
	}
}

// CertifyChain checks res's claim of an absence: for -1, that board c has
// no path (every cut by its lemma checker, then the proof of the first
// solve); for a path, that none is smaller: for every step of the answer
// and every smaller direction the encoding has a step for, a refutation of
// the formula with the answer's steps before it and that step as units
// (solved again by the backend, its cuts as inputs), so every smaller
// direction at every step is covered by construction. ok is false when
// res claims nothing (or was not made with Certify). keep, if not nil, is
// given every claim once it checks.
func CertifyChain(c *instances.Chain, res ChainResult, keep ClaimKeeper) (cert sat.Certificate, ok bool, err error) {
	p := res.Proof
	if p == nil {
		return cert, false, nil
	}
	if p.Enc.board != c {
		return cert, true, fmt.Errorf("chain certificate: the encoding is not the board's")
	}
	if !res.Solved {
		if p.Log == nil {
			return cert, true, fmt.Errorf("chain certificate: -1 without a proof")
		}
		cl := Claim{Claim: sat.Claim{Name: "no path", NumVars: p.Enc.CNF.NumVars, Formula: p.Enc.CNF.Clauses, Steps: p.Log.Steps()}}
		cert, err = sat.CheckClaim(cl.Claim, chainAccept(p.Enc))
		if err == nil && keep != nil {
			err = keep.Keep(cl)
		}
		return cert, true, err
	}
	if c.N == 1 {
		return cert, false, nil
	}
	cert, err = certifyChainPath(c, p, res.Answer, keep)
	return cert, true, err
}

// certifyChainPath proves that no path is smaller than answer, one claim
// per smaller direction at each step (see CertifyChain).
func certifyChainPath(c *instances.Chain, p *ChainProof, answer string, keep ClaimKeeper) (sat.Certificate, error) {
	var cert sat.Certificate
	cells, err := instances.ParseChainAnswer(c, answer)
	if err != nil {
		return cert, fmt.Errorf("chain certificate: %w", err)
	}
	accept := chainAccept(p.Enc)
	// up holds the formula with the answer's steps so far at its root: the
	// smaller steps its unit propagation refutes need no solver, and go in
	// one claim per step of the answer (refuteChainSteps).
	up := sat.NewProber(p.Enc.CNF)
	var prefix []int
	for t := 0; t+1 < len(cells); t++ {
		cur, d := cells[t], int(answer[t]-'0')
		var trivial []int
		for e := 0; e < d; e++ {
			v := p.Enc.step[cur*8+e]
			if v == 0 {
				continue // no such step: the encoding has no variable for it
			}
			if up.Refutes(v) {
				trivial = append(trivial, v)
				continue
			}
			one, err := refuteChainPrefix(p, append(prefix, v), accept, keep)
			if err != nil {
				return cert, fmt.Errorf("chain certificate, step %d, direction %d: %w", t+1, e, err)
			}
			cert.Add(one)
		}
		if len(trivial) > 0 {
			one, err := refuteChainSteps(p, prefix, trivial, keep)
			if err != nil {
				return cert, fmt.Errorf("chain certificate, step %d: %w", t+1, err)
			}
			cert.Add(one)
		}
		step := p.Enc.step[cur*8+d]
		prefix = append(prefix, step)
		up.Add([]int{step})
	}
	return cert, nil
}

// refuteChainSteps proves that no path takes the steps prefix and then
// any of steps, each of which unit propagation refutes after prefix: the
// formula with prefix as units and the clause "one of steps" is refuted by
// the lemmas "not step", each RUP, and the empty clause.
func refuteChainSteps(p *ChainProof, prefix, steps []int, keep ClaimKeeper) (sat.Certificate, error) {
	f := p.Enc.CNF.With(prefix...)
	f.Clauses = append(f.Clauses, steps)
	var proof []sat.ProofStep
	for _, v := range steps {
		proof = append(proof, sat.ProofStep{Kind: sat.ProofLemma, Lits: []int{-v}})
	}
	proof = append(proof, sat.ProofStep{Kind: sat.ProofLemma})
	cl := Claim{Claim: sat.Claim{Name: fmt.Sprintf("no path begins %v then one of %v", prefix, steps), NumVars: f.NumVars, Formula: f.Clauses, Steps: proof}}
	cert, err := sat.CheckClaim(cl.Claim, nil)
	if err == nil && keep != nil {
		err = keep.Keep(cl)
	}
	return cert, err
}

// refuteChainPrefix proves that no path takes the steps units (variables),
// with a fresh proving solver refined by cuts, and checks the proof.
func refuteChainPrefix(p *ChainProof, units []int, accept sat.InputChecker, keep ClaimKeeper) (sat.Certificate, error) {
	start := time.Now()
	f := p.Enc.CNF.With(units...)
	name := fmt.Sprintf("no path begins %v", units)
	log := &sat.ProofLog{}
	s, err := p.Backend.(sat.Prover).NewProving(f, log.Sink())
	if err != nil {
		return sat.Certificate{}, err
	}
	cut := func(model []bool) [][]int {
		cuts := p.Enc.Cut(model)
		for _, c := range cuts {
			log.Input(chainCutKind(c), c)
		}
		return cuts
	}
	var st sat.Stats
	status, err := sat.Refine(s, cut, time.Time{}, &st)
	if err != nil {
		return sat.Certificate{}, err
	}
	if status != sat.Unsatisfiable {
		return sat.Certificate{}, fmt.Errorf("a path takes these steps (%v): the answer is not the smallest", status)
	}
	solve := time.Since(start)
	log.Refuted()
	cl := Claim{Claim: sat.Claim{Name: name, NumVars: f.NumVars, Formula: f.Clauses, Steps: log.Steps()}}
	cert, err := sat.CheckClaim(cl.Claim, accept)
	cert.Solve = solve
	if err == nil && keep != nil {
		err = keep.Keep(cl)
	}
	return cert, err
}
