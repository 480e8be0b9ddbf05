package backtrack

// Matchings in the chain search (the rules ChainOptions.NoMatching and
// NoPairing turn off). A path through the cells left gives every cell but
// the target its own successor and every cell but the start its own
// predecessor: a perfect matching of the open steps, kept from node to
// node and repaired by augmenting paths after each step (rematch) and each
// removal of steps (repairMatching); when it cannot be repaired the branch
// is dead. With K=2 steps go both ways, and the degree matching (pairs)
// asks more: two different neighbours for every cell.

// matchChange is one change of the matching, for undo: sender a had
// successor succ and receiver b had predecessor pred. The trail holds
// every change down the search's depth, on big boards millions of them:
// cells fit in 32 bits (instances.ChainMaxN).
type matchChange struct {
	a, succ, b, pred int32
}

// pairChange is one change of the degree matching, for undo.
type pairChange struct {
	cell, old int32
	slot      int8
}

// setMatch makes b the successor of a in the matching (a or b may be -1
// to only unmatch the other), recording the change.
func (s *chainSearch) setMatch(a, b int) {
	ch := matchChange{a: int32(a), succ: -1, b: int32(b), pred: -1}
	if a >= 0 {
		ch.succ = int32(s.succOf[a])
		s.succOf[a] = b
	}
	if b >= 0 {
		ch.pred = int32(s.predOf[b])
		s.predOf[b] = a
	}
	s.matchTrail = append(s.matchTrail, ch)
}

// undoMatch undoes the changes of the matching made since mark.
func (s *chainSearch) undoMatch(mark int) {
	for len(s.matchTrail) > mark {
		ch := s.matchTrail[len(s.matchTrail)-1]
		s.matchTrail = s.matchTrail[:len(s.matchTrail)-1]
		if ch.a >= 0 {
			s.succOf[ch.a] = int(ch.succ)
		}
		if ch.b >= 0 {
			s.predOf[ch.b] = int(ch.pred)
		}
	}
}

// initialMatching matches every cell but the target to a successor, each
// cell but the start to a predecessor, by augmenting paths.
func (s *chainSearch) initialMatching() bool {
	for a := 0; a < s.n2; a++ {
		if a != s.target && !s.augment(a) {
			return false
		}
	}
	return true
}

// rematch repairs the matching after the step cur -> next: the step
// itself is now the match of cur and next, and the steps removed since
// mark (the other steps out of cur and into next are out of the graph too)
// leave senders unmatched; it reports whether all of them can be matched
// again.
func (s *chainSearch) rematch(cur, next, mark int) bool {
	free := s.free[:0]
	if b := s.succOf[cur]; b != next {
		a := s.predOf[next]
		if b >= 0 {
			s.setMatch(-1, b)
		}
		if a >= 0 {
			s.setMatch(a, -1)
			free = append(free, a)
		}
		s.setMatch(cur, next)
	}
	return s.repairMatching(mark, free)
}

// repairMatching unmatches the steps removed since mark, adds their
// senders to free (the senders already unmatched), and rematches every
// free sender by an alternating path; it reports false when one cannot be.
func (s *chainSearch) repairMatching(mark int, free []int) bool {
	for _, r := range s.removed[mark:] {
		from, to := s.edgeEnds(r.edge)
		if s.succOf[from] == to && !s.walk.Visited(to) {
			s.setMatch(from, -1)
			s.setMatch(-1, to)
			free = append(free, from)
		}
	}
	s.free = free
	for _, a := range free {
		if s.succOf[a] < 0 && !s.augment(a) {
			return false
		}
	}
	return true
}

// augment finds a shortest alternating path from unmatched sender a to an
// unmatched receiver and flips it. Breadth first: after a step the
// receiver set free is next to the sender set free, and a depth-first
// path would wander across the board, every change of it kept on the
// undo trail down the search's depth (BenchmarkChainAllZero). With
// s.augBudget set, it gives up (false, s.augGaveUp) after that many
// senders.
func (s *chainSearch) augment(a int) bool {
	s.stamp++
	q := append(s.senders[:0], a)
	defer func() { s.senders = q[:0] }()
	for i := 0; i < len(q); i++ {
		if s.augBudget > 0 && i >= s.augBudget {
			s.augGaveUp = true
			return false
		}
		x := q[i]
		for _, e := range s.out[x] {
			b := e.cell
			if s.mark[b] == s.stamp || s.blocked[e.edge] || s.walk.Visited(b) {
				continue
			}
			s.mark[b], s.via[b] = s.stamp, x
			p := s.predOf[b]
			if p >= 0 {
				q = append(q, p)
				continue
			}
			// Flip the path back to a: each sender on it takes the
			// receiver after it, freeing its old one for the sender before.
			for b >= 0 {
				x := s.via[b]
				old := s.succOf[x]
				s.setMatch(x, b)
				if x == a {
					break
				}
				b = old
			}
			return true
		}
	}
	return false
}

// The degree matching of K=2 boards. The graph: the unvisited cells and
// cur, joined by the open steps (either way). Cell u needs need(u) partners:
// 1 for cur and the target, 2 for the others. 0-cells and 1-cells form the
// two sides (every step joins them), so augmenting paths from the 0-cells
// short of partners decide whether every cell can get its partners.

// inGraph reports whether u is in the graph: unvisited, or cur.
func (s *chainSearch) inGraph(u, cur int) bool { return !s.walk.Visited(u) || u == cur }

// need returns how many partners u needs.
func (s *chainSearch) need(u, cur int) int {
	if u == cur || u == s.target {
		return 1
	}
	return 2
}

// partners returns how many partners u has.
func (s *chainSearch) partners(u int) int {
	k := 0
	for _, p := range s.pairs[u] {
		if p >= 0 {
			k++
		}
	}
	return k
}

