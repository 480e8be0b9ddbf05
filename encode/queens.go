package encode

import (
	"encoding/binary"
	"fmt"
	"math"
	"sort"
	"strings"
	"time"

	"github.com/crillab/gophersat/solver"

	"github.com/gridsat/gridsat/instances"
)

// QueensOptions choose how the queens puzzle is encoded and searched. The
// zero value is the default, the same as the command line's: card=totalizer,
// order=natural, empty=false, lines=true, search=up, symmetry=true,
// gophersat.
type QueensOptions struct {
	// Card is the at-most-k encoding: one of CardEncodings ("totalizer",
	// the default, "seq", "mtotalizer", "cardnet", "sortnet") or "pb"
	// (gophersat's own pseudo-Boolean at-most, gophersat only).
	Card string
	// Order is the order of the square literals in the counter:
	// "natural" (row-major, the default), "occurrence" (most target
	// clauses first) or "proximity" (3x3 blocks in row-major order, each
	// block's squares by occurrence).
	Order string
	// Empty adds the counters' converse clauses, so that their outputs
	// count exactly and the formula also says, in the counter's own
	// variables, that at least |squares| - k squares are empty (not for
	// pb).
	Empty bool
	// NoLines leaves out the line variables: by default every row,
	// column, diagonal and anti-diagonal with a useful square gets a
	// variable, true exactly when a queen stands on the line; every target
	// gets the clause "one of its four lines holds a queen" beside its
	// squares' clause; and at most k lines of each direction hold a queen.
	NoLines bool
	// Search is "up" (the default: k from a lower bound encode computes,
	// k, k+1, ... until SAT; with an Assumer backend (gini) on one solver,
	// "at most k" assumed; otherwise a fresh solver per k) or "down" (one
	// solver from the greedy cover's size, "at most k" tightened by unit
	// clauses after each model, until UNSAT or the lower bound).
	Search string
	// NoSymmetry turns off the lex-leader constraints for the board
	// symmetries that map the target set onto itself (all 8 on a full
	// square board).
	NoSymmetry bool
	// Backend names the SAT backend ("" is gophersat).
	Backend string
	// Deadline, if not zero, is passed to the backend.
	Deadline time.Time
}

// QueensOrders names the literal orders of QueensOptions.Order.
var QueensOrders = []string{"natural", "occurrence", "proximity"}

// Validate checks the options without solving: a known card, order and
// search, a known backend, card=pb only on gophersat and not with Empty.
func (opt QueensOptions) Validate() error {
	_, err := opt.resolve()
	return err
}

