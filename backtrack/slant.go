package backtrack

import (
	"fmt"
	"math/rand/v2"

	"github.com/gridsat/gridsat/instances"
)

// SlantDeduce names how much a slant search deduces before it branches.
type SlantDeduce int

const (
	// SlantDeduceProbe, the default, adds failed-literal probing to
	// SlantDeduceBorder: before branching, each undecided cell next to a
	// clue or a decided diagonal is tried both ways with basic deductions,
	// and a diagonal that fails at once is replaced by the other.
	SlantDeduceProbe SlantDeduce = iota
	// SlantDeduceBorder adds the border rule to SlantDeduceBasic: every
	// corner must end up joined to the board's border (a component that
	// cannot reach it would be enclosed by a loop), so a component off the
	// border with a single way out (exit) must take it, and one with none
	// is a dead end.
	SlantDeduceBorder
	// SlantDeduceBasic propagates clue counts (a clue that needs all or
	// none of its undecided cells) and loops (a diagonal whose corners
	// are already joined is forbidden) only.
	SlantDeduceBasic
)

// ParseSlantDeduce reads a deduction level by name: "probe", "border" or
// "basic"; "" means probe.
func ParseSlantDeduce(name string) (SlantDeduce, error) {
	switch name {
	case "", "probe":
		return SlantDeduceProbe, nil
	case "border":
		return SlantDeduceBorder, nil
	case "basic":
		return SlantDeduceBasic, nil
	}
	return 0, fmt.Errorf("unknown slant deduction level %q (known: probe, border, basic)", name)
}

// SlantOptions tune SolveSlant. The zero value finds one solution with
// probing deductions.
type SlantOptions struct {
	// Limit is how many solutions to look for: 1 (0 means 1), or 2 to
	// decide uniqueness.
	Limit  int
	Deduce SlantDeduce
	// MaxNodes stops the search after that many branching nodes (0 means
	// no limit); the result then has Complete false.
	MaxNodes int64
}

// SlantResult is what SolveSlant found.
type SlantResult struct {
	// Solutions holds up to Limit solutions, each row-major W*H bytes of
	// '\' and '/'.
	Solutions [][]byte
	// Complete is false when MaxNodes stopped the search: then fewer
	// solutions than Limit does not prove there are no more.
	Complete bool
	// Nodes counts the branching nodes (each value tried at a branch).
	Nodes int64
	// Forced counts the cells set by deduction.
	Forced int64
	// Restarts counts the searches abandoned at their node budget and
	// started over with other tie-breaks.
	Restarts int
}

// SolveSlant searches s depth-first, restarting with random tie-breaks
// and a doubled node budget when a search runs out of it (a search that
// thrashes under an early wrong choice gets another order): it propagates forced cells (clue
// counts, loop-closing diagonals, and with SlantDeduceFull corners that must
// reach the border), then branches on the most constrained undecided cell,
// undoing with a trail. The search is iterative, so board size is bounded
// by memory, not the stack.
func SolveSlant(s *instances.Slant, opt SlantOptions) SlantResult {
	var total SlantResult
	budget := int64(max(restartNodes, 2*s.W*s.H))
	for run := 0; ; run++ {
		o := opt
		last := opt.MaxNodes > 0 && total.Nodes+budget >= opt.MaxNodes
		if last {
			o.MaxNodes = opt.MaxNodes - total.Nodes
		} else {
			o.MaxNodes = budget
		}
		var rng *rand.Rand
		if run > 0 {
			rng = rand.New(rand.NewPCG(uint64(run), 0x51a47))
		}
		res := searchSlant(s, o, rng)
		res.Nodes += total.Nodes
		res.Forced += total.Forced
		res.Restarts = run
		if res.Complete || last {
			return res
		}
		total = res
		budget *= 2
	}
}

// restartNodes is the least node budget of the first search (which gets
// two nodes per cell on larger boards); each restart, with
// randomly broken ties, doubles it. A search that ends within its budget
// is exhaustive, so the answer (solutions found, or none) is exact.
const restartNodes = 4000

