package backtrack

import "github.com/gridsat/gridsat/instances"

// Propagation in the chain search (the rule ChainOptions.NoForced turns
// off): degrees and forced steps. A cell that can no longer get a
// predecessor and a successor (different cells) ends the branch (stuck,
// viable); a cell with one possible predecessor or successor left forces
// that step (propagate), which removes the steps contradicting it (force),
// and a chain of forced steps may not close into a cycle (closeChain).
// Probing at the root (probe) tries every step with the rules that are on.

// force removes the steps that contradict step a -> b being on the path:
// the other steps out of a and into b, the step back, and the crossing
// steps; it reports false when the chain of forced steps through a -> b
// rules the path out (closeChain).
func (s *chainSearch) force(a, b, cur int) bool {
	for _, e := range s.out[a] {
		if e.cell != b && !s.walk.Visited(e.cell) {
			s.removeEdge(e.edge, cur)
		}
	}
	for _, e := range s.in[b] {
		if e.cell != a && (!s.walk.Visited(e.cell) || e.cell == cur) {
			s.removeEdge(e.edge, cur)
		}
	}
	s.removeEdge(s.edgeID(b, a), cur)
	for d := 1; d < 8; d += 2 {
		if x, ok := s.c.Neighbour(a, d); ok && x == b {
			s.removeAcross(a, d, cur)
		}
	}
	return s.closeChain(a, b, cur)
}

// onlySucc returns the one cell u can still step to, or -1.
func (s *chainSearch) onlySucc(u int) int {
	if u == s.target || s.succs[u] != 1 {
		return -1
	}
	for _, e := range s.out[u] {
		if !s.blocked[e.edge] && !s.walk.Visited(e.cell) {
			return e.cell
		}
	}
	return -1
}

// onlyPred returns the one cell that can still step to u, or -1.
func (s *chainSearch) onlyPred(u, cur int) int {
	if u == cur || s.preds[u] != 1 {
		return -1
	}
	for _, e := range s.in[u] {
		if !s.blocked[e.edge] && (!s.walk.Visited(e.cell) || e.cell == cur) {
			return e.cell
		}
	}
	return -1
}

// closeChain follows the forced steps through a -> b to both ends of
// their chain, head -> ... -> tail. A chain that closes on itself is a
// detached cycle: no path. A step tail -> head would close one: it is
// removed. A chain from cur to the target must hold every cell left.
func (s *chainSearch) closeChain(a, b, cur int) bool {
	cells := 2
	tail := b
	for x := s.onlySucc(b); x >= 0; x = s.onlySucc(x) {
		if x == b {
			return false // a cycle of forced steps
		}
		tail = x
		cells++
		if cells > s.n2 {
			return false
		}
	}
	head := a
	for x := s.onlyPred(a, cur); x >= 0; x = s.onlyPred(x, cur) {
		if x == a || x == tail {
			return false
		}
		head = x
		cells++
		if cells > s.n2 {
			return false
		}
	}
	if head == cur && tail == s.target {
		return cells == s.n2-s.walk.Len()
	}
	s.removeEdge(s.edgeID(tail, head), cur)
	return true
}

// propagate draws the consequences of the queued cells' lost steps, to a
// fixpoint: a cell with one possible predecessor (or successor) left
// forces that step, which removes the steps contradicting it. It reports
// false when some cell is left without a predecessor or successor.
func (s *chainSearch) propagate(cur int) bool {
	for len(s.pending) > 0 {
		u := s.pending[len(s.pending)-1]
		s.pending = s.pending[:len(s.pending)-1]
		if s.walk.Visited(u) && u != cur {
			continue
		}
		if u != cur {
			if s.stuck(u, cur) {
				s.pending = s.pending[:0]
				return false
			}
			if s.preds[u] == 1 {
				for _, e := range s.in[u] {
					if !s.blocked[e.edge] && (!s.walk.Visited(e.cell) || e.cell == cur) {
						if !s.force(e.cell, u, cur) {
							s.pending = s.pending[:0]
							return false
						}
						break
					}
				}
			}
		}
		if u != s.target && s.succs[u] == 1 {
			for _, e := range s.out[u] {
				if !s.blocked[e.edge] && !s.walk.Visited(e.cell) {
					if !s.force(u, e.cell, cur) {
						s.pending = s.pending[:0]
						return false
					}
					break
				}
			}
		}
	}
	return true
}

