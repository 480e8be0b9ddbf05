package backtrack

import (
	"fmt"
	"strings"

	"github.com/gridsat/gridsat/instances"
)

// SlantDeduce names how much a slant search deduces by propagation.
type SlantDeduce int

const (
	// SlantDeduceEquiv, the default, adds Tatham's equivalence
	// deductions to SlantDeduceDeadEnd, at the root: cells that must
	// hold the same or opposite diagonals (the 1-1 and 3-3 patterns, a 1
	// or 3 next to a forced "v", a 2 passing a ruled-out v on), kept as
	// two-literal clauses that the search propagates (see slantPairs).
	SlantDeduceEquiv SlantDeduce = iota
	// SlantDeduceDeadEnd adds Tatham's dead-end rule to
	// SlantDeduceBasic: every corner must end up joined to the board's
	// border (a component that cannot reach it would be enclosed by a
	// loop). A component off the border has a capacity, the diagonals its
	// corners can still take (a clue corner no more than its clue
	// allows): with none it is a dead end, with a single way out that way
	// is forced, and with capacity 1 it may not join another component off
	// the border with capacity 1.
	SlantDeduceDeadEnd
	// SlantDeduceBasic propagates clue counts (a clue that needs all or
	// none of its undecided cells) and loops (a diagonal whose corners
	// are already joined is forbidden) only. (The border rule without
	// capacities adds nothing to it: a component with one way out is
	// enclosed by diagonals that the loop rule already sees.)
	SlantDeduceBasic
)

// slantDeduceNames are the levels' names, the default first.
var slantDeduceNames = [...]string{SlantDeduceEquiv: "equiv", SlantDeduceDeadEnd: "deadend", SlantDeduceBasic: "basic"}

// ParseSlantDeduce reads a deduction level by name: "equiv", "deadend" or
// "basic"; "" means equiv.
func ParseSlantDeduce(name string) (SlantDeduce, error) {
	if name == "" {
		return SlantDeduceEquiv, nil
	}
	for d, n := range slantDeduceNames {
		if n == name {
			return SlantDeduce(d), nil
		}
	}
	return 0, fmt.Errorf("unknown slant deduction level %q (known: %s)", name, strings.Join(slantDeduceNames[:], ", "))
}

// String returns the level's name.
func (d SlantDeduce) String() string {
	if int(d) < 0 || int(d) >= len(slantDeduceNames) {
		return fmt.Sprintf("SlantDeduce(%d)", int(d))
	}
	return slantDeduceNames[d]
}

// Values lists the levels' names, the default first.
func (SlantDeduce) Values() []string { return slantDeduceNames[:] }

// UnmarshalText reads a level by name (ParseSlantDeduce).
func (d *SlantDeduce) UnmarshalText(text []byte) error {
	level, err := ParseSlantDeduce(string(text))
	if err != nil {
		return err
	}
	*d = level
	return nil
}

// SlantOptions tune SolveSlant. The zero value finds one solution with
// every deduction and search aid on. The opt tags declare the command
// line's options (compare.DeclareOptions), and each option's doc tag is
// its only description. Beyond the tags, for engineers:
//
//   - learn: a failure is analysed into a nogood clause, kept for the rest
//     of the search, and the search jumps back to the branch the failure
//     really depends on; without it a failure undoes the last branch only.
//   - regions: after the root deductions, undecided cells that share no
//     clue and no component of corners cannot affect each other; a region
//     without solution ends the search.
//   - probe: each cell near a clue or a decided one is tried both ways,
//     and a diagonal that fails at once is replaced by the other. It often
//     halves the nodes but costs more than it saves on large boards
//     (200x200 planted boards: BenchmarkSlantDFSOptions).
//   - nodes: a search stopped by MaxNodes has Complete false.
type SlantOptions struct {
	// Limit is how many solutions to look for: 1 (0 means 1), or 2 to
	// decide uniqueness.
	Limit     int
	Deduce    SlantDeduce `opt:"deduce" doc:"deductions: basic (clue counts, loops), deadend (+ Tatham's dead ends: every corner reaches the border, with clue capacities), equiv (+ Tatham's equivalent cells and v-shapes, at the root)"`
	NoLearn   bool        `opt:"learn,negate" doc:"learn a nogood from every failure and jump back to its cause (false: chronological backtracking)"`
	NoRegions bool        `opt:"regions,negate" doc:"solve the independent regions the root deductions leave one at a time (for uniqueness, each on its own)"`
	Probe     bool        `opt:"probe" doc:"failed-literal probing at the root"`
	MaxNodes  int64       `opt:"nodes" doc:"stop with an error after N branching nodes (0: no limit)"`
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
	// Conflicts counts the failures met, Learned the nogoods kept.
	Conflicts, Learned int64
	// Regions is the number of independent regions the root left (1
	// without regions, 0 when the root solved everything).
	Regions int
}

