package encode

import (
	"encoding/binary"
	"fmt"
	"math"
	"sort"
	"strings"
	"time"

	"github.com/gridsat/gridsat/encode/sat"
	"github.com/gridsat/gridsat/instances"
)

// QueensOptions choose how the queens puzzle is encoded and searched. The
// zero value is the default, the same as the command line's
// (DefaultQueensOptions spells it out). The opt tags declare the command
// line's options (compare.DeclareOptions): each is written there and only
// there.
type QueensOptions struct {
	// Card is the at-most-k encoding: one of CardEncodings ("totalizer",
	// the default, "seq", "mtotalizer", "cardnet", "sortnet") or "pb"
	// (gophersat's own pseudo-Boolean at-most, gophersat only).
	Card QueensCard `opt:"card" doc:"at-most-k encoding: totalizer, sequential counter, modular totalizer, cardinality network, sorting network, or gophersat's PB constraint (gophersat only)"`
	// Order is the order of the square literals in the counter:
	// "natural" (row-major, the default), "occurrence" (most target
	// clauses first) or "proximity" (3x3 blocks in row-major order, each
	// block's squares by occurrence).
	Order QueensOrder `opt:"order" doc:"order of the square literals in the counter: row-major, most target clauses first, or 3x3 blocks (each by occurrence)"`
	// Empty adds the counters' converse clauses, so that their outputs
	// count exactly and the formula also says, in the counter's own
	// variables, that at least |squares| - k squares are empty (not for
	// pb).
	Empty bool `opt:"empty" doc:"the counter's converse clauses too: its outputs count exactly, stating \"at least |squares|-k empty\" in its own variables"`
	// NoLines leaves out the line variables: by default every row,
	// column, diagonal and anti-diagonal with a useful square gets a
	// variable, true exactly when a queen stands on the line; every target
	// gets the clause "one of its four lines holds a queen"; and at most k
	// lines of each direction hold a queen. Without lines, every target's
	// clause is over its squares.
	NoLines bool `opt:"lines,negate" doc:"a variable per row, column and diagonal holding a queen, each target's clause over its four lines (false: over its squares), and at most k lines each way"`
	// Squares gives every target its clause over its squares beside its
	// lines' clause (the two say the same through the lines' definitions;
	// with lines only, CDCL proves the hard bounds faster).
	Squares bool `opt:"squares" doc:"with lines, each target's clause over its squares too"`
	// NoParity counts the diagonals and the anti-diagonals each on their
	// own (at most k of each). By default they are counted by the colour
	// of their squares (a diagonal's squares are all light or all dark):
	// a queen on a light square occupies one light diagonal and one light
	// anti-diagonal, so max(light diagonals, light anti-diagonals) +
	// max(dark diagonals, dark anti-diagonals) is at most k. Not with
	// card=pb, whose PB constraints count each direction alone.
	NoParity bool `opt:"parity,negate" doc:"with lines, diagonals and anti-diagonals counted by square colour: max(light diagonals, light anti-diagonals) + max(dark ones) <= k (not with card=pb, which counts each direction alone; with split=classes, the cubes bound each colour's lines themselves)"`
	// Split is "classes" (the default with lines and a counter) to answer
	// each "at most k" by one SAT call per cube of queensBound.Cubes, or
	// "none" (the default with card=pb or without lines) for one call.
	// The default is "", which picks one of the two; "classes" asked for
	// is refused where it cannot apply (and makes QueensCNF incremental).
	Split QueensSplit `opt:"split" doc:"each k answered by one SAT call per way of sharing the k queens among the four square classes (row parity x column parity), one share of each orbit under the board symmetries, lines of each parity bounded by their classes' queens (exec solvers that read incremental CNF, like cadical, take them all in one run); none: one call per k (always with card=pb or lines=false)"`
	// Search is "up" (the default: k from a lower bound encode computes,
	// k, k+1, ... until SAT; with an sat.Assumer backend (gini) on one solver,
	// "at most k" assumed; otherwise a fresh solver per k) or "down" (one
	// solver from the greedy cover's size, "at most k" tightened by unit
	// clauses after each model, until UNSAT or the lower bound).
	Search QueensSearch `opt:"search" doc:"up: from a lower bound encode computes, one solver under assumptions on gini, a fresh solver per call elsewhere; down: from the upper bound, on gini one solver under assumptions, elsewhere one solver tightened by unit clauses (split=none) or a fresh solver per call"`
	// NoSymmetry turns off the lex-leader constraints for the board
	// symmetries that map the target set onto itself (all 8 on a full
	// square board).
	NoSymmetry bool `opt:"symmetry,negate" doc:"lex-leader constraints for the board symmetries that keep the targets"`
	// Upper is where the search's upper bound comes from: "walk" (the
	// default: a local search over the target clauses, see coverWalk) or
	// "greedy" (the greedy cover alone).
	Upper QueensUpper `opt:"upper" doc:"the upper bound: a weighted local search over the target clauses from a greedy cover, or the greedy cover alone"`
	// SATOptions are the backend and certify=; Certify checks a clausal
	// proof of every UNSAT call (each k below the answer, each cube of a
	// split k) as the search makes it, and that a split k's cubes cover
	// every way of sharing k queens among the square classes;
	// QueensResult.Cert says what was checked. It needs a backend that
	// proves, card other than pb (gophersat's PB learning is not clausal)
	// and search=up.
	SATOptions
	// Deadline, if not zero, is passed to the backend.
	Deadline time.Time
	// Keep, if set, is given every checked claim (for --proofs).
	Keep ClaimKeeper
}

