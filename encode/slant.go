package encode

import (
	"fmt"
	"time"

	"github.com/gridsat/gridsat/instances"
)

// Slant loop handling, the values of SlantOptions.Loops.
const (
	// SlantLoopsLazy adds no loop clauses up front: the refinement loop
	// forbids each loop found in a model, one clause per loop.
	SlantLoopsLazy = "lazy"
	// SlantLoopsDiamond also forbids, eagerly, the four-cell diamond loop
	// around every inner corner (one 4-literal clause per corner), the
	// loop that random models close most often.
	SlantLoopsDiamond = "lazy+diamond"
)

// SlantOptions tune SolveSlant. The zero value solves once with gophersat
// and lazy loops.
type SlantOptions struct {
	Backend  Backend // nil means gophersat
	Loops    string  // SlantLoopsLazy ("" too) or SlantLoopsDiamond
	Unique   bool    // also look for a second solution
	Deadline time.Time
}

// SlantResult is what SolveSlant found.
type SlantResult struct {
	// Status is Sat with Solution set, Unsat, or Unknown (deadline).
	Status Status
	// Solution is row-major W*H bytes of '\' and '/'.
	Solution []byte
	// Second is another solution when Unique was asked and one exists.
	Second []byte
	// UniqueChecked is true when Unique was asked and decided.
	UniqueChecked bool
	Stats         Stats
	// Cuts are the loop clauses the refinement added, in order.
	Cuts [][]int
}

// SlantVar returns the variable of cell i (row-major): true means '\'.
func SlantVar(i int) int { return i + 1 }

// SlantCNF returns the eager encoding of s: one variable per cell (true =
// '\'), each clue as "exactly k of the (at most 4) touching diagonals"
// over its cells, and with SlantLoopsDiamond the diamond clauses. Loops in
// general are left to the refinement loop.
func SlantCNF(s *instances.Slant, loops string) (*CNF, error) {
	switch loops {
	case "", SlantLoopsLazy, SlantLoopsDiamond:
	default:
		return nil, fmt.Errorf("unknown slant loop handling %q (known: %s, %s)", loops, SlantLoopsLazy, SlantLoopsDiamond)
	}
	f := &CNF{}
	f.NewVars(s.W*s.H, `cell (r,c) row-major (var = r*W+c+1) holds '\' (false: '/')`)
	f.Comments = append(f.Comments,
		fmt.Sprintf("slant %s %s", s.Size(), s.Location()),
		"clues: exactly k of the diagonals touching each clue corner",
		"loops: "+loopsName(loops)+" (loop clauses are added by refinement)")
	for r := 0; r <= s.H; r++ {
		for c := 0; c <= s.W; c++ {
			k := s.Clue(r, c)
			if k < 0 {
				continue
			}
			f.Exactly(k, slantTouching(s, r, c)...)
		}
	}
	if loops == SlantLoopsDiamond {
		for r := 1; r < s.H; r++ {
			for c := 1; c < s.W; c++ {
				ul := SlantVar((r-1)*s.W + c - 1)
				ur := SlantVar((r-1)*s.W + c)
				dl := SlantVar(r*s.W + c - 1)
				dr := SlantVar(r*s.W + c)
				// The diamond around corner (r,c) is ul '/', ur '\',
				// dl '\', dr '/'.
				f.Add(ul, -ur, -dl, dr)
			}
		}
	}
	return f, nil
}

func loopsName(l string) string {
	if l == "" {
		return SlantLoopsLazy
	}
	return l
}

// slantTouching returns, for corner (r, c), the literal of each cell
// around it that is true when the cell's diagonal touches the corner.
func slantTouching(s *instances.Slant, r, c int) []int {
	var lits []int
	if r > 0 && c > 0 {
		lits = append(lits, SlantVar((r-1)*s.W+c-1)) // up-left: '\'
	}
	if r > 0 && c < s.W {
		lits = append(lits, -SlantVar((r-1)*s.W+c)) // up-right: '/'
	}
	if r < s.H && c > 0 {
		lits = append(lits, -SlantVar(r*s.W+c-1)) // down-left: '/'
	}
	if r < s.H && c < s.W {
		lits = append(lits, SlantVar(r*s.W+c)) // down-right: '\'
	}
	return lits
}

