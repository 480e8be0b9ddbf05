package backtrack

import (
	"fmt"
	"math"
	"math/bits"
	"sort"

	"github.com/gridsat/gridsat/instances"
)

// QueensOptions tune the queens search; the zero value is the default.
// The opt tags declare the command line's options (compare.DeclareOptions),
// and each option's doc tag is its only description. For engineers:
//
//   - search: "up" (the default, also "") proves k queens too few for k
//     from a lower bound up, until a cover is found; "down" finds covers
//     with ever fewer queens, from the greedy cover, until none is smaller.
//   - symmetry: used where the board's symmetries map the target set onto
//     itself.
//   - weakley, finozhenok: queens_weakley.go; with one off, the search
//     refutes what its theorem settles.
type QueensOptions struct {
	Search       QueensSearch `opt:"search" doc:"up: iterative deepening from a lower bound; down: branch and bound from the greedy cover"`
	NoSymmetry   bool         `opt:"symmetry,negate" doc:"a searched square's images under the symmetries fixing the queens placed are not searched again"`
	NoWeakley    bool         `opt:"weakley,negate" doc:"Weakley's theorem: no cover of the full n x n board with n = 1 mod 4 has fewer than (n+1)/2 queens"`
	NoFinozhenok bool         `opt:"finozhenok,negate" doc:"Finozhenok and Weakley's theorem: no cover of the full n x n board with n = 3 mod 4 has fewer than (n+1)/2 queens, save for n = 3 and 11"`
	NoRing       bool         `opt:"ring,negate" doc:"the border argument on the squares left uncovered: a node is cut, and squares dropped, when no grid of free lines could have its border covered"`
}

// QueensSearch is the direction of the search for the fewest queens.
type QueensSearch string

// The searches.
const (
	QueensSearchUp   QueensSearch = "up"
	QueensSearchDown QueensSearch = "down"
)

// Values lists the searches, the default first.
func (QueensSearch) Values() []string {
	return []string{string(QueensSearchUp), string(QueensSearchDown)}
}

// DefaultQueensOptions is the zero QueensOptions with its default spelled
// out.
func DefaultQueensOptions() QueensOptions {
	return QueensOptions{Search: QueensSearchUp}
}

// QueensResult is the queens search's answer: the smallest placement and
// the work done to prove it smallest.
type QueensResult struct {
	Placement []instances.Square
	Nodes     int64 // search nodes visited, over every k tried
	Bound     int   // the root lower bound
	Greedy    int   // the greedy cover's size, the root upper bound
	Steps     []QueensStep
	// None is set when q is a part (instances.QueensPart) with no placement
	// of at most its bound (queens_restrict.go); Greedy is then -1.
	None bool
}

// QueensStep is one budget the search tried: whether k queens can cover
// the targets, and the nodes it took to decide.
type QueensStep struct {
	K     int
	Found bool
	Nodes int64
}

