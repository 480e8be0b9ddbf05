package encode

import (
	"fmt"

	"github.com/gridsat/gridsat/encode/sat"
)

// A part of a split slant case (instances.SlantPart) fixes some cells'
// diagonals: the encoding holds each by a unit clause (the cells keep
// their variables, numbered as in the whole case's encoding), so every
// model, and with unique=true the second one, is a solution of the part,
// and a proof of no model refutes the part alone.

// fixPart adds a unit clause for each cell the board's part fixes; a cell
// decided the other way before the solve (SlantOptions.Facts) makes the
// clause empty.
func (e *SlantEncoding) fixPart(f *sat.CNF) {
	p := e.s.Part
	if p == nil || len(p.Fixed) == 0 {
		return
	}
	f.Comments = append(f.Comments, fmt.Sprintf("%s: %d fixed cells (unit clauses)", p.Name(), len(p.Fixed)))
	for _, c := range p.Fixed {
		addClause(f, e.Lit(c.Cell, c.Diag))
	}
}
