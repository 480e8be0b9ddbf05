package drat

import (
	"bytes"
	"errors"
	"strings"
	"testing"
)

// FuzzCheck runs the checker on arbitrary formulas and proofs (both read as
// text DRAT; the formula's deletions count as clauses): it must not panic,
// its errors must be ProofErrors, and a proof it accepts must refute a
// formula that enumeration finds unsatisfiable.
func FuzzCheck(f *testing.F) {
	f.Add("1 2 0 1 -2 0 -1 2 0 -1 -2 0", []byte("1 0\n0\n"), uint8(2))
	f.Add("1 2 3 0 1 2 -3 0 1 -2 3 0 1 -2 -3 0 -1 4 5 0 -1 4 -5 0 -1 -4 5 0 -1 -4 -5 0", []byte("1 2 0\n1 0\n4 0\n0\n"), uint8(6))
	f.Add("1 2 0 -1 2 0", []byte("d 1 2 0\n2 0\nd 2 0\n-2 0\n0\n"), uint8(3))
	f.Add("1 2 0 1 -2 0 -1 2 0 -1 -2 0", []byte("a\x06\x02\x00a\x02\x00a\x00"), uint8(3))
	f.Fuzz(func(t *testing.T, formulaText string, proof []byte, nv uint8) {
		n := int(nv % 13)
		fsteps, err := ParseText(strings.NewReader(formulaText))
		if err != nil {
			return
		}
		var formula [][]int
		for _, s := range fsteps {
			formula = append(formula, s.Lits)
		}
		steps, err := Parse(bytes.NewReader(proof))
		if err != nil {
			return
		}
		_, err = Check(n, formula, steps)
		var pe *ProofError
		if err != nil && !errors.As(err, &pe) {
			t.Fatalf("error of another type: %v", err)
		}
		if err == nil && models(n, formula).any() {
			t.Fatalf("accepted a refutation of a satisfiable formula %v: %v", formula, steps)
		}
		if _, _, err := checkWith(n, formula, steps, nil, true, true); err != nil && !errors.As(err, &pe) {
			t.Fatalf("forward mode: error of another type: %v", err)
		}
	})
}

func (b bitset) any() bool {
	for _, w := range b {
		if w != 0 {
			return true
		}
	}
	return false
}
