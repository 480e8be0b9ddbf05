package backtrack

// Graph checks in the chain search (the rules ChainOptions.NoBiconnected
// and NoReach turn off), made at every node on the graph of the cells
// left, joined by the steps still open.

// chainBiconnectedShare sets how seldom the search runs the
// biconnectivity check while it keeps passing: at most once in every
// left/chainBiconnectedShare nodes, for left cells left, so that the
// check, a pass over the cells left, costs about as much as a node's own
// work (BenchmarkChainAllZero).
const chainBiconnectedShare = 64

// biconnectedDue runs the biconnectivity check at the nodes it is due at,
// and reports true at the others: skipping a check only prunes less. The
// check runs at every node after one fails (where one branch is dead, its
// siblings often are), and twice as seldom after each pass, down to its
// share of the work (chainBiconnectedShare).
func (s *chainSearch) biconnectedDue(cur int) bool {
	if s.biWait > 0 {
		s.biWait--
		return true
	}
	if !s.biconnected(cur) {
		s.biEvery, s.biWait = 0, 0
		return false
	}
	s.biEvery = min(2*s.biEvery+1, (s.n2-s.walk.Len())/chainBiconnectedShare)
	s.biWait = s.biEvery
	return true
}

// biconnected reports whether the graph of the unvisited cells and cur,
// joined by the steps still open between them (taken either way) and by an
// extra edge from cur to the target, is connected and has no cut cell. A
// path from cur through every unvisited cell to the target closes, with
// that extra edge, into a cycle through every cell of the graph, and a
// graph with such a cycle is biconnected; so failing this test proves the
// path cannot be completed. It runs Tarjan's lowpoint search iteratively
// from the target.
func (s *chainSearch) biconnected(cur int) bool {
	cells := s.n2 - s.walk.Len() // the unvisited cells and cur
	if cells <= 2 {
		return true
	}
	in := func(v int) bool { return !s.walk.Visited(v) || v == cur }
	for i := range s.disc {
		s.disc[i] = 0
	}
	root := s.target
	time := 1
	s.disc[root], s.low[root], s.iter[root], s.parent[root] = time, time, 0, -1
	s.stack = append(s.stack[:0], root)
	rootChildren := 0
	for len(s.stack) > 0 {
		u := s.stack[len(s.stack)-1]
		// The neighbours of u: in-steps, out-steps, then the extra edge.
		ni, no := len(s.in[u]), len(s.out[u])
		advanced := false
		for s.iter[u] < ni+no+1 {
			i := s.iter[u]
			s.iter[u]++
			var v int
			switch {
			case i < ni:
				e := s.in[u][i]
				if s.blocked[e.edge] {
					continue
				}
				v = e.cell
			case i < ni+no:
				e := s.out[u][i-ni]
				if s.blocked[e.edge] {
					continue
				}
				v = e.cell
			case u == cur:
				v = s.target
			case u == s.target:
				v = cur
			default:
				continue
			}
			if !in(v) {
				continue
			}
			if s.disc[v] == 0 {
				time++
				s.disc[v], s.low[v], s.iter[v], s.parent[v] = time, time, 0, u
				s.stack = append(s.stack, v)
				if u == root {
					rootChildren++
				}
				advanced = true
				break
			}
			if s.disc[v] < s.low[u] {
				s.low[u] = s.disc[v]
			}
		}
		if advanced {
			continue
		}
		s.stack = s.stack[:len(s.stack)-1]
		if p := s.parent[u]; p >= 0 {
			if s.low[u] < s.low[p] {
				s.low[p] = s.low[u]
			}
			if p != root && s.low[u] >= s.disc[p] {
				return false // p is a cut cell
			}
		}
	}
	return time == cells && rootChildren <= 1
}

// reachable reports, for K > 2 where steps go one way only, whether every
// unvisited cell can be reached from cur by open steps through unvisited
// cells, and the target from every unvisited cell: a path from cur
// through them all to the target needs both. (With K <= 2 steps go both
// ways and biconnected says more.)
func (s *chainSearch) reachable(cur int) bool {
	if s.c.K <= 2 || cur == s.target {
		return true
	}
	left := s.n2 - s.walk.Len() - 1 // unvisited cells
	for _, forward := range []bool{true, false} {
		s.stamp++
		from := cur
		if !forward {
			from = s.target
		}
		s.mark[from] = s.stamp
		s.queue = append(s.queue[:0], from)
		reached := 0
		for i := 0; i < len(s.queue); i++ {
			u := s.queue[i]
			steps := s.out[u]
			if !forward {
				steps = s.in[u]
			}
			for _, e := range steps {
				v := e.cell
				if s.blocked[e.edge] || s.walk.Visited(v) || s.mark[v] == s.stamp {
					continue
				}
				s.mark[v] = s.stamp
				s.queue = append(s.queue, v)
				reached++
			}
		}
		if forward && reached != left || !forward && reached != left-1 {
			return false
		}
	}
	return true
}
