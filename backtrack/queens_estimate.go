package backtrack

import (
	"math"
	"math/rand/v2"
	"slices"

	"github.com/gridsat/gridsat/instances"
)

// Knuth's estimate of a backtracking tree's size (D. E. Knuth, "Estimating
// the efficiency of backtrack programs", Math. Comp. 29, 1975). A probe
// walks from the root down one path, choosing at each node one of its D
// children uniformly at random; a node at depth d of the path stands for
// the D_0 D_1 ... D_{d-1} nodes it was chosen among, and the sum of those
// products over the path is an unbiased estimate of the tree's nodes. The
// probes here walk the queens search's own tree: the same bounds, the same
// branching target, each child with what the search allows it (the squares
// of the siblings before it, with their images, excluded) and only the
// children the search makes (childCut), so that the expectation is the
// node count the search reports for a k it refutes.

// QueensEstimateConfig sets how hard EstimateQueens looks; the zero value
// is the default.
type QueensEstimateConfig struct {
	// Probes is the number of probes for each k (default 4096), cut into
	// Batches batches (default 16) whose means give the spread.
	Probes, Batches int
	// Seed seeds the probes' random choices.
	Seed uint64
	// RateNodes is how many nodes of the real search are timed for the
	// nodes per CPU second (0: the rate is not measured).
	RateNodes int64
}

// QueensEstimate is the estimated size of the queens search of one case.
type QueensEstimate struct {
	Steps []QueensEstimateStep // one per k, from the root bound up
	// Rate is nodes per CPU second of a short real search of the case
	// (RateNodes nodes over RateCPU seconds); 0 when not measured.
	Rate      float64
	RateNodes int64
	RateCPU   float64
}

// QueensEstimateStep is the estimated size of the full search for k
// queens.
type QueensEstimateStep struct {
	K     int
	Nodes float64 // the mean over all probes
	// Batches holds each batch's mean, in the order the probes ran: their
	// spread is the estimate's.
	Batches []float64
	// Found is set when a probe reached a cover: the search stops at this
	// k, on its first cover (so within the estimate, not at it), and tries
	// no larger k.
	Found bool
}

// Nodes is the estimate's total over its steps.
func (e QueensEstimate) Nodes() float64 {
	sum := 0.0
	for _, s := range e.Steps {
		sum += s.Nodes
	}
	return sum
}

// BatchTotals are the totals over the steps of each batch's mean, batch
// by batch: estimates of the total, each from one batch of probes.
func (e QueensEstimate) BatchTotals() []float64 {
	if len(e.Steps) == 0 {
		return nil
	}
	out := make([]float64, len(e.Steps[0].Batches))
	for _, s := range e.Steps {
		for i, b := range s.Batches {
			out[i] += b
		}
	}
	return out
}

// queensTree is a queens search set up for probes: its root for each k.
type queensTree struct {
	d      *queensDFS
	lo, hi int // the k the search tries: lo up to hi at most
	// start sets the root up for k queens and returns the queens left to
	// place there (false: k is below the forced queens).
	start func(k int) (int, bool)
}

// newQueensTree sets up the search SolveQueens makes of q, searching up:
// a whole case from its root bound to one less than the greedy cover, a
// part from its root bound to its bound.
func newQueensTree(q *instances.Queens, opt QueensOptions) queensTree {
	if q.Part != nil {
		d, forced, rest := newQueensPartDFS(q, opt)
		start := func(k int) (int, bool) {
			if k < len(forced) {
				return 0, false
			}
			d.startPart(k, forced, rest)
			return k - len(forced), true
		}
		return queensTree{d: d, lo: max(d.rootBound(), d.borderRootBound(), len(forced), d.theoremBound(opt)), hi: q.Part.Bound, start: start}
	}
	d := newQueensDFS(q, !opt.NoSymmetry)
	d.noRing = opt.NoRing
	start := func(k int) (int, bool) {
		d.startOn(k, d.useful, true)
		return k, true
	}
	hi := len(instances.QueensGreedy(q)) - 1
	return queensTree{d: d, lo: max(d.rootBound(), d.borderRootBound(), d.theoremBound(opt)), hi: hi, start: start}
}

// EstimateQueens estimates the nodes of the full searches SolveQueens
// makes of q (searching up; the look-aheads, bounded by their budgets,
// are not counted), k by k, until a probe reaches a cover; with
// cfg.RateNodes it times that many nodes of the real search for the rate.
func EstimateQueens(q *instances.Queens, opt QueensOptions, cfg QueensEstimateConfig) QueensEstimate {
	if cfg.Probes <= 0 {
		cfg.Probes = 4096
	}
	if cfg.Batches <= 0 {
		cfg.Batches = 16
	}
	cfg.Batches = min(cfg.Batches, cfg.Probes)
	rng := rand.New(rand.NewPCG(cfg.Seed, 0x6b6e757468))
	pick := func(n int) int { return rng.IntN(n) }
	t := newQueensTree(q, opt)
	var e QueensEstimate
	for k := t.lo; k <= t.hi; k++ {
		st := t.estimate(k, cfg, pick)
		e.Steps = append(e.Steps, st)
		if st.Found {
			break
		}
	}
	if cfg.RateNodes > 0 {
		e.RateNodes, e.RateCPU = newQueensTree(q, opt).timed(cfg.RateNodes)
		if e.RateCPU > 0 {
			e.Rate = float64(e.RateNodes) / e.RateCPU
		}
	}
	return e
}

