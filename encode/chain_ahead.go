package encode

import "github.com/gridsat/gridsat/instances"

// The lexicographic search's look-ahead (chainLex.smallest): a direction
// is taken only when the cells left can still be walked, as far as a
// graph argument tells. The rest of a path, from the cell entered through
// every cell not yet visited to the target, closed by an extra edge from
// the target back to the cell entered, is a cycle through every cell of
// the graph of the cells left (joined where a step goes either way,
// crossings not looked at). A graph with such a cycle is connected and
// has no cut cell (biconnected), so failing that test proves the
// direction leads to no path: it is ruled out without a question. The
// test is a relaxation (steps taken either way, no crossings), so a pass
// proves nothing, and the questions settle the rest.

// chainAhead is the scratch space of the look-ahead.
type chainAhead struct {
	disc, low, iter, parent []int32
	stack                   []int32
	// link[u] has bit d set when the labels let a step go from u to its
	// neighbour in direction d, bit 8+d when they let one come back.
	link []uint16
	off  [8]int // the cell offset of each direction
}

// links fills a.link and a.off for board c.
func (a *chainAhead) links(c *instances.Chain) {
	n2 := c.N * c.N
	a.link = make([]uint16, n2)
	for d := 0; d < 8; d++ {
		a.off[d] = instances.ChainDR[d]*c.N + instances.ChainDC[d]
	}
	for u := 0; u < n2; u++ {
		for d := 0; d < 8; d++ {
			v, ok := c.Neighbour(u, d)
			if !ok {
				continue
			}
			if c.Follows(u, v) {
				a.link[u] |= 1 << d
			}
			if c.Follows(v, u) {
				a.link[u] |= 1 << (8 + d)
			}
		}
	}
}

// twoConnected reports whether the walk's end and the cells it has not
// visited, with an extra edge from its end to the target, form a
// connected graph without a cut cell; with two cells or fewer, whether
// they are connected. Two cells are joined when a step may still go from
// one to the other: by the labels, not out of the target nor into the
// walk's end, not across a diagonal step taken. It runs Tarjan's lowpoint
// search, iteratively, from the walk's end.
func (l *chainLex) twoConnected() bool {
	c := l.c
	n2 := c.N * c.N
	target := n2 - 1
	next := l.walk.Cur()
	cells := n2 - l.walk.Len() // the unvisited cells and the walk's end
	a := &l.ahead
	if len(a.disc) != n2 {
		a.disc, a.low = make([]int32, n2), make([]int32, n2)
		a.iter, a.parent = make([]int32, n2), make([]int32, n2)
		a.links(c)
	}
	clear(a.disc)
	// joined reports whether u and v, both left, are joined, v being u's
	// neighbour in direction d (8: the extra edge): a step either way, not
	// out of the target nor into the walk's end, crossing no diagonal.
	joined := func(u, v, d int) bool {
		if d == 8 {
			return true
		}
		lk := a.link[u]
		there := lk&(1<<d) != 0 && u != target && v != next
		back := lk&(1<<(8+d)) != 0 && v != target && u != next
		return (there || back) && (d%2 == 0 || !l.walk.Crosses(u, d))
	}
	var time int32 = 1
	a.disc[next], a.low[next], a.iter[next], a.parent[next] = time, time, 0, -1
	a.stack = append(a.stack[:0], int32(next))
	rootChildren := 0
	for len(a.stack) > 0 {
		u := int(a.stack[len(a.stack)-1])
		advanced := false
		// The king neighbours of u, then the extra edge (d = 8).
		for a.iter[u] <= 8 {
			d := int(a.iter[u])
			a.iter[u]++
			v := -1
			if d < 8 {
				if a.link[u]&(0x101<<d) != 0 {
					v = u + a.off[d]
				}
			} else if u == next {
				v = target
			} else if u == target {
				v = next
			}
			if v < 0 || v == u || v != next && l.walk.Visited(v) || !joined(u, v, d) {
				continue
			}
			if a.disc[v] == 0 {
				time++
				a.disc[v], a.low[v], a.iter[v], a.parent[v] = time, time, 0, int32(u)
				a.stack = append(a.stack, int32(v))
				if u == next {
					rootChildren++
				}
				advanced = true
				break
			}
			a.low[u] = min(a.low[u], a.disc[v])
		}
		if advanced {
			continue
		}
		a.stack = a.stack[:len(a.stack)-1]
		if p := int(a.parent[u]); p >= 0 {
			a.low[p] = min(a.low[p], a.low[u])
			if p != next && a.low[u] >= a.disc[p] && cells > 2 {
				return false // p is a cut cell
			}
		}
	}
	return int(time) == cells && (cells <= 2 || rootChildren <= 1)
}
