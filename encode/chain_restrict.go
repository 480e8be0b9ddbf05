package encode

import "fmt"

// A part of a split chain case (instances.ChainPart) fixes the first moves
// of every path: the encoding holds the prefix's step variables true by
// unit clauses, so every model, and so the smallest path found, begins
// with the prefix, and a proof of no model refutes the part alone.

// fixPrefix adds a unit clause for each step of the board's prefix; a step
// the board has no variable for (the parser refuses such a prefix) makes
// the formula a contradiction on a fresh variable.
func (e *ChainEncoding) fixPrefix() {
	c, f := e.board, e.CNF
	prefix := c.Prefix()
	if len(prefix) == 0 {
		return
	}
	f.Comments = append(f.Comments, fmt.Sprintf("%s: the path begins with the prefix %v (unit clauses)", c.Part.Name(), prefix))
	cell := 0
	for i, d := range prefix {
		next, ok := c.Neighbour(cell, d)
		v := e.step[cell*8+d]
		if !ok || v == 0 {
			w := f.NewVar()
			f.Comments = append(f.Comments, fmt.Sprintf("var %d: step %d of the prefix is no step of the board, so no path", w, i+1))
			f.Add(w)
			f.Add(-w)
			return
		}
		f.Add(v)
		cell = next
	}
}

// walkPrefix takes the board's prefix as the lexicographic search's first
// fixed steps, so that its greedy continuations and patched cycles begin
// with it; it stops at a step the rules refuse (then the formula is a
// contradiction: fixPrefix).
func (l *chainLex) walkPrefix() {
	for _, d := range l.c.Prefix() {
		if _, ok := l.walk.CanStep(d); !ok {
			return
		}
		l.walk.Step(d)
	}
}
