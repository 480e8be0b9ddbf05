package compare

import (
	"fmt"
	"slices"
)

// A case whose parts' solutions are its own, each in one part only
// (PartOf.Solutions: slant, whose parts fix cells both ways), is joined
// by counting: no solution when no part has one, a solution when any
// part has one, unique when exactly one part has solutions and its
// solution is unique, not unique as soon as two parts have solutions or
// one has a second. "Not unique" then rests on two verified solutions,
// and a solution whose uniqueness was not asked on one, so the join
// claims nothing; "no solution" and "unique" rest on every part's
// claim, and are backed as weakly as the weakest part's.

// addSolutions records what settled part index says: whether it has a
// solution, a second one, and whether its uniqueness was decided.
func (j *Join) addSolutions(index int, st *partState) {
	if st.solved {
		j.Solved = append(j.Solved, index)
		j.Undecided = j.Undecided || !st.decided
	}
	if st.second {
		j.Seconds = append(j.Seconds, index)
	}
}

// settleSolutions orders the parts with solutions and drops the claim of
// a join whose answer verified solutions back on their own.
func (j *Join) settleSolutions() {
	if !j.Solutions {
		return
	}
	slices.Sort(j.Solved)
	slices.Sort(j.Seconds)
	if j.NotUnique() || len(j.Solved) == 1 && j.Undecided {
		j.Claim = ""
	}
}

// NotUnique reports whether the parts show two solutions of the case:
// two parts have one, or one has two.
func (j Join) NotUnique() bool {
	return j.Solutions && (len(j.Solved) > 1 || len(j.Seconds) > 0)
}

// Unique reports whether the case has exactly one solution, as far as
// the parts' claims go: one part has solutions, decided unique.
func (j Join) Unique() bool {
	return j.Solutions && len(j.Solved) == 1 && len(j.Seconds) == 0 && !j.Undecided
}

// solutionsString says a complete join's answer, without its claim.
func (j Join) solutionsString() string {
	switch {
	case len(j.Solved) == 0:
		return "no solution: no part has one"
	case len(j.Seconds) > 0:
		return fmt.Sprintf("not unique: %s has two solutions", partList(j.Seconds[:1], j.Count))
	case len(j.Solved) > 2:
		return fmt.Sprintf("not unique: %s and %d more parts have solutions", partList(j.Solved[:2], j.Count), len(j.Solved)-2)
	case len(j.Solved) > 1:
		return fmt.Sprintf("not unique: %s have solutions", partList(j.Solved, j.Count))
	case j.Undecided:
		return fmt.Sprintf("a solution, in part %d/%d (uniqueness not asked)", j.Best, j.Count)
	}
	return fmt.Sprintf("unique, in part %d/%d", j.Best, j.Count)
}
