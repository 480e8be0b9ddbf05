package puzzles

import (
	"fmt"

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