// SlantMemory estimates the peak memory in bytes of SolveSlant on s: a
// fixed base for the runtime and a share per cell (the per-cell and
// per-corner state, the trail, the equivalences and the learned nogoods),
// the same for every option. Fitted, on the high side, to peaks measured
// on planted boards (the learned nogoods grow with the conflicts, most at
// the fewest clues; docs/findings.md, memory).
func SlantMemory(s *instances.Slant) int64 {
	return 16<<20 + 640*int64(s.W)*int64(s.H)
}

// SolveSlant solves s by deduction and depth-first search: clue counts,
// loops and the border rule are propagated with Tatham's equivalence
// deductions at the root, failed literals are probed at the root, the
// undecided cells are split into independent regions, and each region is
// searched by branching on the most active cell (VSIDS), learning a nogood
// from every failure (see SlantOptions for turning each off). The search
// is iterative, so board size is bounded by memory, not the stack.
func SolveSlant(s *instances.Slant, opt SlantOptions) SlantResult {
	e := newSlantEngine(s, opt)
	return e.solve()
}

// countSlant counts the solutions of s up to limit with the default
// options.
func countSlant(s *instances.Slant, limit int) int {
	return len(SolveSlant(s, SlantOptions{Limit: limit}).Solutions)
}

// slantEngine is the search over a slantState.
type slantEngine struct {
	*slantState
	opt    SlantOptions
	limit  int
	learn  bool
	heap   *cellHeap
	inc    float64
	res    SlantResult
	second []bool // per level, without learning: the branch's second value
	// deductionOnly: only the root deductions are wanted (no search
	// follows), so nothing is kept for the search.
	deductionOnly bool
	pairs         *slantPairs
	clueLog       []clueChange // clues set above the root (ReduceSlantClues)
	seenC         []bool
	learnt        []slantLit
	prem          []slantLit
	fixed         []instances.SlantCell // a part's fixed cells (slant_restrict.go)
}

func newSlantEngine(s *instances.Slant, opt SlantOptions) *slantEngine {
	limit := opt.Limit
	if limit <= 0 {
		limit = 1
	}
	e := &slantEngine{
		slantState: newSlantState(s, opt.Deduce, !opt.NoLearn),
		opt:        opt,
		limit:      limit,
		learn:      !opt.NoLearn,
		inc:        1,
		fixed:      partFixed(s),
	}
	e.heap = newCellHeap(len(e.cell))
	e.seenC = make([]bool, len(e.cell))
	e.res.Complete = true
	return e
}

// status of a region's search.
type regionStatus int

const (
	regionSat regionStatus = iota
	regionUnsat
	regionBudget
)

func (e *slantEngine) solve() SlantResult {
	e.run()
	e.res.Forced = e.forced
	return e.res
}

