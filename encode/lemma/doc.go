// Package lemma checks the clauses gridsat adds between SAT solves (loop
// cuts, enclosure cuts, chain sub-tour and crossing cuts) against the
// puzzle itself, before a clausal proof may take them as given. It is
// written apart from the code that makes the cuts and reads only the
// clause, the board and the variable layout: a clause is accepted when
// every assignment that makes all its literals false breaks a rule of the
// puzzle, checked here from the rule's own definition.
//
// A certified answer (--certify) checks each UNSAT call's DRAT proof with
// encode/drat, where a cut enters as an input step: trusted by the proof
// checker, so it must be vouched for here first. The package imports no
// gridsat package, so that a mistake in the encoding cannot leak into the
// check of its cuts.
package lemma