func searchSlant(s *instances.Slant, opt SlantOptions, rng *rand.Rand) SlantResult {
	limit := opt.Limit
	if limit <= 0 {
		limit = 1
	}
	st := newSlantState(s, opt.Deduce)
	st.rng = rng
	st.local = limit == 1
	st.borderFrom = -1
	res := SlantResult{Complete: true}
	defer func() { res.Forced = st.forced }()

	type frame struct {
		cell      int32
		trailMark int
		ufMark    int
		first     byte
		second    bool // the second orientation is being tried
	}
	var stack []frame
	ok := st.seed() && st.propagate()
	for {
		if ok {
			if len(st.trail) == len(st.cell) {
				res.Solutions = append(res.Solutions, append([]byte(nil), st.cell...))
				if len(res.Solutions) >= limit {
					res.Forced = st.forced
					return res
				}
				ok = false
				continue
			}
			if opt.MaxNodes > 0 && res.Nodes >= opt.MaxNodes {
				res.Complete = false
				res.Forced = st.forced
				return res
			}
			if st.deduce == SlantDeduceProbe {
				from := -1
				if len(stack) > 0 {
					from = stack[len(stack)-1].trailMark
				}
				if ok = st.probe(from); !ok {
					continue
				}
				if len(st.trail) == len(st.cell) {
					continue
				}
			}
			i, d := st.pickCell()
			stack = append(stack, frame{cell: i, first: d, trailMark: len(st.trail), ufMark: st.uf.Mark()})
			res.Nodes++
			ok = st.decide(i, d)
			continue
		}
		if len(stack) == 0 {
			res.Forced = st.forced
			return res
		}
		f := &stack[len(stack)-1]
		st.undo(f.trailMark, f.ufMark)
		if f.second {
			stack = stack[:len(stack)-1]
			continue
		}
		f.second = true
		res.Nodes++
		ok = st.decide(f.cell, other(f.first))
	}
}

// CountSlant counts the solutions of s up to limit with the default
// deductions; it is the uniqueness check the generator takes
// (instances.GenerateSlant).
func CountSlant(s *instances.Slant, limit int) int {
	return len(SolveSlant(s, SlantOptions{Limit: limit}).Solutions)
}

func other(d byte) byte {
	if d == instances.Back {
		return instances.Forward
	}
	return instances.Back
}

// slantState is the search state: cells, per-corner counts, union-find
// over corners with member lists, the trail and the propagation queues.
type slantState struct {
	w, h, cw int
	deduce   SlantDeduce
	clue     []int8
	cell     []byte // 0 while undecided
	on       []int8 // diagonals touching each corner
	open     []int8 // undecided cells around each corner
	uf       *instances.UnionFind
	// next links every corner's component into a circular list; joining
	// two components swaps two links, and swapping them back splits them.
	next  []int32
	trail []int32 // decided cells, in order
	// pending holds forced moves (cell*2 + 0 for '\', 1 for '/');
	// check holds clue corners to look at.
	pending []int32
	check   []int32
	forced  int64
	local   bool       // branch near the last node's cells (Limit 1)
	rng     *rand.Rand // breaks ties in pickCell and firstChoice; nil: none
	// borderFrom is the trail length the border rule last saw; -1 before
	// its first, full, scan.
	borderFrom int
	probing    bool // inside a probe: forced cells are not counted
	// probeStart is the trail length a probe started at: a probe that
	// forces more than probeBudget cells is cut short (no contradiction
	// found), which keeps probing linear on clue-dense boards.
	probeStart int
	basicOnly  bool // skip the border rule (probes and probe-forced cells)
	// around lists, per corner, the up to four cells touching it and
	// the diagonal by which each touches it.
	around [][4]int32
	touch  [][4]byte
	// scratch for the border rule, indexed by component root.
	stamp    []int32
	curStamp int32
	exits    []int32
	exitMove []int32
	onBorder []int32
	border   []int32 // corners on the board's edge
	// probe candidates and their dedup stamps (sharing curStamp).
	cands     []int32
	cellStamp []int32
}

