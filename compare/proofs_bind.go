package compare

import (
	"errors"
	"fmt"

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

// bindSlant rebuilds the eager encoding of case c with the options meta
// records and checks kept against it (encode.BindSlantCNF).
func bindSlant(c instances.Case, meta encode.KeptClaim, kept *sat.CNF) error {
	s, err := caseAs[*instances.Slant]("slant", c)
	if err != nil {
		return err
	}
	o := Options(meta.Options)
	cfg, err := slantSATDecl.Parse(o)
	if err != nil {
		return err
	}
	if cfg.Pre.on {
		return fmt.Errorf("option pre=%s: deductions before the solve are not proved", cfg.Pre.level)
	}
	opt := encode.SlantOptions{Loops: cfg.Loops, Phase: cfg.Phase}
	var answer []byte
	if meta.Answer != "" {
		if answer, err = instances.ParseSlantAnswer(s, meta.Answer); err != nil {
			return fmt.Errorf("the claim's answer: %w", err)
		}
	}
	return encode.BindSlantCNF(s, opt, answer, kept)
}

// bindChain rebuilds the encoding of chain case c with the options meta
// records and checks kept against it (encode.BindChainCNF).
func bindChain(c instances.Case, meta encode.KeptClaim, kept *sat.CNF) error {
	b, err := caseAs[*instances.Chain]("chain", c)
	if err != nil {
		return err
	}
	o := Options(meta.Options)
	cfg, err := chainSATDecl.Parse(o)
	if err != nil {
		return err
	}
	opt := cfg.ChainOptions
	return encode.BindChainCNF(b, opt, meta.Answer, kept)
}

// bindQueens rebuilds the formula of queens case c with the options meta
// records and checks kept against it (encode.BindQueensCNF).
func bindQueens(c instances.Case, meta encode.KeptClaim, kept *sat.CNF) error {
	q, err := caseAs[*instances.Queens]("queens", c)
	if err != nil {
		return err
	}
	opt, err := satQueensOptions(Options(meta.Options))
	if err != nil {
		return err
	}
	_, queens, err := instances.ParseQueensAnswer(meta.Answer)
	if err != nil {
		return fmt.Errorf("the claim's answer: %w", err)
	}
	return encode.BindQueensCNF(q, opt, queens, meta.Queens, kept)
}
