package encode

import (
	"fmt"
	"math"
	"time"

	"github.com/gridsat/gridsat/encode/sat"
	"github.com/gridsat/gridsat/instances"
)

// SlantLoops is how the slant encoding handles loops (SlantOptions.Loops).
type SlantLoops string

// Slant loop handling, the values of SlantOptions.Loops.
const (
	// SlantLoopsLazy adds no loop clauses up front: the refinement loop
	// forbids the loops found in each model.
	SlantLoopsLazy SlantLoops = "lazy"
	// SlantLoopsDiamond also forbids, eagerly, the four-cell diamond loop
	// around every inner corner (one 4-literal clause per corner), the
	// loop that random models close most often.
	SlantLoopsDiamond SlantLoops = "lazy+diamond"
	// SlantLoopsShort forbids eagerly the diamonds and the six-cell loops
	// (two around every cell whose corners are all inner, one per
	// diagonal it could hold inside).
	SlantLoopsShort SlantLoops = "lazy+short"
	// SlantLoopsReach encodes eagerly that every corner reaches the
	// border, which rules out every loop (a loop would enclose a corner):
	// each inner corner picks a parent, a corner joined to it by a
	// diagonal, with a smaller rank (binary, with a comparator per
	// candidate parent). Models then have no loop; refinement only
	// checks. The encoding grows by a fixed number of clauses per corner
	// (gridsat dimacs slant --solver sat:loops=reach counts them).
	SlantLoopsReach SlantLoops = "reach"
)

// SlantCuts is which loop of a model each cut forbids (SlantOptions.Cuts).
type SlantCuts string

// Slant cut choices, the values of SlantOptions.Cuts: which loop of a
// model each cut forbids.
const (
	// SlantCutsShortest, the default, cuts for every diagonal that closes a
	// loop in the model (every diagonal outside a spanning forest) the
	// shortest loop through it.
	SlantCutsShortest SlantCuts = "shortest"
	// SlantCutsForest cuts the loop a diagonal closes with the spanning
	// forest, grown row by row, which may wind far around.
	SlantCutsForest SlantCuts = "forest"
)

// SlantPhase is the first filling the solver tries (SlantOptions.Phase).
type SlantPhase string

// Slant initial phases, the values of SlantOptions.Phase. Solvers try false
// first for a variable they have not set yet (gophersat, gini and MiniSat
// do), so the variables' polarity chooses the first filling tried.
const (
	// SlantPhaseClues, the default, gives each cell's variable the
	// polarity that makes false the diagonal its clues need most (the
	// corners whose clues need the larger share of their undecided
	// cells, counting the cells the facts decide).
	SlantPhaseClues SlantPhase = "clues"
	// SlantPhaseSlash makes every variable true for '\', so the first
	// filling tried is all '/'.
	SlantPhaseSlash SlantPhase = "slash"
)

// SlantRepair is whether refinement rounds first mend the last model
// locally (SlantOptions.Repair).
type SlantRepair string

// Slant repair choices, the values of SlantOptions.Repair.
const (
	// SlantRepairAuto, the default, solves the first round in full and
	// then repairs, as SlantRepairOn does, only where its cuts were few
	// for the open cells (boards with many solutions: the full solver
	// makes new loops as fast as the cuts forbid old ones); where they
	// were many (hard unique boards, whose probing then fixes many more
	// cells) every round solves in full, as with SlantRepairOff; so
	// do boards with fewer than 4096 cells open
	// (sat.NewAutoRepairingSolver).
	SlantRepairAuto SlantRepair = "auto"
	// SlantRepairOn repairs in every round, whatever it costs
	// (sat.NewRepairingSolver).
	SlantRepairOn SlantRepair = "true"
	// SlantRepairOff solves the whole formula in every round.
	SlantRepairOff SlantRepair = "false"
)

// SlantProbe is the failed-literal probing of the formula (see sat.Prober):
// one of the probing modes ProbeRounds, ProbeOnce, ProbeNone.
type SlantProbe string

// Values lists the loop handlings, the default first.
func (SlantLoops) Values() []string {
	return enumWords([]SlantLoops{SlantLoopsLazy, SlantLoopsDiamond, SlantLoopsShort, SlantLoopsReach})
}

// Values lists the cut choices, the default first.
func (SlantCuts) Values() []string { return enumWords([]SlantCuts{SlantCutsShortest, SlantCutsForest}) }