// SolveSlant solves s by SAT: the eager clue encoding, then the refinement
// loop (encode.Refine) that forbids every loop it finds in a model until a
// model has none. One solver is kept across rounds. With Unique, the
// solution found is blocked by one clause over all cells and the loop
// refinement continues, to find a second solution or prove there is none.
func SolveSlant(s *instances.Slant, o SlantOptions) (res SlantResult, err error) {
	f, err := SlantCNF(s, o.Loops)
	if err != nil {
		return res, err
	}
	be := o.Backend
	if be == nil {
		if be, err = LookupBackend(""); err != nil {
			return res, err
		}
	}
	res.Stats.Vars, res.Stats.Clauses = f.NumVars, len(f.Clauses)
	sv, err := be.New(f)
	if err != nil {
		return res, fmt.Errorf("slant: %s backend: %w", be.Name(), err)
	}
	finder := newSlantLoops(s)
	cut := func(model []bool) [][]int {
		cuts := finder.cuts(model)
		res.Cuts = append(res.Cuts, cuts...)
		return cuts
	}
	defer func() { res.Stats.Search = sv.Stats() }()
	res.Status, err = Refine(sv, cut, o.Deadline, &res.Stats)
	if err != nil || res.Status != Sat {
		return res, err
	}
	res.Solution = slantCells(s, sv.Model())
	if !o.Unique {
		return res, nil
	}
	block := make([]int, len(res.Solution))
	for i, d := range res.Solution {
		block[i] = Lit(SlantVar(i), d != instances.Back)
	}
	if err := sv.AddClause(block); err != nil {
		return res, fmt.Errorf("slant: blocking the first solution: %w", err)
	}
	st, err := Refine(sv, cut, o.Deadline, &res.Stats)
	if err != nil {
		return res, err
	}
	switch st {
	case Sat:
		res.Second = slantCells(s, sv.Model())
		res.UniqueChecked = true
	case Unsat:
		res.UniqueChecked = true
	}
	return res, nil
}

func slantCells(s *instances.Slant, model []bool) []byte {
	cells := make([]byte, s.W*s.H)
	for i := range cells {
		if model[SlantVar(i)] {
			cells[i] = instances.Back
		} else {
			cells[i] = instances.Forward
		}
	}
	return cells
}

// slantLoops finds the loops in models of one case; it keeps its buffers
// between rounds.
type slantLoops struct {
	s       *instances.Slant
	uf      *instances.UnionFind
	inTree  []bool  // cell's diagonal is in the spanning forest
	parent  []int32 // BFS: corner -> cell it was reached through
	visited []int32 // BFS stamps
	stamp   int32
	queue   []int32
	model   []bool
}

func newSlantLoops(s *instances.Slant) *slantLoops {
	nc := len(s.Clues)
	return &slantLoops{
		s:       s,
		uf:      instances.NewUnionFind(nc),
		inTree:  make([]bool, s.W*s.H),
		parent:  make([]int32, nc),
		visited: make([]int32, nc),
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
			cycle := append(l.path(a, b), int32(i))
			clause := make([]int, len(cycle))
			for k, ci := range cycle {
				v := SlantVar(int(ci))
				clause[k] = Lit(v, !model[v])
			}
			cuts = append(cuts, clause)
		}
	}
	return cuts
}

func (l *slantLoops) diag(i int) byte {
	if l.model[SlantVar(i)] {
		return instances.Back
	}
	return instances.Forward
}

// path returns the cells on the forest path from corner a to corner b.
func (l *slantLoops) path(a, b int) []int32 {
	s := l.s
	cw := s.W + 1
	l.stamp++
	l.queue = append(l.queue[:0], int32(a))
	l.visited[a] = l.stamp
	l.parent[a] = -1
	for h := 0; h < len(l.queue); h++ {
		p := int(l.queue[h])
		if p == b {
			break
		}
		r, c := p/cw, p%cw
		// The four diagonal neighbours of p and the cells between.
		for _, n := range [4][3]int{{-1, -1, 0}, {-1, 1, 1}, {1, -1, 2}, {1, 1, 3}} {
			rr, cc := r+n[0], c+n[1]
			if rr < 0 || rr > s.H || cc < 0 || cc > s.W {
				continue
			}
			cr, cc2 := min(r, rr), min(c, cc)
			ci := cr*s.W + cc2
			if !l.inTree[ci] {
				continue
			}
			// The cell's diagonal must be the one joining p and (rr,cc).
			want := byte(instances.Back)
			if n[0] != n[1] {
				want = instances.Forward
			}
			if l.diag(ci) != want {
				continue
			}
			q := rr*cw + cc
			if l.visited[q] == l.stamp {
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