// SolveQueens finds the fewest queens that cover every target of q, and
// proves no fewer do, by exact depth-first search over bitboards:
//
//   - every square has a bitboard of the targets a queen there covers;
//   - a node picks the uncovered target with the fewest squares left that
//     could cover it, and tries each such square in turn, best coverage
//     first; squares tried are excluded from later siblings (a cover
//     holding one was already searched), and squares that cover nothing
//     still uncovered are dropped;
//   - a node is cut when the k' queens left, even if each covered as many
//     uncovered targets as the k' best squares do alone, could not cover
//     them all, or when the targets' shares (1/the best reach of a square
//     covering each) add up to more than k' (see shareBound); a child
//     that the first test would cut is not made at all (childCut: its
//     reaches, bounded by the parent's, are computed best first and only
//     until the answer is known), which is where most nodes were cut;
//   - symmetry: when a node's square s is searched, the images of s under
//     every board symmetry that keeps the target set and fixes each queen
//     placed so far are excluded too (covers holding one are images of
//     covers holding s); at the root that is the whole group;
//   - two look-aheads that only find covers run before the full search
//     for each k, within node budgets: queens on one parity class of
//     squares (boards of all targets, queens_lattice.go), then, searching
//     up, covers the half turn keeps (queens_symmetric.go).
func SolveQueens(q *instances.Queens, opt QueensOptions) (QueensResult, error) {
	if q.Part != nil {
		return solveQueensPart(q, opt)
	}
	d := newQueensDFS(q, !opt.NoSymmetry)
	d.noRing = opt.NoRing
	greedy := instances.QueensGreedy(q)
	res := QueensResult{Greedy: len(greedy), Placement: greedy}
	res.Bound = max(d.rootBound(), d.borderRootBound(), d.theoremBound(opt))
	switch opt.Search {
	case "", QueensSearchUp:
		prev := d.skippedNodes(opt) // the nodes of the last k
		for k := res.Bound; k < len(greedy); k++ {
			start := d.nodes
			found := d.latticeFirst(k, latticeBudget(prev)) || d.symmetricFirst(k, symmetricBudget(prev)) || d.run(k)
			prev = d.nodes - start
			res.Steps = append(res.Steps, QueensStep{K: k, Found: found, Nodes: d.nodes - start})
			if found {
				res.Placement = d.solution()
				break
			}
		}
	case QueensSearchDown:
		prev := int64(0)
		for k := len(greedy) - 1; k >= res.Bound; {
			start := d.nodes
			found := d.latticeFirst(k, latticeBudget(prev)) || d.run(k)
			prev = d.nodes - start
			res.Steps = append(res.Steps, QueensStep{K: k, Found: found, Nodes: d.nodes - start})
			if !found {
				break
			}
			res.Placement = d.solution()
			k = len(res.Placement) - 1
		}
	default:
		return QueensResult{}, fmt.Errorf("queens dfs: unknown search %q (want up or down)", opt.Search)
	}
	res.Nodes = d.nodes
	return res, nil
}

// theoremBound is the bound of the theorems opt keeps on.
func (d *queensDFS) theoremBound(opt QueensOptions) int {
	b := 0
	if !opt.NoWeakley {
		b = d.weakleyBound()
	}
	if !opt.NoFinozhenok {
		b = max(b, d.finozhenokBound())
	}
	return b
}

// queensDFS holds the bitboards of one board and the search's stacks.
// Bitboards are slices of words, W words a board, square r*cols+c at bit
// (r*cols+c)%64 of word (r*cols+c)/64.
type queensDFS struct {
	q       *instances.Queens
	squares int
	w       int
	// cover[s*w:] holds the targets a queen on s covers; attackers[t*w:]
	// the squares whose queen covers t (the squares on t's lines).
	cover, attackers []uint64
	targets          []uint64
	maxReach         int
	// Per-depth stacks: the uncovered targets and the squares still
	// allowed, the reach of each square, the candidate squares.
	uncov, allow []uint64
	reach        []int32
	cands        [][]int32
	hist         []int32
	placed       []int
	// start, order and covered are shareBound's scratch.
	start    []int32
	order    []int32
	orderLen int
	// orders[depth] keeps a branching node's order for childCut; top is
	// childCut's scratch.
	orders [][]int32
	stab   [][]int
	// uncount[depth] is the number of targets uncovered at depth.
	uncount []int
	top     []int
	covered []uint64
	// useful holds the squares worth a queen: those no other square
	// dominates (see markUseful).
	useful []uint64
	// syms are the board symmetries keeping the target set; stab[depth]
	// indexes those that fix every queen placed above depth.
	syms  [][]int32
	nodes int64
	// border is set on boards of all targets up to 64 x 64, where the
	// border argument (queens_border.go) bounds every node.
	border bool
	// halfTurn indexes the half turn in syms (-1: not a symmetry, or
	// symmetry off), for the symmetric look-ahead (queens_symmetric.go).
	halfTurn int
	// rowBits[r*w:] and colBits[c*w:] hold the squares of row r and
	// column c (set with border).
	rowBits, colBits []uint64
	// limit is the nodes past which a search gives up (the look-aheads'
	// budget; no limit otherwise).
	limit int64
	// diagFree and antiFree are borderFilter's scratch: the free squares
	// of each diagonal.
	diagFree, antiFree []int32
	// ringBoards, ringGrids and ringLines are ringCut's scratch
	// (queens_ring.go). diagBits[x*w:] and antiBits[x*w:] hold the
	// squares of diagonal r-c = x-(cols-1) and of anti-diagonal r+c = x,
	// in the words [lo, hi) of diagSpan[x] and antiSpan[x].
	ringBoards ringBoards
	ringGrids  []ringGrid
	ringLines  ringLines
	// ringPlacedRows and ringPlacedCols hold the squares of the lines the
	// queens placed hold, ringRange rowRange's scratch, colPrefix[c*w:]
	// the squares of columns 0..c-1.
	ringPlacedRows, ringPlacedCols, ringRange, colPrefix []uint64
	// rowNibbles and colNibbles are linesBoard's tables.
	rowNibbles, colNibbles []uint64
	diagBits, antiBits     []uint64
	diagSpan, antiSpan     [][2]int
	// probeA and kids are the probes' scratch, root the root node they
	// all start from (queens_estimate.go).
	probeA []uint64
	kids   []int32
	root   *probeRoot
	// noRing turns ringCut off (option ring=false); ringRoom and
	// ringRoomSquares say where it is tried (queens_ring.go; the tests
	// try it everywhere).
	noRing                    bool
	ringRoom, ringRoomSquares int
	// noPrecut turns makeChild's cut on the parent's reaches off, for the
	// test that it cuts no child childCut would keep.
	noPrecut bool
}