// Values lists the phases, the default first.
func (SlantPhase) Values() []string { return enumWords([]SlantPhase{SlantPhaseClues, SlantPhaseSlash}) }

// Values lists the repair choices, the default first.
func (SlantRepair) Values() []string {
	return enumWords([]SlantRepair{SlantRepairAuto, SlantRepairOn, SlantRepairOff})
}

// Values lists the probing modes, the default first.
func (SlantProbe) Values() []string { return []string{sat.ProbeRounds, sat.ProbeOnce, sat.ProbeNone} }

// SlantOptions tune SolveSlant. The zero value solves with gophersat,
// lazy loops, shortest cuts, phases from the clues and probing before
// every solve (DefaultSlantOptions spells it out). The opt tags declare
// the command line's options (compare.DeclareOptions), and each option's
// doc tag is its only description. Beyond the tags, for engineers:
//
//   - loops, cuts, phase, probe, repair: "" means the first of the type's
//     Values (lazy, shortest, clues, ProbeRounds, SlantRepairAuto).
//   - enclose=false (LoopCutsOnly) cuts the loops of a model and nothing
//     else; see slantLoops.enclosedCuts for the enclosed components' cuts.
//   - probe: see sat.Prober.
//   - repair: sat.NewRepairingSolver. It changes the time a solve takes
//     and, on a board with several solutions, which one it finds; never
//     whether it finds one.
type SlantOptions struct {
	// SATOptions are the backend and certify=; Certify records a clausal
	// proof of every UNSAT answer (no solution, unique) in
	// SlantResult.Proof, for CertifySlant. It needs a backend that proves
	// (CheckCertifiable) and no Facts (the DFS's deductions are not
	// proved).
	SATOptions
	Loops        SlantLoops  `opt:"loops" doc:"lazy+diamond also forbids the 4-cell loop around every inner corner up front, lazy+short the 6-cell loops too; reach encodes eagerly that every corner reaches the border (parents and binary ranks), so no loop is ever cut"`
	Cuts         SlantCuts   `opt:"cuts" doc:"the loop each cut forbids, for each diagonal closing one: the shortest through it, or the one it closes with a spanning forest"`
	LoopCutsOnly bool        `opt:"enclose,negate" doc:"with the loop cuts, cut every component of corners the model leaves off the border (\"a diagonal leaves it\"): one clause forbids every filling that cuts off the same corners, where a long loop's cut forbids only that loop"`
	Probe        SlantProbe  `opt:"probe" doc:"failed-literal probing of the formula, a CDCL preprocessing step gophersat lacks: the literals whose propagation fails, or that both values of a variable imply, are fixed and the backend gets the other variables only; before every solve with the cuts so far (rounds), before the first solve only (once), or never (none)"`
	Repair       SlantRepair `opt:"repair" doc:"between refinement rounds, mend the last model locally first (the variables near each clause it breaks, solved again by a small solver with the rest held; the whole formula only when that fails), with in-process backends: true in every round (faster on big boards with many solutions, slower on hard unique ones), false never, auto from the second round on where the first round made fewer than 0.195 cuts per open cell (boards with many solutions), never where it made more (hard unique boards) or fewer than 4096 cells are open"`

	NoRootCuts bool `opt:"rootcuts,negate" doc:"with probing, loops inside probing: a probe whose diagonals close a loop with the fixed ones fails, and after each round of probes the cuts the fixed cells force are added (an open cell whose diagonal would close a loop; a group of corners joined by fixed diagonals, off the border, with one or two ways out left); probing runs again until none is new, before the first solve and, with probe=rounds, before every later one. Each is a loop or enclosure cut, as the refinement adds, so certify checks them the same way"`

	Phase    SlantPhase `opt:"phase" doc:"first filling the solver tries (its variables' polarity): the diagonals the clues need most, or all '/'"`
	Unique   bool       // also look for a second solution
	Deadline time.Time
	// Facts, when set, are deductions made before the solve (see
	// instances.SlantFacts): decided cells become unit clauses, excluded
	// pairs two-literal clauses.
	Facts *instances.SlantFacts
}

// DefaultSlantOptions are the zero SlantOptions with their defaults
// filled in.
func DefaultSlantOptions() SlantOptions {
	return SlantOptions{Loops: SlantLoopsLazy, Cuts: SlantCutsShortest, Probe: sat.ProbeRounds, Repair: SlantRepairAuto, Phase: SlantPhaseClues}
}

