package backtrack

import (
	"errors"
	"fmt"

	"github.com/gridsat/gridsat/instances"
)

// ChainOptions tune the chain search.
type ChainOptions struct {
	// Plain turns the pruning off: the search is then the judge's reference
	// depth-first search (labels, visited cells and crossings only), kept
	// to show what the pruning buys.
	Plain bool
	// MaxNodes stops the search with ErrChainNodeLimit after that many
	// nodes; 0 means no limit.
	MaxNodes int64
}

// ChainResult is what the chain search found.
type ChainResult struct {
	// Answer is the smallest path as the judge prints it, or
	// instances.ChainNoPath.
	Answer string
	Solved bool
	// Nodes counts the search nodes: cells stepped onto.
	Nodes int64
	// Reason says why there is no path when the search stopped at the
	// root (a corner label, the label counts, forced steps, the matching,
	// probing); "" otherwise.
	Reason string
}

// ErrChainNodeLimit is returned when the search met ChainOptions.MaxNodes.
var ErrChainNodeLimit = errors.New("chain search stopped at its node limit")

// chainSearch is the state of one depth-first search. A step is an edge
// a -> b between king neighbours where b carries the label after a's,
// a is not the target and b is not the start.
type chainSearch struct {
	c      *instances.Chain
	n, n2  int
	target int
	opts   ChainOptions
	// out[a] and in[b] list the steps leaving a and entering b, by
	// direction: out in direction order, so the first path found is the
	// smallest.
	out, in [][]chainStep
	visited []bool
	// preds[b] counts the steps into unvisited b from cells that may still
	// come right before it: unvisited cells and the current cell.
	// succs[a] counts the steps from a to unvisited cells.
	preds, succs []int
	// slant[block] is the slant of the diagonal step through the 2×2
	// block, 0 when none has been taken (see instances.ChainBlock).
	slant []int8
	// blocked[a*8+d] marks the step from a in direction d as out of the
	// graph: it crosses a diagonal step taken, or propagate ruled it out.
	// removed lists the removals for undo; pending holds cells whose steps
	// changed, for propagate.
	blocked []bool
	removed []removal
	pending []int
	dirs    []int
	nodes   int64
	// succOf and predOf are a perfect matching of the possible steps:
	// every sender (cur and the unvisited cells but the target) gets its
	// own receiver (an unvisited cell) as successor; -1 when unmatched.
	// A path through every unvisited cell is such a matching, so when none
	// exists the branch is dead. matchTrail records changes for undo.
	succOf, predOf []int
	matchTrail     []matchChange
	mark           []int32
	stamp          int32
	// With K=2 the steps join 0-cells to 1-cells both ways, and the
	// directed matching above would let two cells be each other's
	// successor. pairs then holds a degree matching of the undirected
	// graph instead: every unvisited cell gets two different neighbours
	// (cur and the target need one), each pair of neighbours used once; the
	// path is such a choice. pairTrail records changes for undo.
	pairs     [][2]int
	free      []int // scratch: cells short of a match
	pairTrail []pairChange
	// disc, low and iter are the scratch space of the biconnectivity test.
	disc, low, iter, parent []int
	stack                   []int
	queue                   []int
}

// matchChange is one change of the matching, for undo: sender a had
// successor succ and receiver b had predecessor pred.
type matchChange struct {
	a, succ, b, pred int
}

// pairChange is one change of the degree matching, for undo.
type pairChange struct {
	cell, slot, old int
}

type chainStep struct {
	cell, dir int
	edge      int // the step's index in blocked: from*8+dir
}

