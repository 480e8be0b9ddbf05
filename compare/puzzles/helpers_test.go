package puzzles

import (
	"fmt"
	"testing"

	"github.com/gridsat/gridsat/compare"
	"github.com/gridsat/gridsat/encode/sat"
	"github.com/gridsat/gridsat/instances"
)

// cnfOf is p's CNF of c as the encoding built it (a *sat.CNF, as every
// puzzle here builds it): what tests of the formula's clauses read.
func cnfOf(p *compare.Puzzle, c instances.Case, o compare.Options, refined bool) (*sat.CNF, error) {
	f, err := p.CNF(c, o, refined)
	if err != nil {
		return nil, err
	}
	cnf, ok := f.(*sat.CNF)
	if !ok {
		return nil, fmt.Errorf("%s: CNF is a %T, not a *sat.CNF", p.Name, f)
	}
	return cnf, nil
}

// The contract's step verdicts are numbered as encode/sat's (the results
// files hold the number), and steps translates every field.
func TestStepsTranslate(t *testing.T) {
	for _, st := range []sat.Status{sat.Unknown, sat.Satisfiable, sat.Unsatisfiable} {
		got := steps([]sat.Step{{Label: "k=3", Status: st, Time: 5, Rounds: 2}})
		want := compare.Step{Label: "k=3", Status: compare.StepStatus(st), Time: 5, Rounds: 2}
		if len(got) != 1 || got[0] != want || got[0].Status.String() != st.String() {
			t.Errorf("%v: %+v, want %+v", st, got, want)
		}
	}
	if steps(nil) != nil {
		t.Error("no steps became some")
	}
}