// Check reports an option value SlantCNF and SolveSlant refuse: an
// unknown value, or a certificate asked for over the DFS's facts.
func (o SlantOptions) Check() error {
	for _, err := range []error{
		checkEnum("slant", "loops", o.Loops),
		checkEnum("slant", "cuts", o.Cuts),
		checkEnum("slant", "repair", o.Repair),
		checkEnum("slant", "phase", o.Phase),
	} {
		if err != nil {
			return err
		}
	}
	if o.Certify && o.Facts != nil {
		return fmt.Errorf("slant: the dfs's root deductions (pre=) are not proved: no certificate with them")
	}
	return sat.CheckProbe(string(o.Probe))
}

// SlantResult is what SolveSlant found.
type SlantResult struct {
	// Status is Sat with Solution set, Unsat, or Unknown (deadline).
	Status sat.Status
	// Solution is row-major W*H bytes of '\' and '/'.
	Solution []byte
	// Second is another solution when Unique was asked and one exists.
	Second []byte
	// UniqueChecked is true when Unique was asked and decided.
	UniqueChecked bool
	Stats         sat.Stats
	// Cuts are the loop clauses the refinement added, in order.
	Cuts [][]int
	// Block is the clause that blocked the first solution (Unique).
	Block []int
	// Proof is the proof of the UNSAT answer (no solution, or no second
	// one), with Certify.
	Proof *SlantProof
}

// SlantProof is what SolveSlant's UNSAT answer rests on: the eager
// formula, the encoding that says what its variables are, and the proof,
// whose inputs are the cuts (each a loop or an enclosure) and the
// blocking clause of the solution found.
type SlantProof struct {
	Formula *sat.CNF
	Enc     *SlantEncoding
	Log     *sat.ProofLog
}

// SlantEncoding maps the cells of a case to variables. Cells decided
// before the solve (SlantOptions.Facts) have none: their literals are the
// constants litTrue and litFalse, which addClause simplifies away. The
// others are numbered 1, 2, ... in row-major order, a variable being true
// when its cell holds the cell's Back diagonal.
type SlantEncoding struct {
	s *instances.Slant
	// Back holds, per cell, the diagonal its variable's true stands for:
	// '\' unless the phase flipped it.
	Back []byte
	// Fixed holds, per cell, its decided diagonal, 0 when it has a variable.
	Fixed []byte
	vars  []int32 // per cell: its variable, 0 when fixed
	cells []int32 // per variable (index v-1): its cell
}

// Constant literals of decided cells.
const (
	litTrue  = math.MaxInt32
	litFalse = -litTrue
)

// newSlantEncoding returns the variables of s under phase (see
// SlantOptions.Phase), with a variable for every cell not in fixed (nil:
// every cell).
func newSlantEncoding(s *instances.Slant, phase SlantPhase, fixed []byte) *SlantEncoding {
	n := s.W * s.H
	e := &SlantEncoding{s: s, Back: make([]byte, n), Fixed: make([]byte, n), vars: make([]int32, n), cells: make([]int32, 0, n)}
	for i := range e.Back {
		e.Back[i] = instances.Back
		if fixed != nil && fixed[i] != 0 {
			e.Fixed[i] = fixed[i]
			continue
		}
		e.cells = append(e.cells, int32(i))
		e.vars[i] = int32(len(e.cells))
	}
	if phase == SlantPhaseSlash {
		return e
	}
	// need is the share of its undecided cells the clue at corner (r,c)
	// still needs, scaled to -6..6 (0 without a clue or open cell).
	need := func(r, c int) int {
		k := s.Clue(r, c)
		if k < 0 {
			return 0
		}
		n := 0
		for _, d := range [4][3]int{{-1, -1, '\\'}, {-1, 0, '/'}, {0, -1, '/'}, {0, 0, '\\'}} {
			rr, cc := r+d[0], c+d[1]
			if rr < 0 || rr >= s.H || cc < 0 || cc >= s.W {
				continue
			}
			switch e.Fixed[rr*s.W+cc] {
			case 0:
				n++
			case byte(d[2]):
				k--
			}
		}
		if n == 0 {
			return 0
		}
		return 12*k/n - 6
	}
	for r := 0; r < s.H; r++ {
		for c := 0; c < s.W; c++ {
			back := need(r, c) + need(r+1, c+1)
			fwd := need(r, c+1) + need(r+1, c)
			if back > fwd {
				// false, tried first, must mean '\'
				e.Back[r*s.W+c] = instances.Forward
			}
		}
	}
	return e
}