// viable checks the degrees after the walk stepped from prev to cur: the
// cells that may have lost a possible neighbour (those next to prev and
// cur, and the ends of the diagonal the step crossed) must each keep a
// predecessor and a successor, different cells, and cur a successor. It
// is a quick test before propagate, which checks the cells it touches
// the same way (stuck).
func (s *chainSearch) viable(prev, cur int) bool {
	if cur == s.target {
		return true // the last cell: nothing is left unvisited
	}
	if s.succs[cur] == 0 {
		return false
	}
	for _, e := range s.out[prev] {
		if !s.walk.Visited(e.cell) && s.stuck(e.cell, cur) {
			return false
		}
	}
	for _, e := range s.in[cur] {
		if !s.walk.Visited(e.cell) && s.stuck(e.cell, cur) {
			return false
		}
	}
	if dirs := s.walk.Dirs(); dirs[len(dirs)-1]%2 == 1 {
		// The two cells of the other diagonal.
		d := dirs[len(dirs)-1]
		x := prev + instances.ChainDC[d]
		y := prev + instances.ChainDR[d]*s.n
		if !s.walk.Visited(x) && s.stuck(x, cur) || !s.walk.Visited(y) && s.stuck(y, cur) {
			return false
		}
	}
	return true
}

// stuck reports whether unvisited cell u can no longer get a predecessor
// and a successor that are different cells (the target needs only a
// predecessor); cur is the path's current end.
func (s *chainSearch) stuck(u, cur int) bool {
	if s.preds[u] == 0 {
		return true
	}
	if u == s.target {
		return false
	}
	if s.succs[u] == 0 {
		return true
	}
	if s.c.K > 2 || s.preds[u] > 1 || s.succs[u] > 1 {
		// With K > 2 a predecessor and a successor carry different labels.
		return false
	}
	// One possible predecessor and one possible successor: are they the
	// same cell (K <= 2, where steps go both ways)?
	var p, q int
	for _, e := range s.in[u] {
		if !s.blocked[e.edge] && (!s.walk.Visited(e.cell) || e.cell == cur) {
			p = e.cell
		}
	}
	for _, e := range s.out[u] {
		if !s.blocked[e.edge] && !s.walk.Visited(e.cell) {
			q = e.cell
		}
	}
	return p == q
}

// probe tries every open step at the root: when taking it leads to a
// contradiction by the rules on (forced steps, matchings), the step is
// removed for good. It repeats until nothing changes and reports false
// when the board is found to have no path.
func (s *chainSearch) probe(cur int) bool {
	for changed := true; changed; {
		changed = false
		for a := 0; a < s.n2; a++ {
			for _, e := range s.out[a] {
				if s.blocked[e.edge] || s.walk.Visited(e.cell) || s.walk.Visited(a) && a != cur {
					continue
				}
				mark, mt, pt := len(s.removed), len(s.matchTrail), len(s.pairTrail)
				s.augBudget, s.augGaveUp = chainProbeAugment, false
				ok := s.force(a, e.cell, cur) && s.settle(cur) && s.refit(mark, cur)
				ok = ok || s.augGaveUp // not refuted: the matching gave up
				s.augBudget = 0
				s.undoMatch(mt)
				s.undoPairs(pt)
				s.restoreEdges(mark)
				if ok {
					continue
				}
				changed = true
				mark = len(s.removed)
				s.removeEdge(e.edge, cur)
				if !s.settle(cur) || !s.refit(mark, cur) {
					return false
				}
			}
		}
	}
	return true
}

// chainProbeAugment bounds the senders an augmenting path visits while a
// step is probed: on a board where every step exists a probe's repair is
// otherwise a search over much of the board, for each of its steps, to
// refute next to none of them (BenchmarkChainAllZero); a probe that gives
// up keeps its step.
const chainProbeAugment = 64

// settle propagates the queued changes when forced steps are on, and
// drops them otherwise.
func (s *chainSearch) settle(cur int) bool {
	if s.rules.forced {
		return s.propagate(cur)
	}
	s.pending = s.pending[:0]
	return true
}

// refit repairs the matching and the K=2 degree matching, those that are
// on, after the removals since mark, and reports whether both can still
// be completed.
func (s *chainSearch) refit(mark, cur int) bool {
	if s.rules.matching && !s.repairMatching(mark, s.free[:0]) {
		return false
	}
	// The degree matching: pairs joined only by removed steps part.
	return !s.rules.pairing || s.repairPairs(mark, s.free[:0], cur)
}