func newQueensDFS(q *instances.Queens, useSymmetry bool) *queensDFS {
	n, m := q.Rows, q.Cols
	S := n * m
	W := (S + 63) / 64
	d := &queensDFS{q: q, squares: S, w: W}
	d.cover = make([]uint64, S*W)
	d.attackers = make([]uint64, S*W)
	d.targets = make([]uint64, W)
	for t := 0; t < S; t++ {
		if q.Target[t] {
			d.targets[t/64] |= 1 << (t % 64)
		}
	}
	for s := 0; s < S; s++ {
		sr, sc := s/m, s%m
		reach := 0
		for t := 0; t < S; t++ {
			if !instances.QueensAttack(instances.Square{Row: sr, Col: sc}, instances.Square{Row: t / m, Col: t % m}) {
				continue
			}
			// Attack is symmetric: s covers t iff t's lines hold s.
			d.attackers[s*W+t/64] |= 1 << (t % 64)
			if q.Target[t] {
				d.cover[s*W+t/64] |= 1 << (t % 64)
				reach++
			}
		}
		d.maxReach = max(d.maxReach, reach)
	}
	d.hist = make([]int32, d.maxReach+1)
	d.start = make([]int32, d.maxReach+1)
	d.order = make([]int32, S)
	d.covered = make([]uint64, W)
	d.halfTurn = -1
	d.limit = math.MaxInt64
	if useSymmetry {
		for _, g := range q.Symmetries() {
			if g.Name == "rotate 180" {
				d.halfTurn = len(d.syms)
			}
			perm := make([]int32, S)
			for s := 0; s < S; s++ {
				img := g.Map(instances.Square{Row: s / m, Col: s % m})
				perm[s] = int32(img.Row*m + img.Col)
			}
			d.syms = append(d.syms, perm)
		}
	}
	d.markUseful()
	d.initBorder()
	return d
}

// markUseful keeps the squares that cover some target and that no other
// square dominates (covers all their targets and more): a cover using a
// dominated square stays a cover, no larger, with its dominator. Without
// symmetry breaking, of squares covering the same targets only the first
// is kept too; with it, the kept set must stay symmetric, so ties stay.
//
// The SAT encoding (encode/queens.go, queensUseful) has its own copy of
// this filter, on purpose: the two solvers share no search code, so that
// their agreement in compare means something. A change here is no change
// there.
func (d *queensDFS) markUseful() {
	d.useful = undominated(d.cover, d.w, d.squares, nil, len(d.syms) == 0)
}