func newSlantState(s *instances.Slant, deduce SlantDeduce) *slantState {
	w, h := s.W, s.H
	cw := w + 1
	nc := (w + 1) * (h + 1)
	st := &slantState{
		w: w, h: h, cw: cw, deduce: deduce,
		clue:      s.Clues,
		cell:      make([]byte, w*h),
		on:        make([]int8, nc),
		open:      make([]int8, nc),
		uf:        instances.NewUnionFind(nc),
		next:      make([]int32, nc),
		around:    make([][4]int32, nc),
		touch:     make([][4]byte, nc),
		stamp:     make([]int32, nc),
		exits:     make([]int32, nc),
		exitMove:  make([]int32, nc),
		onBorder:  make([]int32, nc),
		cellStamp: make([]int32, w*h),
	}
	for p := 0; p < nc; p++ {
		st.next[p] = int32(p)
		r, c := p/cw, p%cw
		k := 0
		add := func(rr, cc int, d byte) {
			if rr >= 0 && rr < h && cc >= 0 && cc < w {
				st.around[p][k] = int32(rr*w + cc)
				st.touch[p][k] = d
				k++
			}
		}
		add(r-1, c-1, instances.Back)
		add(r-1, c, instances.Forward)
		add(r, c-1, instances.Forward)
		add(r, c, instances.Back)
		for ; k < 4; k++ {
			st.around[p][k] = -1
		}
		for _, ci := range st.around[p] {
			if ci >= 0 {
				st.open[p]++
			}
		}
		if r == 0 || r == h || c == 0 || c == w {
			st.border = append(st.border, int32(p))
		}
	}
	return st
}

// seed queues every clue corner for a first look.
func (st *slantState) seed() bool {
	for p, k := range st.clue {
		if k > st.open[p] {
			return false
		}
		if k >= 0 {
			st.check = append(st.check, int32(p))
		}
	}
	return true
}

// ends returns the corners diagonal d of cell i joins.
func (st *slantState) ends(i int, d byte) (int, int) {
	r, c := i/st.w, i%st.w
	if d == instances.Back {
		return r*st.cw + c, (r+1)*st.cw + c + 1
	}
	return r*st.cw + c + 1, (r+1)*st.cw + c
}

func move(i int32, d byte) int32 {
	if d == instances.Back {
		return i * 2
	}
	return i*2 + 1
}

func moveCell(m int32) (int, byte) {
	if m&1 == 0 {
		return int(m / 2), instances.Back
	}
	return int(m / 2), instances.Forward
}

// corners returns the four corners of cell i: top-left, top-right,
// bottom-left, bottom-right.
func (st *slantState) corners(i int) [4]int {
	r, c := i/st.w, i%st.w
	tl := r*st.cw + c
	return [4]int{tl, tl + 1, tl + st.cw, tl + st.cw + 1}
}

