package sat

import (
	"bufio"
	"fmt"
	"io"
	"math/bits"
	"strconv"
)

// CNF is a formula under construction: variables are numbered 1..NumVars,
// a literal is v or -v, a clause is a disjunction of literals. The zero
// value is an empty formula with no variables.
type CNF struct {
	NumVars int
	Clauses [][]int
	// names documents variables for DIMACS comments: a name per range.
	names []varName
	// Comments are extra "c" lines written at the top of DIMACS output.
	Comments []string
	// described are comment lines made only when they are read
	// (Describe), each with the count of Comments before it.
	described []describedLines
	// Cubes, if any, make the formula an incremental one: it is satisfiable
	// under some cube (a conjunction of literals), tried in order.
	// WriteDIMACS writes them as CaDiCaL's "p inccnf" format does.
	Cubes [][]int
	// arena hands out the clauses Add and Exactly make, cut from shared
	// chunks (a pointer, so that copies of f share it and never cut the
	// same memory twice).
	arena *clauseArena
}

// describedLines are comment lines Describe defers, to stand after the
// first at Comments.
type describedLines struct {
	at    int
	lines func() []string
}

// Describe adds comment lines that lines makes when the comments are
// read (AllComments, WriteDIMACS), after the Comments given so far: lines
// that cost a formatted string a variable or a cell are made for the
// files that show them, not for every solve.
func (f *CNF) Describe(lines func() []string) {
	f.described = append(f.described, describedLines{len(f.Comments), lines})
}

// AllComments returns Comments with the lines Describe deferred made and
// put in their places.
func (f *CNF) AllComments() []string {
	if len(f.described) == 0 {
		return f.Comments
	}
	var out []string
	d := f.described
	for i := 0; i <= len(f.Comments); i++ {
		for len(d) > 0 && d[0].at <= i {
			out = append(out, d[0].lines()...)
			d = d[1:]
		}
		if i < len(f.Comments) {
			out = append(out, f.Comments[i])
		}
	}
	return out
}

// clauseArena cuts clauses from chunks of literals: one allocation for
// many small clauses, each with no spare room, so an append to one copies
// it rather than writing over its neighbour. The chunks double from
// arenaFirst literals to arenaChunk, so that a small formula allocates
// little.
type clauseArena struct {
	buf  []int
	next int // the next chunk's size
}

// The sizes of clauseArena's chunks, in literals.
const (
	arenaFirst = 64
	arenaChunk = 4096
)

// clause returns a new clause of n literals, from f's arena.
func (f *CNF) clause(n int) []int {
	if f.arena == nil {
		f.arena = &clauseArena{}
	}
	a := f.arena
	if cap(a.buf)-len(a.buf) < n {
		if n > arenaChunk/4 {
			return make([]int, n)
		}
		a.next = min(max(2*a.next, arenaFirst), arenaChunk)
		a.buf = make([]int, 0, max(a.next, n))
	}
	i := len(a.buf)
	a.buf = a.buf[:i+n]
	return a.buf[i : i+n : i+n]
}

type varName struct {
	first, count int
	name         string
}

// NewVar returns a fresh variable.
func (f *CNF) NewVar() int {
	f.NumVars++
	return f.NumVars
}

// NewVars returns n fresh variables, numbered consecutively, and records
// name (say "cell[r][c] is \\") as what they mean.
func (f *CNF) NewVars(n int, name string) []int {
	vs := make([]int, n)
	for i := range vs {
		vs[i] = f.NewVar()
	}
	if n > 0 && name != "" {
		f.names = append(f.names, varName{vs[0], n, name})
	}
	return vs
}

// Reserve makes room for n more clauses, so that an encoding that knows
// roughly how many it will add grows f.Clauses once instead of copying it
// at each doubling.
func (f *CNF) Reserve(n int) {
	if n > cap(f.Clauses)-len(f.Clauses) {
		f.Clauses = append(make([][]int, 0, len(f.Clauses)+n), f.Clauses...)
	}
}

// Add appends the clause lits (copied). An empty clause makes f
// unsatisfiable.
func (f *CNF) Add(lits ...int) {
	for _, l := range lits {
		if l == 0 || abs(l) > f.NumVars {
			panic(fmt.Sprintf("encode: literal %d outside 1..%d", l, f.NumVars))
		}
	}
	c := f.clause(len(lits))
	copy(c, lits)
	f.Clauses = append(f.Clauses, c)
}

