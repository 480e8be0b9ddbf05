// Package drat reads, writes and checks DRAT clausal proofs of
// unsatisfiability, so that an UNSAT answer of any SAT solver can be checked
// inside gridsat without trusting the solver.
//
// A proof is a list of steps after a formula (a CNF): lemmas (clauses the
// solver derived, each to be checked), deletions (clauses the solver no
// longer uses) and inputs (clauses the caller adds mid-proof and vouches for,
// such as a lazily added cut that a puzzle lemma checker accepted; they are
// trusted, not checked, and join the formula at their point of the proof).
//
// Check works as drat-trim does: a forward pass adds the clauses with unit
// propagation on two watched literals until the clauses conflict, then a
// backward pass from that conflict checks, in reverse order, only the lemmas
// the refutation needs, each as RUP (reverse unit propagation) or, failing
// that, as RAT on its first literal. The package imports no SAT solver.
package drat