// assign sets cell i to d, forbids every diagonal that would now close a
// loop, and queues the clue corners to look at; it reports false on a
// contradiction (the cell holds the other diagonal, or d closes a loop).
func (st *slantState) assign(i int, d byte) bool {
	if st.cell[i] != 0 {
		return st.cell[i] == d
	}
	a, b := st.ends(i, d)
	ra, rb := st.uf.Find(a), st.uf.Find(b)
	if ra == rb {
		return false
	}
	st.cell[i] = d
	st.trail = append(st.trail, int32(i))
	cs := st.corners(i)
	for k, p := range cs {
		st.open[p]--
		// '\' touches top-left and bottom-right, '/' the other two.
		if (d == instances.Back) == (k == 0 || k == 3) {
			st.on[p]++
		}
		if st.clue[p] >= 0 {
			st.check = append(st.check, int32(p))
		}
	}
	// Walk the smaller of the two components: every undecided diagonal
	// from one of its corners to the other component now closes a loop.
	small, otherRoot := a, rb
	x, y := a, b
	for {
		x, y = int(st.next[x]), int(st.next[y])
		if x == a {
			break
		}
		if y == b {
			small, otherRoot = b, ra
			break
		}
	}
	p := small
	for {
		for k, ci := range st.around[p] {
			if ci < 0 || st.cell[ci] != 0 {
				continue
			}
			td := st.touch[p][k]
			e1, e2 := st.ends(int(ci), td)
			q := e1
			if q == p {
				q = e2
			}
			if st.uf.Find(q) == otherRoot {
				st.pending = append(st.pending, move(ci, other(td)))
			}
		}
		p = int(st.next[p])
		if p == small {
			break
		}
	}
	st.uf.Union(a, b)
	st.next[a], st.next[b] = st.next[b], st.next[a]
	return true
}

// undo takes back every cell decided since trailMark.
func (st *slantState) undo(trailMark, ufMark int) {
	for len(st.trail) > trailMark {
		i := int(st.trail[len(st.trail)-1])
		st.trail = st.trail[:len(st.trail)-1]
		d := st.cell[i]
		a, b := st.ends(i, d)
		st.next[a], st.next[b] = st.next[b], st.next[a]
		for k, p := range st.corners(i) {
			st.open[p]++
			if (d == instances.Back) == (k == 0 || k == 3) {
				st.on[p]--
			}
		}
		st.cell[i] = 0
	}
	st.uf.Undo(ufMark)
	st.borderFrom = min(st.borderFrom, len(st.trail))
	st.pending = st.pending[:0]
	st.check = st.check[:0]
}

// checkClue applies clue counting at corner p.
func (st *slantState) checkClue(p int) bool {
	k, on, open := st.clue[p], st.on[p], st.open[p]
	if on > k || on+open < k {
		return false
	}
	if open == 0 || (on != k && on+open != k) {
		return true
	}
	want := on+open == k // every undecided cell must touch p
	for j, ci := range st.around[p] {
		if ci < 0 || st.cell[ci] != 0 {
			continue
		}
		d := st.touch[p][j]
		if !want {
			d = other(d)
		}
		st.pending = append(st.pending, move(ci, d))
	}
	return true
}

// decide sets cell i to d as a branch and propagates.
func (st *slantState) decide(i int32, d byte) bool {
	if !st.assign(int(i), d) {
		st.pending, st.check = st.pending[:0], st.check[:0]
		return false
	}
	return st.propagate()
}

// propagate runs the deductions to a fixpoint; false means a
// contradiction.
func (st *slantState) propagate() bool {
	before := len(st.trail)
	defer func() {
		if !st.probing {
			st.forced += int64(len(st.trail) - before)
		}
	}()
	for {
		for len(st.pending) > 0 || len(st.check) > 0 {
			if st.probing && len(st.trail)-st.probeStart > probeBudget {
				st.pending, st.check = st.pending[:0], st.check[:0]
				return true
			}
			if n := len(st.pending); n > 0 {
				m := st.pending[n-1]
				st.pending = st.pending[:n-1]
				i, d := moveCell(m)
				if !st.assign(i, d) {
					st.pending, st.check = st.pending[:0], st.check[:0]
					return false
				}
				continue
			}
			n := len(st.check)
			p := st.check[n-1]
			st.check = st.check[:n-1]
			if !st.checkClue(int(p)) {
				st.pending, st.check = st.pending[:0], st.check[:0]
				return false
			}
		}
		if st.deduce == SlantDeduceBasic || st.basicOnly || len(st.trail) == len(st.cell) {
			return true
		}
		if !st.borderCheck() {
			st.pending, st.check = st.pending[:0], st.check[:0]
			return false
		}
		if len(st.pending) == 0 {
			return true
		}
	}
}

