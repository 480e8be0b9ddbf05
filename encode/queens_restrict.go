package encode

import (
	"fmt"

	"github.com/gridsat/gridsat/encode/sat"
	"github.com/gridsat/gridsat/instances"
)

// A part of a split queens case (instances.QueensPart) is encoded as the
// rest of it: the targets its forced queens leave uncovered, on a board
// where the forced and the banned squares get no variable (a target's
// clause then holds only allowed squares, and a square is dropped as
// dominated only by an allowed one). The search asks "at most k" for k up
// from the lower bound to the part's bound less its forced queens; the
// answer is the forced queens with the model's. Symmetry breaking is off:
// the restriction is rarely symmetric, and the split already used the
// board's symmetries between parts. This is the encoding's own reading of
// the restriction; the DFS has its own (backtrack/queens_restrict.go).

// solveQueensPart answers a part: its fewest queens if at most its bound,
// else no placement (QueensResult.None).
func solveQueensPart(q *instances.Queens, opt QueensOptions) (QueensResult, error) {
	res := QueensResult{Greedy: -1}
	opt.NoSymmetry = true
	opt, err := opt.resolve()
	if err != nil {
		return res, err
	}
	rest, forced := partRest(q)
	most := q.Part.Bound - len(forced)
	if most < 0 || uncoverable(rest) {
		res.None = true
		return res, nil
	}
	if tb := queensTheoremBound(q, opt); tb > q.Part.Bound {
		// A placement of the part covers the whole board: the theorem
		// that bounds the board's covers settles the part, no SAT call.
		res.None, res.Lower = true, tb
		if opt.Certify {
			res.Cert = &sat.Certificate{Trusted: []string{queensLowerTrust(q, tb)}}
		}
		return res, nil
	}
	if len(rest.Targets()) == 0 {
		res.Placement = forced
		return res, nil
	}
	backend, err := opt.backend()
	if err != nil {
		return res, err
	}
	res.Lower = QueensLowerBound(rest) // the rest's fewest, unrestricted: no more than restricted
	s := &queensSAT{q: rest, opt: opt, backend: backend, res: &res}
	if opt.Certify {
		res.Cert = &sat.Certificate{Trusted: append(queensTrust(rest, opt, res.Lower),
			"a part's rest: the forced queens and the targets they cover are taken out, the forced and banned squares get no variable")}
	}
	if err := s.prepare(most + 1); err != nil {
		return res, fmt.Errorf("queens: %w", err)
	}
	for k := res.Lower; k <= most; k++ {
		st, err := s.decide(k)
		if err != nil || res.CertErr != nil {
			return res, wrapQueens(err)
		}
		if st == sat.Satisfiable {
			res.Placement = append(forced, res.Placement...)
			return res, nil
		}
		if err := s.keepMore(k); err != nil {
			return res, fmt.Errorf("queens: %w", err)
		}
	}
	res.None, res.Placement = true, nil
	return res, nil
}

func wrapQueens(err error) error {
	if err == nil {
		return nil
	}
	return fmt.Errorf("queens: %w", err)
}

// partRest is the rest of part q: the board whose targets are those q's
// forced queens leave uncovered, the forced and banned squares banned, at
// most the bound less the forced queens; and the forced queens.
func partRest(q *instances.Queens) (*instances.Queens, []instances.Square) {
	forced := q.ForcedSquares()
	rest := q.Whole()
	p := *q.Part
	p.Forced = make([]bool, q.Cells())
	p.Banned = make([]bool, q.Cells())
	p.Bound = q.Part.Bound - len(forced)
	for s := range p.Banned {
		p.Banned[s] = q.Part.Banned[s] || q.Part.Forced[s]
	}
	for _, t := range q.Targets() {
		for _, f := range forced {
			if instances.QueensAttack(f, t) {
				rest.Target[t.Row*q.Cols+t.Col] = false
				break
			}
		}
	}
	rest.Part = &p
	return rest, forced
}

// uncoverable reports whether some target of rest has no allowed square
// on its lines.
func uncoverable(rest *instances.Queens) bool {
	for _, t := range rest.Targets() {
		some := false
		for s := 0; s < rest.Cells() && !some; s++ {
			sq := instances.Square{Row: s / rest.Cols, Col: s % rest.Cols}
			some = !rest.Banned(sq) && instances.QueensAttack(sq, t)
		}
		if !some {
			return true
		}
	}
	return false
}

// usefulSquares is queensUseful for a whole case; for a part's rest it
// keeps only allowed squares, each dropped as dominated only by an allowed
// one (and, with ties, by an earlier allowed one covering the same).
func usefulSquares(q *instances.Queens, targets []instances.Square, ties bool) []bool {
	if q.Part == nil {
		return queensUseful(q, targets, ties)
	}
	S := q.Cells()
	covers := make([][]bool, S)
	for s := range covers {
		sq := instances.Square{Row: s / q.Cols, Col: s % q.Cols}
		if q.Banned(sq) {
			continue
		}
		covers[s] = make([]bool, len(targets))
		for i, t := range targets {
			covers[s][i] = instances.QueensAttack(sq, t)
		}
	}
	useful := make([]bool, S)
	for s, a := range covers {
		if a == nil || !anyTrue(a) {
			continue
		}
		useful[s] = true
		for o, b := range covers {
			if o != s && b != nil && dominates(b, a, ties && o < s) {
				useful[s] = false
				break
			}
		}
	}
	return useful
}

// dominates reports whether b covers every target a does, and more (or as
// many, with ties).
func dominates(b, a []bool, ties bool) bool {
	equal := true
	for i := range a {
		if a[i] && !b[i] {
			return false
		}
		if a[i] != b[i] {
			equal = false
		}
	}
	return !equal || ties
}

func anyTrue(a []bool) bool {
	for _, v := range a {
		if v {
			return true
		}
	}
	return false
}

// BindQueensCNF ties a kept queens claim's CNF to its case (bindQueensCNF:
// the formula rebuilt, every kept clause one of it or of the claim's
// assumptions; qc.K must be below answer). A part's formula is its rest's,
// without symmetry breaking, its queens the answer less the forced ones
// (answer is the part's bound + 1 when it has none within the bound).
func BindQueensCNF(q *instances.Queens, opt QueensOptions, answer int, qc *QueensClaim, kept *sat.CNF) error {
	if q.Part == nil {
		return bindQueensCNF(q, opt.splitFor(q), answer, qc, kept)
	}
	rest, forced := partRest(q)
	opt.NoSymmetry = true
	return bindQueensCNF(rest, opt, answer-len(forced), qc, kept)
}