// NumVars is the number of cell variables.
func (e *SlantEncoding) NumVars() int { return len(e.cells) }

// Lit returns the literal "cell i holds d": a variable's, or litTrue or
// litFalse for a decided cell.
func (e *SlantEncoding) Lit(i int, d byte) int {
	if f := e.Fixed[i]; f != 0 {
		if f == d {
			return litTrue
		}
		return litFalse
	}
	return sat.Lit(int(e.vars[i]), d == e.Back[i])
}

// at returns the literal "cell (r,c) holds d".
func (e *SlantEncoding) at(r, c int, d byte) int { return e.Lit(r*e.s.W+c, d) }

// addClause adds lits to f, leaving out the false constants; a clause
// with a true constant is left out whole.
func addClause(f *sat.CNF, lits ...int) {
	out := lits[:0:0]
	for _, l := range lits {
		switch l {
		case litTrue:
			return
		case litFalse:
			continue
		}
		out = append(out, l)
	}
	f.Clauses = append(f.Clauses, out)
}

// exactly adds "exactly k of lits", constants counted out.
func exactly(f *sat.CNF, k int, lits []int) {
	var buf [8]int
	open := buf[:0]
	for _, l := range lits {
		switch l {
		case litTrue:
			k--
		case litFalse:
		default:
			open = append(open, l)
		}
	}
	if k < 0 || k > len(open) {
		f.Clauses = append(f.Clauses, []int{})
		return
	}
	if len(open) > 0 {
		f.Exactly(k, open...)
	}
}

// Cells reads a model as row-major '\' and '/'.
func (e *SlantEncoding) Cells(model []bool) []byte {
	cells := make([]byte, len(e.Back))
	for i := range cells {
		cells[i] = e.diag(model, i)
	}
	return cells
}

func (e *SlantEncoding) diag(model []bool, i int) byte {
	if f := e.Fixed[i]; f != 0 {
		return f
	}
	if model[e.vars[i]] {
		return e.Back[i]
	}
	if e.Back[i] == instances.Back {
		return instances.Forward
	}
	return instances.Back
}

// slantClueClauses is the most clauses Exactly writes for one clue: a 2
// among four diagonals, four "not all of three" and four "one of three".
const slantClueClauses = 8

// SlantCNF returns the eager encoding of s under o: a variable per cell
// not decided by o.Facts (see SlantEncoding), each clue as "exactly k of
// the (at most 4) touching diagonals", the pairs o.Facts excludes as
// two-literal clauses, and the loop clauses o.Loops puts up front. Other
// loops are left to the refinement loop.
func SlantCNF(s *instances.Slant, o SlantOptions) (*sat.CNF, *SlantEncoding, error) {
	if err := o.Check(); err != nil {
		return nil, nil, err
	}
	var fixed []byte
	if o.Facts != nil {
		fixed = o.Facts.Cells
	}
	e := newSlantEncoding(s, o.Phase, fixed)
	f := &sat.CNF{}
	f.NewVars(e.NumVars(), `the undecided cells, row-major; true means the diagonal the "true" comment gives`)
	f.Describe(func() []string {
		back := make([]byte, 0, len(e.cells))
		for _, i := range e.cells {
			back = append(back, e.Back[i])
		}
		return []string{
			fmt.Sprintf("slant %s %s", s.Size(), s.Location()),
			"clues: exactly k of the diagonals touching each clue corner",
			"loops: " + loopsName(o.Loops) + " (loop clauses are added by refinement)",
			fmt.Sprintf("decided before the solve: %d cells, without variables: %s", s.W*s.H-e.NumVars(), string(e.fixedText())),
			"true: " + string(back) + ` (per variable, the diagonal its true means)`,
		}
	})
	if o.Facts != nil && o.Facts.Contradiction {
		f.Clauses = append(f.Clauses, []int{})
	}
	// The clues' clauses, at most slantClueClauses each, are most of the
	// formula: room for them at once.
	clues := 0
	for _, k := range s.Clues {
		if k >= 0 {
			clues++
		}
	}
	f.Reserve(slantClueClauses * clues)
	var touch [4]int
	for r := 0; r <= s.H; r++ {
		for c := 0; c <= s.W; c++ {
			k := s.Clue(r, c)
			if k < 0 {
				continue
			}
			exactly(f, k, e.appendTouching(touch[:0], r, c))
		}
	}
	e.fixPart(f)
	if o.Facts != nil {
		for _, x := range o.Facts.Exclusions {
			addClause(f, -e.Lit(x.A, x.DA), -e.Lit(x.B, x.DB))
		}
	}
	loops := o.Loops
	if loops == SlantLoopsDiamond || loops == SlantLoopsShort {
		for r := 1; r < s.H; r++ {
			for c := 1; c < s.W; c++ {
				// The diamond around corner (r,c): up-left '/',
				// up-right '\', down-left '\', down-right '/'.
				addClause(f, -e.at(r-1, c-1, '/'), -e.at(r-1, c, '\\'),
					-e.at(r, c-1, '\\'), -e.at(r, c, '/'))
			}
		}
	}
	if loops == SlantLoopsShort {
		for r := 1; r+1 < s.H; r++ {
			for c := 1; c+1 < s.W; c++ {
				// The hexagon around the corners (r,c) and (r+1,c+1),
				// which a '\' in cell (r,c) would join.
				addClause(f, -e.at(r-1, c-1, '/'), -e.at(r-1, c, '\\'),
					-e.at(r, c+1, '\\'), -e.at(r+1, c+1, '/'),
					-e.at(r+1, c, '\\'), -e.at(r, c-1, '\\'))
				// Its mirror image, around (r,c+1) and (r+1,c).
				addClause(f, -e.at(r-1, c+1, '\\'), -e.at(r-1, c, '/'),
					-e.at(r, c-1, '/'), -e.at(r+1, c-1, '\\'),
					-e.at(r+1, c, '/'), -e.at(r, c+1, '/'))
			}
		}
	}
	if loops == SlantLoopsReach {
		e.reach(f)
	}
	return f, e, nil
}

