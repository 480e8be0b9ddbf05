package encode

import (
	"fmt"
	"strings"
	"time"

	"github.com/gridsat/gridsat/instances"
)

// ChainCrossing says how the chain encoding forbids crossing diagonals.
type ChainCrossing string

// The crossing modes.
const (
	// ChainCrossingLazy adds a clause for a crossing only when a model
	// shows it, in the refinement loop.
	ChainCrossingLazy ChainCrossing = "lazy"
	// ChainCrossingEager adds every 2×2 block's crossing clauses up front.
	ChainCrossingEager ChainCrossing = "eager"
)

// ChainOptions tune the chain SAT solver.
type ChainOptions struct {
	Crossing ChainCrossing // "" means lazy
	// NoPrecheck sends boards whose corner labels or label counts already
	// rule out a path to the SAT solver anyway, which must then prove them
	// unsatisfiable (a pigeonhole argument, hard for resolution on big
	// boards); by default they are answered -1 without a solve.
	NoPrecheck bool
	// Deadline is passed to every solve; zero means none.
	Deadline time.Time
}

// ChainEncoding is the successor encoding of a chain board: one variable
// per step a -> b between king neighbours where b carries the label after
// a's (a is never the target, b never the start), exactly one step out of
// every cell but the target and exactly one into every cell but the start.
// Such a model is the path from the start to the target plus, perhaps,
// cycles detached from it (sub-tours) and crossing diagonals; Cut finds
// those and returns clauses that forbid them.
type ChainEncoding struct {
	CNF   *CNF
	board *instances.Chain
	// step[a*8+d] is the variable of the step from a in direction d, 0
	// when there is no such step.
	step []int
}

// NewChainEncoding encodes board c; crossing says whether the crossing
// clauses go in now (eager) or are left to Cut (lazy).
func NewChainEncoding(c *instances.Chain, crossing ChainCrossing) *ChainEncoding {
	n, n2 := c.N, c.N*c.N
	e := &ChainEncoding{CNF: &CNF{}, board: c, step: make([]int, n2*8)}
	f := e.CNF
	f.Comments = append(f.Comments,
		fmt.Sprintf("chain %s %s: successor encoding, crossing=%s", c.Size(), c.Location(), crossing),
		"directions: 0 up, 1 up-right, 2 right, 3 down-right, 4 down, 5 down-left, 6 left, 7 up-left")
	target := n2 - 1
	for a := 0; a < target; a++ {
		var dirs []int
		for d := 0; d < 8; d++ {
			if b, ok := c.Neighbour(a, d); ok && b != 0 && c.Follows(a, b) {
				dirs = append(dirs, d)
			}
		}
		vs := f.NewVars(len(dirs), fmt.Sprintf("step out of cell (%d,%d) in direction %s", a/n, a%n, joinInts(dirs)))
		for i, d := range dirs {
			e.step[a*8+d] = vs[i]
		}
	}
	if c.Labels[0] != 0 {
		// The path reads 0 first: no path. A contradiction on a fresh
		// variable says so in the formula itself.
		v := f.NewVar()
		f.Comments = append(f.Comments, fmt.Sprintf("var %d: the start corner is not labelled 0, so no path", v))
		f.Add(v)
		f.Add(-v)
	}
	for a := 0; a < n2; a++ {
		var outs, ins []int
		for d := 0; d < 8; d++ {
			if v := e.step[a*8+d]; v != 0 {
				outs = append(outs, v)
			}
			if b, ok := c.Neighbour(a, d); ok {
				if v := e.step[b*8+(d+4)%8]; v != 0 {
					ins = append(ins, v)
				}
			}
		}
		if a != target {
			e.exactlyOne(outs)
		}
		if a != 0 {
			e.exactlyOne(ins)
		}
		// No step there and straight back (K <= 2 allows both).
		for d := 0; d < 4; d++ {
			if b, ok := c.Neighbour(a, d); ok {
				if v, w := e.step[a*8+d], e.step[b*8+d+4]; v != 0 && w != 0 {
					f.Add(-v, -w)
				}
			}
		}
	}
	if crossing == ChainCrossingEager {
		for r := 0; r+1 < n; r++ {
			for col := 0; col+1 < n; col++ {
				for _, cl := range e.blockCrossings(r*n + col) {
					f.Add(cl...)
				}
			}
		}
	}
	return e
}

