// Package sat is gridsat's puzzle-free SAT core: the CNF builder (fresh
// variables, clauses, cardinality encodings, DIMACS in and out), the
// backends (gophersat embedded, gini, external programs through exec:)
// with their workarounds, failed-literal probing, the refinement loop that
// adds lazily found clauses until a model is right, and the clausal proof
// log with its checker. It never knows a puzzle: the encodings of the
// puzzles live in package encode, above it.
package sat