// fixedText returns the decided cells row-major, '.' for the others.
func (e *SlantEncoding) fixedText() []byte {
	out := make([]byte, len(e.Fixed))
	for i, d := range e.Fixed {
		out[i] = '.'
		if d != 0 {
			out[i] = d
		}
	}
	return out
}

// reach adds "every corner reaches the border": every inner corner has a
// parent, a corner joined to it by a diagonal, of smaller rank; border
// corners need none. Parents then lead every corner to the border.
func (e *SlantEncoding) reach(f *sat.CNF) {
	s := e.s
	inner := func(r, c int) bool { return r > 0 && r < s.H && c > 0 && c < s.W }
	bits := 1
	for 1<<bits <= (s.W-1)*(s.H-1) {
		bits++
	}
	rank := make([][]int, len(s.Clues))
	for r := 1; r < s.H; r++ {
		for c := 1; c < s.W; c++ {
			rank[s.Corner(r, c)] = f.NewVars(bits, "")
		}
	}
	for r := 1; r < s.H; r++ {
		for c := 1; c < s.W; c++ {
			y := rank[s.Corner(r, c)]
			var parents []int
			for _, n := range [4][4]int{{-1, -1, -1, -1}, {-1, 0, -1, 1}, {0, -1, 1, -1}, {0, 0, 1, 1}} {
				// cell (r+n[0], c+n[1]); the neighbour corner (r+n[2], c+n[3])
				cr, cc, qr, qc := r+n[0], c+n[1], r+n[2], c+n[3]
				d := byte('\\')
				if n[2] != n[3] {
					d = '/'
				}
				par := f.NewVar()
				parents = append(parents, par)
				addClause(f, -par, e.at(cr, cc, d))
				if !inner(qr, qc) {
					continue
				}
				// par -> rank(q) < rank(p), most significant bit first.
				x := rank[s.Corner(qr, qc)]
				lt := f.NewVars(bits, "")
				f.Add(-par, lt[0])
				for i := 0; i < bits; i++ {
					if i+1 < bits {
						f.Add(-lt[i], -x[i], y[i])
						f.Add(-lt[i], -x[i], lt[i+1])
						f.Add(-lt[i], y[i], lt[i+1])
					} else {
						f.Add(-lt[i], -x[i])
						f.Add(-lt[i], y[i])
					}
				}
			}
			f.Add(parents...)
		}
	}
}

func loopsName(l SlantLoops) string {
	if l == "" {
		l = DefaultSlantOptions().Loops
	}
	return string(l)
}