// QueensCard is the at-most-k encoding of QueensOptions.Card: one of
// CardEncodings or QueensCardPB.
type QueensCard string

// QueensCardPB is gophersat's own pseudo-Boolean at-most constraint.
const QueensCardPB QueensCard = "pb"

// Values lists the cards, the default first.
func (QueensCard) Values() []string {
	def := string(DefaultQueensOptions().Card)
	values := []string{def}
	for _, c := range sat.CardEncodings {
		if c != def {
			values = append(values, c)
		}
	}
	return append(values, string(QueensCardPB))
}

// QueensOrder is the order of the square literals in the counter.
type QueensOrder string

// The literal orders.
const (
	QueensOrderNatural    QueensOrder = "natural"    // row-major
	QueensOrderOccurrence QueensOrder = "occurrence" // most target clauses first
	QueensOrderProximity  QueensOrder = "proximity"  // 3x3 blocks, each by occurrence
)

// QueensOrders names the literal orders of QueensOptions.Order, the
// default first.
var QueensOrders = []QueensOrder{QueensOrderNatural, QueensOrderOccurrence, QueensOrderProximity}

// Values lists the orders, the default first.
func (QueensOrder) Values() []string { return enumWords(QueensOrders) }

// QueensSplit says how each "at most k" is asked: QueensSplitClasses,
// QueensSplitNone, or "" for the default (classes where it applies).
type QueensSplit string

// The splits.
const (
	QueensSplitClasses QueensSplit = "classes"
	QueensSplitNone    QueensSplit = "none"
)

// Values lists the splits, the default first.
func (QueensSplit) Values() []string {
	return enumWords([]QueensSplit{QueensSplitClasses, QueensSplitNone})
}

// MarshalText spells a split, "" as the default with lines and a counter
// (as resume keys and reports spell it).
func (s QueensSplit) MarshalText() ([]byte, error) {
	if s == "" {
		return []byte(QueensSplitClasses), nil
	}
	return []byte(s), nil
}

// QueensSearch is the direction of the search for the smallest k.
type QueensSearch string

// The searches.
const (
	QueensSearchUp   QueensSearch = "up"
	QueensSearchDown QueensSearch = "down"
)

// Values lists the searches, the default first.
func (QueensSearch) Values() []string {
	return enumWords([]QueensSearch{QueensSearchUp, QueensSearchDown})
}

// QueensUpper is where the search's upper bound comes from.
type QueensUpper string

// The upper bounds.
const (
	QueensUpperWalk   QueensUpper = "walk"
	QueensUpperGreedy QueensUpper = "greedy"
)

// Values lists the upper bounds, the default first.
func (QueensUpper) Values() []string {
	return enumWords([]QueensUpper{QueensUpperWalk, QueensUpperGreedy})
}

// enumWords returns the words of an enumeration's values.
func enumWords[E ~string](values []E) []string {
	words := make([]string, len(values))
	for i, v := range values {
		words[i] = string(v)
	}
	return words
}

// DefaultQueensOptions are the zero QueensOptions with their defaults
// filled in; Split stays "" (the default picks classes or none).
func DefaultQueensOptions() QueensOptions {
	return QueensOptions{Card: "totalizer", Order: QueensOrderNatural, Search: QueensSearchUp, Upper: QueensUpperWalk}
}

// Validate checks the options without solving: a known card, order and
// search, a known backend, card=pb only on gophersat and not with Empty.
// backend is the backend o names, gophersat when none.
func (o QueensOptions) backend() (sat.Backend, error) {
	if o.Backend != nil {
		return o.Backend, nil
	}
	be, err := sat.LookupBackend("")
	if err != nil {
		return nil, fmt.Errorf("queens: %w", err)
	}
	return be, nil
}

func (opt QueensOptions) Validate() error {
	_, err := opt.resolve()
	return err
}

