// Package instances holds gridsat's puzzle models: for each puzzle the case
// type, its judge input format (parser), the judge output format, an
// independent verifier and generators. It also holds the small pieces of
// machinery every layer shares: source locations and input errors, a line
// tokenizer for the judge formats, and a union-find.
//
// Nothing here solves anything: solvers live in backtrack (depth-first
// search) and encode (SAT), and they import this package, never the other
// way round.
package instances