// atMostOne adds the pairwise at-most-one constraint over lits.
func (f *CNF) atMostOne(lits ...int) {
	for i := range lits {
		for j := i + 1; j < len(lits); j++ {
			f.Add(-lits[i], -lits[j])
		}
	}
}

// ExactlyOne adds "exactly one of lits is true".
func (f *CNF) ExactlyOne(lits ...int) {
	f.Add(lits...)
	f.atMostOne(lits...)
}

// Exactly adds "exactly k of lits are true" in the binomial encoding:
// every k+1 of the literals hold a false one, every n-k+1 a true one. It
// is meant for the few literals around one clue (at most 8). Unit
// propagation on it is complete: once k literals are true the others are
// set false, once n-k are false the others are set true. (Forbidding each
// wrong assignment with one n-literal clause, the encoding this replaced,
// propagates only when n-1 literals are set, which left gophersat many
// times the conflicts on large boards; docs/findings.md, slant.)
func (f *CNF) Exactly(k int, lits ...int) {
	n := len(lits)
	if n > 8 {
		panic("encode: Exactly is for at most 8 literals")
	}
	if k < 0 || k > n {
		f.Clauses = append(f.Clauses, []int{})
		return
	}
	for mask := 0; mask < 1<<n; mask++ {
		ones := bits.OnesCount(uint(mask))
		var sign int
		switch ones {
		case k + 1: // at most k: not all of these
			sign = -1
		case n - k + 1: // at least k: one of these
			sign = 1
		default:
			continue
		}
		if ones == k+1 && ones == n-k+1 {
			// n = 2k: the subset gives both clauses.
			f.Clauses = append(f.Clauses, subsetClause(f.clause(ones), lits, mask, 1))
		}
		f.Clauses = append(f.Clauses, subsetClause(f.clause(ones), lits, mask, sign))
	}
}

// subsetClause writes into clause (as long as mask has bits) the literals
// mask picks, each negated when sign is -1, and returns it.
func subsetClause(clause, lits []int, mask, sign int) []int {
	clause = clause[:0]
	for i, l := range lits {
		if mask>>i&1 == 1 {
			clause = append(clause, sign*l)
		}
	}
	return clause
}

// With returns f with the unit clauses units appended, leaving f as it
// was: the copy shares f's clauses and names.
func (f *CNF) With(units ...int) *CNF {
	g := *f
	g.Clauses = make([][]int, len(f.Clauses), len(f.Clauses)+len(units))
	copy(g.Clauses, f.Clauses)
	for _, u := range units {
		g.Clauses = append(g.Clauses, []int{u})
	}
	return &g
}

// varNames returns the documented variable ranges as DIMACS comment lines.
func (f *CNF) varNames() []string {
	var out []string
	for _, n := range f.names {
		out = append(out, fmt.Sprintf("vars %d..%d: %s", n.first, n.first+n.count-1, n.name))
	}
	return out
}

// WriteDIMACS writes f in DIMACS CNF: Comments and the variable names as
// "c" lines, the "p cnf" header, a clause a line. With cubes, the header is
// "p inccnf" (no counts) and every cube follows the clauses as a line "a
// lits 0", the incremental format CaDiCaL solves cube by cube.
func (f *CNF) WriteDIMACS(w io.Writer) error {
	bw := bufio.NewWriter(w)
	for _, c := range f.AllComments() {
		fmt.Fprintf(bw, "c %s\n", c)
	}
	for _, c := range f.varNames() {
		fmt.Fprintf(bw, "c %s\n", c)
	}
	if len(f.Cubes) > 0 {
		fmt.Fprintf(bw, "p inccnf\n")
	} else {
		fmt.Fprintf(bw, "p cnf %d %d\n", f.NumVars, len(f.Clauses))
	}
	buf := make([]byte, 0, 64)
	line := func(prefix string, lits []int) {
		buf = append(buf[:0], prefix...)
		for _, l := range lits {
			buf = strconv.AppendInt(buf, int64(l), 10)
			buf = append(buf, ' ')
		}
		buf = append(buf, '0', '\n')
		bw.Write(buf)
	}
	for _, cl := range f.Clauses {
		line("", cl)
	}
	for _, cube := range f.Cubes {
		line("a ", cube)
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("writing DIMACS: %w", err)
	}
	return nil
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
