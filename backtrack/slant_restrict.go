package backtrack

import "github.com/gridsat/gridsat/instances"

// A part of a split slant case (instances.SlantPart) fixes some cells'
// diagonals: the search sets them as root facts before its first
// propagation, so every deduction, learned nogood and region works from
// them, and the solutions found (and, for uniqueness, the second) are the
// part's. Every deduction is sound for all solutions of the whole board,
// so it is for those that hold the fixed cells.

// partFixed returns the cells s's part fixes, none for a case that is no
// part.
func partFixed(s *instances.Slant) []instances.SlantCell {
	if s.Part == nil {
		return nil
	}
	return s.Part.Fixed
}

// fixPart queues the part's fixed cells as root facts.
func (e *slantEngine) fixPart() {
	for _, f := range e.fixed {
		e.pend = append(e.pend, pending{lit: mkLit(f.Cell, f.Diag), kind: rRoot})
	}
}
