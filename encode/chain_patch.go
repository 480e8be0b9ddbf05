package encode

import "github.com/gridsat/gridsat/instances"

// Patching: a model of the successor encoding is a path from the start to
// the target plus cycles detached from it. Before cutting the cycles off
// and solving again, try to splice them into the path (Karp's patching for
// the assignment relaxation of the travelling salesman problem): a cycle
// edge c -> d and a path edge a -> b give the path a -> d ... c -> b when
// a -> d and c -> b are steps of the board; two cycles merge the same way.
// A patched model that is a valid path answers the question as well as a
// model the solver found itself, without more rounds.

// chainPatcher holds the scratch space of patch, sized for one board.
type chainPatcher struct {
	c          *instances.Chain
	next, prev []int
	onPath     []bool
	keep       []bool // the edge out of the cell must stay
	cycle      []int  // cycle number + 1 of a cell not on the path, 0 on the path
	slants     [][2]int
	walk       *instances.ChainWalk
}

func newChainPatcher(c *instances.Chain) *chainPatcher {
	n2 := c.N * c.N
	return &chainPatcher{
		c:      c,
		next:   make([]int, n2),
		prev:   make([]int, n2),
		onPath: make([]bool, n2),
		keep:   make([]bool, n2),
		cycle:  make([]int, n2),
		slants: make([][2]int, max(1, (c.N-1)*(c.N-1))),
	}
}

// dirTo returns the direction from a to its king neighbour b, or -1.
func dirTo(n, a, b int) int {
	dr, dc := b/n-a/n, b%n-a%n
	for d := 0; d < 8; d++ {
		if instances.ChainDR[d] == dr && instances.ChainDC[d] == dc {
			return d
		}
	}
	return -1
}

// edgeSlant adds k to the slant count of the block the step a -> b passes
// through, if it is diagonal.
func (p *chainPatcher) edgeSlant(a, b, k int) {
	if block, sl := instances.ChainBlock(p.c.N, a, dirTo(p.c.N, a, b)); sl != 0 {
		p.slants[block][sl-1] += k
	}
}

// crossesAfter reports whether the step a -> b would cross a diagonal step
// in the current edges.
func (p *chainPatcher) crosses(a, b int) bool {
	block, sl := instances.ChainBlock(p.c.N, a, dirTo(p.c.N, a, b))
	return sl != 0 && p.slants[block][2-sl] > 0
}

// swap replaces the edges a -> b and c -> d by a -> d and c -> b when both
// are steps of the board and neither crosses a remaining edge or the
// other; it reports whether it did.
func (p *chainPatcher) swap(a, b, c, d int) bool {
	if dirTo(p.c.N, a, d) < 0 || dirTo(p.c.N, c, b) < 0 || !p.c.Follows(a, d) || !p.c.Follows(c, b) || d == 0 || a == p.c.Target() {
		return false
	}
	p.edgeSlant(a, b, -1)
	p.edgeSlant(c, d, -1)
	p.edgeSlant(a, d, 1)
	if p.crosses(a, d) || p.crosses(c, b) {
		p.edgeSlant(a, d, -1)
		p.edgeSlant(a, b, 1)
		p.edgeSlant(c, d, 1)
		return false
	}
	p.edgeSlant(c, b, 1)
	p.next[a], p.prev[d] = d, a
	p.next[c], p.prev[b] = b, c
	return true
}

// patch splices the cycles of the model succ (each cell's successor, -1
// for the target) into its path, keeping the path's first fixed steps, and
// returns the directions of the valid path it makes, or nil when it cannot
// make one.
func (p *chainPatcher) patch(succ []int, fixed int) []int {
	c := p.c
	n2 := c.N * c.N
	target := n2 - 1
	for i := range p.slants {
		p.slants[i] = [2]int{}
	}
	for a := 0; a < n2; a++ {
		p.next[a], p.onPath[a], p.keep[a], p.cycle[a] = succ[a], false, false, 0
	}
	for a := 0; a < n2; a++ {
		if b := succ[a]; b >= 0 {
			p.prev[b] = a
			p.edgeSlant(a, b, 1)
		}
	}
	steps := 0
	for a := 0; ; a = p.next[a] {
		p.onPath[a] = true
		if steps < fixed {
			p.keep[a] = true
		}
		if a == target {
			break
		}
		if p.next[a] < 0 || steps > n2 {
			return nil // not a model of the encoding
		}
		steps++
	}
	// Number the cycles.
	cycles := 0
	for a := 0; a < n2; a++ {
		if p.onPath[a] || p.cycle[a] != 0 {
			continue
		}
		cycles++
		for b := a; p.cycle[b] == 0; b = p.next[b] {
			p.cycle[b] = cycles
		}
	}
	// With K <= 2 every step has its way back, so a cycle may be turned.
	reversible := c.K <= 2
	for ; cycles > 0; cycles-- {
		if !p.spliceOne(reversible) {
			return nil
		}
	}
	if p.walk == nil {
		p.walk = instances.NewChainWalk(c)
	}
	w := p.walk
	for w.Len() > 0 {
		w.Back()
	}
	for a := 0; a != target; a = p.next[a] {
		d := dirTo(c.N, a, p.next[a])
		if _, ok := w.CanStep(d); !ok {
			return nil
		}
		w.Step(d)
	}
	if !w.Complete() {
		return nil
	}
	return append([]int(nil), w.Dirs()...)
}

// spliceOne splices one cycle into the path or into another cycle, and
// reports whether it found one to splice.
func (p *chainPatcher) spliceOne(reversible bool) bool {
	c := p.c
	n2 := c.N * c.N
	for d := 0; d < n2; d++ {
		if p.onPath[d] {
			continue
		}
		cd := p.prev[d] // the cycle edge cd -> d
		for dir := 0; dir < 8; dir++ {
			x, ok := c.Neighbour(d, dir)
			if !ok || x == cd {
				continue
			}
			switch {
			case p.onPath[x]:
				if x == c.Target() || p.keep[x] {
					continue
				}
				// The path edge x -> next[x] becomes x -> d ... cd -> next[x].
				if p.swap(x, p.next[x], cd, d) {
					p.joinPath(d)
					return true
				}
				if reversible {
					// The cycle the other way round: x -> cd ... d -> next[x].
					p.reverse(d)
					if p.swap(x, p.next[x], d, cd) {
						p.joinPath(cd)
						return true
					}
					p.reverse(d)
				}
			case p.cycle[x] != p.cycle[d]:
				// Two cycles: x -> next[x] and cd -> d become x -> d ...
				// cd -> next[x] ... x.
				if p.swap(x, p.next[x], cd, d) {
					old := p.cycle[d]
					for y := d; p.cycle[y] == old; y = p.next[y] {
						p.cycle[y] = p.cycle[x]
					}
					return true
				}
			}
		}
	}
	return false
}

// joinPath marks the cells from d on, up to the path, as on the path.
func (p *chainPatcher) joinPath(d int) {
	for y := d; !p.onPath[y]; y = p.next[y] {
		p.onPath[y], p.cycle[y] = true, 0
	}
}

// reverse turns the cycle through cell d the other way round.
func (p *chainPatcher) reverse(d int) {
	y := d
	for {
		nx := p.next[y]
		p.next[y], p.prev[y] = p.prev[y], nx
		y = nx
		if y == d {
			return
		}
	}
}