// SolveChain finds the lexicographically smallest path of board c by
// depth-first search in direction order, with sound pruning: the corner
// labels and label counts; degrees (every unvisited cell keeps a possible
// predecessor and a possible successor, different cells); forced steps
// (a cell with one possible predecessor or successor left) propagated with
// the steps they rule out, crossings included, and forced chains that may
// not close into cycles; a matching giving every cell its own predecessor
// (for K=2, two different neighbours); for K>2 every unvisited cell
// reachable from the path's end and reaching the target; biconnectivity of
// the unvisited cells with the path's end and the target; and, at the
// root, probing every step by propagation. Crossings are checked in O(1)
// from the slant stored per 2×2 block. Every pruned branch holds no path,
// so the first path found is the smallest.
func SolveChain(c *instances.Chain, opts ChainOptions) (ChainResult, error) {
	s := newChainSearch(c, opts)
	if c.N == 1 {
		if c.Labels[0] != 0 {
			return ChainResult{Answer: instances.ChainNoPath, Reason: "the only cell is not labelled 0"}, nil
		}
		return ChainResult{Answer: "", Solved: true, Nodes: 1}, nil
	}
	if !opts.Plain {
		if why := c.Infeasible(); why != "" {
			return ChainResult{Answer: instances.ChainNoPath, Reason: why}, nil
		}
	} else if c.Labels[0] != 0 {
		return ChainResult{Answer: instances.ChainNoPath, Reason: "the start corner is not labelled 0"}, nil
	}
	if !opts.Plain {
		for u := 0; u < s.n2; u++ {
			s.pending = append(s.pending, u)
		}
		if !s.propagate(0) {
			return ChainResult{Answer: instances.ChainNoPath, Reason: "the forced steps contradict each other"}, nil
		}
	}
	if !opts.Plain && !s.initialMatching() {
		return ChainResult{Answer: instances.ChainNoPath, Reason: "no matching gives every cell its own predecessor"}, nil
	}
	if !opts.Plain && c.K == 2 && !s.initialPairing() {
		return ChainResult{Answer: instances.ChainNoPath, Reason: "no choice of steps gives every cell two different neighbours"}, nil
	}
	if !opts.Plain && !s.probe(0) {
		return ChainResult{Answer: instances.ChainNoPath, Reason: "probing the steps one by one rules every path out"}, nil
	}
	found, err := s.search(0)
	res := ChainResult{Answer: instances.ChainNoPath, Nodes: s.nodes}
	if err != nil {
		return res, fmt.Errorf("chain %s: %w after %d nodes", c.Size(), err, s.nodes)
	}
	if found {
		res.Answer, res.Solved = instances.ChainAnswer(s.dirs), true
	}
	return res, nil
}

func newChainSearch(c *instances.Chain, opts ChainOptions) *chainSearch {
	n := c.N
	s := &chainSearch{
		c: c, n: n, n2: n * n, target: n*n - 1, opts: opts,
		out:     make([][]chainStep, n*n),
		in:      make([][]chainStep, n*n),
		visited: make([]bool, n*n),
		preds:   make([]int, n*n),
		succs:   make([]int, n*n),
		slant:   make([]int8, max(1, (n-1)*(n-1))),
		blocked: make([]bool, n*n*8),
		disc:    make([]int, n*n),
		low:     make([]int, n*n),
		iter:    make([]int, n*n),
		parent:  make([]int, n*n),
		succOf:  make([]int, n*n),
		predOf:  make([]int, n*n),
		mark:    make([]int32, n*n),
	}
	for i := range s.succOf {
		s.succOf[i], s.predOf[i] = -1, -1
	}
	for a := 0; a < s.n2; a++ {
		if a == s.target {
			continue
		}
		for d := 0; d < 8; d++ {
			b, ok := c.Neighbour(a, d)
			if !ok || b == 0 || !c.Follows(a, b) {
				continue
			}
			s.out[a] = append(s.out[a], chainStep{b, d, a*8 + d})
			s.in[b] = append(s.in[b], chainStep{a, d, a*8 + d})
		}
	}
	for b := range s.in {
		s.preds[b] = len(s.in[b])
		s.succs[b] = len(s.out[b])
	}
	s.visited[0] = true
	return s
}