// undominated returns, as a set, the squares among those allowed (all
// when allowed is nil) whose cover (W words each in cover) holds some
// target and is no other allowed square's cover less something; with
// ties, of squares covering the same targets only the first.
func undominated(cover []uint64, W, squares int, allowed func(int) bool, ties bool) []uint64 {
	ok := func(s int) bool { return allowed == nil || allowed(s) }
	useful := make([]uint64, W)
	for s := 0; s < squares; s++ {
		a := cover[s*W : (s+1)*W]
		keep := ok(s) && popcount(a) > 0
		for o := 0; o < squares && keep; o++ {
			if o == s || !ok(o) {
				continue
			}
			b := cover[o*W : (o+1)*W]
			subset, equal := true, true
			for i := range a {
				if a[i]&^b[i] != 0 {
					subset = false
					break
				}
				if a[i] != b[i] {
					equal = false
				}
			}
			if subset && (!equal || ties && o < s) {
				keep = false
			}
		}
		if keep {
			useful[s/64] |= 1 << (s % 64)
		}
	}
	return useful
}

func (d *queensDFS) has(set []uint64, s int) bool { return set[s/64]>>(s%64)&1 == 1 }

// rootBound is the search's own bound at the root: the fewest queens whose
// best reaches add up to the number of targets.
func (d *queensDFS) rootBound() int {
	nT := popcount(d.targets)
	if nT == 0 {
		return 0
	}
	reach := make([]int, d.squares)
	for s := range reach {
		reach[s] = andCount(d.cover[s*d.w:(s+1)*d.w], d.targets)
	}
	sort.Sort(sort.Reverse(sort.IntSlice(reach)))
	sum := 0
	for k, r := range reach {
		sum += r
		if sum >= nT {
			return k + 1
		}
	}
	return d.squares
}

// run reports whether k queens can cover every target, leaving a cover in
// d.placed when they can.
func (d *queensDFS) run(k int) bool { return d.runOn(k, d.useful, true) }

// ensureDepth sizes the search's per-depth scratch for up to k queens.
func (d *queensDFS) ensureDepth(k int) {
	W := d.w
	if need := (k + 1) * W; len(d.uncov) < need {
		d.uncov = make([]uint64, need)
		d.allow = make([]uint64, need)
		d.reach = make([]int32, (k+1)*d.squares)
		d.cands = make([][]int32, k+1)
		d.orders = make([][]int32, k+1)
		d.stab = make([][]int, k+1)
		d.top = make([]int, k+1)
		d.uncount = make([]int, k+1)
	}
}

// runOn reports whether k queens on the squares of allow can cover every
// target, breaking the board's symmetries when symmetric is set (allow
// must then be closed under them), leaving a cover in d.placed when they
// can. Past d.limit nodes it gives up (reports false).
func (d *queensDFS) runOn(k int, allow []uint64, symmetric bool) bool {
	d.startOn(k, allow, symmetric)
	return d.search(0, k)
}

// startOn sets up the root of runOn's search (the probes of
// queens_estimate.go start there too).
func (d *queensDFS) startOn(k int, allow []uint64, symmetric bool) {
	W := d.w
	d.ensureDepth(k)
	copy(d.uncov[:W], d.targets)
	copy(d.allow[:W], allow)
	d.placed = d.placed[:0]
	d.stab[0] = d.stab[0][:0]
	for gi := range d.syms {
		if symmetric {
			d.stab[0] = append(d.stab[0], gi)
		}
	}
}

// solution returns the placement the last successful run found.
func (d *queensDFS) solution() []instances.Square {
	out := make([]instances.Square, len(d.placed))
	for i, s := range d.placed {
		out[i] = instances.Square{Row: s / d.q.Cols, Col: s % d.q.Cols}
	}
	return out
}

// search reports whether left more queens, on allowed squares, can cover
// the uncovered targets of this depth: it bounds the node (boundNode),
// picks the target to branch on (branchTarget) and tries each square
// covering it (branch).
func (d *queensDFS) search(depth, left int) bool {
	d.nodes++
	W := d.w
	U := d.uncov[depth*W : (depth+1)*W]
	A := d.allow[depth*W : (depth+1)*W]
	if d.uncount[depth] = popcount(U); d.uncount[depth] == 0 {
		return true
	}
	if left == 0 || d.nodes > d.limit || d.borderCut(left, A) || d.ringCut(left, U, A) {
		return false
	}
	if left == 1 {
		return d.lastQueen(U, A)
	}
	reach := d.reach[depth*d.squares : (depth+1)*d.squares]
	if !d.boundNode(U, A, reach, left) {
		return false
	}
	bestT, bestN := d.branchTarget(depth, U, A)
	if bestN == 0 {
		return false
	}
	return d.branch(depth, left, bestT, reach)
}