func (e *slantEngine) run() {
	if !e.rootDeduce() {
		return
	}
	var regions [][]int32
	if e.complete() {
		// nothing left
	} else if e.opt.NoRegions {
		var all []int32
		for i, v := range e.cell {
			if v == 0 {
				all = append(all, int32(i))
			}
		}
		regions = [][]int32{all}
	} else {
		regions = e.regions()
	}
	e.res.Regions = len(regions)
	var alt []int32 // a region's second solution: its cells
	var altVals []byte
	for _, region := range regions {
		e.heap.rebuild(0, nil)
		for _, c := range region {
			e.heap.push(c)
		}
		st := e.search(false)
		if st != regionSat {
			e.res.Complete = st != regionBudget
			return
		}
		if e.limit >= 2 && alt == nil {
			first := make([]byte, len(region))
			for k, c := range region {
				first[k] = e.cell[c]
			}
			t0 := len(e.trail)
			if e.decisionLevel() > 0 {
				t0 = int(e.lim[0])
			}
			dbMark := len(e.db.clauses)
			st = e.search(true)
			switch st {
			case regionBudget:
				e.res.Complete = false
				return
			case regionSat:
				// The region stays as the second search left it; its
				// first solution goes into the second answer.
				alt, altVals = region, first
			case regionUnsat:
				// Unique: restore it as a root fact.
				e.backtrack(0)
				e.backtrackTrail(t0)
				e.db.truncate(dbMark)
				for k, c := range region {
					e.pend = append(e.pend, pending{lit: mkLit(int(c), first[k]), kind: rRoot})
				}
				if !e.propagate() {
					panic("slant: a region's own solution fails")
				}
			}
		}
		e.commit()
	}
	sol := append([]byte(nil), e.cell...)
	e.res.Solutions = append(e.res.Solutions, sol)
	if alt != nil {
		second := append([]byte(nil), sol...)
		for k, c := range alt {
			second[c] = altVals[k]
		}
		e.res.Solutions = append(e.res.Solutions, second)
	}
	return
}

// commit makes everything set so far a root fact: the regions already
// solved cannot affect the ones still open, so they are never undone.
func (e *slantEngine) commit() {
	for _, l := range e.trail {
		e.level[l.cell()] = 0
	}
	e.lim = e.lim[:0]
	e.alim = e.alim[:0]
	e.second = e.second[:0]
}

// rootDeduce runs every deduction at the root: propagation, the
// equivalence deductions and probing, until none makes progress.
func (e *slantEngine) rootDeduce() bool {
	if !e.seed() {
		return false
	}
	e.fixPart()
	if !e.propagate() {
		return false
	}
	var pairs *slantPairs
	if e.deduce == SlantDeduceEquiv {
		if e.pairs == nil {
			e.pairs = newSlantPairs(e.slantState)
		} else {
			e.pairs.reset()
		}
		pairs = e.pairs
		pairs.record = !e.deductionOnly
		pairs.pushClues()
	}
	if e.complete() {
		return true
	}
	for {
		n := len(e.trail)
		if pairs != nil && !pairs.run() {
			return false
		}
		if e.opt.Probe && !e.probe() {
			return false
		}
		if len(e.trail) == n || e.complete() {
			return true
		}
	}
}

// backtrack undoes every level above lvl, putting the cells back into the
// branching heap.
func (e *slantEngine) backtrack(lvl int) {
	if lvl >= e.decisionLevel() {
		return
	}
	for k := len(e.trail) - 1; k >= int(e.lim[lvl]); k-- {
		e.heap.push(int32(e.trail[k].cell()))
	}
	e.undo(lvl)
	if len(e.second) > lvl {
		e.second = e.second[:lvl]
	}
}

// backtrackTrail undoes root facts down to trail length t (the root facts
// a uniqueness check learned under its blocking clause).
func (e *slantEngine) backtrackTrail(t int) {
	for k := len(e.trail) - 1; k >= t; k-- {
		e.heap.push(int32(e.trail[k].cell()))
	}
	e.undoTo(t)
}

// search branches on the heap's cells until they are all set (regionSat),
// none can be (regionUnsat) or the node budget is spent. With more, the
// current assignment, a solution, is ruled out first and the search goes
// on for another.
func (e *slantEngine) search(more bool) regionStatus {
	if more && !e.refuteSolution() {
		return regionUnsat
	}
	for {
		if !e.propagate() {
			e.res.Conflicts++
			if !e.resolve() {
				return regionUnsat
			}
			continue
		}
		c := e.pick()
		if c < 0 {
			return regionSat
		}
		if e.opt.MaxNodes > 0 && e.res.Nodes >= e.opt.MaxNodes {
			return regionBudget
		}
		e.res.Nodes++
		e.newLevel()
		e.second = append(e.second, false)
		d := e.phase[c]
		if d == 0 {
			d = e.firstChoice(c)
		}
		e.pend = append(e.pend, pending{lit: mkLit(int(c), d), kind: rDecision})
	}
}

