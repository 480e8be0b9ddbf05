package compare

import (
	"errors"

	"github.com/gridsat/gridsat/encode"
	"github.com/gridsat/gridsat/encode/sat"
	"github.com/gridsat/gridsat/instances"
)

// rebuiltBinder returns the binder report --proofs ties r's kept claims
// to their cases with, and whether r's puzzle has one (Puzzle.BindProof;
// a puzzle without one has its kept CNFs checked as they are, its runs
// left certified when run). A claim of a case r has no row for gets a
// binder that refuses it.
func rebuiltBinder(r *Report) (func(encode.KeptClaim) encode.Binder, bool) {
	if r.Puzzle == nil || r.Puzzle.BindProof == nil {
		return nil, false
	}
	bind := r.Puzzle.BindProof
	type loc struct {
		file   string
		number int
	}
	cases := map[loc]instances.Case{}
	for _, row := range r.Rows {
		if row.Input != nil {
			cases[loc{row.File, row.Case}] = row.Input
		}
	}
	return func(meta encode.KeptClaim) encode.Binder {
		if meta.Puzzle != r.Name() {
			return nil
		}
		c := cases[loc{meta.File, meta.Case}]
		return func(meta encode.KeptClaim, kept *sat.CNF) error {
			if c == nil {
				return errors.New("no case of the report is the claim's")
			}
			return bind(c, meta, kept)
		}
	}, true
}