// boundNode computes the reach of every allowed square into reach,
// dropping for good the squares that reach nothing (the uncovered set only
// shrinks below), and reports whether the node passes the reach bound (the
// left best reaches add up to the uncovered count) and shareBound, which
// leaves the allowed squares by decreasing reach in d.order.
func (d *queensDFS) boundNode(U, A []uint64, reach []int32, left int) bool {
	W := d.w
	hist := d.hist
	for wi := 0; wi < W; wi++ {
		for word := A[wi]; word != 0; word &= word - 1 {
			s := wi*64 + bits.TrailingZeros64(word)
			r := int32(andCount(d.cover[s*W:(s+1)*W], U))
			reach[s] = r
			if r == 0 {
				A[wi] &^= 1 << (s % 64)
				continue
			}
			hist[r]++
		}
	}
	need, rem := popcount(U), left
	for r := len(hist) - 1; r > 0 && rem > 0; r-- {
		if c := int(hist[r]); c > 0 {
			take := min(c, rem)
			need -= take * r
			rem -= take
		}
	}
	ok := need <= 0
	if ok {
		ok = d.shareBound(U, A, reach, left)
	}
	for r := range hist {
		hist[r] = 0
	}
	return ok
}

// branchTarget picks the uncovered target with the fewest allowed
// attackers (at a symmetric root, the fewest up to symmetry), returning it
// and that count.
func (d *queensDFS) branchTarget(depth int, U, A []uint64) (bestT, bestN int) {
	W := d.w
	root := depth == 0 && len(d.stab[0]) > 0
	bestT, bestN = -1, 1<<30
	for wi := 0; wi < W; wi++ {
		for word := U[wi]; word != 0; word &= word - 1 {
			t := wi*64 + bits.TrailingZeros64(word)
			var c int
			if root {
				c = d.orbitCount(t, A)
			} else {
				c = andCount(d.attackers[t*W:(t+1)*W], A)
			}
			if c < bestN {
				bestT, bestN = t, c
				if c <= 1 {
					return bestT, bestN
				}
			}
		}
	}
	return bestT, bestN
}

// branch tries a queen on each allowed attacker of target t, best reach
// first (ties by square: boundNode left the allowed squares in that order
// in d.order), excluding each square tried, with its images, from its
// later siblings.
func (d *queensDFS) branch(depth, left, t int, reach []int32) bool {
	W := d.w
	A := d.allow[depth*W : (depth+1)*W]
	for _, s32 := range d.candidates(depth, left, t) {
		s := int(s32)
		if !d.has(A, s) {
			continue // excluded with a sibling's orbit
		}
		if d.makeChild(depth, left, s, reach) && d.descend(depth, left, s) {
			return true
		}
		d.exclude(depth, A, s)
	}
	return false
}

// candidates lists, into d.cands[depth], the allowed attackers of target t
// by decreasing reach, and keeps the node's order for childCut.
func (d *queensDFS) candidates(depth, left, t int) []int32 {
	W := d.w
	cands := d.cands[depth][:0]
	att := d.attackers[t*W : (t+1)*W]
	for _, s32 := range d.order[:d.orderLen] {
		if d.has(att, int(s32)) {
			cands = append(cands, s32)
		}
	}
	d.cands[depth] = cands
	if left-1 >= 2 {
		d.orders[depth] = append(d.orders[depth][:0], d.order[:d.orderLen]...)
	}
	return cands
}

