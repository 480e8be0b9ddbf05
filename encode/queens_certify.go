package encode

import (
	"fmt"

	"github.com/gridsat/gridsat/encode/sat"
	"github.com/gridsat/gridsat/instances"
)

// callProving makes one SAT call for "at most k queens" and the cube on a
// fresh proving solver and, when it answers UNSAT, checks its proof at
// once (a failure goes to res.CertErr) and hands the claim to opt.Keep.
func (s *queensSAT) callProving(k int, cube []int) (sat.Status, *QueensFormula, sat.Solver, error) {
	f := s.cubeCNF(k, cube)
	log := &sat.ProofLog{}
	sv, err := s.backend.(sat.Prover).NewProving(f, log.Sink())
	if err != nil {
		return sat.Unknown, nil, nil, fmt.Errorf("making solver: %w", err)
	}
	st, err := sv.Solve(s.opt.Deadline)
	s.addWork(sat.SolverStats{}, sv.Stats())
	if err != nil || st != sat.Unsatisfiable {
		return st, s.qf, sv, err
	}
	log.Refuted()
	name := fmt.Sprintf("at most %d queens", k)
	if cube != nil {
		name += fmt.Sprintf(", cube %v", cube)
	}
	cl := Claim{Claim: sat.Claim{Name: name, NumVars: f.NumVars, Formula: f.Clauses, Steps: log.Steps(), Trusted: s.res.Cert.Trusted},
		Queens: &QueensClaim{K: k, Upto: s.upto, Share: s.share, Border: s.border}}
	cert, cerr := sat.CheckClaim(cl.Claim, nil)
	s.res.Cert.Add(cert)
	if cerr != nil {
		s.res.CertErr = cerr
		return st, s.qf, sv, nil
	}
	if s.opt.Keep != nil {
		if err := s.opt.Keep.Keep(cl); err != nil {
			return sat.Unknown, nil, nil, fmt.Errorf("keeping the proof of %s: %w", name, err)
		}
	}
	return st, s.qf, sv, nil
}

// queensTrust names what a certified optimum rests on besides the proofs:
// the lower bound, and the encoding's reductions that keep the optimum
// but not every cover (a refutation of the reduced formula says "no cover
// of k" through them).
func queensTrust(q *instances.Queens, opt QueensOptions, lower int) []string {
	trust := []string{queensLowerTrust(q, lower),
		"the encoding leaves out squares another square dominates (a cover using one stays a cover with the other): the formula has a cover of k queens when the board has one"}
	if !opt.NoSymmetry {
		trust = append(trust, "the lex-leader constraints (over the first rows) keep at least one cover of each orbit under the board symmetries that map the targets onto themselves, its least: the formula has a cover of k queens when the board has one")
	}
	if !opt.NoSymmetry && opt.Split == QueensSplitClasses && len(q.Symmetries()) > 0 {
		trust = append(trust, "one cube per orbit of shares: a board symmetry maps every cover in the cube of a share onto a cover in the cube of its image (the symmetry permutes the square classes), so the cubes of the proved shares' images are not proved again; each cube keeps in force the lex-leader constraints of the symmetries that keep its share")
	}
	return trust
}

// queensLowerTrust names what the search's lower bound rests on: the k
// below it are never asked of the SAT solver.
func queensLowerTrust(q *instances.Queens, lower int) string {
	what := "computed from the board (the reach and share bounds of QueensLowerBound)"
	switch {
	case q.Rows == q.Cols && q.Full() && lower == q.Rows/2:
		what = "the theorem gamma(Q_n) >= (n-1)/2 (Spencer) or the bounds computed from the board"
	case weakleyBound(q) && lower == (q.Rows+1)/2:
		what = "Weakley's theorem (no (n-1)/2 queens cover Q_n unless n = 3 mod 4) or the bounds computed from the board"
	case finozhenokBound(q) && lower == (q.Rows+1)/2:
		what = "Finozhenok and Weakley's theorem (no (n-1)/2 queens cover Q_n unless n = 3 or 11) or the bounds computed from the board"
	}
	return fmt.Sprintf("fewer than %d queens cannot cover the targets: %s, not proved by SAT", lower, what)
}
