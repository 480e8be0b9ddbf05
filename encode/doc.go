// Package encode holds gridsat's SAT side: a CNF builder (fresh variables,
// clauses, cardinality constraints, DIMACS output), the narrow Backend
// interface with its gophersat implementation, the refinement loop that adds
// lazily found constraints (loops, sub-tours, crossings) until a model is
// right, and one encoding per puzzle.
package encode