// makeChild writes into the child's slot the targets a queen on s leaves
// uncovered, and reports whether the child is made: a child the reach
// bound would cut is not made at all. The child's reaches are at most the
// parent's, so a child whose uncovered count passes the parent's best
// reaches (s left out) is cut before its targets are even computed; the
// rest go to childCut.
func (d *queensDFS) makeChild(depth, left, s int, reach []int32) bool {
	if left-1 < 2 {
		d.childUncovered(depth, s)
		return true
	}
	// The child's uncovered count: the parent's less the reach of s.
	n := d.uncount[depth] - int(reach[s])
	if !d.noPrecut && d.topOthers(d.orders[depth], reach, s, left-1) < n {
		return false
	}
	childU := d.childUncovered(depth, s)
	return !d.childCut(d.orders[depth], reach, childU, n, left-1)
}

// topOthers adds up the k best parent reaches of squares other than s
// (order holds the squares by decreasing reach).
func (d *queensDFS) topOthers(order []int32, reach []int32, s, k int) int {
	sum := 0
	for _, o := range order {
		if k == 0 {
			break
		}
		if int(o) != s {
			sum += int(reach[o])
			k--
		}
	}
	return sum
}

// childUncovered writes into the child's slot, and returns, the targets
// of depth a queen on s leaves uncovered.
func (d *queensDFS) childUncovered(depth, s int) []uint64 {
	W := d.w
	U := d.uncov[depth*W : (depth+1)*W]
	childU := d.uncov[(depth+1)*W : (depth+2)*W]
	cov := d.cover[s*W : (s+1)*W]
	for wi := 0; wi < W; wi++ {
		childU[wi] = U[wi] &^ cov[wi]
	}
	return childU
}

// descend places a queen on s below depth (its uncovered targets already
// in the child's slot) and searches the child, whose symmetries are those
// of this node fixing s too.
func (d *queensDFS) descend(depth, left, s int) bool {
	d.enter(depth, s)
	if d.search(depth+1, left-1) {
		return true
	}
	d.placed = d.placed[:len(d.placed)-1]
	return false
}

// enter sets up the child of depth with a queen on s (its uncovered
// targets already in the child's slot): its allowed squares, the queens
// placed and its symmetries.
func (d *queensDFS) enter(depth, s int) {
	W := d.w
	copy(d.allow[(depth+1)*W:(depth+2)*W], d.allow[depth*W:(depth+1)*W])
	d.placed = append(d.placed, s)
	st := d.stab[depth+1][:0]
	for _, gi := range d.stab[depth] {
		if int(d.syms[gi][s]) == s {
			st = append(st, gi)
		}
	}
	d.stab[depth+1] = st
}

// exclude drops s from A once the covers holding s (with the queens
// placed) are searched, and with it, up to symmetry, the images of s under
// every symmetry of this node: the covers holding those are images of the
// covers searched.
func (d *queensDFS) exclude(depth int, A []uint64, s int) {
	A[s/64] &^= 1 << (s % 64)
	for _, gi := range d.stab[depth] {
		img := int(d.syms[gi][s])
		A[img/64] &^= 1 << (img % 64)
	}
}

// childCut reports whether a child node, with uncovered targets U (n of
// them) and left queens, would fail the reach bound (its left best reaches add up to fewer
// than |U|), computing as few reaches as it can: it goes through the
// parent's squares by decreasing parent reach, an upper bound on the
// child's, and stops as soon as the answer is known. The parent's squares
// are a superset of the child's, so the test is never stronger than the
// child's own.
func (d *queensDFS) childCut(order []int32, parentReach []int32, U []uint64, n, left int) bool {
	W := d.w
	top := d.top[:left] // the best child reaches so far, descending
	for i := range top {
		top[i] = 0
	}
	sum := 0
	// best is what the bound could still see, the top values each raised
	// to lastP: recomputed only when the parent reach p or top changes.
	best, lastP := 0, -1
	for _, s32 := range order {
		p := int(parentReach[s32])
		// Every square still to come reaches at most p.
		if p != lastP {
			best, lastP = 0, p
			for _, t := range top {
				best += max(t, p)
			}
		}
		if best < n {
			return true
		}
		s := int(s32)
		c := andCount(d.cover[s*W:(s+1)*W], U)
		if c <= top[left-1] {
			continue
		}
		sum += c - top[left-1]
		i := left - 1
		for i > 0 && top[i-1] < c {
			top[i] = top[i-1]
			i--
		}
		top[i] = c
		if sum >= n {
			return false
		}
		lastP = -1 // top changed
	}
	return sum < n
}

