package encode

import (
	"errors"
	"fmt"

	"github.com/gridsat/gridsat/encode/sat"
	"github.com/gridsat/gridsat/instances"
)

// bindQueensCNF ties a kept queens claim's CNF to its case: it rebuilds
// the formula of board q under opt (newQueensFormula and its counters up
// to qc.Upto, as the solver builds them) and accepts kept only if every
// clause of it is a clause of that formula or one of the claim's
// assumptions, rebuilt from qc: the units of "at most qc.K queens" and,
// with split=classes, of the cube of qc.Share (a share of qc.K among the
// four square classes). qc.K must be below answer, the run's queen count.
func bindQueensCNF(q *instances.Queens, opt QueensOptions, answer int, qc *QueensClaim, kept *sat.CNF) error {
	if qc == nil {
		return errors.New("the kept claim does not say its k and cube")
	}
	if qc.K < 0 || qc.K >= answer || qc.Upto <= qc.K || qc.Upto > q.Rows*q.Cols+1 {
		return fmt.Errorf("k=%d (counters up to %d) is no claim of an answer of %d queens", qc.K, qc.Upto, answer)
	}
	opt, err := opt.resolve()
	if err != nil {
		return err
	}
	if opt.Card == QueensCardPB {
		return errors.New("card=pb makes no kept CNF to rebuild")
	}
	qf := newQueensFormula(q, opt)
	b, err := qf.Bound(opt, qc.Upto)
	if err != nil {
		return err
	}
	if kept.NumVars != qf.CNF.NumVars {
		return fmt.Errorf("the kept CNF has %d variables, the case's formula %d", kept.NumVars, qf.CNF.NumVars)
	}
	assumed := b.Lits(qc.K)
	switch {
	case opt.Split == QueensSplitClasses && len(qc.Share) == 4:
		var n [4]int
		sum := 0
		for c, x := range qc.Share {
			if x < 0 {
				return fmt.Errorf("share %v: a negative count", qc.Share)
			}
			n[c], sum = x, sum+x
		}
		if sum != qc.K {
			return fmt.Errorf("share %v does not share k=%d queens", qc.Share, qc.K)
		}
		cube, err := b.claimCube(n, qc.Border)
		if err != nil {
			return err
		}
		assumed = append(assumed, b.cubeLits(cube)...)
	case opt.Split == QueensSplitClasses || len(qc.Share) != 0 || len(qc.Border) != 0:
		return fmt.Errorf("share %v, border %v with split=%q", qc.Share, qc.Border, opt.Split)
	}
	have := make(map[string]bool, len(qf.CNF.Clauses)+len(assumed))
	for _, c := range qf.CNF.Clauses {
		have[clauseKey(c)] = true
	}
	for _, l := range assumed {
		have[clauseKey([]int{l})] = true
	}
	for i, c := range kept.Clauses {
		if !have[clauseKey(c)] {
			return fmt.Errorf("clause %d %v is not of the case's formula nor an assumption of k=%d (share %v)", i+1, c, qc.K, qc.Share)
		}
	}
	return nil
}
