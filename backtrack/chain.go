package backtrack

import (
	"errors"
	"fmt"

	"github.com/gridsat/gridsat/instances"
)

// ChainOptions tune the chain search. The zero value prunes with every
// rule but Refute, as the command line does by default; each No switch
// turns one rule off, to show what it buys, and Refute turns its rule on.
// The opt tags declare the command line's options
// (compare.DeclareOptions), and each option's doc tag is its only
// description. Where each rule lives, for engineers:
//
//   - prune=false (Plain): the judge's reference depth-first search.
//   - counts: instances.Chain.Infeasible.
//   - forced: chain_propagate.go; a forced step rules out the steps
//     contradicting it.
//   - matching, pairing: chain_match.go.
//   - reach, biconnected: chain_graph.go.
//   - probe: a step whose consequences, by the rules on, contradict is
//     removed for good.
//   - memo: chain_memo.go.
//   - refute: chain_refute.go. It is off by default since the frontier
//     check came: with both on, the DFS took more CPU than with the
//     frontier check alone on the slowest swapped N=24 and N=32 boards and
//     on the swapped K=2 boards of the counting family (BenchmarkChainLost;
//     docs/findings.md, chain).
//   - frontier: chain_frontier.go, an exact "no path completes the walk".
//   - nodes: the search stops with ErrChainNodeLimit.
type ChainOptions struct {
	Plain         bool  `opt:"prune,negate" doc:"false: the judge's plain search (labels, visited cells, crossings only); the rule switches then do not matter"`
	NoLabelCounts bool  `opt:"counts,negate" doc:"false: no root check of the corner labels and label counts"`
	NoForced      bool  `opt:"forced,negate" doc:"false: no degrees nor forced steps (a cell with one possible predecessor or successor left)"`
	NoMatching    bool  `opt:"matching,negate" doc:"false: no matching giving every cell its own predecessor"`
	NoPairing     bool  `opt:"pairing,negate" doc:"false: no K=2 degree matching (two different neighbours for every cell)"`
	NoReach       bool  `opt:"reach,negate" doc:"false: no K>2 reachability check (every cell left reached from the path's end, reaching the target)"`
	NoBiconnected bool  `opt:"biconnected,negate" doc:"false: no biconnectivity check of the cells left with the path's end and the target"`
	NoProbe       bool  `opt:"probe,negate" doc:"false: no probing of every step at the root"`
	NoMemo        bool  `opt:"memo,negate" doc:"false: no table of dead ends (walks through the same cells to the same end found to hold no path)"`
	Refute        bool  `opt:"refute" doc:"true: the search from the target end on nodes whose subtree grows large (off: the frontier check does it better)"`
	NoFrontier    bool  `opt:"frontier,negate" doc:"false: no frontier check (dynamic programming over the cells left) on nodes whose subtree grows large"`
	MaxNodes      int64 `opt:"nodes" doc:"stop with an error after N search nodes (0: no limit)"`
}

// chainRules are the pruning rules a search applies, from ChainOptions.
type chainRules struct {
	counts, forced, matching, pairing, reach, biconnected, probe, memo, refute, frontier bool
}

// rules returns the rules o leaves on for a board with k labels: the
// pairing needs K=2, reachability K>2.
func (o ChainOptions) rules(k int) chainRules {
	if o.Plain {
		return chainRules{}
	}
	return chainRules{
		counts:      !o.NoLabelCounts,
		forced:      !o.NoForced,
		matching:    !o.NoMatching,
		pairing:     !o.NoPairing && k == 2,
		reach:       !o.NoReach && k > 2,
		biconnected: !o.NoBiconnected,
		probe:       !o.NoProbe,
		memo:        !o.NoMemo,
		refute:      o.Refute,
		frontier:    !o.NoFrontier,
	}
}

// ChainResult is what the chain search found.
type ChainResult struct {
	// Answer is the smallest path as the judge prints it, or
	// instances.ChainNoPath.
	Answer string
	Solved bool
	// Nodes counts the search nodes: cells stepped onto.
	Nodes int64
	// Sweeps counts the frontier checks run (chain_frontier.go), Swept the
	// states they kept, and Refuted the nodes they cut off.
	Sweeps, Swept, Refuted int64
	// Reason says why there is no path when the search stopped at the
	// root (a corner label, the label counts, forced steps, the matching,
	// probing); "" otherwise.
	Reason string
}