// estimate runs cfg.Probes probes of the search for k queens.
func (t queensTree) estimate(k int, cfg QueensEstimateConfig, pick func(int) int) QueensEstimateStep {
	st := QueensEstimateStep{K: k, Batches: make([]float64, cfg.Batches)}
	t.d.root = nil // the root node of k-1 is not k's
	per := make([]int, cfg.Batches)
	total := 0.0
	for i := 0; i < cfg.Probes; i++ {
		left, ok := t.start(k)
		if !ok {
			return QueensEstimateStep{K: k, Batches: st.Batches}
		}
		est, found := t.d.probe(left, pick)
		st.Found = st.Found || found
		total += est
		b := i * cfg.Batches / cfg.Probes
		st.Batches[b] += est
		per[b]++
	}
	for b := range st.Batches {
		st.Batches[b] /= float64(per[b])
	}
	st.Nodes = total / float64(cfg.Probes)
	return st
}

// timed runs the real search, k from lo up, for up to budget nodes in all,
// and returns the nodes run and the CPU seconds they took.
func (t queensTree) timed(budget int64) (int64, float64) {
	d := t.d
	cpu0 := cpuSeconds()
	for k := t.lo; k <= t.hi && d.nodes < budget; k++ {
		left, ok := t.start(k)
		if !ok {
			continue
		}
		d.limit = budget
		found := d.search(0, left)
		d.limit = math.MaxInt64
		if found {
			break
		}
	}
	return min(d.nodes, budget+1), cpuSeconds() - cpu0
}

// probe walks one path down the search tree from the root set up for
// left queens, choosing each node's child by pick(number of children), and
// returns Knuth's estimate of the tree's nodes and whether the path ended
// on a cover.
func (d *queensDFS) probe(left int, pick func(int) int) (float64, bool) {
	est, weight := 0.0, 1.0
	for depth := 0; ; depth++ {
		est += weight
		kids, found := d.probeRootNode(depth, left)
		if found || len(kids) == 0 {
			return est, found
		}
		d.probeEnter(depth, int(kids[pick(len(kids))]))
		weight *= float64(len(kids))
		left--
	}
}

// probeNode does what search does at a node up to branching, and returns
// the children the search would make (as indexes into d.cands[depth]), or
// whether the node is a cover.
func (d *queensDFS) probeNode(depth, left int) (kids []int32, found bool) {
	W := d.w
	U := d.uncov[depth*W : (depth+1)*W]
	A := d.allow[depth*W : (depth+1)*W]
	if d.uncount[depth] = popcount(U); d.uncount[depth] == 0 {
		return nil, true
	}
	if left == 0 || d.borderCut(left, A) || d.ringCut(left, U, A) {
		return nil, false
	}
	if left == 1 {
		return nil, d.lastQueen(U, A)
	}
	reach := d.reach[depth*d.squares : (depth+1)*d.squares]
	if !d.boundNode(U, A, reach, left) {
		return nil, false
	}
	bestT, bestN := d.branchTarget(depth, U, A)
	if bestN == 0 {
		return nil, false
	}
	// The children branch makes, each with its earlier siblings excluded
	// (on a copy of A: the chosen child's exclusions are made by
	// probeEnter).
	cands := d.candidates(depth, left, bestT)
	scratch := append(d.probeA[:0], A...)
	d.probeA = scratch
	kids = d.kids[:0]
	for i, s32 := range cands {
		s := int(s32)
		if !d.has(scratch, s) {
			continue
		}
		if d.makeChild(depth, left, s, reach) {
			kids = append(kids, int32(i))
		}
		d.exclude(depth, scratch, s)
	}
	d.kids = kids
	return kids, false
}

// probeEnter enters the child of candidate index i at depth, as branch
// does: the candidates before it excluded, with their images.
func (d *queensDFS) probeEnter(depth, i int) {
	W := d.w
	A := d.allow[depth*W : (depth+1)*W]
	cands := d.cands[depth]
	for _, s32 := range cands[:i] {
		if s := int(s32); d.has(A, s) {
			d.exclude(depth, A, s)
		}
	}
	s := int(cands[i])
	d.childUncovered(depth, s)
	d.enter(depth, s)
}

// probeRoot is the root node as probeNode leaves it, kept for the next
// probes of the same k (every probe starts there): the allowed squares,
// the reaches, the candidates, the order and the children.
type probeRoot struct {
	allow               []uint64
	reach               []int32
	cands, orders, kids []int32
	found               bool
}

// probeRootNode is probeNode, with the root's answer kept in d.root (to
// be cleared when k changes) and read back from there.
func (d *queensDFS) probeRootNode(depth, left int) ([]int32, bool) {
	if depth > 0 || left < 2 {
		return d.probeNode(depth, left)
	}
	W, S := d.w, d.squares
	if r := d.root; r != nil {
		copy(d.allow[:W], r.allow)
		copy(d.reach[:S], r.reach)
		d.cands[0] = append(d.cands[0][:0], r.cands...)
		d.orders[0] = append(d.orders[0][:0], r.orders...)
		return r.kids, r.found
	}
	kids, found := d.probeNode(0, left)
	d.root = &probeRoot{
		allow: slices.Clone(d.allow[:W]), reach: slices.Clone(d.reach[:S]),
		cands: slices.Clone(d.cands[0]), orders: slices.Clone(d.orders[0]),
		kids: slices.Clone(kids), found: found,
	}
	return d.root.kids, found
}
