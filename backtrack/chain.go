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
	// Reason says why there is no path when no search was needed
	// (a corner label, the label counts); "" otherwise.
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
	// blocked[a*8+d] marks the step from a in direction d as crossing a
	// diagonal step already taken.
	blocked []bool
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
	// disc, low and iter are the scratch space of the biconnectivity test.
	disc, low, iter, parent []int
	stack                   []int
}

// matchChange is one change of the matching, for undo: sender a had
// successor succ and receiver b had predecessor pred.
type matchChange struct {
	a, succ, b, pred int
}

type chainStep struct {
	cell, dir int
	edge      int // the step's index in blocked: from*8+dir
}

// SolveChain finds the lexicographically smallest path of board c by
// depth-first search in direction order, with sound pruning: the label
// counts, degrees (every unvisited cell keeps a possible predecessor and a
// possible successor, different cells), and the unvisited cells staying
// connected to the target corner. Every pruned branch holds no path, so the
// first path found is the smallest.
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
	if !opts.Plain && !s.initialMatching() {
		return ChainResult{Answer: instances.ChainNoPath, Reason: "no matching gives every cell its own predecessor"}, nil
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
		trail := len(s.matchTrail)
		if sl != 0 {
			s.slant[block] = int8(sl)
			s.blockAcross(cur, e.dir, cur, true)
		}
		s.move(cur, next)
		s.dirs = append(s.dirs, e.dir)
		if s.opts.Plain || s.viable(cur, next, step) && s.rematch(cur, next, e.dir) && s.biconnected(next, step) {
			found, err := s.search(next)
			if found || err != nil {
				return found, err
			}
		}
		s.dirs = s.dirs[:len(s.dirs)-1]
		s.undoMatch(trail)
		s.unmove(cur, next)
		if sl != 0 {
			s.blockAcross(cur, e.dir, cur, false)
			s.slant[block] = 0
		}
	}
	return false, nil
}

// blockAcross blocks (on) or unblocks the two steps along the other
// diagonal of the block that the diagonal step from a in direction d
// passes through; cur is the path's end. Unblocking must come in the
// reverse order of blocking, with the search in the same state.
func (s *chainSearch) blockAcross(a, d, cur int, on bool) {
	n := s.n
	r, c := a/n, a%n
	x := r*n + c + instances.ChainDC[d] // (r, c+dc)
	y := (r+instances.ChainDR[d])*n + c // (r+dr, c)
	for _, pair := range [2][2]int{{x, y}, {y, x}} {
		from, to := pair[0], pair[1]
		for _, e := range s.out[from] {
			if e.cell != to {
				continue
			}
			delta := -1
			if !on {
				delta = 1
			}
			s.blocked[e.edge] = on
			if !s.visited[from] || from == cur {
				s.preds[to] += delta
			}
			if !s.visited[to] {
				s.succs[from] += delta
			}
		}
	}
}

// move steps from cur to next: cur stops being a possible predecessor of
// its other successors, and next is no longer a possible successor.
func (s *chainSearch) move(cur, next int) {
	for _, e := range s.out[cur] {
		if !s.blocked[e.edge] {
			s.preds[e.cell]--
		}
	}
	s.visited[next] = true
	for _, e := range s.in[next] {
		if !s.blocked[e.edge] {
			s.succs[e.cell]--
		}
	}
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

// rematch repairs the matching after the step cur -> next in direction d:
// the step itself is now the match of cur and next, and the steps it
// closed (the other steps out of cur and into next, and the crossing ones)
// leave senders unmatched; it reports whether all of them can be matched
// again.
func (s *chainSearch) rematch(cur, next, d int) bool {
	var free [3]int
	nfree := 0
	if b := s.succOf[cur]; b != next {
		a := s.predOf[next]
		if b >= 0 {
			s.setMatch(-1, b)
		}
		if a >= 0 {
			s.setMatch(a, -1)
			free[nfree] = a
			nfree++
		}
		s.setMatch(cur, next)
	}
	if d%2 == 1 {
		x := cur + instances.ChainDC[d]
		y := cur + instances.ChainDR[d]*s.n
		for _, pair := range [2][2]int{{x, y}, {y, x}} {
			if s.succOf[pair[0]] == pair[1] && !s.visited[pair[1]] {
				s.setMatch(pair[0], -1)
				s.setMatch(-1, pair[1])
				free[nfree] = pair[0]
				nfree++
			}
		}
	}
	for _, a := range free[:nfree] {
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