// ErrChainNodeLimit is returned when the search met ChainOptions.MaxNodes.
var ErrChainNodeLimit = errors.New("chain search stopped at its node limit")

// chainSearch is the state of one depth-first search. A step is an edge
// a -> b of the board's step graph (instances.Chain.Step); the path walks
// by the puzzle's step rules (instances.ChainWalk).
type chainSearch struct {
	c      *instances.Chain
	n, n2  int
	target int
	opts   ChainOptions
	rules  chainRules
	// walk is the path so far, from the start.
	walk *instances.ChainWalk
	// out[a] and in[b] list the steps leaving a and entering b, by
	// direction: out in direction order, so the first path found is the
	// smallest.
	out, in [][]chainStep
	// preds[b] counts the steps into unvisited b from cells that may still
	// come right before it: unvisited cells and the current cell.
	// succs[a] counts the steps from a to unvisited cells.
	preds, succs []int
	// blocked[a*8+d] marks the step from a in direction d as out of the
	// graph: it crosses a diagonal step taken, or propagate ruled it out.
	// removed lists the removals for undo; pending holds cells whose steps
	// changed, for propagate.
	blocked []bool
	removed []removal
	pending []int
	nodes   int64
	// memo holds the walks found to have no completion.
	memo chainMemo
	// budget is what is left of complete's node budget.
	budget int64
	// sweeps, frontierStates and sweepCuts count the frontier checks, the
	// states they kept and the nodes they cut off.
	sweeps, frontierStates, sweepCuts int64
	// frontierMemos keeps each sweep order's last sweep.
	frontierMemos [4]frontierMemo
	// succOf and predOf are a perfect matching of the possible steps:
	// every sender (cur and the unvisited cells but the target) gets its
	// own receiver (an unvisited cell) as successor; -1 when unmatched.
	// A path through every unvisited cell is such a matching, so when none
	// exists the branch is dead. matchTrail records changes for undo.
	succOf, predOf []int
	matchTrail     []matchChange
	mark           []int32
	stamp          int32
	// via and senders are augment's scratch space: the sender each
	// receiver was reached from, and the queue of senders.
	via, senders []int
	// augBudget, when positive, bounds the senders an augment visits
	// (probe sets it); augGaveUp says one gave up.
	augBudget int
	augGaveUp bool
	// biEvery and biWait pace the biconnectivity check (biconnectedDue).
	biEvery, biWait int
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

// chainStep is a step in the out or in list of a cell: the cell at its
// other end and its direction.
type chainStep struct {
	cell, dir int
	edge      int // the step's index in blocked: from*8+dir
}

// SolveChain finds the lexicographically smallest path of board c by
// depth-first search in direction order, with sound pruning (each rule
// can be turned off, see ChainOptions): the corner labels and label
// counts; degrees (every unvisited cell keeps a possible predecessor and
// a possible successor, different cells); forced steps (a cell with one
// possible predecessor or successor left) propagated with the steps they
// rule out, crossings included, and forced chains that may not close into
// cycles; a matching giving every cell its own predecessor (for K=2, two
// different neighbours); for K>2 every unvisited cell reachable from the
// path's end and reaching the target; biconnectivity of the unvisited
// cells with the path's end and the target; at the root, probing every
// step; a table of the walks found to hold no path, skipped when met
// again in another order; and, on a node whose subtree grows large, the
// frontier check, dynamic programming over the cells left that answers
// exactly whether any path completes the walk (chain_frontier.go), and,
// when ChainOptions.Refute asks for it, a search from the target end for
// such a path (chain_refute.go). Every pruned branch holds no path, so the
// first path found is the smallest.
func SolveChain(c *instances.Chain, opts ChainOptions) (ChainResult, error) {
	if c.N == 1 {
		if c.Labels[0] != 0 {
			return ChainResult{Answer: instances.ChainNoPath, Reason: "the only cell is not labelled 0"}, nil
		}
		return ChainResult{Answer: "", Solved: true, Nodes: 1}, nil
	}
	s := newChainSearch(c, opts)
	r := s.rules
	if r.counts {
		if why := c.Infeasible(); why != "" {
			return ChainResult{Answer: instances.ChainNoPath, Reason: why}, nil
		}
	} else if c.Labels[0] != 0 {
		return ChainResult{Answer: instances.ChainNoPath, Reason: "the start corner is not labelled 0"}, nil
	}
	if r.forced {
		for u := 0; u < s.n2; u++ {
			s.pending = append(s.pending, u)
		}
		if !s.propagate(0) {
			return ChainResult{Answer: instances.ChainNoPath, Reason: "the forced steps contradict each other"}, nil
		}
	}
	if r.matching && !s.initialMatching() {
		return ChainResult{Answer: instances.ChainNoPath, Reason: "no matching gives every cell its own predecessor"}, nil
	}
	if r.pairing && !s.initialPairing() {
		return ChainResult{Answer: instances.ChainNoPath, Reason: "no choice of steps gives every cell two different neighbours"}, nil
	}
	if r.probe && !s.probe(0) {
		return ChainResult{Answer: instances.ChainNoPath, Reason: "probing the steps one by one rules every path out"}, nil
	}
	found, err := s.search(0)
	res := ChainResult{Answer: instances.ChainNoPath, Nodes: s.nodes,
		Sweeps: s.sweeps, Swept: s.frontierStates, Refuted: s.sweepCuts}
	if err != nil {
		return res, fmt.Errorf("chain %s: %w after %d nodes", c.Size(), err, s.nodes)
	}
	if found {
		res.Answer, res.Solved = instances.FormatChainAnswer(s.walk.Dirs()), true
	}
	return res, nil
}

// newChainSearch sets up the search of board c: the step graph, its
// counts, and the scratch space of the rules.
func newChainSearch(c *instances.Chain, opts ChainOptions) *chainSearch {
	n := c.N
	s := &chainSearch{
		c: c, n: n, n2: n * n, target: n*n - 1, opts: opts, rules: opts.rules(c.K),
		walk:    instances.NewChainWalk(c),
		out:     make([][]chainStep, n*n),
		in:      make([][]chainStep, n*n),
		preds:   make([]int, n*n),
		succs:   make([]int, n*n),
		blocked: make([]bool, n*n*8),
		disc:    make([]int, n*n),
		low:     make([]int, n*n),
		iter:    make([]int, n*n),
		parent:  make([]int, n*n),
		succOf:  make([]int, n*n),
		predOf:  make([]int, n*n),
		mark:    make([]int32, n*n),
		via:     make([]int, n*n),
	}
	for i := range s.succOf {
		s.succOf[i], s.predOf[i] = -1, -1
	}
	for a := 0; a < s.n2; a++ {
		for d := 0; d < 8; d++ {
			if b, ok := c.Step(a, d); ok {
				s.out[a] = append(s.out[a], chainStep{b, d, a*8 + d})
				s.in[b] = append(s.in[b], chainStep{a, d, a*8 + d})
			}
		}
	}
	for b := range s.in {
		s.preds[b] = len(s.in[b])
		s.succs[b] = len(s.out[b])
	}
	return s
}

// search extends the path, which has reached cur: it tries the steps the
// walk's rules allow, in direction order, and goes deeper where the
// pruning rules on find no contradiction.
func (s *chainSearch) search(cur int) (bool, error) {
	s.nodes++
	if s.opts.MaxNodes > 0 && s.nodes > s.opts.MaxNodes {
		return false, ErrChainNodeLimit
	}
	if s.walk.Complete() {
		return true, nil
	}
	r := s.rules
	start, checked := s.nodes, false
	sweepAt := chainFrontierAfter(s.n2 - s.walk.Len())
	for _, e := range s.out[cur] {
		if r.refute && !checked && s.nodes-start > chainRefuteAfter(s.n2-s.walk.Len()) {
			// The subtree grows: does any path complete the walk?
			checked = true
			if s.completes(cur, chainRefuteBudget(s.n2-s.walk.Len())) == verdictNone {
				return false, nil
			}
		}
		if r.frontier && s.nodes-start > sweepAt {
			// It grows: the frontier check answers exactly, given states
			// in proportion to the subtree (asked again, with more, each
			// time the subtree grows fourfold while it does not know).
			switch s.frontierVerdict(cur, max(chainFrontierFirst, chainFrontierPerNode*(s.nodes-start))) {
			case verdictNone:
				s.sweepCuts++
				return false, nil
			case verdictPath:
				sweepAt = 1 << 62
			default:
				sweepAt *= 4
			}
		}
		if s.blocked[e.edge] || s.offPrefix(e.dir) {
			continue
		}
		next, ok := s.walk.CanStep(e.dir)
		if !ok {
			continue
		}
		trail, ptrail, etrail := len(s.matchTrail), len(s.pairTrail), len(s.removed)
		if e.dir%2 == 1 {
			s.removeAcross(cur, e.dir, cur)
		}
		s.walk.Step(e.dir)
		s.move(cur, next)
		moved := len(s.removed)
		if (!r.memo || !s.memoDead(next)) && (!r.forced || s.viable(cur, next)) && s.settle(next) &&
			(!r.matching || s.rematch(cur, next, etrail)) &&
			(!r.pairing || s.repair(cur, next, etrail)) &&
			(!r.reach || s.reachable(next)) &&
			(!r.biconnected || s.biconnectedDue(next)) {
			found, err := s.search(next)
			if found || err != nil {
				return found, err
			}
			if r.memo {
				s.memoAdd(next)
			}
		}
		s.undoMatch(trail)
		s.undoPairs(ptrail)
		s.restoreEdges(moved)
		s.unmove(cur, next)
		s.walk.Back()
		s.restoreEdges(etrail)
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
	if !s.walk.Visited(from) || from == cur {
		s.preds[to]--
	}
	if !s.walk.Visited(to) {
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
		if !s.walk.Visited(from) || from == r.cur {
			s.preds[to]++
		}
		if !s.walk.Visited(to) {
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

// move updates the counts after the walk stepped from cur to next: cur
// stops being a possible predecessor of its other successors, and next is
// no longer a possible successor of anything.
func (s *chainSearch) move(cur, next int) {
	for _, e := range s.out[cur] {
		if !s.blocked[e.edge] {
			s.preds[e.cell]--
			s.pending = append(s.pending, e.cell)
		}
	}
	for _, e := range s.in[next] {
		if !s.blocked[e.edge] {
			s.succs[e.cell]--
			s.pending = append(s.pending, e.cell)
		}
	}
	s.pending = append(s.pending, next)
}

// unmove undoes move, before the walk steps back.
func (s *chainSearch) unmove(cur, next int) {
	for _, e := range s.in[next] {
		if !s.blocked[e.edge] {
			s.succs[e.cell]++
		}
	}
	for _, e := range s.out[cur] {
		if !s.blocked[e.edge] {
			s.preds[e.cell]++
		}
	}
}

// ChainMemory estimates the peak memory in bytes of SolveChain on c: a
// fixed base for the runtime, a share per cell (the step lists, counts
// and scratch space), and, for K=2 where the degree matching's augmenting
// paths can be long, a share per cell squared for their undo trails down
// the search's depth (the constants are in the code below; the matching's
// own paths are shortest ones, see augment);
// plus the table of dead ends, whose keys are bounded by chainMemoBytes
// (twice that with the map's own memory), and the frontier check's memos
// (chainFrontierMemBytes for the first sweep order, an eighth of it for
// each other, and their tables: twice that in all). Fitted to peaks
// measured on all-zero K=1 boards (every step exists) and random K=2 and
// 3 boards up to N=64 (docs/findings.md, memory).
func ChainMemory(c *instances.Chain) int64 {
	n2 := int64(c.N) * int64(c.N)
	est := 16<<20 + 2048*n2 + 2*chainMemoBytes + 2*chainFrontierMemBytes(c.N)
	if c.K == 2 {
		est += 12 * n2 * n2
	}
	return est
}