// setCuts returns the clauses "some step leaves cells" (nil when cells
// hold the target) and "some step enters cells" (nil when they hold the
// start). Both hold for every path.
func (e *ChainEncoding) setCuts(cells []int) (leave, enter []int) {
	c := e.board
	target := c.N*c.N - 1
	hasStart, hasTarget := false, false
	inSet := func(y int) bool {
		for _, x := range cells {
			if x == y {
				return true
			}
		}
		return false
	}
	for _, x := range cells {
		hasStart = hasStart || x == 0
		hasTarget = hasTarget || x == target
	}
	leave, enter = []int{}, []int{}
	for _, x := range cells {
		for d := 0; d < 8; d++ {
			y, ok := c.Neighbour(x, d)
			if !ok || inSet(y) {
				continue
			}
			if v := e.step[x*8+d]; v != 0 {
				leave = append(leave, v)
			}
			if v := e.step[y*8+(d+4)%8]; v != 0 {
				enter = append(enter, v)
			}
		}
	}
	if hasTarget {
		leave = nil
	}
	if hasStart {
		enter = nil
	}
	return leave, enter
}

// exactlyOne adds "exactly one of vs"; with no vs the formula is made
// unsatisfiable by the empty clause's stand-in, a contradiction.
func (e *ChainEncoding) exactlyOne(vs []int) {
	if len(vs) == 0 {
		v := e.CNF.NewVar()
		e.CNF.Add(v)
		e.CNF.Add(-v)
		return
	}
	e.CNF.ExactlyOne(vs...)
}

// diagonals returns the variables of the steps along the "\" and the "/"
// diagonal of the 2×2 block whose top-left cell is tl.
func (e *ChainEncoding) diagonals(tl int) (back, fwd []int) {
	n := e.board.N
	add := func(list []int, cell, d int) []int {
		if v := e.step[cell*8+d]; v != 0 {
			list = append(list, v)
		}
		return list
	}
	back = add(add(nil, tl, 3), tl+n+1, 7)
	fwd = add(add(nil, tl+1, 5), tl+n, 1)
	return back, fwd
}

// blockCrossings returns the clauses forbidding a "\" and a "/" step
// through the block at top-left cell tl together.
func (e *ChainEncoding) blockCrossings(tl int) [][]int {
	back, fwd := e.diagonals(tl)
	var cls [][]int
	for _, x := range back {
		for _, y := range fwd {
			cls = append(cls, []int{-x, -y})
		}
	}
	return cls
}

// Step returns the variable of the step from cell in direction d, or 0.
func (e *ChainEncoding) Step(cell, d int) int { return e.step[cell*8+d] }

// Successors reads a model as each cell's successor (-1 for the target).
func (e *ChainEncoding) Successors(model []bool) []int {
	n2 := e.board.N * e.board.N
	succ := make([]int, n2)
	for a := range succ {
		succ[a] = -1
		for d := 0; d < 8; d++ {
			if v := e.step[a*8+d]; v != 0 && model[v] {
				succ[a], _ = e.board.Neighbour(a, d)
				break
			}
		}
	}
	return succ
}

// Cut returns clauses that forbid what is wrong in model: for every cycle
// detached from the path, "some step leaves the cycle's cells" and "some
// step enters them" (both hold for every path, since the cycle holds
// neither corner, and together they forbid every sub-tour on those cells,
// not just this one); for every 2×2 block crossed by both diagonals, "not
// both". No clauses means the model is a valid path. It is an encode.Cutter.
func (e *ChainEncoding) Cut(model []bool) [][]int {
	c := e.board
	n, n2 := c.N, c.N*c.N
	succ := e.Successors(model)
	onPath := make([]bool, n2)
	for a := 0; a >= 0 && !onPath[a]; a = succ[a] {
		onPath[a] = true
	}
	var cuts [][]int
	inCycle := make([]int, n2) // 1 + the number of the cycle holding the cell
	cycles := 0
	for a := 0; a < n2; a++ {
		if onPath[a] || inCycle[a] != 0 || succ[a] < 0 {
			continue
		}
		cycles++
		var cells []int
		for b := a; inCycle[b] == 0; b = succ[b] {
			inCycle[b] = cycles
			cells = append(cells, b)
		}
		leave, enter := e.setCuts(cells)
		cuts = append(cuts, leave, enter)
	}
	// Cycles next to each other form regions off the path; the path must
	// enter and leave each region too, which also forbids every way of
	// covering it with cycles.
	if cycles > 1 {
		region := make([]bool, n2)
		for a := 0; a < n2; a++ {
			if inCycle[a] == 0 || region[a] {
				continue
			}
			cells := []int{a}
			region[a] = true
			grew := false
			for i := 0; i < len(cells); i++ {
				for d := 0; d < 8; d++ {
					if y, ok := c.Neighbour(cells[i], d); ok && inCycle[y] != 0 && !region[y] {
						region[y] = true
						cells = append(cells, y)
						grew = grew || inCycle[y] != inCycle[a]
					}
				}
			}
			if grew {
				leave, enter := e.setCuts(cells)
				cuts = append(cuts, leave, enter)
			}
		}
	}
	for r := 0; r+1 < n; r++ {
		for col := 0; col+1 < n; col++ {
			back, fwd := e.diagonals(r*n + col)
			for _, x := range back {
				for _, y := range fwd {
					if model[x] && model[y] {
						cuts = append(cuts, []int{-x, -y})
					}
				}
			}
		}
	}
	return cuts
}

