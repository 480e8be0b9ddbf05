package puzzles

import (
	"github.com/gridsat/gridsat/compare"
	"github.com/gridsat/gridsat/encode/kept"
	"github.com/gridsat/gridsat/encode/sat"
	"github.com/gridsat/gridsat/instances"
)

// certStats are the statistics of a certificate: the claims proved, the
// proofs' lemmas, the
// lemmas the checker had to check, the accepted cut lemmas, and the
// checking time in microseconds, all of it and the lemma checkers' part,
// and the time spent solving again for proofs after the search (chain's
// smallest path).
func certStats(c sat.Certificate) []compare.Stat {
	return []compare.Stat{
		{Name: "proof_claims", Value: int64(c.Claims)},
		{Name: "proof_lemmas", Value: int64(c.Lemmas)},
		{Name: "proof_core", Value: int64(c.Core)},
		{Name: "proof_inputs", Value: int64(c.Inputs)},
		{Name: "check_us", Value: c.Check.Microseconds()},
		{Name: "lemma_check_us", Value: c.Lemma.Microseconds()},
		{Name: "prove_us", Value: c.Solve.Microseconds()},
	}
}

// satStats turns encode's statistics into named stats, in a fixed order.
func satStats(s sat.Stats) []compare.Stat {
	return []compare.Stat{
		{Name: "vars", Value: int64(s.Vars)},
		{Name: "clauses", Value: int64(s.Clauses)},
		{Name: "rounds", Value: int64(s.Rounds)},
		{Name: "added", Value: int64(s.Added)},
		{Name: "solves", Value: int64(s.Solves)},
		{Name: "conflicts", Value: s.Search.Conflicts},
		{Name: "decisions", Value: s.Search.Decisions},
		{Name: "probed", Value: s.Search.Probed},
		{Name: "repairs", Value: s.Search.Repairs},
	}
}

// steps translates a SAT search's outer steps into the contract's.
func steps(ss []sat.Step) []compare.Step {
	if ss == nil {
		return nil
	}
	out := make([]compare.Step, len(ss))
	for i, s := range ss {
		out[i] = compare.Step{Label: s.Label, Status: compare.StepStatus(s.Status), Time: s.Time, Rounds: s.Rounds}
	}
	return out
}

// satSolver is the name every puzzle here gives its SAT solver (and dfs
// its DFS): the Puzzle's SAT and DFS fields say so to the contract.
const (
	satSolver = "sat"
	dfsSolver = "dfs"
)

// formula adapts an encoding to Puzzle.CNF.
func formula(encode func(c instances.Case, o compare.Options, refined bool) (*sat.CNF, error)) func(instances.Case, compare.Options, bool) (compare.Formula, error) {
	return func(c instances.Case, o compare.Options, refined bool) (compare.Formula, error) {
		f, err := encode(c, o, refined)
		if err != nil {
			return nil, err
		}
		return f, nil
	}
}

// binder adapts a proof binding over a sat.CNF to Puzzle.BindProof.
func binder(bind func(c instances.Case, meta kept.Claim, kept *sat.CNF) ([]string, error)) func(instances.Case, kept.Claim, int, [][]int) ([]string, error) {
	return func(c instances.Case, meta kept.Claim, numVars int, clauses [][]int) ([]string, error) {
		return bind(c, meta, &sat.CNF{NumVars: numVars, Clauses: clauses})
	}
}