// appendTouching appends to lits, for corner (r, c), the literal of each
// cell around it that is true when the cell's diagonal touches the corner.
func (e *SlantEncoding) appendTouching(lits []int, r, c int) []int {
	s := e.s
	if r > 0 && c > 0 {
		lits = append(lits, e.at(r-1, c-1, '\\')) // up-left
	}
	if r > 0 && c < s.W {
		lits = append(lits, e.at(r-1, c, '/')) // up-right
	}
	if r < s.H && c > 0 {
		lits = append(lits, e.at(r, c-1, '/')) // down-left
	}
	if r < s.H && c < s.W {
		lits = append(lits, e.at(r, c, '\\')) // down-right
	}
	return lits
}

// SlantMemory estimates the peak memory in bytes of SolveSlant on s with
// options o: a fixed base and a share per cell (the clauses, the prober's
// copy, the backend's solver with its learned clauses and rebuilds, the
// loop cuts), more per cell with lazy+short's eager loop clauses, much
// more with reach's ranks, and half as much again with Unique (a second
// refinement on the same solver); the constants are in the code below.
// Fitted, on the high side, to peaks measured on gophersat with planted
// boards (docs/findings.md, memory): with loops inside probing (the
// default) under the soft memory limit a large solve sets itself
// (limitSlantHeap) or a worker sets for --mem, without them at the
// collector's default headroom.
func SlantMemory(s *instances.Slant, o SlantOptions) int64 {
	perCell := int64(4 << 10)
	if !o.NoRootCuts && o.Probe != sat.ProbeNone {
		perCell = 1600
	}
	switch o.Loops {
	case SlantLoopsShort:
		perCell += 1 << 10
	case SlantLoopsReach:
		perCell += 16 << 10
	}
	if o.Unique {
		perCell += perCell / 2
	}
	return 64<<20 + perCell*int64(s.W)*int64(s.H)
}

// SolveSlant solves s by SAT: the eager clue encoding, then the refinement
// loop (sat.Refine) that forbids the loops it finds in each model until
// a model has none. One solver is kept across rounds. With Unique, the
// solution found is blocked by one clause over all cells and the loop
// refinement continues, to find a second solution or prove there is none.
func SolveSlant(s *instances.Slant, o SlantOptions) (res SlantResult, err error) {
	f, enc, err := SlantCNF(s, o)
	if err != nil {
		return res, err
	}
	be := o.Backend
	if be == nil {
		if be, err = sat.LookupBackend(""); err != nil {
			return res, err
		}
	}
	res.Stats.Vars, res.Stats.Clauses = f.NumVars, len(f.Clauses)
	if s.W*s.H <= slantRaiseGCCells {
		defer raiseGC(be)()
	}
	defer limitSlantHeap(s.W * s.H)()
	finder := newSlantLoops(enc)
	finder.shortest = o.Cuts != SlantCutsForest
	finder.enclosed = !o.LoopCutsOnly
	var proof *sat.ProofLog
	if o.Certify {
		proof = &sat.ProofLog{}
		res.Proof = &SlantProof{Formula: f, Enc: enc, Log: proof}
	}
	cut := func(model []bool) [][]int {
		cuts := finder.cuts(model)
		res.Cuts = append(res.Cuts, cuts...)
		for i, c := range cuts {
			why := whyLoop
			if i >= finder.loops {
				why = whyEnclose
			}
			proof.Input(why, c)
		}
		return cuts
	}
	var search sat.SolverStats
	defer func() { res.Stats.Search = search }()
	probe := o.Probe
	if probe == "" {
		probe = DefaultSlantOptions().Probe
	}
	sv, err := sat.NewCuttingSolver(be, f, string(probe), proof, slantEarlyCuts(enc, o, &res, proof))
	if err != nil {
		return res, fmt.Errorf("slant: %s backend: %w", be.Name(), err)
	}
	if sat.InProcess(be) {
		switch o.Repair {
		case SlantRepairOn:
			sv = sat.NewRepairingSolver(sv, be, f)
		case SlantRepairAuto, "":
			sv = sat.NewAutoRepairingSolver(sv, be, f)
		}
	}
	res.Status, err = sat.Refine(sv, cut, o.Deadline, &res.Stats)
	search = sv.Stats()
	if err != nil || res.Status != sat.Satisfiable {
		if res.Status == sat.Unsatisfiable && proof != nil {
			proof.Refuted()
		}
		return res, err
	}
	res.Solution = enc.Cells(sv.Model())
	if !o.Unique {
		return res, nil
	}
	err = solveSlantSecond(sv, enc, cut, o, &res, proof)
	search = sv.Stats()
	return res, err
}

