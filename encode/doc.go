// Package encode holds gridsat's per-puzzle SAT encodings (slant, queens,
// chain): each builds its formula with encode/sat's CNF builder, solves it
// on a sat.Backend through the refinement loop that adds lazily found
// constraints (loops, sub-tours, crossings) until a model is right, and
// can certify its claims of an absence with a checked clausal proof.
package encode
