package encode

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/gridsat/gridsat/encode/lemma"
	"github.com/gridsat/gridsat/encode/sat"
	"github.com/gridsat/gridsat/instances"
)

// BindSlantCNF ties a kept claim's CNF to its case: it rebuilds the eager
// encoding of s under o (SlantCNF, as gridsat dimacs and the solver build
// it) and accepts kept only if it has the encoding's variables and every
// clause of it is a clause of the encoding, a cut the slant lemma checkers
// accept against the board (a loop, or corners cut off the border), or
// the blocking clause of answer (the run's solution; nil when the run
// found none). A kept CNF that is another formula, or has a clause no
// check accepts, is an error naming the clause.
func BindSlantCNF(s *instances.Slant, o SlantOptions, answer []byte, kept *sat.CNF) error {
	_, err := BindSlant(s, o, answer, kept)
	return err
}

// BindSlant is BindSlantCNF returning the key of the obligation the kept
// claim meets (SlantObligations): ObligationUnique when it holds the
// blocking clause of answer, ObligationNoSolution when it refutes the
// formula without one.
func BindSlant(s *instances.Slant, o SlantOptions, answer []byte, kept *sat.CNF) (string, error) {
	if o.Facts != nil {
		return "", errors.New("slant: a kept claim made with deductions before the solve is not certified")
	}
	f, enc, err := SlantCNF(s, o)
	if err != nil {
		return "", err
	}
	if kept.NumVars != f.NumVars {
		return "", fmt.Errorf("the kept CNF has %d variables, the case's encoding %d", kept.NumVars, f.NumVars)
	}
	k, err := lemma.NewSlantLemmas(enc.Layout())
	if err != nil {
		return "", err
	}
	key := ObligationNoSolution
	have := make(map[string]bool, len(f.Clauses))
	for _, c := range f.Clauses {
		have[clauseKey(c)] = true
	}
	for i, c := range kept.Clauses {
		if have[clauseKey(c)] {
			continue
		}
		errLoop := k.Loop(c)
		if errLoop == nil || k.Enclose(c) == nil {
			continue
		}
		if answer != nil && k.Block(c, answer) == nil {
			key = ObligationUnique
			continue
		}
		return "", fmt.Errorf("clause %d %v is not of the case's encoding, nor a loop or border cut (%v), nor the blocking clause of the run's answer", i+1, c, errLoop)
	}
	return key, nil
}

// clauseKey is a clause's literals as a set, for looking it up.
func clauseKey(c []int) string {
	s := slices.Clone(c)
	slices.Sort(s)
	s = slices.Compact(s)
	var b strings.Builder
	for _, l := range s {
		b.WriteString(strconv.Itoa(l))
		b.WriteByte(' ')
	}
	return b.String()
}
