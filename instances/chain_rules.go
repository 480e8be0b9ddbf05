package instances

// The step rules of the chain puzzle, written once for every solver: which
// steps the board has at all (king neighbours, the next label, never back
// to the start nor on from the target), and which of them a path being
// walked may take next (an unvisited cell, no crossing of an earlier
// diagonal step, the target only last). The DFS walks with them and the SAT
// solver filters its trials with them. VerifyChain keeps its own check,
// written from the statement, so that a mistake here cannot hide itself.

// Step returns the cell one step from a in direction d and whether that
// step belongs to the board's step graph: it stays on the board, the cell
// it enters carries the label after a's, it does not leave the target
// (where every path ends) nor enter the start (where every path begins).
func (c *Chain) Step(a, d int) (int, bool) {
	if a == c.Target() {
		return 0, false
	}
	b, ok := c.Neighbour(a, d)
	if !ok || b == 0 || !c.Follows(a, b) {
		return 0, false
	}
	return b, true
}

// ChainWalk is a path being walked from the start corner of a board, one
// step at a time, with what the step rules need to know about it: the
// cells visited and the slant of the diagonal step through each 2×2 block.
// Make one with NewChainWalk.
type ChainWalk struct {
	c       *Chain
	cells   []int // the cells visited, in order; cells[0] is the start
	dirs    []int // the directions taken
	visited []bool
	// slant[block] is the slant of the diagonal step taken through the
	// block (see ChainBlock), 0 when none.
	slant []int8
}

// NewChainWalk starts a walk at the start corner (0,0) of c.
func NewChainWalk(c *Chain) *ChainWalk {
	n2 := c.N * c.N
	w := &ChainWalk{
		c:       c,
		cells:   make([]int, 1, n2),
		dirs:    make([]int, 0, n2),
		visited: make([]bool, n2),
		slant:   make([]int8, max(1, (c.N-1)*(c.N-1))),
	}
	w.visited[0] = true
	return w
}

// Cur returns the cell the walk has reached.
func (w *ChainWalk) Cur() int { return w.cells[len(w.cells)-1] }

// Len returns the number of steps taken.
func (w *ChainWalk) Len() int { return len(w.dirs) }

// Visited reports whether the walk has been on cell.
func (w *ChainWalk) Visited(cell int) bool { return w.visited[cell] }

// Complete reports whether the walk has visited every cell (and so ended
// at the target: CanStep enters it only last).
func (w *ChainWalk) Complete() bool { return len(w.cells) == len(w.visited) }

// Dirs returns the directions taken so far; the slice is the walk's own,
// valid until the next Step or Back.
func (w *ChainWalk) Dirs() []int { return w.dirs }

// Cells returns the cells visited so far, in order; the slice is the
// walk's own, valid until the next Step or Back.
func (w *ChainWalk) Cells() []int { return w.cells }

// Crosses reports whether a diagonal step from a in direction d would
// cross a diagonal step already taken: the other diagonal of its 2×2
// block. A straight step crosses nothing.
func (w *ChainWalk) Crosses(a, d int) bool {
	block, sl := ChainBlock(w.c.N, a, d)
	return sl != 0 && w.slant[block] != 0 && w.slant[block] != int8(sl)
}

// CanStep reports whether the walk may step from its end in direction d,
// and where to: the step is in the board's step graph (Step), the cell it
// enters is unvisited, it crosses no earlier diagonal step, and it enters
// the target only as the last step of a path through every cell.
func (w *ChainWalk) CanStep(d int) (int, bool) {
	cur := w.Cur()
	next, ok := w.c.Step(cur, d)
	if !ok || w.visited[next] || w.Crosses(cur, d) {
		return 0, false
	}
	if next == w.c.Target() && len(w.cells) != len(w.visited)-1 {
		return 0, false
	}
	return next, true
}

// Step takes the step in direction d, which CanStep must allow, and
// returns the cell entered.
func (w *ChainWalk) Step(d int) int {
	cur := w.Cur()
	next, _ := w.c.Neighbour(cur, d)
	if block, sl := ChainBlock(w.c.N, cur, d); sl != 0 {
		w.slant[block] = int8(sl)
	}
	w.visited[next] = true
	w.cells = append(w.cells, next)
	w.dirs = append(w.dirs, d)
	return next
}

// Back takes the last step back.
func (w *ChainWalk) Back() {
	last := len(w.dirs) - 1
	d, prev, cur := w.dirs[last], w.cells[last], w.cells[last+1]
	if block, sl := ChainBlock(w.c.N, prev, d); sl != 0 {
		w.slant[block] = 0
	}
	w.visited[cur] = false
	w.cells = w.cells[:last+1]
	w.dirs = w.dirs[:last]
}