// refuteSolution rules out the current (complete) assignment: with
// learning by a clause over its branches, without by backtracking.
func (e *slantEngine) refuteSolution() bool {
	lvl := e.decisionLevel()
	if lvl == 0 {
		return false
	}
	if !e.learn {
		return e.chronological()
	}
	block := make([]slantLit, 0, lvl)
	for k := lvl - 1; k >= 0; k-- {
		block = append(block, e.trail[e.lim[k]].neg())
	}
	e.backtrack(lvl - 1)
	if len(block) == 1 {
		e.pend = append(e.pend, pending{lit: block[0], kind: rRoot})
		return true
	}
	idx := e.db.add(block)
	e.res.Learned++
	e.pend = append(e.pend, pending{lit: block[0], kind: rClause, data: idx})
	return true
}

// resolve handles a conflict: it learns and jumps back, or without
// learning tries the last branch's other value. False means the region has
// no (more) solutions.
func (e *slantEngine) resolve() bool {
	if !e.learn {
		return e.chronological()
	}
	maxLvl := int32(0)
	for _, l := range e.conflict {
		maxLvl = max(maxLvl, e.level[l.cell()])
	}
	if maxLvl == 0 {
		return false
	}
	if int(maxLvl) < e.decisionLevel() {
		e.backtrack(int(maxLvl))
	}
	bt := e.analyze()
	if cur := e.decisionLevel(); cur-bt > chronoJump {
		// A long jump would undo, and redo, many branches that have
		// nothing to do with the failure: assert the learned literal one
		// level up instead (chronological backtracking, Nadel and
		// Ryvchin 2018), which cuts the nodes on large planted boards
		// (BenchmarkSlantDFSOptions; docs/findings.md, slant).
		bt = cur - 1
	}
	e.backtrack(bt)
	if len(e.learnt) == 1 {
		e.pend = append(e.pend, pending{lit: e.learnt[0], kind: rRoot})
	} else {
		idx := e.db.add(e.learnt)
		e.res.Learned++
		e.pend = append(e.pend, pending{lit: e.learnt[0], kind: rClause, data: idx})
	}
	e.inc *= 1 / 0.95
	return true
}

// chronological undoes the deepest branch whose second value is untried
// and tries it.
func (e *slantEngine) chronological() bool {
	for {
		lvl := e.decisionLevel()
		if lvl == 0 {
			return false
		}
		d := e.trail[e.lim[lvl-1]]
		sec := e.second[lvl-1]
		e.backtrack(lvl - 1)
		if !sec {
			e.newLevel()
			e.second = append(e.second, true)
			e.res.Nodes++
			e.pend = append(e.pend, pending{lit: d.neg(), kind: rDecision})
			return true
		}
	}
}

// analyze turns st.conflict into a learned clause (first unique
// implication point) in e.learnt, asserting literal first and a literal
// of the level to jump back to second; it returns that level.
func (e *slantEngine) analyze() int {
	cur := int32(e.decisionLevel())
	e.learnt = append(e.learnt[:0], 0)
	counter := 0
	add := func(set []slantLit) {
		for _, x := range set {
			c := x.cell()
			if e.seenC[c] || e.level[c] == 0 {
				continue
			}
			e.seenC[c] = true
			e.heap.bump(int32(c), &e.inc)
			if e.level[c] == cur {
				counter++
			} else {
				e.learnt = append(e.learnt, x.neg())
			}
		}
	}
	add(e.conflict)
	k := len(e.trail) - 1
	var uip slantLit
	for {
		for !e.seenC[e.trail[k].cell()] {
			k--
		}
		t := e.trail[k]
		k--
		counter--
		if counter == 0 {
			uip = t
			break
		}
		c := t.cell()
		e.prem = e.premises(t, e.rkind[c], e.rdata[c], e.pos[c], e.prem[:0])
		add(e.prem)
	}
	e.learnt[0] = uip.neg()
	for _, x := range e.trail[k+1:] {
		e.seenC[x.cell()] = false
	}
	bt, at := int32(0), 1
	for j := 1; j < len(e.learnt); j++ {
		c := e.learnt[j].cell()
		e.seenC[c] = false
		if e.level[c] > bt {
			bt, at = e.level[c], j
		}
	}
	if len(e.learnt) > 1 {
		e.learnt[1], e.learnt[at] = e.learnt[at], e.learnt[1]
	}
	return int(bt)
}