// solveSlantSecond blocks res's solution and refines on, to find a second
// solution or prove there is none (the proof, if any, takes the blocking
// clause as an input).
func solveSlantSecond(sv sat.Solver, enc *SlantEncoding, cut sat.Cutter, o SlantOptions, res *SlantResult, proof *sat.ProofLog) error {
	var block []int
	for i, d := range res.Solution {
		if l := enc.Lit(i, d); l != litTrue {
			block = append(block, -l)
		}
	}
	res.Block = block
	proof.Input(whyBlock, block)
	if err := sv.AddClause(block); err != nil {
		return fmt.Errorf("slant: blocking the first solution: %w", err)
	}
	st, err := sat.Refine(sv, cut, o.Deadline, &res.Stats)
	if err != nil {
		return err
	}
	switch st {
	case sat.Satisfiable:
		res.Second = enc.Cells(sv.Model())
		res.UniqueChecked = true
	case sat.Unsatisfiable:
		res.UniqueChecked = true
		if proof != nil {
			proof.Refuted()
		}
	}
	return nil
}

// cornerStep is one of the diagonal steps from a corner: the cell it
// crosses, the diagonal that makes it, and the corner it reaches.
type cornerStep struct {
	cell, to int
	d        byte
}

// cornerSteps returns, in buf, the steps from corner p (numbered
// row-major over the (W+1) x (H+1) corners) that stay on the board s.
func cornerSteps(buf *[4]cornerStep, s *instances.Slant, p int) []cornerStep {
	cw := s.W + 1
	r, c := p/cw, p%cw
	steps := buf[:0]
	for _, m := range [4][2]int{{-1, -1}, {-1, 1}, {1, -1}, {1, 1}} {
		rr, cc := r+m[0], c+m[1]
		if rr < 0 || rr > s.H || cc < 0 || cc > s.W {
			continue
		}
		d := byte(instances.Back)
		if m[0] != m[1] {
			d = instances.Forward
		}
		steps = append(steps, cornerStep{cell: min(r, rr)*s.W + min(c, cc), to: rr*cw + cc, d: d})
	}
	return steps
}

// slantLoops finds the loops in models of one case; it keeps its buffers
// between rounds.
type slantLoops struct {
	enc     *SlantEncoding
	s       *instances.Slant
	uf      *instances.UnionFind
	inTree  []bool  // cell's diagonal is in the spanning forest
	parent  []int32 // BFS: corner -> cell it was reached through
	visited []int32 // BFS stamps
	stamp   int32
	queue   []int32
	model   []bool
	// shortest: cut the shortest loop through each closing diagonal,
	// not the one the forest makes.
	shortest bool
	skip     int // the closing diagonal, left out of the shortest path
	// enclosed: with the loop cuts, cut every component off the border.
	enclosed bool
	// loops is the number of loop cuts the last cuts call returned
	// (first; the enclosure cuts follow).
	loops  int
	border []int32 // per corner, for enclosedCuts
}

func newSlantLoops(enc *SlantEncoding) *slantLoops {
	s := enc.s
	nc := len(s.Clues)
	return &slantLoops{
		enc:     enc,
		s:       s,
		uf:      instances.NewUnionFind(nc),
		inTree:  make([]bool, s.W*s.H),
		parent:  make([]int32, nc),
		visited: make([]int32, nc),
		border:  make([]int32, nc),
	}
}

// cuts returns one clause per loop of the model's diagonals: it grows a
// spanning forest cell by cell, and every diagonal whose corners are
// already joined closes a loop, the forest path between them plus that
// diagonal. The clause says "not all of these cells as they are".
func (l *slantLoops) cuts(model []bool) [][]int {
	s := l.s
	l.model = model
	l.uf.Reset()
	for i := range l.inTree {
		l.inTree[i] = false
	}
	var cuts [][]int
	for r := 0; r < s.H; r++ {
		for c := 0; c < s.W; c++ {
			i := r*s.W + c
			a, b := s.DiagonalCorners(r, c, l.diag(i))
			if l.uf.Union(a, b) {
				l.inTree[i] = true
				continue
			}
			l.skip = i
			cycle := append(l.path(a, b), int32(i))
			clause := make([]int, 0, len(cycle))
			for _, ci := range cycle {
				if v := int(l.enc.vars[ci]); v > 0 {
					clause = append(clause, sat.Lit(v, !model[v]))
				}
			}
			cuts = append(cuts, clause)
		}
	}
	l.loops = len(cuts)
	if l.enclosed && len(cuts) > 0 {
		cuts = append(cuts, l.enclosedCuts()...)
	}
	return cuts
}

