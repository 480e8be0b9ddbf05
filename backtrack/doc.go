// Package backtrack holds gridsat's hand-written depth-first search
// solvers, one file per puzzle. Each propagates forced choices before it
// branches, branches on the most constrained choice, and undoes its work
// with a trail (slant's connectivity in its own undoable union-find,
// cornerSets), so that the search is iterative or of bounded depth and big
// boards do not exhaust the stack. The chain search also asks, on large
// subtrees, an exact check that does not search: dynamic programming over
// the cells left, swept line by line (chain_frontier.go).
//
// A solve takes the judge's case from package instances and an options
// struct whose zero value is the default; each aid can be turned off by
// its option, so that compare can put the variants side by side:
//
//	res := backtrack.SolveSlant(s, backtrack.SlantOptions{})
//	res, err := backtrack.SolveQueens(q, backtrack.QueensOptions{})
//
// The package imports instances alone and shares no code with encode.
package backtrack