// resolve checks opt and fills in the defaults.
func (opt QueensOptions) resolve() (QueensOptions, error) {
	def := DefaultQueensOptions()
	if opt.Card == "" {
		opt.Card = def.Card
	}
	if opt.Order == "" {
		opt.Order = def.Order
	}
	if opt.Search == "" {
		opt.Search = def.Search
	}
	if opt.Upper == "" {
		opt.Upper = def.Upper
	}
	switch {
	case opt.Card == QueensCardPB:
		if opt.Backend != nil && opt.Backend.Name() != "gophersat" {
			return opt, fmt.Errorf("queens: card=pb uses gophersat's PB constraints and works with the gophersat backend only, not %q", opt.Backend.Name())
		}
		if opt.Empty {
			return opt, fmt.Errorf("queens: empty=true adds a counter's converse clauses; card=pb has no counter")
		}
	case !contains(sat.CardEncodings, string(opt.Card)):
		return opt, fmt.Errorf("queens: unknown card %q (want %s or pb)", opt.Card, strings.Join(sat.CardEncodings, ", "))
	}
	if err := checkEnum("queens", "order", opt.Order); err != nil {
		return opt, err
	}
	if err := checkEnum("queens", "search", opt.Search); err != nil {
		return opt, err
	}
	switch opt.Split {
	case "":
		opt.Split = QueensSplitClasses
		if opt.Card == QueensCardPB || opt.NoLines {
			opt.Split = QueensSplitNone
		}
	case QueensSplitNone:
	case QueensSplitClasses:
		if opt.Card == QueensCardPB || opt.NoLines {
			return opt, fmt.Errorf("queens: split=classes counts lines with a counter: not with card=pb or lines=false")
		}
	default:
		return opt, checkEnum("queens", "split", opt.Split)
	}
	if err := checkEnum("queens", "upper", opt.Upper); err != nil {
		return opt, err
	}
	be, err := opt.backend()
	if err != nil {
		return opt, err
	}
	if opt.Certify {
		if err := sat.CheckCertifiable(be); err != nil {
			return opt, fmt.Errorf("queens: %w", err)
		}
		if opt.Card == QueensCardPB {
			return opt, fmt.Errorf("queens: card=pb cannot be certified: gophersat's PB learning is not clausal (use one of %s)", strings.Join(sat.CardEncodings, ", "))
		}
		if opt.Search != QueensSearchUp {
			return opt, fmt.Errorf("queens: search=%s cannot be certified (its bounds are tightened in one solver): use search=up", opt.Search)
		}
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
	Stats     sat.Stats
	// Lower is the lower bound the search started from (for full square
	// boards ceil((n-1)/2), else the reach bound), Greedy the greedy
	// cover's size, Walk the local search's (0 without upper=walk).
	Lower, Greedy, Walk int
	// Cert, with Certify, is what was checked: a proof per UNSAT call,
	// and the lower bound named as trusted. CertErr is the first check
	// that failed (the search stops there).
	Cert    *sat.Certificate
	CertErr error
	// None is set when q is a part (instances.QueensPart) with no cover of
	// at most its bound (queens_restrict.go).
	None bool
}

// QueensFormula is the queens encoding of one board without its bound: a
// variable per square that covers some target ("a queen stands here"), a
// variable per line holding such a square, a clause per target (one of its
// lines, or of its squares, holds a queen) and, with symmetry breaking, the
// lex-leader constraints.
type QueensFormula struct {
	CNF *sat.CNF
	// Square[r*cols+c] is the variable of square (r, c), 0 for squares that
	// cover no target or that another square dominates.
	Square []int
	// Queens lists the square variables, the literals the bound counts,
	// in row-major order.
	Queens []int
	// Lines are the line variables (rows, columns, diagonals,
	// anti-diagonals), each true exactly when a queen stands on its line;
	// empty without lines.
	Lines  [4][]int
	lineOf [4]map[int]int
	// occurs[v] counts the target clauses holding square variable v.
	occurs map[int]int
	// targets are the target clauses over square variables (in the CNF
	// or not), for the cover walk.
	targets [][]int
	q       *instances.Queens
	// lex are the lex-leader constraints, one per board symmetry (see
	// lexPart).
	lex []lexPart
}

// newQueensFormula encodes q as opt says, without a bound on the queens
// (see Bound). Squares that another square dominates (it covers every
// target they cover, and more) get no variable: a cover using one stays a
// cover, no larger, with the other instead. Squares covering the same
// targets as an earlier square are dropped too, unless symmetry breaking
// adds lex-leader constraints: then the kept squares must stay a symmetric
// set, and only strict domination is used.
func newQueensFormula(q *instances.Queens, opt QueensOptions) *QueensFormula {
	symmetry := !opt.NoSymmetry
	f := &sat.CNF{}
	qf := &QueensFormula{CNF: f, Square: make([]int, q.Cells()), q: q, occurs: map[int]int{}}
	targets := q.Targets()
	f.Comments = append(f.Comments, fmt.Sprintf("queens %s at %s: %d targets", q.Size(), q.Location(), len(targets)))
	var syms []instances.QueensSymmetry
	if symmetry {
		syms = q.Symmetries()
	}
	useful := usefulSquares(q, targets, len(syms) == 0)
	for s, ok := range useful {
		if ok {
			qf.Square[s] = f.NewVar()
			qf.Queens = append(qf.Queens, qf.Square[s])
			f.Comments = append(f.Comments, fmt.Sprintf("var %d: queen on (%d,%d)", qf.Square[s], s/q.Cols, s%q.Cols))
		}
	}
	// A clause per target over its squares (in the CNF without lines or
	// with squares); targets whose coverers (among the kept squares) are
	// the same share one clause.
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
			if opt.NoLines || opt.Squares {
				f.Add(clause...)
			}
			qf.targets = append(qf.targets, clause)
			for _, v := range clause {
				qf.occurs[v]++
			}
		}
	}
	if !opt.NoLines {
		qf.addLines()
	}
	for _, g := range syms {
		part := lexPart{g: g, perm: classPerm(g)}
		if opt.Split == QueensSplitClasses {
			part.act = f.NewVars(1, "lex-leader ("+g.Name+") in force")[0]
		}
		part.from = len(f.Clauses)
		qf.lexLeader(g, part.act)
		part.to = len(f.Clauses)
		qf.lex = append(qf.lex, part)
	}
	return qf
}

