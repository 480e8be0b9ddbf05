package backtrack

// Refutation in the chain search (the rule ChainOptions.Refute turns
// on; off by default, as the frontier check, chain_frontier.go, does its
// work better). The search in direction order must try the steps from the path's
// end first, and a branch with no path below it costs every node of its
// subtree: on boards of swapped labels (the counts right) the search walks
// the regular part of the board in every order while what rules the
// branch out lies at the far end, near the target. complete asks the
// question from the other end: is there any path from the path's end
// through every cell left? It grows the path backwards from the target
// (branching on the predecessors of the first cell of the chain of forced
// steps ending at the target; the most constrained cell once that chain
// reaches the path's end), takes each choice as a forced step (force) with
// the rules that are on, and removes a choice that failed for good before
// trying the next. Its answer "no path" is sound as every branch is: a
// cell left needs a predecessor among its open steps, and the rules only
// remove steps no path takes. Its answer "a path" is checked by walking it
// with the step rules (instances.ChainWalk). The search calls it on a node
// once the node's subtree has grown past chainRefuteAfter nodes.

// chainVerdict is what complete found.
type chainVerdict int8

const (
	// verdictUnknown: the budget ran out (or a completion did not walk).
	verdictUnknown chainVerdict = iota
	// verdictNone: no path completes the walk.
	verdictNone
	// verdictPath: some path completes it.
	verdictPath
)

// completes reports whether some path completes the walk at cur, within
// budget nodes of complete (counted in s.nodes too); the search's state is
// the same afterwards.
func (s *chainSearch) completes(cur int, budget int64) chainVerdict {
	s.budget = budget
	return s.complete(cur)
}

// complete is completes's search: it branches on the predecessors of the
// target chain's first cell (targetHead), else on the most constrained
// cell (branchCell), and recurses, restoring the state before it returns.
func (s *chainSearch) complete(cur int) chainVerdict {
	s.nodes++
	if s.budget--; s.budget < 0 || s.opts.MaxNodes > 0 && s.nodes > s.opts.MaxNodes {
		return verdictUnknown
	}
	u, pred := s.targetHead(cur), true
	if u < 0 {
		u, pred = s.branchCell(cur)
	}
	if u < 0 {
		if s.walksThrough(cur) {
			return verdictPath
		}
		return verdictUnknown
	}
	frame, mt0, pt0 := len(s.removed), len(s.matchTrail), len(s.pairTrail)
	defer func() {
		s.undoMatch(mt0)
		s.undoPairs(pt0)
		s.restoreEdges(frame)
	}()
	steps := s.out[u]
	if pred {
		steps = s.in[u]
	}
	for _, e := range steps {
		if !s.openFor(e, u, pred, cur) {
			continue
		}
		a, b := u, e.cell
		if pred {
			a, b = e.cell, u
		}
		mark, mt, pt := len(s.removed), len(s.matchTrail), len(s.pairTrail)
		v := verdictNone
		if s.force(a, b, cur) && s.settle(cur) && s.refit(mark, cur) && s.graphHolds(cur) {
			v = s.complete(cur)
		}
		s.undoMatch(mt)
		s.undoPairs(pt)
		s.restoreEdges(mark)
		if v != verdictNone {
			return v
		}
		// No path takes a -> b here: out of the graph for the next choices.
		mark = len(s.removed)
		s.removeEdge(e.edge, cur)
		if !s.settle(cur) || !s.refit(mark, cur) || !s.graphHolds(cur) {
			return verdictNone
		}
	}
	return verdictNone
}

// openFor reports whether step e of u (out of u, or into u when pred) is
// still a possible step of the path's rest.
func (s *chainSearch) openFor(e chainStep, u int, pred bool, cur int) bool {
	if s.blocked[e.edge] {
		return false
	}
	if pred {
		return !s.walk.Visited(e.cell) || e.cell == cur
	}
	return !s.walk.Visited(e.cell)
}

// graphHolds runs the graph checks that are on: reachability (K>2) and
// biconnectivity.
func (s *chainSearch) graphHolds(cur int) bool {
	return (!s.rules.reach || s.reachable(cur)) && (!s.rules.biconnected || s.biconnected(cur))
}

// branchCell returns the cell with the fewest possible successors (pred
// false) or predecessors (pred true) left, more than one; -1 when every
// cell has at most one, so the forced steps are the whole path.
func (s *chainSearch) branchCell(cur int) (cell int, pred bool) {
	cell, best := -1, 1<<30
	for u := 0; u < s.n2; u++ {
		if s.walk.Visited(u) && u != cur {
			continue
		}
		if u != s.target && s.succs[u] > 1 && s.succs[u] < best {
			cell, pred, best = u, false, s.succs[u]
		}
		if u != cur && s.preds[u] > 1 && s.preds[u] < best {
			cell, pred, best = u, true, s.preds[u]
		}
		if best == 2 {
			break
		}
	}
	return cell, pred
}

// targetHead returns the first cell of the chain of forced steps ending at
// the target, when it still needs its predecessor chosen (more than one
// possible); -1 when the chain reaches cur.
func (s *chainSearch) targetHead(cur int) int {
	h := s.target
	for steps := 0; steps < s.n2; steps++ {
		p := s.onlyPred(h, cur)
		if p < 0 {
			if s.preds[h] > 1 {
				return h
			}
			return -1
		}
		if p == cur {
			return -1
		}
		h = p
	}
	return -1
}

// walksThrough follows the one open step out of each cell from cur and
// reports whether the walk's rules take it through every cell left to the
// target; the walk is as before afterwards.
func (s *chainSearch) walksThrough(cur int) bool {
	steps := 0
	defer func() {
		for ; steps > 0; steps-- {
			s.walk.Back()
		}
	}()
	for x := cur; !s.walk.Complete(); {
		d := -1
		for _, e := range s.out[x] {
			if !s.blocked[e.edge] && !s.walk.Visited(e.cell) {
				d = e.dir
				break
			}
		}
		if d < 0 {
			return false
		}
		next, ok := s.walk.CanStep(d)
		if !ok {
			return false
		}
		s.walk.Step(d)
		steps++
		x = next
	}
	return true
}

// chainRefuteAfter is the size a node's subtree grows to before the search
// calls complete on it, and chainRefuteBudget complete's node budget there,
// for a node with left cells left.
func chainRefuteAfter(left int) int64  { return int64(4*left + 64) }
func chainRefuteBudget(left int) int64 { return int64(8*left + 256) }
