package encode

import (
	"encoding/binary"
	"fmt"
	"sort"
	"strings"

	"github.com/gridsat/gridsat/encode/sat"
	"github.com/gridsat/gridsat/instances"
)

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
		}
	}
	f.Describe(func() []string {
		var lines []string
		for s, ok := range useful {
			if ok {
				lines = append(lines, fmt.Sprintf("var %d: queen on (%d,%d)", qf.Square[s], s/q.Cols, s%q.Cols))
			}
		}
		return lines
	})
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
// propagation. Measured paired on gamma(Q_15)'s k = 8 cubes (the variants
// alternating share by share in one process): two rows were among the
// fastest, every row and none among the slowest (docs/findings.md,
// queens). Tests may change it.
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