// borderCheck applies the border rule: over the whole board the first
// time, then only to the components touching cells decided since the last
// check (no other component's exits can have changed).
func (st *slantState) borderCheck() bool {
	if st.borderFrom < 0 {
		st.borderFrom = len(st.trail)
		return st.borderRule()
	}
	from := st.borderFrom
	st.borderFrom = len(st.trail)
	st.curStamp++
	cur := st.curStamp
	for _, ci := range st.trail[from:] {
		for _, p := range st.corners(int(ci)) {
			r := st.uf.Find(p)
			if st.stamp[r] == cur {
				continue
			}
			st.stamp[r] = cur
			if !st.componentExits(p) {
				return false
			}
		}
	}
	return true
}

// componentExits applies the border rule to the component of corner p by
// walking its members: it stops as soon as it meets the border or a second
// exit, and otherwise forces the single exit or reports the dead end.
func (st *slantState) componentExits(p int) bool {
	exits, last := 0, int32(-1)
	q := p
	for {
		r, c := q/st.cw, q%st.cw
		if r == 0 || r == st.h || c == 0 || c == st.w {
			return true
		}
		for k, ci := range st.around[q] {
			if ci < 0 || st.cell[ci] != 0 {
				continue
			}
			exits++
			last = move(ci, st.touch[q][k])
			if exits >= 2 {
				return true
			}
		}
		q = int(st.next[q])
		if q == p {
			break
		}
	}
	if exits == 0 {
		return false
	}
	st.pending = append(st.pending, last)
	return true
}

// borderRule counts, for every component of corners, its exits: the
// undecided diagonals that would join it to another component. A
// component that does not touch the border must get there, so with no
// exit it is a contradiction and with one exit that exit is forced.
func (st *slantState) borderRule() bool {
	st.curStamp++
	cur := st.curStamp
	visit := func(root int) {
		if st.stamp[root] != cur {
			st.stamp[root] = cur
			st.exits[root] = 0
			st.onBorder[root] = 0
		}
	}
	for _, p := range st.border {
		r := st.uf.Find(int(p))
		visit(r)
		st.onBorder[r] = 1
	}
	for i, d := range st.cell {
		if d != 0 {
			continue
		}
		for _, o := range [2]byte{instances.Back, instances.Forward} {
			a, b := st.ends(i, o)
			ra, rb := st.uf.Find(a), st.uf.Find(b)
			if ra == rb {
				continue
			}
			m := move(int32(i), o)
			visit(ra)
			visit(rb)
			st.exits[ra]++
			st.exitMove[ra] = m
			st.exits[rb]++
			st.exitMove[rb] = m
		}
	}
	for p := range st.clue {
		r := st.uf.Find(p)
		visit(r)
		if st.onBorder[r] != 0 {
			continue
		}
		switch st.exits[r] {
		case 0:
			return false
		case 1:
			st.pending = append(st.pending, st.exitMove[r])
			st.onBorder[r] = 1 // queue it once
		}
	}
	return true
}

// pickCell chooses the undecided cell to branch on: the one whose clue
// corners have the fewest undecided cells left, and the diagonal to try
// first.
func (st *slantState) pickCell() (int32, byte) {
	best, bestScore := -1, -1
	consider := func(i int) {
		if st.cell[i] != 0 {
			return
		}
		score := 0
		for _, p := range st.corners(i) {
			if st.clue[p] >= 0 {
				score += 12 / int(st.open[p])
			} else if st.open[p] < 4 {
				score++
			}
		}
		if st.rng != nil {
			score = score*16 + st.rng.IntN(16)
		}
		if score > bestScore {
			best, bestScore = i, score
		}
	}
	// Looking for one solution, stay near the last node's cells when
	// there are any: a wrong choice then fails before the search moves
	// elsewhere, instead of being found under many unrelated choices
	// (thrashing). Measured on 50x50 hard puzzles: twice as fast to the
	// first solution, but far slower to prove uniqueness (16,700 nodes
	// against 680), so counting to two picks globally.
	if st.local && st.deduce == SlantDeduceProbe {
		for _, ci := range st.cands {
			consider(int(ci))
		}
	}
	if best < 0 {
		for i := range st.cell {
			consider(i)
		}
	}
	return int32(best), st.firstChoice(int32(best))
}

