package puzzles

import (
	"fmt"
	"io"

	"github.com/gridsat/gridsat/compare"
	"github.com/gridsat/gridsat/instances"
)

// A slant case can be a part of a split case (instances.SlantPart): its
// answer is a solution holding the part's fixed cells, or none, and with
// unique=true whether it has a second. Every solution of the case is in
// exactly one part, so the join counts (join_solutions.go): no solution
// when no part has one, unique when exactly one part has solutions and
// its is unique.

// slantSplitDoc is split's help for slant.
const slantSplitDoc = `a case is cut by fixing cells: the first undecided cell (the most clued
corners first, then row-major, after propagating the part's fixed cells by
clue counts and loops) is fixed '\' in one part and '/' in another, the
shallowest part first, while the parts stay at most --jobs; a side that the
propagation refutes is dropped. Each part answers a solution holding its
cells, or none (with compare --opt unique=true, also whether it has a second). The
case has no solution when no part has one, and is unique when exactly one
part has solutions and its is unique. --bound does not apply`

// splitSlant writes the parts of every case, in order: in the judge
// format when every case is square, else as game IDs.
func splitSlant(w io.Writer, cases []instances.Case, cfg compare.SplitConfig) error {
	if cfg.Estimate > 0 {
		return fmt.Errorf("--estimate: only queens has one")
	}
	if cfg.Bound >= 0 {
		return fmt.Errorf("--bound %d: a slant part looks for a solution, with no bound", cfg.Bound)
	}
	var parts []*instances.Slant
	square := true
	for _, c := range cases {
		s, ok := c.(*instances.Slant)
		if !ok {
			return fmt.Errorf("splitting: a %T is no slant case", c)
		}
		ps, err := instances.SplitSlant(s, cfg.Jobs)
		if err != nil {
			return err
		}
		square = square && s.W == s.H
		parts = append(parts, ps...)
	}
	if square {
		return instances.FormatSlant(w, parts)
	}
	return instances.FormatSlantIDs(w, parts)
}

// slantPartOf says which part of which case c is.
func slantPartOf(c instances.Case) (compare.PartOf, bool) {
	s, ok := c.(*instances.Slant)
	if !ok || s.Part == nil {
		return compare.PartOf{}, false
	}
	return compare.PartOf{Parent: s.Part.Parent, Index: s.Part.Index, Count: s.Part.Count, Split: s.Part.Split, Jobs: s.Part.Jobs, Solutions: true}, true
}

// slantValue is 0 for a verified solution and -1 for none (the join
// counts the parts with solutions: join_solutions.go).
func slantValue(r compare.Result) (int, error) {
	if !r.Solved {
		if r.Answer != "" {
			return 0, fmt.Errorf("no solution, but the answer is %q", r.Answer)
		}
		return -1, nil
	}
	return 0, nil
}

// slantSplitAgain splits the whole case of part as split did.
func slantSplitAgain(part instances.Case, jobs int) (instances.Case, []instances.Case, error) {
	s, ok := part.(*instances.Slant)
	if !ok || s.Part == nil {
		return nil, nil, fmt.Errorf("not a slant part")
	}
	whole := s.Whole()
	parts, err := instances.SplitSlant(whole, jobs)
	return whole, asCases(parts), err
}