// lexRows is how many rows (from the top, row-major) the lex-leader
// constraints compare. Beyond the first rows a sparse placement and its
// image rarely first differ, and the comparison's clauses and prefix
// variables, most of a cube's formula on a large board, cost every
// propagation. Measured paired (CPU of gamma(Q_15)'s k = 8 cubes, the
// variants alternating share by share in one process, load 12-19):
// every row 16.4 s, 6 rows 16.0 s, 4 rows 14.8-16.2 s, 3 rows 14.0-14.3 s,
// 2 rows 13.5-14.3 s, 1 row 13.9 s, none 15.9 s (encode/README.md).
// Tests may change it.
var lexRows = 2

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
// size as the others. With act (not 0), the constraint holds only when act
// is true: the clauses that forbid a placement get -act (the others only
// force the prefix variables, which nothing else reads). The comparison
// stops after the first lexRows rows: the least placement still meets
// it (a placement no greater than its image is no greater on a prefix),
// so the least one of each class stays, perhaps with others.
func (qf *QueensFormula) lexLeader(g instances.QueensSymmetry, act int) {
	q, f := qf.q, qf.CNF
	var xs, ys []int
	for s, v := range qf.Square[:min(len(qf.Square), lexRows*q.Cols)] {
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
		forbid := append(guard, -xs[i], ys[i])
		if act != 0 {
			forbid = append(forbid, -act)
		}
		f.Add(forbid...)
		if i < len(equal) {
			f.Add(append(guard, -xs[i], -ys[i], equal[i])...)
			f.Add(append(guard, xs[i], ys[i], equal[i])...)
		}
	}
}