// firstChoice is the diagonal tried first at cell i: the one that touches
// the corner whose clue most needs diagonals.
func (st *slantState) firstChoice(i int32) byte {
	cs := st.corners(int(i))
	need := func(p int) int {
		if st.clue[p] < 0 || st.open[p] == 0 {
			return 0
		}
		// fraction of the open cells that must touch p, scaled
		return 12*int(st.clue[p]-st.on[p])/int(st.open[p]) - 6
	}
	back := need(cs[0]) + need(cs[3])
	fwd := need(cs[1]) + need(cs[2])
	if fwd > back || (fwd == back && st.rng != nil && st.rng.IntN(2) == 0) {
		return instances.Forward
	}
	return instances.Back
}

// probeBudget bounds the cells one probe may force.
const probeBudget = 48

// probe tries both diagonals of every undecided cell near decided cells or
// clues with basic propagation; a diagonal that leads to a contradiction
// forces the other one. It repeats until nothing more is forced and
// reports false when a cell fails both ways.
func (st *slantState) probe(from int) bool {
	st.basicOnly = true
	defer func() { st.basicOnly = false }()
	cands := st.probeCandidates(from)
	for {
		changed := false
		for _, ci := range cands {
			i := int(ci)
			if st.cell[i] != 0 {
				continue
			}
			for _, d := range [2]byte{instances.Back, instances.Forward} {
				tm, um := len(st.trail), st.uf.Mark()
				st.probeStart = tm
				st.probing = true
				ok := st.assign(i, d) && st.propagate()
				st.probing = false
				st.undo(tm, um)
				if ok {
					continue
				}
				if !st.assign(i, other(d)) || !st.propagate() {
					return false
				}
				changed = true
				break
			}
			if len(st.trail) == len(st.cell) {
				return true
			}
		}
		if !changed {
			return true
		}
		// Once per pass, the border rule over what the probes forced.
		st.basicOnly = false
		ok := st.propagate()
		st.basicOnly = true
		if !ok {
			return false
		}
	}
}

// probeWindow is how far (in cells, either way) from the cells decided at a
// search node the probes look; at the root they look everywhere.
const probeWindow = 2

// probeCandidates lists the undecided cells to probe: at the root (from <
// 0) every one next to a clue or a decided diagonal, deeper only those near
// the cells decided since trail position from.
func (st *slantState) probeCandidates(from int) []int32 {
	st.cands = st.cands[:0]
	if from < 0 {
		for i := range st.cell {
			if st.cell[i] == 0 && st.interesting(i) {
				st.cands = append(st.cands, int32(i))
			}
		}
		return st.cands
	}
	st.curStamp++
	for _, ci := range st.trail[from:] {
		r, c := int(ci)/st.w, int(ci)%st.w
		for rr := max(0, r-probeWindow); rr <= min(st.h-1, r+probeWindow); rr++ {
			for cc := max(0, c-probeWindow); cc <= min(st.w-1, c+probeWindow); cc++ {
				i := rr*st.w + cc
				if st.cell[i] != 0 || st.cellStamp[i] == st.curStamp {
					continue
				}
				st.cellStamp[i] = st.curStamp
				st.cands = append(st.cands, int32(i))
			}
		}
	}
	return st.cands
}

// interesting reports whether cell i touches a clue or a decided diagonal.
func (st *slantState) interesting(i int) bool {
	for _, p := range st.corners(i) {
		if st.clue[p] >= 0 || st.on[p] > 0 {
			return true
		}
	}
	return false
}
