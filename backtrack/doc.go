// Package backtrack holds gridsat's hand-written depth-first search
// solvers, one file per puzzle. Each propagates forced choices before it
// branches, branches on the most constrained choice, and undoes its work
// with a trail (slant's connectivity in its own undoable union-find,
// cornerSets), so that the search is iterative or of bounded depth and big
// boards do not exhaust the stack. The chain search also asks, on large
// subtrees, an exact check that does not search: dynamic programming over
// the cells left, swept line by line (chain_frontier.go).
package backtrack
