package instances

import (
	"fmt"
	"slices"
)

// SplitChain cuts the whole case c into at most jobs parts (fewer only
// when no part can be cut further without passing jobs), numbered 1..N in
// the lexicographic order of their prefixes.
//
// Starting from the empty prefix, the shallowest part (the first of them)
// is replaced, in place, by its prefix extended by each step the rules
// allow from its end, in direction order (a step that leaves the board,
// breaks the labels, enters a visited cell or crosses an earlier diagonal
// extends no path). A prefix with no such step begins no path and is
// dropped, unless it is the last part left or a whole path. Each path of c
// thus begins with exactly one part's prefix, and since no prefix begins
// another and the parts stay in lexicographic order, the smallest path of
// c is the answer of the first part that has one.
func SplitChain(c *Chain, jobs int) ([]*Chain, error) {
	if c.Part != nil {
		return nil, fmt.Errorf("splitting %s: it is already a part (%s): split the whole case", c.Location(), c.Part.Name())
	}
	if err := checkJobs(c.Location(), jobs); err != nil {
		return nil, err
	}
	parts := splitTree([]int{}, 0, jobs, func(dirs []int, count int) ([][]int, []int, splitStep) {
		kids, whole := c.prefixKids(dirs)
		switch {
		case len(kids) == 0 && !whole && count > 1:
			return nil, nil, splitDrop // begins no path
		case len(kids) == 0 || count-1+len(kids) > jobs:
			return nil, nil, splitStuck
		}
		depths := make([]int, len(kids))
		for k := range kids {
			depths[k] = len(dirs) + 1
		}
		return kids, depths, splitCut
	})
	hash := chainHash(c)
	out := make([]*Chain, len(parts))
	texts := make([]string, len(parts))
	for i, p := range parts {
		w := c.Whole()
		w.Part = &ChainPart{Index: i + 1, Count: len(parts), Parent: hash, Prefix: p}
		out[i], texts[i] = w, w.Part.partLine()
	}
	id := splitID(texts)
	for _, w := range out {
		w.Part.Split, w.Part.Jobs = id, jobs
	}
	return out, nil
}

// prefixKids returns dirs extended by each step the rules allow after it,
// in direction order, and whether dirs is already a whole path.
func (c *Chain) prefixKids(dirs []int) (kids [][]int, whole bool) {
	if c.Labels[0] != 0 {
		return nil, false
	}
	w := NewChainWalk(c)
	for _, d := range dirs {
		w.Step(d)
	}
	if w.Complete() {
		return nil, true
	}
	for d := 0; d < 8; d++ {
		if _, ok := w.CanStep(d); ok {
			kids = append(kids, append(slices.Clone(dirs), d))
		}
	}
	return kids, false
}
