// Package encode holds gridsat's per-puzzle SAT encodings (slant, queens,
// chain): each builds its formula with encode/sat's CNF builder, solves it
// on a sat.Backend through the refinement loop that adds lazily found
// constraints (loops, sub-tours, crossings) until a model is right, and
// can certify its claims of an absence with a checked clausal proof.
//
// One file per puzzle holds its options, its formula and its solve
// (slant.go, queens.go, chain.go), with files beside it for each further
// concern (chain_lex.go: the lexicographic search over SAT calls;
// queens_border.go: the bound and its cubes; proof_*.go: certificates).
// A solve takes the judge's case from package instances and an options
// struct whose zero value is the default:
//
//	res, err := encode.SolveSlant(s, encode.SlantOptions{Unique: true})
//
// The lemma checkers that vouch for lazily added clauses live apart, in
// encode/lemma; the puzzle-free SAT core in encode/sat. See
// encode/README.md for the encodings and what each option buys.
package encode