// pick returns the undecided cell to branch on, or -1.
func (e *slantEngine) pick() int32 {
	for len(e.heap.heap) > 0 {
		c := e.heap.pop()
		if e.cell[c] == 0 {
			return c
		}
	}
	return -1
}

// firstChoice is the diagonal tried first at cell i when it has held none
// yet: the one touching the corners whose clues most need diagonals.
func (e *slantEngine) firstChoice(i int32) byte {
	cs := e.corners(int(i))
	need := func(p int) int {
		if e.clue[p] < 0 || e.open[p] == 0 {
			return 0
		}
		// fraction of the open cells that must touch p, scaled
		return 12*int(e.clue[p]-e.on[p])/int(e.open[p]) - 6
	}
	back := need(cs[0]) + need(cs[3])
	fwd := need(cs[1]) + need(cs[2])
	if fwd > back {
		return instances.Forward
	}
	return instances.Back
}

// probeBudget bounds the cells one probe may set, which keeps probing
// linear on clue-dense boards (a probe cut short proves nothing).
const probeBudget = 48

// chronoJump is the longest backjump taken as such; a longer one
// backtracks a single level.
const chronoJump = 100

// probeWindow is how far (in cells, either way) from a cell set by a
// failed probe the next probes look.
const probeWindow = 2

// probe tries both diagonals of every undecided cell next to a clue or a
// decided diagonal at the root; a diagonal that fails at once is replaced
// by the other, and the cells near what that sets are tried again. It
// reports false when a cell fails both ways.
func (e *slantEngine) probe() bool {
	explain := e.explain
	e.explain = false
	defer func() { e.explain = explain }()
	var work []int32
	queued := e.cellStamp()
	for i := range e.cell {
		if e.cell[i] == 0 && e.interesting(i) {
			e.cstamp[i] = queued
			work = append(work, int32(i))
		}
	}
	for len(work) > 0 {
		c := int(work[0])
		work = work[1:]
		e.cstamp[c] = 0
		if e.cell[c] != 0 {
			continue
		}
		for _, d := range [2]byte{instances.Back, instances.Forward} {
			e.newLevel()
			e.pend = append(e.pend, pending{lit: mkLit(c, d), kind: rDecision})
			e.budget = probeBudget
			forced := e.forced
			ok := e.propagate()
			e.forced = forced
			e.budget = 0
			e.undo(0)
			if ok {
				continue
			}
			from := len(e.trail)
			e.pend = append(e.pend, pending{lit: mkLit(c, other(d)), kind: rRoot})
			if !e.propagate() {
				return false
			}
			for _, l := range e.trail[from:] {
				r, cc := l.cell()/e.w, l.cell()%e.w
				for rr := max(0, r-probeWindow); rr <= min(e.h-1, r+probeWindow); rr++ {
					for c2 := max(0, cc-probeWindow); c2 <= min(e.w-1, cc+probeWindow); c2++ {
						i := rr*e.w + c2
						if e.cell[i] == 0 && e.cstamp[i] != queued {
							e.cstamp[i] = queued
							work = append(work, int32(i))
						}
					}
				}
			}
			break
		}
	}
	return true
}

// interesting reports whether cell i touches a clue or a decided diagonal.
func (e *slantEngine) interesting(i int) bool {
	for _, p := range e.corners(i) {
		if e.clue[p] >= 0 || e.on[p] > 0 {
			return true
		}
	}
	return false
}