// setPair makes v the partner of u in slot, recording the change.
func (s *chainSearch) setPair(u, slot, v int) {
	s.pairTrail = append(s.pairTrail, pairChange{cell: int32(u), old: int32(s.pairs[u][slot]), slot: int8(slot)})
	s.pairs[u][slot] = v
}

// link pairs u and v; unlink parts them.
func (s *chainSearch) link(u, v int) {
	for _, x := range [2][2]int{{u, v}, {v, u}} {
		for i, p := range s.pairs[x[0]] {
			if p < 0 {
				s.setPair(x[0], i, x[1])
				break
			}
		}
	}
}

func (s *chainSearch) unlink(u, v int) {
	for _, x := range [2][2]int{{u, v}, {v, u}} {
		for i, p := range s.pairs[x[0]] {
			if p == x[1] {
				s.setPair(x[0], i, -1)
				break
			}
		}
	}
}

// paired reports whether v is a partner of u.
func (s *chainSearch) paired(u, v int) bool { return s.pairs[u][0] == v || s.pairs[u][1] == v }

// undoPairs undoes the changes of the degree matching made since mark.
func (s *chainSearch) undoPairs(mark int) {
	for len(s.pairTrail) > mark {
		ch := s.pairTrail[len(s.pairTrail)-1]
		s.pairTrail = s.pairTrail[:len(s.pairTrail)-1]
		s.pairs[ch.cell][ch.slot] = int(ch.old)
	}
}

// openNeighbours calls f with every cell joined to u by an open step,
// either way, until f returns true; it reports whether f did.
func (s *chainSearch) openNeighbours(u int, f func(v int) bool) bool {
	for _, e := range s.out[u] {
		if !s.blocked[e.edge] && f(e.cell) {
			return true
		}
	}
	for _, e := range s.in[u] {
		if !s.blocked[e.edge] && f(e.cell) {
			return true
		}
	}
	return false
}

// initialPairing builds the degree matching at the root.
func (s *chainSearch) initialPairing() bool {
	s.pairs = make([][2]int, s.n2)
	for i := range s.pairs {
		s.pairs[i] = [2]int{-1, -1}
	}
	return s.fillPairs(0)
}

// fillPairs gives every 0-cell in the graph its partners by augmenting
// paths; the 1-cells then have theirs too, as both sides need as many.
func (s *chainSearch) fillPairs(cur int) bool {
	need0, need1 := 0, 0
	for u := 0; u < s.n2; u++ {
		if !s.inGraph(u, cur) {
			continue
		}
		if s.c.Labels[u] == 0 {
			need0 += s.need(u, cur)
		} else {
			need1 += s.need(u, cur)
		}
	}
	if need0 != need1 {
		return false
	}
	for u := 0; u < s.n2; u++ {
		if s.inGraph(u, cur) && s.c.Labels[u] == 0 {
			for s.partners(u) < s.need(u, cur) {
				if !s.augmentPair(u, cur) {
					return false
				}
			}
		}
	}
	return true
}

// repair mends the degree matching after the step cur -> next (K=2
// only): cur leaves the graph with its partners, next needs one partner
// fewer, and pairs joined only by steps removed since mark part; then the
// 0-cells short of partners get them by augmenting paths.
func (s *chainSearch) repair(cur, next, mark int) bool {
	if s.c.K != 2 || next == s.target {
		return true
	}
	short := s.free[:0]
	for _, p := range s.pairs[cur] {
		if p >= 0 {
			s.unlink(cur, p)
			short = append(short, p)
		}
	}
	if s.partners(next) > 1 {
		p := s.pairs[next][1]
		s.unlink(next, p)
		short = append(short, p)
	}
	short = append(short, next)
	return s.repairPairs(mark, short, next)
}

// augmentPair finds an alternating path from 0-cell u, short of partners,
// to a 1-cell short of partners, and flips it.
func (s *chainSearch) augmentPair(u, cur int) bool {
	s.stamp++
	return s.augmentPairFrom(u, cur)
}

// augmentPairFrom is augmentPair's depth-first search, over cells not yet
// marked in this stamp.
func (s *chainSearch) augmentPairFrom(u, cur int) bool {
	s.mark[u] = s.stamp
	return s.openNeighbours(u, func(v int) bool {
		if !s.inGraph(v, cur) || s.mark[v] == s.stamp || s.paired(u, v) {
			return false
		}
		s.mark[v] = s.stamp
		if s.partners(v) < s.need(v, cur) {
			s.link(u, v)
			return true
		}
		for _, w := range s.pairs[v] {
			if w < 0 || w == u || s.mark[w] == s.stamp {
				continue
			}
			// Hand v to u; w must find another partner.
			s.unlink(v, w)
			if s.augmentPairFrom(w, cur) {
				s.link(u, v)
				return true
			}
			s.link(v, w)
		}
		return false
	})
}

// repairPairs unpairs the cells joined only by steps removed since mark,
// adds them to short (the cells already short of partners), and finds
// new partners for every 0-cell in short by alternating paths among the
// cells still in the graph seen from cur. It reports false when some cell
// can no longer get the partners it needs.
func (s *chainSearch) repairPairs(mark int, short []int, cur int) bool {
	for _, r := range s.removed[mark:] {
		from, to := s.edgeEnds(r.edge)
		if back := s.edgeID(to, from); s.paired(from, to) && (back < 0 || s.blocked[back]) {
			s.unlink(from, to)
			short = append(short, from, to)
		}
	}
	s.free = short
	for _, u := range short {
		if s.c.Labels[u] != 0 || !s.inGraph(u, cur) {
			continue
		}
		for s.partners(u) < s.need(u, cur) {
			if !s.augmentPair(u, cur) {
				return false
			}
		}
	}
	return true
}
