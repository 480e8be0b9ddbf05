package puzzles

import (
	"fmt"
	"io"

	"github.com/gridsat/gridsat/compare"
	"github.com/gridsat/gridsat/instances"
)

// A chain case can be a part of a split case (instances.ChainPart): its
// answer is its smallest path beginning with the part's prefix, or -1 when
// none does. The parts' prefixes partition the case's paths, so the join
// (join.go) takes the smallest of the parts' paths by the answers
// themselves (PartOf.ByAnswer), -1 only when every part answers -1.

// chainSplitDoc is split's help for chain.
const chainSplitDoc = `a case is cut by path prefixes: the empty prefix is replaced by its
extensions by each step the rules allow (on the board, the next label, an
unvisited cell, no crossing), in direction order, the shortest prefix first,
while the parts stay at most --jobs; a prefix that begins no path is dropped.
Part i answers its smallest path beginning with its prefix, or -1; the case's
answer is the smallest of the parts' paths. --bound does not apply`

// splitChain writes the parts of every case, in order.
func splitChain(w io.Writer, cases []instances.Case, cfg compare.SplitConfig) error {
	if cfg.Estimate > 0 {
		return fmt.Errorf("--estimate: only queens has one")
	}
	if cfg.Bound >= 0 {
		return fmt.Errorf("--bound %d: a chain part looks for its smallest path, with no bound", cfg.Bound)
	}
	var parts []*instances.Chain
	for _, c := range cases {
		b, ok := c.(*instances.Chain)
		if !ok {
			return fmt.Errorf("splitting: a %T is no chain case", c)
		}
		ps, err := instances.SplitChain(b, cfg.Jobs)
		if err != nil {
			return err
		}
		parts = append(parts, ps...)
	}
	return instances.FormatChain(w, parts)
}

// chainPartOf says which part of which case c is.
func chainPartOf(c instances.Case) (compare.PartOf, bool) {
	b, ok := c.(*instances.Chain)
	if !ok || b.Part == nil {
		return compare.PartOf{}, false
	}
	return compare.PartOf{Parent: b.Part.Parent, Index: b.Part.Index, Count: b.Part.Count, Split: b.Part.Split, Jobs: b.Part.Jobs, ByAnswer: true}, true
}

// chainValue is 0 for a verified path (the join compares the paths
// themselves) and -1 for none.
func chainValue(r compare.Result) (int, error) {
	if !r.Solved {
		if r.Answer != instances.ChainNoPath {
			return 0, fmt.Errorf("no path, but the answer is %q, not %s", r.Answer, instances.ChainNoPath)
		}
		return -1, nil
	}
	return 0, nil
}

// chainSplitAgain splits the whole case of part as split did.
func chainSplitAgain(part instances.Case, jobs int) (instances.Case, []instances.Case, error) {
	b, ok := part.(*instances.Chain)
	if !ok || b.Part == nil {
		return nil, nil, fmt.Errorf("not a chain part")
	}
	whole := b.Whole()
	parts, err := instances.SplitChain(whole, jobs)
	return whole, asCases(parts), err
}