// resolve checks opt and fills in the defaults.
func (opt QueensOptions) resolve() (QueensOptions, error) {
	if opt.Card == "" {
		opt.Card = "totalizer"
	}
	if opt.Order == "" {
		opt.Order = "natural"
	}
	if opt.Search == "" {
		opt.Search = "up"
	}
	switch {
	case opt.Card == "pb":
		if opt.Backend != "" && opt.Backend != "gophersat" {
			return opt, fmt.Errorf("queens: card=pb uses gophersat's PB constraints and works with the gophersat backend only, not %q", opt.Backend)
		}
		if opt.Empty {
			return opt, fmt.Errorf("queens: empty=true adds a counter's converse clauses; card=pb has no counter")
		}
	case !contains(CardEncodings, opt.Card):
		return opt, fmt.Errorf("queens: unknown card %q (want %s or pb)", opt.Card, strings.Join(CardEncodings, ", "))
	}
	if !contains(QueensOrders, opt.Order) {
		return opt, fmt.Errorf("queens: unknown order %q (want %s)", opt.Order, strings.Join(QueensOrders, ", "))
	}
	switch opt.Search {
	case "up", "down":
	default:
		return opt, fmt.Errorf("queens: unknown search %q (want up or down)", opt.Search)
	}
	if _, err := LookupBackend(opt.Backend); err != nil {
		return opt, fmt.Errorf("queens: %w", err)
	}
	return opt, nil
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// QueensResult is a SAT search's answer: the smallest placement, its proof
// steps and the solver's work.
type QueensResult struct {
	Placement []instances.Square
	Stats     Stats
	// Lower is the lower bound the search started from (for full square
	// boards ceil((n-1)/2), else the reach bound), Greedy the greedy
	// cover's size.
	Lower, Greedy int
}

// QueensFormula is the queens encoding of one board without its bound: a
// variable per square that covers some target ("a queen stands here"), a
// clause per target (some square covering it holds a queen) and, with
// symmetry breaking, the lex-leader constraints.
type QueensFormula struct {
	CNF *CNF
	// Square[r*cols+c] is the variable of square (r, c), 0 for squares that
	// cover no target or that another square dominates.
	Square []int
	// Queens lists the square variables, the literals the bound counts,
	// in row-major order.
	Queens []int
	// Lines are the line variables (rows, columns, diagonals,
	// anti-diagonals), each true exactly when a queen stands on its line;
	// empty until AddLines.
	Lines  [4][]int
	lineOf [4]map[int]int
	// occurs[v] counts the target clauses holding square variable v.
	occurs map[int]int
	q      *instances.Queens
}

// NewQueensFormula encodes q without a bound on the queens. Squares that
// another square dominates (it covers every target they cover, and more)
// get no variable: a cover using one stays a cover, no larger, with the
// other instead. Squares covering the same targets as an earlier square are
// dropped too, unless symmetry breaking adds lex-leader constraints: then
// the kept squares must stay a symmetric set, and only strict domination
// is used.
func NewQueensFormula(q *instances.Queens, symmetry bool) *QueensFormula {
	f := &CNF{}
	qf := &QueensFormula{CNF: f, Square: make([]int, q.Cells()), q: q, occurs: map[int]int{}}
	targets := q.Targets()
	f.Comments = append(f.Comments, fmt.Sprintf("queens %s at %s: %d targets", q.Size(), q.Location(), len(targets)))
	var syms []instances.QueensSymmetry
	if symmetry {
		syms = q.Symmetries()
	}
	useful := queensUseful(q, targets, len(syms) == 0)
	for s, ok := range useful {
		if ok {
			qf.Square[s] = f.NewVar()
			qf.Queens = append(qf.Queens, qf.Square[s])
			f.Comments = append(f.Comments, fmt.Sprintf("var %d: queen on (%d,%d)", qf.Square[s], s/q.Cols, s%q.Cols))
		}
	}
	// A clause per target; targets whose coverers (among the kept
	// squares) are the same share one clause.
	seen := map[string]bool{}
	for _, t := range targets {
		var clause []int
		key := make([]byte, 0, 64)
		for s, v := range qf.Square {
			if v != 0 && instances.QueensAttack(instances.Square{Row: s / q.Cols, Col: s % q.Cols}, t) {
				clause = append(clause, v)
				key = binary.AppendUvarint(key, uint64(v))
			}
		}
		if !seen[string(key)] {
			seen[string(key)] = true
			f.Add(clause...)
			for _, v := range clause {
				qf.occurs[v]++
			}
		}
	}
	for _, g := range syms {
		qf.lexLeader(g)
	}
	return qf
}

// queensUseful marks the squares worth a variable: those covering some
// target that no other square dominates; with ties, squares covering the
// same targets as an earlier square are dropped too.
//
// The DFS (backtrack/queens.go, markUseful) has its own copy of this filter,
// on purpose: the two solvers share no search code, so that their agreement
// in compare means something. A change here is no change there.
func queensUseful(q *instances.Queens, targets []instances.Square, ties bool) []bool {
	S, W := q.Cells(), (len(targets)+63)/64
	cover := make([]uint64, S*W)
	empty := make([]bool, S)
	for s := 0; s < S; s++ {
		sq := instances.Square{Row: s / q.Cols, Col: s % q.Cols}
		empty[s] = true
		for i, t := range targets {
			if instances.QueensAttack(sq, t) {
				cover[s*W+i/64] |= 1 << (i % 64)
				empty[s] = false
			}
		}
	}
	useful := make([]bool, S)
	for s := 0; s < S; s++ {
		if empty[s] {
			continue
		}
		a := cover[s*W : (s+1)*W]
		useful[s] = true
		for o := 0; o < S && useful[s]; o++ {
			if o == s || empty[o] {
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
				useful[s] = false
			}
		}
	}
	return useful
}

// lexLeader adds "the placement, read in row-major order, is no greater
// than its image under g": of every class of placements that g's group
// maps onto each other, the least one stays, and it is a cover of the same
// size as the others.
func (qf *QueensFormula) lexLeader(g instances.QueensSymmetry) {
	q, f := qf.q, qf.CNF
	var xs, ys []int
	for s, v := range qf.Square {
		img := g.Map(instances.Square{Row: s / q.Cols, Col: s % q.Cols})
		w := qf.Square[img.Row*q.Cols+img.Col]
		if v == 0 || v == w {
			continue // a useless square maps to a useless one; fixed squares compare equal
		}
		xs, ys = append(xs, v), append(ys, w)
	}
	if len(xs) == 0 {
		return
	}
	// equal[i] is forced true while xs[..i] equals ys[..i].
	equal := f.NewVars(len(xs)-1, "lex-leader ("+g.Name+"): prefix equal so far")
	for i := range xs {
		var guard []int
		if i > 0 {
			guard = []int{-equal[i-1]}
		}
		f.Add(append(guard, -xs[i], ys[i])...)
		if i < len(equal) {
			f.Add(append(guard, -xs[i], -ys[i], equal[i])...)
			f.Add(append(guard, xs[i], ys[i], equal[i])...)
		}
	}
}

// Ordered returns the square variables in the literal order named order
// (see QueensOptions.Order).
func (qf *QueensFormula) Ordered(order string) []int {
	cols := qf.q.Cols
	type sq struct{ v, s, occ, block int }
	var sqs []sq
	for s, v := range qf.Square {
		if v != 0 {
			r, c := s/cols, s%cols
			sqs = append(sqs, sq{v, s, qf.occurs[v], (r/3)*((cols+2)/3) + c/3})
		}
	}
	switch order {
	case "occurrence":
		sort.SliceStable(sqs, func(i, j int) bool { return sqs[i].occ > sqs[j].occ })
	case "proximity":
		sort.SliceStable(sqs, func(i, j int) bool {
			if sqs[i].block != sqs[j].block {
				return sqs[i].block < sqs[j].block
			}
			return sqs[i].occ > sqs[j].occ
		})
	}
	out := make([]int, len(sqs))
	for i, x := range sqs {
		out[i] = x.v
	}
	return out
}

// AddLines adds a variable per row, column, diagonal and anti-diagonal that
// holds a useful square, true exactly when a queen stands on it (a line
// with one useful square is that square's variable), and for every target
// the clause "one of its four lines holds a queen". The target clauses
// over squares stay: the line clauses are redundant, and let the solver
// reason about rows and columns as a whole (an empty row and an empty
// column leave their crossing to the diagonals, the argument behind
// gamma(Q_n) >= (n-1)/2).
func (qf *QueensFormula) AddLines() {
	q, f := qf.q, qf.CNF
	names := [4]string{"row", "column", "diagonal", "anti-diagonal"}
	for dir := range 4 {
		qf.lineOf[dir] = map[int]int{}
		groups := map[int][]int{}
		var keys []int
		for s, v := range qf.Square {
			if v == 0 {
				continue
			}
			r, c := s/q.Cols, s%q.Cols
			key := [4]int{r, c, r - c, r + c}[dir]
			if groups[key] == nil {
				keys = append(keys, key)
			}
			groups[key] = append(groups[key], v)
		}
		sort.Ints(keys)
		for _, key := range keys {
			vs := groups[key]
			if len(vs) == 1 {
				qf.Lines[dir] = append(qf.Lines[dir], vs[0])
				qf.lineOf[dir][key] = vs[0]
				continue
			}
			l := f.NewVars(1, fmt.Sprintf("a queen on %s %d", names[dir], key))[0]
			for _, v := range vs {
				f.Add(-v, l)
			}
			f.Add(append([]int{-l}, vs...)...) // and a line holds a queen only with one on it
			qf.Lines[dir] = append(qf.Lines[dir], l)
			qf.lineOf[dir][key] = l
		}
	}
	qf.addLineTargets()
}

// addLineTargets adds, for every target, the clause "one of its row,
// column, diagonal and anti-diagonal holds a queen".
func (qf *QueensFormula) addLineTargets() {
	q := qf.q
	for _, t := range q.Targets() {
		key := [4]int{t.Row, t.Col, t.Row - t.Col, t.Row + t.Col}
		var clause []int
		for dir := range 4 {
			if l, ok := qf.lineOf[dir][key[dir]]; ok {
				clause = append(clause, l)
			}
		}
		qf.CNF.Add(clause...)
	}
}

// queensBound is "at most k queens" built once for every k below upto:
// Lits(k) are the literals that, true, say it (units or assumptions).
type queensBound struct {
	outs [][]int // a counter's outputs per counted list (queens, lines)
}

// Lits returns the literals saying "at most k queens" (and, with lines,
// "at most k lines each way").
func (b queensBound) Lits(k int) []int {
	var lits []int
	for _, out := range b.outs {
		if k < len(out) {
			lits = append(lits, -out[k])
		}
	}
	return lits
}

// Bound adds the counters of opt over the queens (in opt's order) and, with
// lines (unless opt.NoLines), over each direction's lines, counting up to
// upto.
func (qf *QueensFormula) Bound(opt QueensOptions, upto int) (queensBound, error) {
	var b queensBound
	lists := [][]int{qf.Ordered(opt.Order)}
	if !opt.NoLines {
		if len(qf.Lines[0]) == 0 {
			qf.AddLines()
		}
		for _, l := range qf.Lines {
			lists = append(lists, l)
		}
	}
	for _, lits := range lists {
		count := qf.CNF.Counter
		if opt.Empty {
			count = qf.CNF.ExactCounter
		}
		out, err := count(opt.Card, lits, upto)
		if err != nil {
			return b, err
		}
		b.outs = append(b.outs, out)
	}
	return b, nil
}

// placement reads the queens off a model.
func (qf *QueensFormula) placement(model []bool) []instances.Square {
	var out []instances.Square
	for s, v := range qf.Square {
		if v != 0 && model[v] {
			out = append(out, instances.Square{Row: s / qf.q.Cols, Col: s % qf.q.Cols})
		}
	}
	return out
}

// QueensCNF returns the queens formula of q with "at most k queens" as unit
// clauses on the counters of opt (card=pb has no CNF form).
func QueensCNF(q *instances.Queens, k int, opt QueensOptions) (*CNF, error) {
	opt, err := opt.resolve()
	if err != nil {
		return nil, err
	}
	if opt.Card == "pb" {
		return nil, fmt.Errorf("queens: card=pb is gophersat's PB constraint and has no CNF form: use one of %s", strings.Join(CardEncodings, ", "))
	}
	if k < 0 {
		return nil, fmt.Errorf("queens: k=%d: want a queen count", k)
	}
	qf := NewQueensFormula(q, !opt.NoSymmetry)
	qf.CNF.Comments = append(qf.CNF.Comments, fmt.Sprintf("at most %d queens, %s encoding, %s order, empty=%v, lines=%v", k, opt.Card, opt.Order, opt.Empty, !opt.NoLines))
	b, err := qf.Bound(opt, k+1)
	if err != nil {
		return nil, fmt.Errorf("queens: %w", err)
	}
	for _, l := range b.Lits(k) {
		qf.CNF.Add(l)
	}
	return qf.CNF, nil
}

// QueensLowerBound is the bound an upward search starts from, computed here
// from the board alone (never taken from the DFS): the largest of
//   - the reach bound: the fewest queens whose best reaches (targets each
//     covers alone) add up to the targets;
//   - the share bound: each target's share is 1/(the largest reach of a
//     square covering it); a queen's targets have shares adding up to at
//     most 1, so the queens are at least the sum of all shares;
//   - for a full n x n board, ceil((n-1)/2) (gamma(Q_n) >= (n-1)/2, Spencer).
func QueensLowerBound(q *instances.Queens) int {
	lb := instances.QueensCoverBound(q)
	if q.Rows == q.Cols && q.Full() {
		lb = max(lb, q.Rows/2) // ceil((n-1)/2) = floor(n/2)
	}
	targets := q.Targets()
	reach := make([]int, q.Cells())
	for s := range reach {
		sq := instances.Square{Row: s / q.Cols, Col: s % q.Cols}
		for _, t := range targets {
			if instances.QueensAttack(sq, t) {
				reach[s]++
			}
		}
	}
	shares := 0.0
	for _, t := range targets {
		best := 0
		for s, r := range reach {
			if r > best && instances.QueensAttack(instances.Square{Row: s / q.Cols, Col: s % q.Cols}, t) {
				best = r
			}
		}
		shares += 1 / float64(best)
	}
	return max(lb, int(math.Ceil(shares-1e-9)))
}

// SolveQueens finds the fewest queens covering every target of q by a
// sequence of SAT calls, one per bound k, each recorded as a Step. Every
// model is checked by the independent verifier before it is believed.
func SolveQueens(q *instances.Queens, opt QueensOptions) (QueensResult, error) {
	var res QueensResult
	opt, err := opt.resolve()
	if err != nil {
		return res, err
	}
	if len(q.Targets()) == 0 {
		return res, nil // no target: no queen
	}
	backend, err := LookupBackend(opt.Backend)
	if err != nil {
		return res, fmt.Errorf("queens: %w", err)
	}
	greedy := instances.QueensGreedy(q)
	if err := instances.VerifyQueens(q, greedy); err != nil {
		return res, fmt.Errorf("queens: the greedy cover: %w", err)
	}
	res.Placement, res.Greedy, res.Lower = greedy, len(greedy), QueensLowerBound(q)
	s := &queensSAT{q: q, opt: opt, backend: backend, res: &res}
	if res.Lower >= res.Greedy {
		return res, nil // the bound proves the greedy cover smallest
	}
	if opt.Search == "up" {
		err = s.up()
	} else {
		err = s.down()
	}
	if err != nil {
		return res, fmt.Errorf("queens: %w", err)
	}
	return res, nil
}

// queensSAT is one SAT search over k.
type queensSAT struct {
	q       *instances.Queens
	opt     QueensOptions
	backend Backend
	res     *QueensResult
}

// up tries k = lower, lower+1, ... below the greedy cover until SAT: with
// an Assumer backend on one solver, the counters built once and "at most
// k" assumed; otherwise with a fresh solver per k. The greedy cover is the
// answer when every k below it is UNSAT.
func (s *queensSAT) up() error {
	lower, upper := s.res.Lower, s.res.Greedy
	var qf *QueensFormula
	var sv Solver
	var b queensBound
	if s.opt.Card != "pb" {
		var err error
		qf = NewQueensFormula(s.q, !s.opt.NoSymmetry)
		if b, err = qf.Bound(s.opt, upper); err != nil {
			return err
		}
		if sv, err = s.backend.New(qf.CNF); err != nil {
			return fmt.Errorf("making solver: %w", err)
		}
		if _, ok := sv.(Assumer); ok {
			s.count(qf.CNF, 0)
		} else {
			sv = nil // a fresh solver per k
		}
	}
	for k := lower; k < upper; k++ {
		var st Status
		var err error
		if a, ok := sv.(Assumer); ok {
			st, err = s.step(qf, k, func() (Status, error) { return a.SolveAssuming(s.opt.Deadline, b.Lits(k)) }, sv)
			if err == nil && st == Unsat {
				// The formula implies "more than k": keep that.
				var clause []int
				for _, l := range b.Lits(k) {
					clause = append(clause, -l)
				}
				if err := sv.AddClause(clause); err != nil {
					return fmt.Errorf("k=%d: %w", k, err)
				}
			}
		} else {
			var fresh Solver
			if qf, fresh, err = s.newSolver(k); err != nil {
				return err
			}
			st, err = s.step(qf, k, func() (Status, error) { return fresh.Solve(s.opt.Deadline) }, fresh)
		}
		if err != nil {
			return err
		}
		if st == Sat {
			return nil
		}
	}
	return nil
}

// down starts below the greedy cover and, after each model of c queens,
// asks for at most c-1: with a counter, by unit clauses on one solver;
// with pb, with a fresh solver.
func (s *queensSAT) down() error {
	lower, upper := s.res.Lower, s.res.Greedy
	var qf *QueensFormula
	var sv Solver
	var b queensBound
	var err error
	if s.opt.Card != "pb" {
		qf = NewQueensFormula(s.q, !s.opt.NoSymmetry)
		if b, err = qf.Bound(s.opt, upper); err != nil {
			return err
		}
		s.count(qf.CNF, 0)
		if sv, err = s.backend.New(qf.CNF); err != nil {
			return fmt.Errorf("making solver: %w", err)
		}
	}
	for k := upper - 1; k >= lower; {
		if s.opt.Card == "pb" {
			if qf, sv, err = s.newSolver(k); err != nil {
				return err
			}
		} else {
			for _, l := range b.Lits(k) {
				if err := sv.AddClause([]int{l}); err != nil {
					return fmt.Errorf("tightening to k=%d: %w", k, err)
				}
			}
		}
		st, err := s.step(qf, k, func() (Status, error) { return sv.Solve(s.opt.Deadline) }, sv)
		if err != nil {
			return err
		}
		if st == Unsat {
			return nil
		}
		k = len(s.res.Placement) - 1
	}
	return nil
}

// count records the formula's size in the statistics (the largest so far;
// extra is the PB constraints beside the clauses).
func (s *queensSAT) count(f *CNF, extra int) {
	s.res.Stats.Vars = max(s.res.Stats.Vars, f.NumVars)
	s.res.Stats.Clauses = max(s.res.Stats.Clauses, len(f.Clauses)+extra)
}

// newSolver makes a fresh formula and solver for "at most k queens".
func (s *queensSAT) newSolver(k int) (*QueensFormula, Solver, error) {
	qf := NewQueensFormula(s.q, !s.opt.NoSymmetry)
	if s.opt.Card == "pb" {
		if !s.opt.NoLines {
			qf.AddLines()
		}
		var constrs []solver.PBConstr
		for _, c := range qf.CNF.Clauses {
			constrs = append(constrs, solver.PropClause(c...))
		}
		constrs = append(constrs, solver.AtMost(qf.Queens, k))
		if !s.opt.NoLines {
			for _, l := range qf.Lines {
				constrs = append(constrs, solver.AtMost(l, k))
			}
		}
		s.count(qf.CNF, len(constrs)-len(qf.CNF.Clauses))
		sv, err := NewPB(qf.CNF.NumVars, constrs)
		if err != nil {
			return nil, nil, fmt.Errorf("making PB solver for k=%d: %w", k, err)
		}
		return qf, sv, nil
	}
	b, err := qf.Bound(s.opt, k+1)
	if err != nil {
		return nil, nil, err
	}
	for _, l := range b.Lits(k) {
		qf.CNF.Add(l)
	}
	s.count(qf.CNF, 0)
	sv, err := s.backend.New(qf.CNF)
	if err != nil {
		return nil, nil, fmt.Errorf("making solver for k=%d: %w", k, err)
	}
	return qf, sv, nil
}

// step runs solve for "at most k queens" on sv, checks the model with the
// verifier, and records the step; the placement found is kept in res.
func (s *queensSAT) step(qf *QueensFormula, k int, solve func() (Status, error), sv Solver) (Status, error) {
	start := time.Now()
	before := sv.Stats()
	st, err := solve()
	after := sv.Stats()
	s.res.Stats.Solves++
	s.res.Stats.Rounds++
	s.res.Stats.Search.Conflicts += after.Conflicts - before.Conflicts
	s.res.Stats.Search.Decisions += after.Decisions - before.Decisions
	s.res.Stats.Search.Restarts += after.Restarts - before.Restarts
	s.res.Stats.Steps = append(s.res.Stats.Steps, Step{Label: fmt.Sprintf("k=%d", k), Status: st, Time: time.Since(start), Rounds: 1})
	if err != nil {
		return st, fmt.Errorf("k=%d: %w", k, err)
	}
	switch st {
	case Sat:
		placement := qf.placement(sv.Model())
		if err := instances.VerifyQueens(s.q, placement); err != nil {
			return st, fmt.Errorf("k=%d: the %s backend's model fails verification: %w", k, s.backend.Name(), err)
		}
		if len(placement) > k {
			return st, fmt.Errorf("k=%d: the %s backend's model has %d queens", k, s.backend.Name(), len(placement))
		}
		s.res.Placement = placement
	case Unknown:
		return st, fmt.Errorf("k=%d: no answer from the %s backend (deadline?)", k, s.backend.Name())
	}
	return st, nil
}
