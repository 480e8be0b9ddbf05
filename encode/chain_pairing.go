package encode

import (
	"fmt"

	"github.com/gridsat/gridsat/instances"
)

// chainPairing is the K=2 matching argument. With two labels every step
// joins a 0-cell and a 1-cell, and steps go both ways, so the directed
// matching of chainMatching lets two cells be each other's successor. A
// path does more: it gives every cell two different neighbours (the two
// ends one), each pair of neighbours joined once. That is a b-matching of
// the bipartite graph of 0-cells and 1-cells joined where a step goes
// either way, found here by augmenting paths; when none exists, the cells
// the last failed search reached need more partners than they can have.
// It returns why there is no path, or "".
func chainPairing(c *instances.Chain) string {
	if c.N == 1 {
		return "" // the start is the target: no step at all
	}
	p := newChainPairer(c, nil)
	if u := p.fill(); u >= 0 {
		return fmt.Sprintf("pairing: the cells reached from (%d,%d) by alternating steps cannot all get two different neighbours (the ends one): a path through them would use a step twice", u/c.N, u%c.N)
	}
	return ""
}

// chainPairingAfter is chainPairing for the rest of a path: it reports
// whether the cells walk has not visited, with its end, can still be
// paired (the end and the target one neighbour, the others two, along
// steps between them; crossings are not looked at, so a no is sound). The
// lexicographic search asks it before a question whose steps it has
// walked: a no answers the question without a solve.
// p, if not nil, is a pairer to reuse (its buffers), for the many
// questions of one search.
func chainPairingAfter(c *instances.Chain, walk *instances.ChainWalk, p *chainPairer) bool {
	if walk.Complete() {
		return true
	}
	if p == nil {
		p = &chainPairer{}
	}
	return p.reset(c, walk).fill() < 0
}

// fill gives every 0-cell its partners by augmenting paths and returns -1,
// or the first 0-cell that cannot get them.
func (p *chainPairer) fill() int {
	for u := range p.need {
		if p.c.Labels[u] != 0 {
			continue
		}
		for p.need[u] > 0 {
			if !p.augment(u) {
				return u
			}
		}
	}
	return -1
}

// chainPairer is the state of chainPairing: the graph's edges (a 0-cell
// and a 1-cell a step joins either way), which are in the b-matching, and
// how many partners each cell still needs.
type chainPairer struct {
	c     *instances.Chain
	ends  [][2]int // ends[e]: the 0-cell and the 1-cell of edge e
	edges [][]int  // edges[cell]: the edges at the cell
	used  []bool
	need  []int
	seen  []int // by cell: the stamp of the search that reached it
	stamp int
	// plain turns off augment's look at the free partners next to each
	// 0-cell before it searches deeper (tests compare the two).
	plain bool
}

// newChainPairer sets up the pairing of the whole board (walk nil) or of
// the cells walk has not visited and its end, which needs one partner, a
// successor: steps into it and out of visited cells do not count.
func newChainPairer(c *instances.Chain, walk *instances.ChainWalk) *chainPairer {
	return (&chainPairer{}).reset(c, walk)
}

// reset is newChainPairer on p, reusing its buffers; it returns p.
func (p *chainPairer) reset(c *instances.Chain, walk *instances.ChainWalk) *chainPairer {
	n2 := c.N * c.N
	if p.c != c || len(p.need) != n2 {
		*p = chainPairer{c: c, edges: make([][]int, n2), need: make([]int, n2), seen: make([]int, n2), plain: p.plain}
	}
	for a := range p.edges {
		p.edges[a] = p.edges[a][:0]
		p.need[a] = 0
	}
	p.ends = p.ends[:0]
	start := 0
	left := func(x int) bool { return walk == nil || !walk.Visited(x) || x == start }
	if walk != nil {
		start = walk.Cur()
	}
	for a := 0; a < n2; a++ {
		if !left(a) {
			continue
		}
		p.need[a] = 2
		if a == start || a == n2-1 {
			p.need[a] = 1
		}
	}
	for a := 0; a < n2; a++ {
		if c.Labels[a] != 0 || !left(a) {
			continue
		}
		for d := 0; d < 8; d++ {
			b, ok := c.Neighbour(a, d)
			if !ok || !left(b) {
				continue
			}
			_, out := c.Step(a, d)
			_, in := c.Step(b, (d+4)%8)
			if out && b != start || in && a != start {
				p.edges[a] = append(p.edges[a], len(p.ends))
				p.edges[b] = append(p.edges[b], len(p.ends))
				p.ends = append(p.ends, [2]int{a, b})
			}
		}
	}
	if cap(p.used) < len(p.ends) {
		p.used = make([]bool, len(p.ends))
	}
	p.used = p.used[:len(p.ends)]
	clear(p.used)
	return p
}

// augment finds an alternating path from 0-cell u, short of partners: to
// a 1-cell along an edge not in the b-matching, back to a 0-cell along one
// in it, until a 1-cell short of partners; it flips the path's edges.
func (p *chainPairer) augment(u int) bool {
	p.stamp++
	stack := []pairFrame{{u, 0, -1}}
	p.seen[u] = p.stamp
	for len(stack) > 0 {
		top := &stack[len(stack)-1]
		if top.i == 0 && !p.plain && p.c.Labels[top.cell] == 0 {
			// A 1-cell short of partners right next to this 0-cell ends
			// the path here, before any search deeper down.
			if e := p.freeEdge(top.cell); e >= 0 {
				p.flip(stack, e, u, p.ends[e][1])
				return true
			}
		}
		if top.i == len(p.edges[top.cell]) {
			stack = stack[:len(stack)-1]
			continue
		}
		e := p.edges[top.cell][top.i]
		top.i++
		zero := p.c.Labels[top.cell] == 0
		// From a 0-cell along unused edges, from a 1-cell along used ones.
		if p.used[e] == zero {
			continue
		}
		other := p.ends[e][0]
		if zero {
			other = p.ends[e][1]
		}
		if p.seen[other] == p.stamp {
			continue
		}
		p.seen[other] = p.stamp
		if zero && p.need[other] > 0 {
			p.flip(stack, e, u, other)
			return true
		}
		stack = append(stack, pairFrame{other, 0, e})
	}
	return false
}

// freeEdge returns an edge not in the b-matching from 0-cell x to a
// 1-cell still short of partners and not reached by this search, or -1.
func (p *chainPairer) freeEdge(x int) int {
	for _, e := range p.edges[x] {
		if y := p.ends[e][1]; !p.used[e] && p.need[y] > 0 && p.seen[y] != p.stamp {
			return e
		}
	}
	return -1
}

// flip applies the augmenting path the stack holds, from 0-cell u, and
// its last edge e to 1-cell other: the edges from 0-cells go in, those
// from 1-cells come out.
func (p *chainPairer) flip(stack []pairFrame, e, u, other int) {
	p.used[e] = true
	for _, f := range stack[1:] {
		p.used[f.via] = !p.used[f.via]
	}
	p.need[u]--
	p.need[other]--
}

// pairFrame is a cell on augment's search stack: i is its next edge to
// try, via the edge that led to it.
type pairFrame struct{ cell, i, via int }