// ChainResult is what the chain SAT solver found.
type ChainResult struct {
	Answer string // the smallest path, or instances.ChainNoPath
	Solved bool
	Stats  Stats
	// Cuts are the clauses the refinement loops added, for DIMACS output.
	Cuts [][]int
	// Trials counts the solves that tried a smaller direction than the
	// current model's; Rebuilds counts the fresh solvers made after a
	// trial failed; Assumed counts the trials made under an assumption
	// (backends that have them, gini) instead.
	Trials, Rebuilds, Assumed int
}

// SolveChain finds the lexicographically smallest path of board c. It
// refines the successor encoding until a model is a valid path (or the
// formula is unsatisfiable: -1), then fixes the path step by step: at each
// cell it takes the smallest direction still possible there. When the
// current model already goes that way the step is fixed with a unit clause
// and no solve; otherwise a trial adds the smaller direction as a unit and
// refines: if satisfiable, the unit stays and the new model is current; if
// not, the direction is impossible after this prefix for good, and a fresh
// solver is built from the encoding, the cuts so far, the prefix and the
// excluded directions (gophersat's Assume is broken, and an unsatisfiable
// solver cannot be reused), while the old model stays a model of it.
func SolveChain(c *instances.Chain, backend Backend, o ChainOptions) (res ChainResult, err error) {
	res.Answer = instances.ChainNoPath
	if c.N == 1 {
		res.Solved = c.Labels[0] == 0
		if res.Solved {
			res.Answer = ""
		}
		return res, nil
	}
	if !o.NoPrecheck {
		if why := c.Infeasible(); why != "" {
			res.Stats.Steps = append(res.Stats.Steps, Step{Label: "label counts: " + why, Status: Unsat})
			return res, nil
		}
	}
	crossing := o.Crossing
	if crossing == "" {
		crossing = ChainCrossingLazy
	}
	enc := NewChainEncoding(c, crossing)
	res.Stats.Vars, res.Stats.Clauses = enc.CNF.NumVars, len(enc.CNF.Clauses)

	var units [][]int
	var search SolverStats
	build := func() (Solver, error) {
		f := &CNF{NumVars: enc.CNF.NumVars, Clauses: enc.CNF.Clauses[:len(enc.CNF.Clauses):len(enc.CNF.Clauses)]}
		f.Clauses = append(f.Clauses, res.Cuts...)
		f.Clauses = append(f.Clauses, units...)
		s, err := backend.New(f)
		if err != nil {
			return nil, fmt.Errorf("chain SAT solver: %w", err)
		}
		return s, nil
	}
	cut := func(model []bool) [][]int {
		cs := enc.Cut(model)
		res.Cuts = append(res.Cuts, cs...)
		return cs
	}
	s, err := build()
	if err != nil {
		return res, err
	}
	done := func() {
		st := s.Stats()
		res.Stats.Search = SolverStats{
			Conflicts: search.Conflicts + st.Conflicts,
			Decisions: search.Decisions + st.Decisions,
			Restarts:  search.Restarts + st.Restarts,
		}
	}
	defer done() // res is the named result: the counters reach the caller
	start := time.Now()
	status, err := Refine(s, cut, o.Deadline, &res.Stats)
	if err != nil {
		return res, fmt.Errorf("chain SAT solve: %w", err)
	}
	res.Stats.Steps = append(res.Stats.Steps, Step{Label: "first path", Status: status, Time: time.Since(start), Rounds: res.Stats.Rounds})
	switch status {
	case Unsat:
		return res, nil
	case Unknown:
		return res, fmt.Errorf("chain SAT solve: no answer before the deadline")
	}
	succ := enc.Successors(s.Model())

	n, n2 := c.N, c.N*c.N
	visited := make([]bool, n2)
	slant := make([]int, max(1, (n-1)*(n-1)))
	dirs := make([]int, 0, n2-1)
	cur := 0
	visited[0] = true
	for step := 1; step < n2; step++ {
		chosen := -1
		for d := 0; d < 8 && chosen < 0; d++ {
			v := enc.step[cur*8+d]
			if v == 0 {
				continue
			}
			next, _ := c.Neighbour(cur, d)
			if visited[next] || next == n2-1 && step != n2-1 {
				continue
			}
			if block, sl := instances.ChainBlock(n, cur, d); sl != 0 && slant[block] != 0 && slant[block] != sl {
				continue
			}
			if succ[cur] != next && !restConnected(c, visited, next, n2-step) {
				// The cells left would fall apart: no trial needed.
				continue
			}
			if succ[cur] == next {
				// The model goes this way: fix it without a solve.
				units = append(units, []int{v})
				if err := s.AddClause([]int{v}); err != nil {
					return res, fmt.Errorf("chain SAT step %d: %w", step, err)
				}
				chosen = d
				break
			}
			// Try the smaller direction.
			res.Trials++
			if as, ok := s.(Assumer); ok {
				// The backend has assumptions: try v under one, then
				// keep the verdict as a unit clause. No rebuild here.
				status, err := RefineAssuming(as, []int{v}, cut, o.Deadline, &res.Stats)
				if err != nil {
					return res, fmt.Errorf("chain SAT step %d: %w", step, err)
				}
				res.Assumed++
				switch status {
				case Sat:
					succ = enc.Successors(s.Model())
					chosen = d
				case Unsat:
					v = -v
				default:
					return res, fmt.Errorf("chain SAT step %d: no answer before the deadline", step)
				}
				units = append(units, []int{v})
				if err := s.AddClause([]int{v}); err != nil {
					return res, fmt.Errorf("chain SAT step %d: %w", step, err)
				}
				// After a failed trial the current model, which does not
				// take v, is still a model of every unit so far.
				continue
			}
			if err := s.AddClause([]int{v}); err != nil {
				return res, fmt.Errorf("chain SAT step %d: %w", step, err)
			}
			status, err := Refine(s, cut, o.Deadline, &res.Stats)
			if err != nil {
				return res, fmt.Errorf("chain SAT step %d: %w", step, err)
			}
			switch status {
			case Sat:
				units = append(units, []int{v})
				succ = enc.Successors(s.Model())
				chosen = d
			case Unsat:
				units = append(units, []int{-v})
				st := s.Stats()
				search.Conflicts += st.Conflicts
				search.Decisions += st.Decisions
				search.Restarts += st.Restarts
				res.Rebuilds++
				if s, err = build(); err != nil {
					return res, err
				}
			default:
				return res, fmt.Errorf("chain SAT step %d: no answer before the deadline", step)
			}
		}
		if chosen < 0 {
			return res, fmt.Errorf("chain SAT step %d: no direction left at (%d,%d), though a model went on", step, cur/n, cur%n)
		}
		if block, sl := instances.ChainBlock(n, cur, chosen); sl != 0 {
			slant[block] = sl
		}
		cur, _ = c.Neighbour(cur, chosen)
		visited[cur] = true
		dirs = append(dirs, chosen)
	}
	res.Stats.Steps = append(res.Stats.Steps, Step{Label: fmt.Sprintf("smallest path: %d trials, %d rebuilds, %d under assumptions", res.Trials, res.Rebuilds, res.Assumed), Status: Sat, Time: time.Since(start), Rounds: res.Stats.Rounds})
	res.Answer, res.Solved = instances.ChainAnswer(dirs), true
	return res, nil
}

// restConnected reports whether the unvisited cells (left of them, next
// among them) hang together through label-following king steps taken
// either way, as a path from next through all of them needs.
func restConnected(c *instances.Chain, visited []bool, next, left int) bool {
	seen := make([]bool, len(visited))
	seen[next] = true
	queue := []int{next}
	for i := 0; i < len(queue); i++ {
		a := queue[i]
		for d := 0; d < 8; d++ {
			b, ok := c.Neighbour(a, d)
			if ok && !visited[b] && !seen[b] && (c.Follows(a, b) || c.Follows(b, a)) {
				seen[b] = true
				queue = append(queue, b)
			}
		}
	}
	return len(queue) == left
}

func joinInts(xs []int) string {
	parts := make([]string, len(xs))
	for i, x := range xs {
		parts[i] = fmt.Sprint(x)
	}
	return strings.Join(parts, ",")
}