// lastQueen finishes a search with one queen left: it must stand on a
// square on the lines of every uncovered target, so the allowed squares
// are intersected with each target's attackers (|U| bitboard ands, where
// the general node would compute every square's reach).
func (d *queensDFS) lastQueen(U, A []uint64) bool {
	W := d.w
	common := d.covered // free scratch here: shareBound is not running
	copy(common, A)
	for wi := 0; wi < W; wi++ {
		for word := U[wi]; word != 0; word &= word - 1 {
			t := wi*64 + bits.TrailingZeros64(word)
			att := d.attackers[t*W : (t+1)*W]
			some := uint64(0)
			for i := range common {
				common[i] &= att[i]
				some |= common[i]
			}
			if some == 0 {
				return false
			}
		}
	}
	for i, word := range common {
		if word != 0 {
			d.placed = append(d.placed, i*64+bits.TrailingZeros64(word))
			return true
		}
	}
	return false
}

// shareBound applies the share argument: give each uncovered target t the
// share 1/best(t), best(t) the largest reach of an allowed square covering
// t. A queen on s covers reach(s) targets, each with best >= reach(s), so
// their shares add up to at most 1: the queens left must be at least the
// sum of all shares. Squares are taken in decreasing reach (a counting
// sort on hist), so a target's best is the reach of the first square that
// covers it. It reports false when the queens left are too few.
func (d *queensDFS) shareBound(U, A []uint64, reach []int32, left int) bool {
	W := d.w
	hist := d.hist
	// start[r] is where squares of reach r begin in order (descending).
	start, order, covered := d.start, d.order, d.covered
	pos := 0
	for r := len(hist) - 1; r > 0; r-- {
		start[r] = int32(pos)
		pos += int(hist[r])
	}
	for wi := 0; wi < W; wi++ {
		for word := A[wi]; word != 0; word &= word - 1 {
			s := wi*64 + bits.TrailingZeros64(word)
			r := reach[s]
			order[start[r]] = int32(s)
			start[r]++
		}
	}
	for i := range covered {
		covered[i] = 0
	}
	sum, limit := 0.0, float64(left)+1e-9
	left2 := popcount(U)
	d.orderLen = pos
	for _, s32 := range order[:pos] {
		s := int(s32)
		cov := d.cover[s*W : (s+1)*W]
		fresh := 0
		for i := range covered {
			nw := cov[i] & U[i] &^ covered[i]
			fresh += bits.OnesCount64(nw)
			covered[i] |= nw
		}
		if fresh == 0 {
			continue
		}
		sum += float64(fresh) / float64(reach[s])
		if sum > limit {
			return false
		}
		if left2 -= fresh; left2 == 0 {
			break
		}
	}
	return true
}

// orbitCount counts the allowed attackers of t up to the board's
// symmetries: the branches the root would make on t.
func (d *queensDFS) orbitCount(t int, A []uint64) int {
	W := d.w
	att := d.attackers[t*W : (t+1)*W]
	seen := d.covered // free scratch: shareBound is not running
	clear(seen)
	n := 0
	for wi := 0; wi < W; wi++ {
		for word := att[wi] & A[wi] &^ seen[wi]; word != 0; word &= word - 1 {
			s := wi*64 + bits.TrailingZeros64(word)
			if d.has(seen, s) {
				continue
			}
			n++
			seen[s/64] |= 1 << (s % 64)
			for _, g := range d.syms {
				seen[g[s]/64] |= 1 << (g[s] % 64)
			}
		}
	}
	return n
}

func popcount(set []uint64) int {
	n := 0
	for _, w := range set {
		n += bits.OnesCount64(w)
	}
	return n
}

func andCount(a, b []uint64) int {
	n := 0
	b = b[:len(a)]
	for i := range a {
		n += bits.OnesCount64(a[i] & b[i])
	}
	return n
}