// Ordered returns the square variables in the literal order named order
// (see QueensOptions.Order).
func (qf *QueensFormula) Ordered(order QueensOrder) []int {
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
	case QueensOrderOccurrence:
		sort.SliceStable(sqs, func(i, j int) bool { return sqs[i].occ > sqs[j].occ })
	case QueensOrderProximity:
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

// addLines adds a variable per row, column, diagonal and anti-diagonal that
// holds a useful square, true exactly when a queen stands on it (a line
// with one useful square is that square's variable), and for every target
// the clause "one of its four lines holds a queen". Through the lines'
// definitions it says what the clause over the target's squares says, and
// lets the solver reason about rows and columns as a whole (an empty row
// and an empty column leave their crossing to the diagonals, the argument
// behind gamma(Q_n) >= (n-1)/2).
func (qf *QueensFormula) addLines() {
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
	// With split, counters per square class (see classOf): lines[dir][p]
	// counts the occupied lines of direction dir whose key has parity p,
	// queens[c] the queens on class c.
	lines  [4][2][]int
	queens [4][]int
	// lex are the formula's lex-leader constraints; with split, each cube
	// puts in force those of the symmetries that keep its share.
	lex []lexPart
	// border are the border lines' variables when the border split
	// applies (see queensCube), else zero; side is the board's longer
	// side then.
	border []int
	side   int
	// size[c] is the number of square variables of class c (with split).
	size [4]int
	// implied delimits, with split, the clauses of the counters of all
	// the queens, of the rows and of the columns, which a cube's bounds
	// imply (see cubeCNF).
	implied [][2]int
}

// Lits returns the literals saying "at most k queens" (and, with lines,
// "at most k lines each way", by colour for the diagonals with parity).
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
// lines, over each direction's lines (the diagonals by colour with
// parity), counting up to upto. qf must have been made with opt.
func (qf *QueensFormula) Bound(opt QueensOptions, upto int) (queensBound, error) {
	b := queensBound{lex: qf.lex}
	if opt.Split == "classes" {
		b.splitBorder(qf)
	}
	lists := [][]int{qf.Ordered(opt.Order)}
	parity := !opt.NoLines && !opt.NoParity
	if !opt.NoLines {
		lists = append(lists, qf.Lines[0], qf.Lines[1])
		if !parity {
			lists = append(lists, qf.Lines[2], qf.Lines[3])
		}
	}
	count := qf.CNF.Counter
	if opt.Empty {
		count = qf.CNF.ExactCounter
	}
	if parity && opt.Split != QueensSplitClasses {
		sum, err := qf.colourCount(count, string(opt.Card), upto)
		if err != nil {
			return b, err
		}
		b.outs = append(b.outs, sum)
	}
	if opt.Split == QueensSplitClasses {
		if err := qf.classCounters(&b, count, string(opt.Card), upto); err != nil {
			return b, err
		}
	}
	for _, lits := range lists {
		from := len(qf.CNF.Clauses)
		out, err := count(string(opt.Card), lits, upto)
		if err != nil {
			return b, err
		}
		if opt.Split == QueensSplitClasses {
			b.implied = append(b.implied, [2]int{from, len(qf.CNF.Clauses)})
		}
		b.outs = append(b.outs, out)
	}
	return b, nil
}

// colourCount counts the diagonals and anti-diagonals by the colour of
// their squares and returns the outputs of a counter of max(light
// diagonals, light anti-diagonals) + max(dark diagonals, dark
// anti-diagonals), up to upto: out[j] is forced true when that sum is at
// least j+1. A queen occupies one diagonal and one anti-diagonal, both of
// its square's colour, so the queens on light squares are at least the
// occupied light lines of either direction, and so for dark: the sum is at
// most the number of queens.
func (qf *QueensFormula) colourCount(count func(string, []int, int) ([]int, error), card string, upto int) ([]int, error) {
	f := qf.CNF
	var most [2][]int // most[colour][j]: at least j+1 lines of one direction
	for colour := range 2 {
		for dir := 2; dir < 4; dir++ {
			out, err := count(card, qf.linesOfParity(dir, colour), upto)
			if err != nil {
				return nil, err
			}
			for len(most[colour]) < len(out) {
				most[colour] = append(most[colour], f.NewVars(1, fmt.Sprintf("at least %d occupied lines of colour %d in one diagonal direction", len(most[colour])+1, colour))[0])
			}
			for j, o := range out {
				f.Add(-o, most[colour][j])
			}
		}
	}
	// A unary adder: sum[i+j+1] follows from most[0][i] and most[1][j],
	// an index -1 standing for "at least 0".
	sum := f.NewVars(min(upto, len(most[0])+len(most[1])), "diagonal count by colour: at least j+1")
	for i := -1; i < len(most[0]); i++ {
		for j := -1; j < len(most[1]) && i+j+1 < len(sum); j++ {
			if i+j+1 < 0 {
				continue
			}
			clause := []int{sum[i+j+1]}
			if i >= 0 {
				clause = append(clause, -most[0][i])
			}
			if j >= 0 {
				clause = append(clause, -most[1][j])
			}
			f.Add(clause...)
		}
	}
	return sum, nil
}

// linesOfParity returns the variables of the lines of direction dir whose
// key (r, c, r-c or r+c) has parity p, by increasing key. For the
// diagonals, the parity is the colour of their squares.
func (qf *QueensFormula) linesOfParity(dir, p int) []int {
	var keys, lines []int
	for key := range qf.lineOf[dir] {
		if key&1 == p {
			keys = append(keys, key)
		}
	}
	sort.Ints(keys)
	for _, key := range keys {
		lines = append(lines, qf.lineOf[dir][key])
	}
	return lines
}

// classOf is the class of square (r, c) by the parities of its row and its
// column: 0 (even, even), 1 (even, odd), 2 (odd, even), 3 (odd, odd).
// Every row holds two classes (0 and 1, or 2 and 3), every column two (0
// and 2, or 1 and 3), every diagonal and anti-diagonal two (0 and 3, the
// light squares, or 1 and 2, the dark ones).
func classOf(r, c int) int { return (r&1)<<1 | c&1 }

// lineClasses[dir][p] are the two classes of the squares on a line of
// direction dir (rows, columns, diagonals, anti-diagonals) whose key (r,
// c, r-c, r+c) has parity p.
var lineClasses = [4][2][2]int{
	{{0, 1}, {2, 3}},
	{{0, 2}, {1, 3}},
	{{0, 3}, {1, 2}},
	{{0, 3}, {1, 2}},
}

// classCounters adds b's split counters: the occupied lines of each
// direction and key parity, and the queens of each class.
func (qf *QueensFormula) classCounters(b *queensBound, count func(string, []int, int) ([]int, error), card string, upto int) error {
	var err error
	for dir := range 4 {
		for p := range 2 {
			if b.lines[dir][p], err = count(card, qf.linesOfParity(dir, p), upto); err != nil {
				return err
			}
		}
	}
	var queens [4][]int
	for s, v := range qf.Square {
		if v != 0 {
			c := classOf(s/qf.q.Cols, s%qf.q.Cols)
			queens[c] = append(queens[c], v)
		}
	}
	for c := range queens {
		b.size[c] = len(queens[c])
		if b.queens[c], err = count(card, queens[c], upto); err != nil {
			return err
		}
	}
	return nil
}

// classShares lists the ways to share k queens among the four square
// classes, n[0]+n[1]+n[2]+n[3] = k, in lexicographic order. (The most
// even shares first was measured and dropped: a few fewer calls but more
// time on both backends, the even cubes being the hard ones; README.md,
// queens.)
func classShares(k int) [][4]int {
	var shares [][4]int
	for a := 0; a <= k; a++ {
		for b := 0; a+b <= k; b++ {
			for c := 0; a+b+c <= k; c++ {
				shares = append(shares, [4]int{a, b, c, k - a - b - c})
			}
		}
	}
	return shares
}

// Cube is the cube of the share n (see Cubes): at most n[c] queens on
// class c and, for every direction and parity, at most as many occupied
// lines as their two classes have queens, as literals (units or
// assumptions); and, with symmetry breaking, the lex-leader constraints of
// the symmetries that keep n in force, the others not (see Shares).
func (b queensBound) Cube(n [4]int) []int { return b.cubeLits(queensCube{share: n}) }

// cubeLits is the cube c as literals: Cube(c.share) and, split by the
// border, the border lines' literals, with the lex-leader constraints in
// force only of the symmetries that keep the pattern too.
func (b queensBound) cubeLits(c queensCube) []int {
	n := c.share
	var cube []int
	atMost := func(out []int, m int) {
		if m < len(out) {
			cube = append(cube, -out[m])
		}
	}
	for c, out := range b.queens {
		atMost(out, n[c])
	}
	for dir := range 4 {
		for p := range 2 {
			pair := lineClasses[dir][p]
			atMost(b.lines[dir][p], n[pair[0]]+n[pair[1]])
		}
	}
	for _, part := range b.lex {
		switch {
		case part.act == 0:
		case part.image(n) == n && (c.rings == 0 || part.borderImage(c.border) == c.border):
			cube = append(cube, part.act)
		default:
			cube = append(cube, -part.act)
		}
	}
	if c.rings > 0 {
		for i, l := range b.border[:4*c.rings] {
			if c.border>>i&1 == 0 {
				l = -l
			}
			cube = append(cube, l)
		}
	}
	return cube
}

// Cubes splits "at most k queens" into one cube per share of Shares(k),
// in that order. A cover of at most k queens with m[c] queens on class c
// lies in every cube with n >= m, so the cubes of every share together say
// what "at most k" says; alone, each is far easier for CDCL (a proof that
// k queens cannot cover the targets, too hard in one piece, falls into
// cubes that the counts close quickly). With symmetry breaking, only one
// share of each orbit under the board symmetries has a cube (see Shares),
// and a share every symmetry keeps has one per orbit of border patterns
// (see queensCube).
func (b queensBound) Cubes(k int) [][]int {
	var cubes [][]int
	for _, c := range b.allCubes(k) {
		cubes = append(cubes, b.cubeLits(c))
	}
	return cubes
}

// allCubes lists the cubes of Cubes(k).
func (b queensBound) allCubes(k int) []queensCube {
	var cubes []queensCube
	for _, n := range b.Shares(k) {
		cubes = append(cubes, b.cubes(n)...)
	}
	return cubes
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
// clauses on the counters of opt (card=pb has no CNF form). It is one plain
// CNF unless opt.Split is "classes" (asked for, not the default): then it
// carries the cubes of queensBound.Cubes, an incremental CNF.
func QueensCNF(q *instances.Queens, k int, opt QueensOptions) (*sat.CNF, error) {
	if q.Part != nil {
		return nil, fmt.Errorf("queens: %s is a part of a split case: its CNF is not written (solve it, or write the whole case's)", q.Part.Name())
	}
	cubes := opt.Split == QueensSplitClasses
	opt, err := opt.resolve()
	if err != nil {
		return nil, err
	}
	if opt.Card == QueensCardPB {
		return nil, fmt.Errorf("queens: card=pb is gophersat's PB constraint and has no CNF form: use one of %s", strings.Join(sat.CardEncodings, ", "))
	}
	if k < 0 {
		return nil, fmt.Errorf("queens: k=%d: want a queen count", k)
	}
	if !cubes {
		opt.Split = "none" // by default one plain CNF, for every solver
	}
	qf := newQueensFormula(q, opt)
	qf.CNF.Comments = append(qf.CNF.Comments, fmt.Sprintf("at most %d queens, %s encoding, %s order, empty=%v, lines=%v, squares=%v, parity=%v, split=%s", k, opt.Card, opt.Order, opt.Empty, !opt.NoLines, opt.Squares, !opt.NoParity, opt.Split))
	b, err := qf.Bound(opt, k+1)
	if err != nil {
		return nil, fmt.Errorf("queens: %w", err)
	}
	for _, l := range b.Lits(k) {
		qf.CNF.Add(l)
	}
	if cubes {
		qf.CNF.Cubes = b.Cubes(k)
		qf.CNF.Comments = append(qf.CNF.Comments, fmt.Sprintf("%d cubes, one per way of sharing %d queens among the four square classes (row parity x column parity), one of each orbit under the board symmetries", len(qf.CNF.Cubes), k))
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
	if q.Part != nil {
		return solveQueensPart(q, opt)
	}
	var res QueensResult
	opt, err := opt.resolve()
	if err != nil {
		return res, err
	}
	if len(q.Targets()) == 0 {
		return res, nil // no target: no queen
	}
	backend, err := opt.backend()
	if err != nil {
		return res, err
	}
	greedy := instances.QueensGreedy(q)
	if err := instances.VerifyQueens(q, greedy); err != nil {
		return res, fmt.Errorf("queens: the greedy cover: %w", err)
	}
	res.Placement, res.Greedy, res.Lower = greedy, len(greedy), QueensLowerBound(q)
	if opt.Upper == QueensUpperWalk && res.Lower < res.Greedy {
		start := time.Now()
		walk := newQueensFormula(q, QueensOptions{NoLines: true, NoSymmetry: true}).walk(1)
		if err := instances.VerifyQueens(q, walk); err != nil {
			return res, fmt.Errorf("queens: the walk's cover: %w", err)
		}
		res.Walk = len(walk)
		if len(walk) < len(res.Placement) {
			res.Placement = walk
		}
		res.Stats.Steps = append(res.Stats.Steps, sat.Step{Label: fmt.Sprintf("walk=%d", len(walk)), Status: sat.Satisfiable, Time: time.Since(start)})
	}
	s := &queensSAT{q: q, opt: opt, backend: backend, res: &res}
	if opt.Certify {
		res.Cert = &sat.Certificate{Trusted: queensTrust(q, opt, res.Lower)}
	}
	if res.Lower >= len(res.Placement) {
		return res, nil // the bound proves the greedy cover smallest
	}
	defer raiseGC(backend)()
	if opt.Search == QueensSearchUp {
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
	backend sat.Backend
	res     *QueensResult
	// qf and b are the formula and its counters up to the upper bound
	// (none with card=pb, which makes a formula per k).
	qf *QueensFormula
	b  queensBound
	// upto is what b's counters count up to; share the share of the cube
	// being decided (split=classes), both for the kept claims.
	upto  int
	share []int
	// border is the border pattern of the cube being decided, when the
	// border split splits it (see queensCube), for the kept claims.
	border []int
	// one is the solver kept from k to k: with an sat.Assumer backend, "at
	// most k" (and each cube) assumed; down without split on another
	// backend, "at most k" tightened by unit clauses. Otherwise each call
	// has a fresh solver.
	one sat.Solver
}

// prepare builds the formula and the kept solver, if any.
func (s *queensSAT) prepare(upper int) error {
	if s.opt.Card == QueensCardPB {
		return nil
	}
	var err error
	s.qf, s.upto = newQueensFormula(s.q, s.opt), upper
	if s.b, err = s.qf.Bound(s.opt, upper); err != nil {
		return err
	}
	s.count(s.qf.CNF, 0)
	if s.one, err = s.backend.New(s.qf.CNF); err != nil {
		return fmt.Errorf("making solver: %w", err)
	}
	if _, ok := s.one.(sat.Assumer); !ok && (s.opt.Search == QueensSearchUp || s.opt.Split == QueensSplitClasses) {
		s.one = nil // a fresh solver per call
	}
	return nil
}

// up tries k = lower, lower+1, ... below the upper bound until SAT. The
// upper bound's cover is the answer when every k below it is UNSAT.
func (s *queensSAT) up() error {
	lower, upper := s.res.Lower, len(s.res.Placement)
	if err := s.prepare(upper); err != nil {
		return err
	}
	for k := lower; k < upper; k++ {
		st, err := s.decide(k)
		if err != nil || st == sat.Satisfiable || s.res.CertErr != nil {
			return err
		}
		if err := s.keepMore(k); err != nil { // the formula implies "more than k"
			return err
		}
	}
	return nil
}

// keepMore adds "more than k", which the formula implies once k was
// refuted, to the kept solver of an assuming backend (up and the parts'
// search).
func (s *queensSAT) keepMore(k int) error {
	if _, ok := s.one.(sat.Assumer); !ok {
		return nil
	}
	var clause []int
	for _, l := range s.b.Lits(k) {
		clause = append(clause, -l)
	}
	if err := s.one.AddClause(clause); err != nil {
		return fmt.Errorf("k=%d: %w", k, err)
	}
	return nil
}

// down starts below the upper bound and, after each model of c queens,
// asks for at most c-1, until UNSAT or the lower bound.
func (s *queensSAT) down() error {
	lower, upper := s.res.Lower, len(s.res.Placement)
	if err := s.prepare(upper); err != nil {
		return err
	}
	for k := upper - 1; k >= lower; {
		st, err := s.decide(k)
		if err != nil {
			return err
		}
		if st == sat.Unsatisfiable {
			return nil
		}
		k = len(s.res.Placement) - 1
	}
	return nil
}

// decide answers "at most k queens": by one SAT call, or with split by one
// per cube until one is SAT. It records the step, checks a model with the
// verifier and keeps its placement in res.
func (s *queensSAT) decide(k int) (sat.Status, error) {
	start := time.Now()
	cubes := [][]int{nil}
	var specs []queensCube
	if s.opt.Split == QueensSplitClasses {
		specs = s.b.allCubes(k)
		cubes = s.b.Cubes(k)
	}
	if s.one != nil && s.opt.Split != QueensSplitClasses {
		if _, ok := s.one.(sat.Assumer); !ok { // down: tighten for good
			for _, l := range s.b.Lits(k) {
				if err := s.one.AddClause([]int{l}); err != nil {
					return sat.Unknown, fmt.Errorf("tightening to k=%d: %w", k, err)
				}
			}
		}
	}
	st, calls := sat.Unsatisfiable, 0
	var err error
	qf, sv := s.qf, s.one
	if c, ok := s.backend.(sat.CubeBackend); ok && sv == nil && len(cubes) > 1 && c.SolvesCubes() && !s.opt.Certify {
		// One run over all the cubes (exec:cadical).
		calls++
		st, sv, err = s.callCubes(k, cubes)
		cubes = nil
	}
	var proved []queensCube
	for i, cube := range cubes {
		calls++
		if s.opt.Split == QueensSplitClasses {
			s.share, s.border = append([]int(nil), specs[i].share[:]...), specs[i].borderBits()
		}
		if st, qf, sv, err = s.call(k, cube); err != nil || st != sat.Unsatisfiable {
			break
		}
		if s.res.CertErr != nil {
			return sat.Unknown, nil // the search stops: SolveQueens returns res with CertErr
		}
		if s.opt.Split == QueensSplitClasses {
			proved = append(proved, specs[i])
		}
	}
	if st == sat.Unsatisfiable && s.opt.Certify && s.opt.Split == QueensSplitClasses {
		if cerr := s.b.coverCheck(k, proved); cerr != nil {
			s.res.CertErr = fmt.Errorf("k=%d: the cubes: %w", k, cerr)
			return sat.Unknown, nil
		}
	}
	s.res.Stats.Steps = append(s.res.Stats.Steps, sat.Step{Label: fmt.Sprintf("k=%d", k), Status: st, Time: time.Since(start), Rounds: calls})
	if err != nil {
		return st, fmt.Errorf("k=%d: %w", k, err)
	}
	switch st {
	case sat.Satisfiable:
		placement := qf.placement(sv.Model())
		if err := instances.VerifyQueens(s.q, placement); err != nil {
			return st, fmt.Errorf("k=%d: the %s backend's model fails verification: %w", k, s.backend.Name(), err)
		}
		if len(placement) > k {
			return st, fmt.Errorf("k=%d: the %s backend's model has %d queens", k, s.backend.Name(), len(placement))
		}
		s.res.Placement = placement
	case sat.Unknown:
		return st, fmt.Errorf("k=%d: no answer from the %s backend (deadline?)", k, s.backend.Name())
	}
	return st, nil
}

// call makes one SAT call for "at most k queens" and the cube: on the kept
// solver if there is one, else on a fresh solver (with card=pb over a
// fresh formula). It returns the answer with the formula and the solver
// whose model goes with it, and adds the call's work to res.
func (s *queensSAT) call(k int, cube []int) (sat.Status, *QueensFormula, sat.Solver, error) {
	qf, sv := s.qf, s.one
	var err error
	switch {
	case sv != nil:
	case s.opt.Card == QueensCardPB:
		if qf, sv, err = s.newPB(k); err != nil {
			return sat.Unknown, nil, nil, err
		}
	case s.opt.Certify:
		return s.callProving(k, cube)
	default:
		// Renumbered onto the variables the cube's clauses use: the
		// counters and lex-leader constraints cubeCNF leaves out keep
		// their variables declared otherwise (encode/README.md).
		c := sat.Compact(s.cubeCNF(k, cube))
		if sv, err = s.backend.New(c.CNF); err != nil {
			return sat.Unknown, nil, nil, fmt.Errorf("making solver: %w", err)
		}
		sv = c.Wrap(sv)
	}
	before := sv.Stats()
	var st sat.Status
	if a, ok := sv.(sat.Assumer); ok && sv == s.one {
		st, err = a.SolveAssuming(s.opt.Deadline, append(s.b.Lits(k), cube...))
	} else {
		st, err = sv.Solve(s.opt.Deadline)
	}
	s.addWork(before, sv.Stats())
	return st, qf, sv, err
}

// callCubes decides "at most k queens" under each cube in one call on a
// fresh sat.Cuber, returned with the answer, and adds the call's work to res.
func (s *queensSAT) callCubes(k int, cubes [][]int) (sat.Status, sat.Solver, error) {
	fresh, err := s.backend.New(s.qf.CNF.With(s.b.Lits(k)...))
	if err != nil {
		return sat.Unknown, nil, fmt.Errorf("making solver: %w", err)
	}
	c, ok := fresh.(sat.Cuber)
	if !ok {
		return sat.Unknown, nil, fmt.Errorf("the %s backend says it solves cubes, but its solver cannot", s.backend.Name())
	}
	st, err := c.SolveCubes(s.opt.Deadline, cubes)
	s.addWork(sat.SolverStats{}, fresh.Stats())
	return st, fresh, err
}

// addWork adds one call's work, the solver's counters from before to
// after, to res.
func (s *queensSAT) addWork(before, after sat.SolverStats) {
	s.res.Stats.Solves++
	s.res.Stats.Rounds++
	s.res.Stats.Search.Conflicts += after.Conflicts - before.Conflicts
	s.res.Stats.Search.Decisions += after.Decisions - before.Decisions
	s.res.Stats.Search.Restarts += after.Restarts - before.Restarts
}

// count records the formula's size in the statistics (the largest so far;
// extra is the PB constraints beside the clauses).
func (s *queensSAT) count(f *sat.CNF, extra int) {
	s.res.Stats.Vars = max(s.res.Stats.Vars, f.NumVars)
	s.res.Stats.Clauses = max(s.res.Stats.Clauses, len(f.Clauses)+extra)
}

// newPB makes a fresh formula and gophersat PB solver for "at most k
// queens" (card=pb).
func (s *queensSAT) newPB(k int) (*QueensFormula, sat.Solver, error) {
	qf := newQueensFormula(s.q, s.opt)
	cards := []sat.PBConstraint{{Lits: qf.Queens, K: k}}
	if !s.opt.NoLines {
		for _, l := range qf.Lines {
			cards = append(cards, sat.PBConstraint{Lits: l, K: k})
		}
	}
	s.count(qf.CNF, len(cards))
	sv, err := sat.NewPB(qf.CNF, cards)
	if err != nil {
		return nil, nil, fmt.Errorf("making PB solver for k=%d: %w", k, err)
	}
	return qf, sv, nil
}