// search extends the path, which has reached cur after len(s.dirs) steps.
func (s *chainSearch) search(cur int) (bool, error) {
	s.nodes++
	if s.opts.MaxNodes > 0 && s.nodes > s.opts.MaxNodes {
		return false, ErrChainNodeLimit
	}
	step := len(s.dirs) + 1 // the index the next cell gets
	if step == s.n2 {
		return true, nil
	}
	for _, e := range s.out[cur] {
		next := e.cell
		if s.visited[next] || s.blocked[e.edge] || next == s.target && step != s.n2-1 {
			continue
		}
		block, sl := instances.ChainBlock(s.n, cur, e.dir)
		if sl != 0 && s.slant[block] != 0 {
			// The block's other diagonal is taken (its own diagonal cannot
			// be: both of its cells would have been visited).
			continue
		}
		trail, ptrail, etrail := len(s.matchTrail), len(s.pairTrail), len(s.removed)
		if sl != 0 {
			s.slant[block] = int8(sl)
			s.removeAcross(cur, e.dir, cur)
		}
		s.move(cur, next)
		s.dirs = append(s.dirs, e.dir)
		moved := len(s.removed)
		if s.opts.Plain || s.viable(cur, next, step) && s.propagate(next) &&
			s.rematch(cur, next, etrail) && s.repair(cur, next, etrail) &&
			s.reachable(next, step) && s.biconnected(next, step) {
			found, err := s.search(next)
			if found || err != nil {
				return found, err
			}
		}
		s.dirs = s.dirs[:len(s.dirs)-1]
		s.undoMatch(trail)
		s.undoPairs(ptrail)
		s.restoreEdges(moved)
		s.unmove(cur, next)
		s.restoreEdges(etrail)
		if sl != 0 {
			s.slant[block] = 0
		}
	}
	return false, nil
}

// removal is one step taken out of the search graph, with the path's end
// at the time, for undo.
type removal struct{ edge, cur int }

// edgeEnds returns the cells a step joins.
func (s *chainSearch) edgeEnds(e int) (from, to int) {
	from, d := e/8, e%8
	return from, from + instances.ChainDR[d]*s.n + instances.ChainDC[d]
}

// edgeID returns the step from a to b, or -1 when there is none.
func (s *chainSearch) edgeID(a, b int) int {
	for _, e := range s.out[a] {
		if e.cell == b {
			return e.edge
		}
	}
	return -1
}

// removeEdge takes step e out of the graph (nothing when it is out
// already), keeping preds and succs, and queues its cells for propagate;
// cur is the path's end.
func (s *chainSearch) removeEdge(e, cur int) {
	if e < 0 || s.blocked[e] {
		return
	}
	s.blocked[e] = true
	from, to := s.edgeEnds(e)
	if !s.visited[from] || from == cur {
		s.preds[to]--
	}
	if !s.visited[to] {
		s.succs[from]--
	}
	s.removed = append(s.removed, removal{e, cur})
	s.pending = append(s.pending, from, to)
}

// restoreEdges puts back the steps removed since mark, newest first; the
// search must be in the state it was in when they were removed.
func (s *chainSearch) restoreEdges(mark int) {
	for len(s.removed) > mark {
		r := s.removed[len(s.removed)-1]
		s.removed = s.removed[:len(s.removed)-1]
		s.blocked[r.edge] = false
		from, to := s.edgeEnds(r.edge)
		if !s.visited[from] || from == r.cur {
			s.preds[to]++
		}
		if !s.visited[to] {
			s.succs[from]++
		}
	}
	s.pending = s.pending[:0]
}

// removeAcross removes the two steps along the other diagonal of the
// block that the diagonal step from a in direction d passes through.
func (s *chainSearch) removeAcross(a, d, cur int) {
	x := a + instances.ChainDC[d]
	y := a + instances.ChainDR[d]*s.n
	s.removeEdge(s.edgeID(x, y), cur)
	s.removeEdge(s.edgeID(y, x), cur)
}

