package encode

import (
	"errors"
	"fmt"

	"github.com/gridsat/gridsat/encode/lemma"
	"github.com/gridsat/gridsat/encode/sat"
	"github.com/gridsat/gridsat/instances"
)

// BindChainCNF ties a kept chain claim's CNF to its case: it rebuilds the
// encoding of board c under o (NewChainEncoding, with the class counts
// when o counts by cards or the kept CNF has their variables: a -1 the
// counting check found is proved with them), as gridsat dimacs and the
// solver build it, and accepts kept only if every clause of it is a clause
// of the encoding, a sub-tour or crossing cut the chain lemma checkers
// accept against the board, or one of the claim's assumptions, which must
// fit answer (the run's answer, "-1" for none): no assumption for -1; for
// a path, the units of its first t steps and either one unit of a smaller
// direction at step t+1 or one clause of smaller directions there.
func BindChainCNF(c *instances.Chain, o ChainOptions, answer string, kept *sat.CNF) error {
	_, err := BindChain(c, o, answer, kept)
	return err
}

// BindChain is BindChainCNF returning the keys of the obligations the kept
// claim meets (ChainObligations): ObligationNoPath for a claim without
// assumptions, else one per smaller direction it assumes.
func BindChain(c *instances.Chain, o ChainOptions, answer string, kept *sat.CNF) ([]string, error) {
	enc := NewChainEncoding(c, o.crossing())
	if o.counting() == ChainCountCards || kept.NumVars != enc.CNF.NumVars {
		if err := enc.AddClassCounts(); err != nil {
			return nil, err
		}
	}
	if kept.NumVars != enc.CNF.NumVars {
		return nil, fmt.Errorf("the kept CNF has %d variables, the case's encoding %d", kept.NumVars, enc.CNF.NumVars)
	}
	have := make(map[string]bool, len(enc.CNF.Clauses))
	for _, cl := range enc.CNF.Clauses {
		have[clauseKey(cl)] = true
	}
	layout := enc.Layout()
	var extra [][]int
	// free holds the units that need no assumption (of the encoding, or a
	// cut a lemma checker accepts); they may be assumptions too.
	free := map[int]bool{}
	for _, cl := range kept.Clauses {
		isCut := have[clauseKey(cl)]
		if !isCut {
			isCut = lemma.ChainSubtour(layout, cl) == nil || lemma.ChainCrossing(layout, cl) == nil
		}
		switch {
		case len(cl) == 1 && cl[0] > 0:
			// A unit is told from an assumption by its place, below.
			extra = append(extra, cl)
			free[cl[0]] = free[cl[0]] || isCut
		case !isCut:
			extra = append(extra, cl)
		}
	}
	keys, err := chainAssumptions(enc, answer, extra, free)
	if err != nil {
		return nil, fmt.Errorf("clauses %v, not of the case's encoding nor cuts the lemma checkers accept: %w", extra, err)
	}
	return keys, nil
}

// chainAssumptions checks that extra, a chain claim's clauses outside its
// encoding and cuts (and its positive units, of the encoding or cuts or
// not), are the assumptions of a claim that no path smaller than answer
// exists (see BindChainCNF), or fewer: a unit in free needs no assumption
// (it is of the encoding, or a cut) and may stand anywhere. It returns the
// keys of the obligations the claim meets.
func chainAssumptions(enc *ChainEncoding, answer string, extra [][]int, free map[int]bool) ([]string, error) {
	var units []int
	var wide [][]int
	for _, cl := range extra {
		switch {
		case len(cl) == 1 && free[cl[0]]:
		case len(cl) == 1:
			units = append(units, cl[0])
		default:
			wide = append(wide, cl)
		}
	}
	if len(units) == 0 && len(wide) == 0 {
		return []string{ObligationNoPath}, nil
	}
	if answer == instances.ChainNoPath {
		return nil, errors.New("a -1 claim makes no assumption")
	}
	cells, err := instances.ParseChainAnswer(enc.board, answer)
	if err != nil {
		return nil, fmt.Errorf("the claim's answer: %w", err)
	}
	// taken[v] is 1+ the index of the answer's step v; smaller[v] 1+ the
	// index of the step where v is a smaller direction.
	taken, smaller, dir := map[int]int{}, map[int]int{}, map[int]int{}
	for t := 0; t+1 < len(cells); t++ {
		d := int(answer[t] - '0')
		taken[enc.step[cells[t]*8+d]] = t + 1
		for e := 0; e < d; e++ {
			if v := enc.step[cells[t]*8+e]; v != 0 {
				smaller[v], dir[v] = t+1, e
			}
		}
	}
	// at is 1+ the step of the smaller directions assumed (0: none yet);
	// last 1+ the last step of the answer assumed.
	at, last := 0, 0
	side := func(v int) error {
		if smaller[v] == 0 || (at != 0 && at != smaller[v]) {
			return fmt.Errorf("%d is neither a step of the answer nor a smaller direction at the step assumed", v)
		}
		at = smaller[v]
		return nil
	}
	var aside []int
	for _, v := range units {
		if taken[v] != 0 {
			last = max(last, taken[v])
			continue
		}
		if err := side(v); err != nil {
			return nil, err
		}
		aside = append(aside, v)
	}
	if len(aside)+len(wide) > 1 {
		return nil, fmt.Errorf("more than one assumption off the answer: units %v, clauses %v", aside, wide)
	}
	for _, cl := range wide {
		for _, v := range cl {
			if v <= 0 {
				return nil, fmt.Errorf("literal %d: an assumption takes steps", v)
			}
			if err := side(v); err != nil {
				return nil, err
			}
		}
		aside = append(aside, cl...)
	}
	switch {
	case at != 0 && last >= at:
		return nil, fmt.Errorf("the answer's step %d is assumed with a smaller direction at step %d", last, at)
	case at == 0:
		return nil, fmt.Errorf("steps of the answer assumed (up to step %d) and no smaller direction", last)
	}
	var keys []string
	for _, v := range aside {
		keys = append(keys, chainKey(at-1, dir[v]))
	}
	return keys, nil
}
