package sat

import "fmt"

// Compacted is a formula renumbered onto the variables its clauses use,
// 1..n in their order, with the map back. A formula built once and cut
// down for each call (a queens cube leaves out the clauses of counters and
// constraints it makes redundant) keeps declaring the variables of the
// clauses left out; gophersat pays for each declared variable on every
// conflict it analyses (a buffer of two bytes a variable) and decides the
// unused ones too.
type Compacted struct {
	// CNF is the renumbered formula.
	CNF *CNF
	// outer[i] is the variable of the original formula that variable i
	// of CNF stands for; inner is the converse, 0 for a variable no
	// clause uses.
	outer, inner []int32
	nvars        int
}

// Compact renumbers f onto the variables its clauses use.
func Compact(f *CNF) *Compacted {
	c := &Compacted{inner: make([]int32, f.NumVars+1), outer: []int32{0}, nvars: f.NumVars}
	for _, cl := range f.Clauses {
		for _, l := range cl {
			c.inner[abs(l)] = 1
		}
	}
	for v := 1; v <= f.NumVars; v++ {
		if c.inner[v] != 0 {
			c.inner[v] = int32(len(c.outer))
			c.outer = append(c.outer, int32(v))
		}
	}
	g := &CNF{NumVars: len(c.outer) - 1, Clauses: make([][]int, len(f.Clauses))}
	for i, cl := range f.Clauses {
		m := make([]int, len(cl))
		for j, l := range cl {
			m[j] = c.lit(l)
		}
		g.Clauses[i] = m
	}
	c.CNF = g
	return c
}

// lit maps a literal of the original formula whose variable is used.
func (c *Compacted) lit(l int) int {
	if l < 0 {
		return -int(c.inner[-l])
	}
	return int(c.inner[l])
}

// Wrap returns s, a solver of c.CNF, answering in the original formula's
// variables: its models give every variable no clause uses false, and it
// takes clauses over the used variables only.
func (c *Compacted) Wrap(s Solver) Solver { return &compactSolver{Solver: s, c: c} }

type compactSolver struct {
	Solver
	c *Compacted
}

func (s *compactSolver) AddClause(lits []int) error {
	m := make([]int, len(lits))
	for i, l := range lits {
		if l == 0 || abs(l) > s.c.nvars || s.c.inner[abs(l)] == 0 {
			return fmt.Errorf("compacted formula: literal %d is not over a variable its clauses use", l)
		}
		m[i] = s.c.lit(l)
	}
	return s.Solver.AddClause(m)
}

func (s *compactSolver) Model() []bool {
	in := s.Solver.Model()
	if in == nil {
		return nil
	}
	m := make([]bool, s.c.nvars+1)
	for i := 1; i < len(s.c.outer) && i < len(in); i++ {
		m[s.c.outer[i]] = in[i]
	}
	return m
}
