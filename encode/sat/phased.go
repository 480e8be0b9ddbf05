package sat

import "time"

// phasedSolver is a backend's solver over the open variables of a
// formula whose other variables are fixed by units, renumbered 1..m and
// each flipped where a hint (the last path) has it true: solvers try
// false first, so the search starts from the hint. It answers in the
// formula's own variables: models carry the fixed values, and a clause
// added is cut down by them (satisfied: dropped; every literal false: the
// solver answers Unsatisfiable from then on).
type phasedSolver struct {
	Solver
	fixed []int8  // by variable: 1 or -1 when fixed, 0 open
	inner []int32 // by variable: its number in Solver, 0 when fixed
	flip  []bool  // by variable: Solver's variable is true when it is false
	outer []int32 // by Solver variable: the variable it stands for
	unsat bool    // a clause added was false under the fixed values
}

// NewPhasedSolver makes a solver of be for cls over variables 1..nvars:
// the unit clauses fix their variables, and every longer clause is over
// open variables only (UnitState.With's formula); hint, if not nil, is a
// model whose values are tried first.
//
// scratch, if not nil, holds buffers for the renumbered formula, reused
// from call to call (be's New copies the clauses it is given).
func NewPhasedSolver(be Backend, nvars int, cls [][]int, hint []bool, scratch *PhaseScratch) (Solver, error) {
	p := &phasedSolver{fixed: make([]int8, nvars+1), inner: make([]int32, nvars+1), flip: make([]bool, nvars+1), outer: []int32{0}}
	for _, c := range cls {
		if len(c) == 1 {
			p.fixed[max(c[0], -c[0])] = int8(sign(c[0]))
		}
	}
	for v := 1; v <= nvars; v++ {
		if p.fixed[v] == 0 {
			p.inner[v] = int32(len(p.outer))
			p.outer = append(p.outer, int32(v))
			p.flip[v] = hint != nil && hint[v]
		}
	}
	if scratch == nil {
		scratch = &PhaseScratch{}
	}
	lits := 0
	for _, c := range cls {
		lits += len(c)
	}
	if cap(scratch.clauses) < len(cls) {
		scratch.clauses = make([][]int, 0, len(cls))
	}
	if cap(scratch.lits) < lits {
		scratch.lits = make([]int, 0, lits)
	}
	g := &CNF{NumVars: max(1, len(p.outer)-1), Clauses: scratch.clauses[:0]}
	buf := scratch.lits[:0]
	for _, c := range cls {
		if len(c) == 1 {
			continue
		}
		from := len(buf)
		for _, l := range c {
			buf = append(buf, p.lit(l))
		}
		g.Clauses = append(g.Clauses, buf[from:len(buf):len(buf)])
	}
	s, err := be.New(g)
	if err != nil {
		return nil, err
	}
	p.Solver = s
	return p, nil
}

// PhaseScratch holds NewPhasedSolver's buffers for reuse.
type PhaseScratch struct {
	clauses [][]int
	lits    []int
}

func sign(x int) int {
	if x < 0 {
		return -1
	}
	return 1
}

// lit maps a literal over an open variable.
func (p *phasedSolver) lit(l int) int {
	v := max(l, -l)
	x := int(p.inner[v])
	if p.flip[v] != (l < 0) {
		return -x
	}
	return x
}

// AddClause adds lits, cut down by the fixed values.
func (p *phasedSolver) AddClause(lits []int) error {
	m := make([]int, 0, len(lits))
	for _, l := range lits {
		switch f := p.fixed[max(l, -l)]; {
		case f == 0:
			m = append(m, p.lit(l))
		case (f > 0) == (l > 0):
			return nil
		}
	}
	if len(m) == 0 {
		p.unsat = true
		return nil
	}
	return p.Solver.AddClause(m)
}

// Solve answers Unsatisfiable once a clause added was false under the
// fixed values, else asks the backend's solver.
func (p *phasedSolver) Solve(deadline time.Time) (Status, error) {
	if p.unsat {
		return Unsatisfiable, nil
	}
	return p.Solver.Solve(deadline)
}

// Model returns the last model in the formula's variables.
func (p *phasedSolver) Model() []bool {
	in := p.Solver.Model()
	m := make([]bool, len(p.fixed))
	for v := 1; v < len(m); v++ {
		if f := p.fixed[v]; f != 0 {
			m[v] = f > 0
		} else if i := int(p.inner[v]); i < len(in) {
			m[v] = in[i] != p.flip[v]
		}
	}
	return m
}
