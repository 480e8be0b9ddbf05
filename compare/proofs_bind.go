package compare

import (
	"errors"

	"github.com/gridsat/gridsat/encode/kept"
)

// rebuiltBinder returns the binder report --proofs ties r's kept claims
// to their cases with (Puzzle.BindProof), setting *keys to the keys of
// the obligations the claim meets; nil when r's puzzle has none. A claim
// of a case r has no row for gets a binder that refuses it.
func rebuiltBinder(r *Report, ck *caseKeys, keys *[]string) func(kept.Claim) kept.Binder {
	if r.Puzzle == nil || r.Puzzle.BindProof == nil {
		return nil
	}
	bind := r.Puzzle.BindProof
	return func(meta kept.Claim) kept.Binder {
		if meta.Puzzle != r.Name() {
			return nil
		}
		row := ck.claimRow(meta)
		return func(meta kept.Claim, numVars int, clauses [][]int) error {
			if row == nil || row.Input == nil {
				return errors.New("no case of the report is the claim's")
			}
			var err error
			*keys, err = bind(row.Input, meta, numVars, clauses)
			return err
		}
	}
}

// caseKeys holds the content key (CaseKey) of each row of a report,
// each computed once.
type caseKeys struct {
	r    *Report
	keys map[*Row]string
}

// newCaseKeys returns the case keys of r's rows.
func newCaseKeys(r *Report) *caseKeys { return &caseKeys{r: r, keys: map[*Row]string{}} }

// of is row's case key.
func (ck *caseKeys) of(row *Row) string {
	key, ok := ck.keys[row]
	if !ok {
		key = CaseKey(ck.r.Puzzle, row.Input)
		ck.keys[row] = key
	}
	return key
}

// claimRow is the row of the report whose case a kept claim names, nil
// if none.
func (ck *caseKeys) claimRow(meta kept.Claim) *Row {
	for i := range ck.r.Rows {
		if ck.claimOfRow(&ck.r.Rows[i], meta) {
			return &ck.r.Rows[i]
		}
	}
	return nil
}

// claimOfRow reports whether a kept claim names row's case: by its
// content key and number (CaseKey), or, for a claim kept before 0.14
// without a key, by its file and number.
func (ck *caseKeys) claimOfRow(row *Row, meta kept.Claim) bool {
	if meta.Key == "" {
		return row.File == meta.File && row.Case == meta.Case
	}
	return row.Case == meta.Case && ck.of(row) == meta.Key
}
