package compare

import (
	"errors"
	"fmt"

	"github.com/gridsat/gridsat/encode"
	"github.com/gridsat/gridsat/instances"
)

// rebuiltBinder returns the binder report --proofs ties r's kept claims
// to their cases with, and whether r's puzzle has one (slant so far;
// chain and queens do not, and their kept CNFs are not tied to a case).
// A claim of a case r has no row for gets a binder that refuses it.
func rebuiltBinder(r *Report) (func(encode.KeptClaim) encode.Binder, bool) {
	if r.Name() != "slant" {
		return nil, false
	}
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
		if meta.Puzzle != "slant" {
			return nil
		}
		c := cases[loc{meta.File, meta.Case}]
		return func(meta encode.KeptClaim, kept *encode.CNF) error {
			if c == nil {
				return errors.New("no case of the report is the claim's")
			}
			return bindSlant(c, meta, kept)
		}
	}, true
}

// bindSlant rebuilds the eager encoding of case c with the options meta
// records and checks kept against it (encode.BindSlantCNF).
func bindSlant(c instances.Case, meta encode.KeptClaim, kept *encode.CNF) error {
	s, err := caseAs[*instances.Slant]("slant", c)
	if err != nil {
		return err
	}
	o := Options(meta.Options)
	if pre := o.Get("pre", "none"); pre != "none" {
		return fmt.Errorf("option pre=%s: deductions before the solve are not proved", pre)
	}
	opt := encode.SlantOptions{Loops: o.Get("loops", encode.SlantLoopsLazy), Phase: o.Get("phase", encode.SlantPhaseClues)}
	var answer []byte
	if meta.Answer != "" {
		if answer, err = instances.ParseSlantAnswer(s, meta.Answer); err != nil {
			return fmt.Errorf("the claim's answer: %w", err)
		}
	}
	return encode.BindSlantCNF(s, opt, answer, kept)
}
