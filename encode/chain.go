package encode

import (
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/gridsat/gridsat/encode/sat"
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

// ChainOptions tune the chain SAT solver. The zero value is what the
// command line does by default (DefaultChainOptions spells it out). The opt
// tags declare the command line's options (compare.DeclareOptions), and
// each option's doc tag is its only description. Beyond the tags, for
// engineers:
//
//   - crossing: "" means eager.
//   - patch: chain_patch.go; with it off, every model with a cycle is cut
//     and solved again.
//   - counting: chain_count.go; "" means ChainCountCheck.
//   - precheck: instances.Chain.Infeasible.
type ChainOptions struct {
	// SATOptions are the backend and certify=; Certify keeps what the
	// answer's certificate needs in ChainResult.Proof, for CertifyChain:
	// for -1 the first solve's proof (its cuts as inputs; a -1 the
	// counting check found is proved by the solver too, with the class
	// counts in the encoding); for a path, the encoding and the backend,
	// which CertifyChain uses to refute every smaller direction at every
	// step. It needs a backend that proves and no Precheck (the label
	// counts are not proved).
	SATOptions
	Crossing ChainCrossing `opt:"crossing" doc:"all 2x2 blocks' crossing clauses up front (eager) or only those models show (lazy)"`
	NoPatch  bool          `opt:"patch,negate" doc:"false: never splice a model's cycles into its path; every cycle is cut and solved again"`
	Counting ChainCounting `opt:"counting" doc:"boards a counting argument rules out: check answers -1 from the label classes' sizes, the step graph's matching and (K=2) two different neighbours per cell before any solve (stat counted=1: a claim backed by a counting argument, no proof); cards adds each label class's step counts to the encoding as cardinality constraints, so the solver proves the -1; none leaves it to CDCL (a pigeonhole proof)"`
	Precheck bool          `opt:"precheck" doc:"true: answer -1 from the corner labels and label counts (instances' check) without a solve"`
	// NoLookahead turns off the look-ahead (chain_ahead.go): the
	// lexicographic search then rules a direction out without a question
	// only when the cells left fall apart, as before the look-ahead came,
	// and finds the rest by questions (for tests and benchmarks:
	// BenchmarkChainSATAllZero).
	NoLookahead bool
	// Deadline is passed to every solve; zero means none.
	Deadline time.Time
}

// DefaultChainOptions are the zero ChainOptions with their defaults
// filled in.
func DefaultChainOptions() ChainOptions {
	return ChainOptions{Crossing: ChainCrossingEager, Counting: ChainCountCheck}
}

// Values lists the crossing modes, the default first.
func (ChainCrossing) Values() []string {
	return []string{string(ChainCrossingEager), string(ChainCrossingLazy)}
}

// crossing returns the crossing mode, with the default filled in.
func (o ChainOptions) crossing() ChainCrossing {
	if o.Crossing == "" {
		return DefaultChainOptions().Crossing
	}
	return o.Crossing
}

// ChainEncoding is the successor encoding of a chain board: one variable
// per step a -> b of the board's step graph (instances.Chain.Step: king
// neighbours, b carries the label after a's, a is never the target and b
// never the start), exactly one step out of
// every cell but the target and exactly one into every cell but the start.
// Such a model is the path from the start to the target plus, perhaps,
// cycles detached from it (sub-tours) and crossing diagonals; Cut finds
// those and returns clauses that forbid them.
type ChainEncoding struct {
	CNF   *sat.CNF
	board *instances.Chain
	// step[a*8+d] is the variable of the step from a in direction d, 0
	// when there is no such step.
	step []int
	// inSet is setCuts's scratch space: the cells of the set, by cell.
	inSet []bool
}

// NewChainEncoding encodes board c; crossing says whether the crossing
// clauses go in now (eager, also for "") or are left to Cut (lazy).
func NewChainEncoding(c *instances.Chain, crossing ChainCrossing) *ChainEncoding {
	if crossing == "" {
		crossing = ChainCrossingEager
	}
	n, n2 := c.N, c.N*c.N
	e := &ChainEncoding{CNF: &sat.CNF{}, board: c, step: make([]int, n2*8)}
	f := e.CNF
	f.Comments = append(f.Comments,
		fmt.Sprintf("chain %s %s: successor encoding, crossing=%s", c.Size(), c.Location(), crossing),
		"directions: 0 up, 1 up-right, 2 right, 3 down-right, 4 down, 5 down-left, 6 left, 7 up-left")
	target := n2 - 1
	for a := 0; a < target; a++ {
		var dirs []int
		for d := 0; d < 8; d++ {
			if _, ok := c.Step(a, d); ok {
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
	e.fixPrefix()
	return e
}

// setCuts returns the clauses "some step leaves cells" (nil when cells
// hold the target) and "some step enters cells" (nil when they hold the
// start). Both hold for every path.
func (e *ChainEncoding) setCuts(cells []int) (leave, enter []int) {
	c := e.board
	target := c.N*c.N - 1
	hasStart, hasTarget := false, false
	if len(e.inSet) != target+1 {
		e.inSet = make([]bool, target+1)
	}
	inSet := func(y int) bool { return e.inSet[y] }
	for _, x := range cells {
		hasStart = hasStart || x == 0
		hasTarget = hasTarget || x == target
		e.inSet[x] = true
	}
	defer func() {
		for _, x := range cells {
			e.inSet[x] = false
		}
	}()
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
// both". No clauses means the model is a valid path. It is a sat.Cutter.
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
	Stats  sat.Stats
	// Cuts are the clauses the refinement loops added, for DIMACS output.
	Cuts [][]int
	// Trials counts the questions asked after the first path: does a path
	// follow these steps? Rebuilds counts the solvers made after the
	// first: on a backend without assumptions one per question a solver
	// decides; Assumed counts the questions asked under assumptions (gini)
	// instead; Patched counts the answers made by patching cycles into
	// the path; Propagated counts the questions answered no because unit
	// propagation of the fixed steps, the steps ruled out and the
	// question's steps ran into a contradiction, before any solver was
	// built (backends without assumptions).
	Trials, Rebuilds, Assumed, Patched, Propagated int
	// Paired counts the questions answered no without a solve, for K=2 by
	// the counting check (ChainCountCheck): the cells left cannot be
	// paired (chainPairingAfter).
	Paired int
	// Counted says the answer -1 came from the static counting check
	// (chainCountArgument): a claim backed by a counting argument, not by
	// a solver's proof.
	Counted bool
	// Proof, with Certify, is what the answer's certificate needs.
	Proof *ChainProof
}

// ChainProof is what a -1 answer rests on: the encoding and the proof of
// its first solve, whose inputs are the cuts. For a path, Log is nil: the
// path's certificate is made afterwards (CertifyChain), by the backend.
type ChainProof struct {
	Enc     *ChainEncoding
	Log     *sat.ProofLog
	Backend sat.Backend
}

func joinInts(xs []int) string {
	parts := make([]string, len(xs))
	for i, x := range xs {
		parts[i] = fmt.Sprint(x)
	}
	return strings.Join(parts, ",")
}

// ChainMemory estimates the peak memory in bytes of SolveChain on c with
// options o: a fixed base, and a share per clause of the encoding
// (counted from the board's steps without building it: exactly-one out of
// and into every cell, no step straight back, the crossings; for
// counting=cards a term in s*sqrt(s) more for a class of s steps) for the
// solver's copy and its learned clauses. Since the look-ahead
// (chain_ahead.go) leaves the big boards one solve, the share is flat: the
// rebuilds it once paid for are gone. Fitted on the high side to peaks
// measured on gophersat, all-zero K=1 boards (BenchmarkChainSATAllZero,
// under /usr/bin/time; docs/findings.md, memory). An estimate too low
// costs nothing worse than the memory limit's own memout.
func ChainMemory(c *instances.Chain, o ChainOptions) int64 {
	n2 := c.N * c.N
	outs, ins := make([]int, n2), make([]int, n2)
	class := make([]int, c.K)
	steps := 0
	for a := 0; a < n2; a++ {
		for d := 0; d < 8; d++ {
			if b, ok := c.Step(a, d); ok {
				outs[a]++
				ins[b]++
				class[c.Labels[a]]++
				steps++
			}
		}
	}
	clauses := steps // the steps straight back and the crossings, at most one each
	for a := 0; a < n2; a++ {
		clauses += 2 + (outs[a]*(outs[a]-1)+ins[a]*(ins[a]-1))/2
	}
	if o.counting() == ChainCountCards {
		for _, s := range class {
			clauses += 2 * s * int(math.Sqrt(float64(s)))
		}
	}
	return 24<<20 + int64(clauses)*chainBytesPerClause
}

// chainBytesPerClause is ChainMemory's share per clause.
const chainBytesPerClause = 750