// regions splits the undecided cells into independent regions: two cells
// touching one component of corners (a clue corner, or corners joined by
// decided diagonals) are in one region. A loop closed by new diagonals
// runs from component to component through them, and a clue or a dead
// end concerns the cells around one component, so what is decided in one
// region changes nothing in another.
func (e *slantEngine) regions() [][]int32 {
	n := len(e.cell)
	cells := instances.NewUnionFind(n)
	owner := make([]int32, len(e.clue))
	for i := range owner {
		owner[i] = -1
	}
	for i, v := range e.cell {
		if v != 0 {
			continue
		}
		for _, p := range e.corners(i) {
			r := e.uf.Find(p)
			if owner[r] < 0 {
				owner[r] = int32(i)
			} else {
				cells.Union(i, int(owner[r]))
			}
		}
	}
	index := make(map[int]int)
	var out [][]int32
	for i, v := range e.cell {
		if v != 0 {
			continue
		}
		r := cells.Find(i)
		k, ok := index[r]
		if !ok {
			k = len(out)
			index[r] = k
			out = append(out, nil)
		}
		out[k] = append(out[k], int32(i))
	}
	return out
}

// deduceSlant applies the deductions of level (and failed-literal probing
// with probe) to s without branching. It returns the cells they decide
// (row-major '\' and '/', 0 for undecided) and false when they meet a
// contradiction (then s has no solution).
func deduceSlant(s *instances.Slant, level SlantDeduce, probe bool) ([]byte, bool) {
	e := newSlantEngine(s, SlantOptions{Deduce: level, Probe: probe, NoLearn: true})
	e.deductionOnly = true
	ok := e.rootDeduce()
	return append([]byte(nil), e.cell...), ok
}

// SlantFacts runs the deductions of level (and probing with probe) at the
// root of s, as deduceSlant does, and returns what they prove: the cells they decide
// and, at SlantDeduceEquiv, the pairs of diagonals in side-by-side cells
// that cannot both hold (Tatham's v-shapes and equivalences). The SAT
// solver can take them as unit and two-literal clauses.
func SlantFacts(s *instances.Slant, level SlantDeduce, probe bool) instances.SlantFacts {
	e := newSlantEngine(s, SlantOptions{Deduce: level, Probe: probe, NoLearn: true})
	var f instances.SlantFacts
	if !e.rootDeduce() {
		f.Contradiction = true
		return f
	}
	f.Cells = append([]byte(nil), e.cell...)
	for _, c := range e.db.clauses {
		a, b := c[0], c[1]
		if e.cell[a.cell()] != 0 || e.cell[b.cell()] != 0 {
			continue // settled by the cells
		}
		// The clause "a or b": not both negations.
		f.Exclusions = append(f.Exclusions, instances.SlantExclusion{
			A: a.cell(), DA: a.neg().diag(), B: b.cell(), DB: b.neg().diag()})
	}
	return f
}

// SolvesSlant reports whether the deductions of level (and probing with
// probe) alone decide every cell of s without a contradiction, as a
// generator needs.
func SolvesSlant(s *instances.Slant, level SlantDeduce, probe bool) bool {
	return NewSlantDeducer(level, probe).Solves(s)
}

// SlantDeducer answers SolvesSlant for many clue sets, reusing its memory
// from one board to the next of the same size (a generator asks
// thousands of times).
type SlantDeducer struct {
	level SlantDeduce
	probe bool
	e     *slantEngine
}

// NewSlantDeducer returns a deducer for level and probe.
func NewSlantDeducer(level SlantDeduce, probe bool) *SlantDeducer {
	return &SlantDeducer{level: level, probe: probe}
}

// Solves reports whether the deductions alone solve s.
func (d *SlantDeducer) Solves(s *instances.Slant) bool {
	if d.e == nil || d.e.w != s.W || d.e.h != s.H {
		d.e = newSlantEngine(s, SlantOptions{Deduce: d.level, Probe: d.probe, NoLearn: true})
		d.e.deductionOnly = true
	} else {
		d.e.reset(s)
	}
	return d.e.rootDeduce() && d.e.complete()
}

// reset makes e a fresh engine for s, a board of e's size.
func (e *slantEngine) reset(s *instances.Slant) {
	e.undo(0)
	e.undoTo(0)
	e.clue = s.Clues
	e.fixed = partFixed(s)
	for p := range e.clue {
		e.uf.capacity[p] = int32(e.capOf(p))
	}
	e.borderFrom = -1
	e.qhead = 0
	e.arena = e.arena[:0]
	e.forced = 0
	e.res = SlantResult{Complete: true}
}