// force removes the steps that contradict step a -> b being on the path:
// the other steps out of a and into b, the step back, and the crossing
// steps.
func (s *chainSearch) force(a, b, cur int) bool {
	for _, e := range s.out[a] {
		if e.cell != b && !s.visited[e.cell] {
			s.removeEdge(e.edge, cur)
		}
	}
	for _, e := range s.in[b] {
		if e.cell != a && (!s.visited[e.cell] || e.cell == cur) {
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
		if !s.blocked[e.edge] && !s.visited[e.cell] {
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
		if !s.blocked[e.edge] && (!s.visited[e.cell] || e.cell == cur) {
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
		return cells == s.n2-len(s.dirs)
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
		if s.visited[u] && u != cur {
			continue
		}
		if u != cur {
			if s.stuck(u, cur) {
				s.pending = s.pending[:0]
				return false
			}
			if s.preds[u] == 1 {
				for _, e := range s.in[u] {
					if !s.blocked[e.edge] && (!s.visited[e.cell] || e.cell == cur) {
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
				if !s.blocked[e.edge] && !s.visited[e.cell] {
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

// move steps from cur to next: cur stops being a possible predecessor of
// its other successors, and next is no longer a possible successor.
func (s *chainSearch) move(cur, next int) {
	for _, e := range s.out[cur] {
		if !s.blocked[e.edge] {
			s.preds[e.cell]--
			s.pending = append(s.pending, e.cell)
		}
	}
	s.visited[next] = true
	for _, e := range s.in[next] {
		if !s.blocked[e.edge] {
			s.succs[e.cell]--
			s.pending = append(s.pending, e.cell)
		}
	}
	s.pending = append(s.pending, next)
}

func (s *chainSearch) unmove(cur, next int) {
	for _, e := range s.in[next] {
		if !s.blocked[e.edge] {
			s.succs[e.cell]++
		}
	}
	s.visited[next] = false
	for _, e := range s.out[cur] {
		if !s.blocked[e.edge] {
			s.preds[e.cell]++
		}
	}
}

// viable reports whether the path that just stepped from prev to cur (the
// cell numbered step) may still be completed, as far as degrees and
// biconnectivity tell.
func (s *chainSearch) viable(prev, cur, step int) bool {
	if cur == s.target {
		return true // the last cell: nothing is left unvisited
	}
	if s.succs[cur] == 0 {
		return false
	}
	// Only cells next to prev and cur, and the ends of steps a crossing
	// just blocked, lost a possible neighbour.
	for _, e := range s.out[prev] {
		if !s.visited[e.cell] && s.stuck(e.cell, cur) {
			return false
		}
	}
	for _, e := range s.in[cur] {
		if !s.visited[e.cell] && s.stuck(e.cell, cur) {
			return false
		}
	}
	if d := s.dirs[len(s.dirs)-1]; d%2 == 1 {
		n := s.n
		x := prev + instances.ChainDC[d]
		y := prev + instances.ChainDR[d]*n
		if !s.visited[x] && s.stuck(x, cur) || !s.visited[y] && s.stuck(y, cur) {
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
		if !s.blocked[e.edge] && (!s.visited[e.cell] || e.cell == cur) {
			p = e.cell
		}
	}
	for _, e := range s.out[u] {
		if !s.blocked[e.edge] && !s.visited[e.cell] {
			q = e.cell
		}
	}
	return p == q
}

// biconnected reports whether the graph of the unvisited cells and cur,
// joined by the steps still open between them (taken either way) and by an
// extra edge from cur to the target, is connected and has no cut cell. A
// path from cur through every unvisited cell to the target closes, with
// that extra edge, into a cycle through every cell of the graph, and a
// graph with such a cycle is biconnected; so failing this test proves the
// path cannot be completed. It runs Tarjan's lowpoint search iteratively
// from the target.
func (s *chainSearch) biconnected(cur, step int) bool {
	cells := s.n2 - step // the unvisited cells and cur
	if cells <= 2 {
		return true
	}
	in := func(v int) bool { return !s.visited[v] || v == cur }
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

// setMatch makes b the successor of a in the matching (a or b may be -1
// to only unmatch the other), recording the change.
func (s *chainSearch) setMatch(a, b int) {
	ch := matchChange{a: a, succ: -1, b: b, pred: -1}
	if a >= 0 {
		ch.succ = s.succOf[a]
		s.succOf[a] = b
	}
	if b >= 0 {
		ch.pred = s.predOf[b]
		s.predOf[b] = a
	}
	s.matchTrail = append(s.matchTrail, ch)
}

func (s *chainSearch) undoMatch(mark int) {
	for len(s.matchTrail) > mark {
		ch := s.matchTrail[len(s.matchTrail)-1]
		s.matchTrail = s.matchTrail[:len(s.matchTrail)-1]
		if ch.a >= 0 {
			s.succOf[ch.a] = ch.succ
		}
		if ch.b >= 0 {
			s.predOf[ch.b] = ch.pred
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
		if s.succOf[from] == to && !s.visited[to] {
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

// augment finds an alternating path from unmatched sender a to an
// unmatched receiver and flips it.
func (s *chainSearch) augment(a int) bool {
	s.stamp++
	return s.augmentFrom(a)
}

func (s *chainSearch) augmentFrom(a int) bool {
	for _, e := range s.out[a] {
		b := e.cell
		if s.visited[b] || s.blocked[e.edge] || s.mark[b] == s.stamp {
			continue
		}
		s.mark[b] = s.stamp
		if p := s.predOf[b]; p < 0 || s.augmentFrom(p) {
			s.setMatch(a, b)
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

func (s *chainSearch) inGraph(u, cur int) bool { return !s.visited[u] || u == cur }

func (s *chainSearch) need(u, cur int) int {
	if u == cur || u == s.target {
		return 1
	}
	return 2
}

func (s *chainSearch) partners(u int) int {
	k := 0
	for _, p := range s.pairs[u] {
		if p >= 0 {
			k++
		}
	}
	return k
}

func (s *chainSearch) setPair(u, slot, v int) {
	s.pairTrail = append(s.pairTrail, pairChange{u, slot, s.pairs[u][slot]})
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

func (s *chainSearch) paired(u, v int) bool { return s.pairs[u][0] == v || s.pairs[u][1] == v }

func (s *chainSearch) undoPairs(mark int) {
	for len(s.pairTrail) > mark {
		ch := s.pairTrail[len(s.pairTrail)-1]
		s.pairTrail = s.pairTrail[:len(s.pairTrail)-1]
		s.pairs[ch.cell][ch.slot] = ch.old
	}
}

// neighbours calls f with every cell joined to u by an open step.
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

// reachable reports, for K > 2 where steps go one way only, whether every
// unvisited cell can be reached from cur by open steps through unvisited
// cells, and the target from every unvisited cell: a path from cur
// through them all to the target needs both. (With K <= 2 steps go both
// ways and biconnected says more.)
func (s *chainSearch) reachable(cur, step int) bool {
	if s.c.K <= 2 || cur == s.target {
		return true
	}
	left := s.n2 - step - 1 // unvisited cells
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
				if s.blocked[e.edge] || s.visited[v] || s.mark[v] == s.stamp {
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

// probe tries every open step at the root: when taking it leads, by
// propagation and matching, to a contradiction, the step is removed for
// good. It repeats until nothing changes and reports false when the board
// is found to have no path.
func (s *chainSearch) probe(cur int) bool {
	for changed := true; changed; {
		changed = false
		for a := 0; a < s.n2; a++ {
			for _, e := range s.out[a] {
				if s.blocked[e.edge] || s.visited[e.cell] || s.visited[a] && a != cur {
					continue
				}
				mark, mt, pt := len(s.removed), len(s.matchTrail), len(s.pairTrail)
				ok := s.force(a, e.cell, cur) && s.propagate(cur) && s.refit(mark, cur)
				s.undoMatch(mt)
				s.undoPairs(pt)
				s.restoreEdges(mark)
				if ok {
					continue
				}
				changed = true
				mark = len(s.removed)
				s.removeEdge(e.edge, cur)
				if !s.propagate(cur) || !s.refit(mark, cur) {
					return false
				}
			}
		}
	}
	return true
}

// refit repairs the matching (and for K=2 the degree matching) after the
// removals since mark, and reports whether both can still be completed.
func (s *chainSearch) refit(mark, cur int) bool {
	if !s.repairMatching(mark, s.free[:0]) {
		return false
	}
	if s.c.K != 2 {
		return true
	}
	// The degree matching: pairs joined only by removed steps part.
	return s.repairPairs(mark, s.free[:0], cur)
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
