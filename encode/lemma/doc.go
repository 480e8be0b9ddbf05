// Package lemma checks the clauses gridsat adds between SAT solves (loop
// cuts, enclosure cuts, chain sub-tour and crossing cuts) against the
// puzzle itself, before a clausal proof may take them as given. It is
// written apart from the code that makes the cuts and reads only the
// clause, the board and the variable layout: a clause is accepted when
// every assignment that makes all its literals false breaks a rule of the
// puzzle, checked here from the rule's own definition.
package lemma
