// Package sat is gridsat's puzzle-free SAT core: the CNF builder (fresh
// variables, clauses, cardinality encodings, DIMACS in and out), the
// backends (gophersat embedded, gini, external programs through exec:)
// with their workarounds, failed-literal probing, the refinement loop that
// adds lazily found clauses until a model is right, and the clausal proof
// log with its checker (CheckClaim, over encode/drat).
//
// Its interfaces are small, in the manner of gini's inter package: a
// Backend (LookupBackend by name) makes Solvers from a CNF; what a backend
// or a solver can do beyond that is an interface of its own, found by type
// assertion: Prover and CubeBackend on a Backend, Assumer and Cuber on a
// Solver.
//
// It never knows a puzzle: it sees literals, clauses and models, and
// takes what a model gets wrong as a Cutter. The encodings of the puzzles,
// and what their claims assume, live in package encode, above it; this
// package imports no gridsat package but encode/drat.
package sat
