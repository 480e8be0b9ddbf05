package encode

import (
	"errors"
	"fmt"

	"github.com/gridsat/gridsat/encode/sat"
	"github.com/gridsat/gridsat/instances"
)

// An answer no verifier can check (no solution, the fewest queens, the
// smallest path, unique) needs facts that a kept claim proves. Obligations
// are those facts, derived from the case, the run's options and its
// answer alone, each named by a key; a kept claim's binder (BindQueens,
// BindChain, BindSlant) rebuilds its formula from the case and returns
// the keys of the obligations it meets. A report matches every obligation
// to exactly one kept claim (compare/proofs.go: report --proofs); a claim that meets none
// of them, or one already met, is refused.

// Obligation keys of the claims slant and chain make as a whole.
const (
	ObligationNoSolution = "no solution"       // slant: the whole formula refuted
	ObligationUnique     = "no other solution" // slant: the formula and the answer's blocking clause refuted
	ObligationNoPath     = "no path"           // chain -1: the whole search refuted
)

// queensKey names the obligation "no cover of k queens" (share nil) or
// its cube of share and border pattern (split=classes).
func queensKey(k int, share, border []int) string {
	key := fmt.Sprintf("no cover of %d queens", k)
	if share != nil {
		key += fmt.Sprintf(", share %v", share)
	}
	if len(border) > 0 {
		key += fmt.Sprintf(", border %v", border)
	}
	return key
}

// QueensObligations lists the keys of the claims that settle that no
// cover of q has fewer than answer queens under opt: one claim of "at most
// answer-1" or, with split=classes, one per cube of it (the cubes' shares
// and their images checked to cover every share, lemma.QueensCover). A
// part's claims are of its rest (BindQueens), after its forced queens. It
// lists none when answer-1 is below zero; whether the board's own bounds
// settle it is the caller's (compare's named bounds).
func QueensObligations(q *instances.Queens, opt QueensOptions, answer int) ([]string, error) {
	opt = opt.splitFor(q)
	if q.Part != nil {
		rest, forced := partRest(q)
		q, answer = rest, answer-len(forced)
		opt.NoSymmetry = true
	}
	k := answer - 1
	if k < 0 {
		return nil, nil
	}
	opt, err := opt.resolve()
	if err != nil {
		return nil, err
	}
	if opt.Split != QueensSplitClasses {
		return []string{queensKey(k, nil, nil)}, nil
	}
	if opt.Card == QueensCardPB {
		return nil, errors.New("card=pb makes no kept CNF")
	}
	qf := newQueensFormula(q, opt)
	b, err := qf.Bound(opt, k+1)
	if err != nil {
		return nil, err
	}
	cubes := b.allCubes(k)
	if err := b.coverCheck(k, cubes); err != nil {
		return nil, fmt.Errorf("the cubes of k=%d: %w", k, err)
	}
	keys := make([]string, len(cubes))
	for i, c := range cubes {
		keys[i] = queensKey(k, c.share[:], c.borderBits())
	}
	return keys, nil
}

// BindQueens is BindQueensCNF returning the key of the obligation the
// kept claim meets (QueensObligations).
func BindQueens(q *instances.Queens, opt QueensOptions, answer int, qc *QueensClaim, kept *sat.CNF) (string, error) {
	if err := BindQueensCNF(q, opt, answer, qc, kept); err != nil {
		return "", err
	}
	return queensKey(qc.K, qc.Share, qc.Border), nil
}

// chainKey names the obligation "no path takes the answer's first t steps
// (t from 0) and then direction d".
func chainKey(t, d int) string {
	return fmt.Sprintf("no path begins with step %d in direction %d", t+1, d)
}

// ChainObligations lists the keys of the claims that settle a chain
// answer: for -1 the whole search (ObligationNoPath); for a path, one per
// smaller direction the encoding has a step for at every step of it. The
// list is empty when no step has a smaller direction.
func ChainObligations(c *instances.Chain, answer string) ([]string, error) {
	if answer == instances.ChainNoPath {
		return []string{ObligationNoPath}, nil
	}
	cells, err := instances.ParseChainAnswer(c, answer)
	if err != nil {
		return nil, err
	}
	// The encoding has a step variable exactly where the board has a step
	// (NewChainEncoding), read off the board without building it.
	var keys []string
	for t := 0; t+1 < len(cells); t++ {
		for e := 0; e < int(answer[t]-'0'); e++ {
			if _, ok := c.Step(cells[t], e); ok {
				keys = append(keys, chainKey(t, e))
			}
		}
	}
	return keys, nil
}

// SlantObligations lists the key of the claim that settles a slant answer:
// the whole formula refuted for no solution, the formula with the
// answer's blocking clause for unique.
func SlantObligations(solved, unique bool) []string {
	switch {
	case !solved:
		return []string{ObligationNoSolution}
	case unique:
		return []string{ObligationUnique}
	}
	return nil
}