// enclosedCuts returns, for every component of corners the model's
// diagonals join that has no corner on the border, the clause "a diagonal
// leaves it": one literal per cell around it, the cell's diagonal from a
// corner inside to one outside. In a solution every corner reaches the
// border (a component off the border would be ringed by a loop of the
// other diagonals), so the clause holds there; the model breaks it. Where
// a loop cut forbids one loop, this forbids every filling that leaves the
// same corners cut off, and so the shifted loops a long loop's cut
// otherwise gives, round after round.
func (l *slantLoops) enclosedCuts() [][]int {
	s := l.s
	cw := s.W + 1
	// border[root] = stamp when the root's component has a border corner.
	border := l.border
	l.nextStamp()
	for r := 0; r <= s.H; r++ {
		for c := 0; c <= s.W; c++ {
			if r == 0 || c == 0 || r == s.H || c == s.W {
				border[l.uf.Find(r*cw+c)] = l.stamp
			}
		}
	}
	clauses := map[int][]int{} // per enclosed component's root
	var roots []int
	for r := 1; r < s.H; r++ {
		for c := 1; c < s.W; c++ {
			p := r*cw + c
			root := l.uf.Find(p)
			if border[root] == l.stamp {
				continue
			}
			if _, ok := clauses[root]; !ok {
				roots = append(roots, root)
				clauses[root] = nil
			}
			// The four cells around p: the diagonal touching p, its far
			// corner.
			for _, n := range [4][4]int{{-1, -1, -1, -1}, {-1, 0, -1, 1}, {0, -1, 1, -1}, {0, 0, 1, 1}} {
				cr, cc := r+n[0], c+n[1]
				q := (r+n[2])*cw + (c + n[3])
				d := byte(instances.Back)
				if n[2] != n[3] {
					d = instances.Forward
				}
				i := cr*s.W + cc
				if l.diag(i) == d || l.uf.Find(q) == root {
					continue // the cell's diagonal stays inside
				}
				if lit := l.enc.Lit(i, d); lit != litFalse {
					clauses[root] = append(clauses[root], lit)
				}
			}
		}
	}
	out := make([][]int, 0, len(roots))
	for _, root := range roots {
		out = append(out, clauses[root])
	}
	return out
}

// nextStamp makes a fresh mark for visited and border, clearing both
// before the marks would overflow.
func (l *slantLoops) nextStamp() {
	if l.stamp == math.MaxInt32 {
		clear(l.visited)
		clear(l.border)
		l.stamp = 0
	}
	l.stamp++
}

func (l *slantLoops) diag(i int) byte { return l.enc.diag(l.model, i) }

// path returns the cells on the forest path from corner a to corner b.
func (l *slantLoops) path(a, b int) []int32 {
	s := l.s
	l.nextStamp()
	l.queue = append(l.queue[:0], int32(a))
	l.visited[a] = l.stamp
	l.parent[a] = -1
	var buf [4]cornerStep
	for h := 0; h < len(l.queue); h++ {
		p := int(l.queue[h])
		if p == b {
			break
		}
		for _, st := range cornerSteps(&buf, s, p) {
			ci, q := st.cell, st.to
			if l.shortest {
				if ci == l.skip {
					continue
				}
			} else if !l.inTree[ci] {
				continue
			}
			// The cell's diagonal must be the one joining p and q.
			if l.diag(ci) != st.d || l.visited[q] == l.stamp {
				continue
			}
			l.visited[q] = l.stamp
			l.parent[q] = int32(ci)
			l.queue = append(l.queue, int32(q))
		}
	}
	var cells []int32
	for p := b; p != a; {
		ci := int(l.parent[p])
		cells = append(cells, int32(ci))
		x, y := s.DiagonalCorners(ci/s.W, ci%s.W, l.diag(ci))
		if x == p {
			p = y
		} else {
			p = x
		}
	}
	return cells
}
