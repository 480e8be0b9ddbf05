package encode

import (
	"bufio"
	"fmt"
	"io"
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

// Add appends the clause lits (copied). An empty clause makes f
// unsatisfiable.
func (f *CNF) Add(lits ...int) {
	for _, l := range lits {
		if l == 0 || abs(l) > f.NumVars {
			panic(fmt.Sprintf("encode: literal %d outside 1..%d", l, f.NumVars))
		}
	}
	f.Clauses = append(f.Clauses, append([]int(nil), lits...))
}

// AtMostOne adds the pairwise at-most-one constraint over lits.
func (f *CNF) AtMostOne(lits ...int) {
	for i := range lits {
		for j := i + 1; j < len(lits); j++ {
			f.Add(-lits[i], -lits[j])
		}
	}
}

// ExactlyOne adds "exactly one of lits is true".
func (f *CNF) ExactlyOne(lits ...int) {
	f.Add(lits...)
	f.AtMostOne(lits...)
}

// Exactly adds "exactly k of lits are true" by forbidding every wrong
// assignment to them; it is meant for the few literals around one clue
// (at most 8: 256 assignments), not for long lists.
func (f *CNF) Exactly(k int, lits ...int) {
	n := len(lits)
	if n > 8 {
		panic("encode: Exactly is for at most 8 literals")
	}
	for mask := 0; mask < 1<<n; mask++ {
		ones := 0
		for i := 0; i < n; i++ {
			if mask>>i&1 == 1 {
				ones++
			}
		}
		if ones == k {
			continue
		}
		// Forbid this assignment: some literal differs from it.
		clause := make([]int, n)
		for i, l := range lits {
			if mask>>i&1 == 1 {
				clause[i] = -l
			} else {
				clause[i] = l
			}
		}
		f.Clauses = append(f.Clauses, clause)
	}
}

// VarNames returns the documented variable ranges as DIMACS comment lines.
func (f *CNF) VarNames() []string {
	var out []string
	for _, n := range f.names {
		out = append(out, fmt.Sprintf("vars %d..%d: %s", n.first, n.first+n.count-1, n.name))
	}
	return out
}

// WriteDIMACS writes f in DIMACS CNF: Comments and the variable names as
// "c" lines, the "p cnf" header, a clause a line.
func (f *CNF) WriteDIMACS(w io.Writer) error {
	bw := bufio.NewWriter(w)
	for _, c := range f.Comments {
		fmt.Fprintf(bw, "c %s\n", c)
	}
	for _, c := range f.VarNames() {
		fmt.Fprintf(bw, "c %s\n", c)
	}
	fmt.Fprintf(bw, "p cnf %d %d\n", f.NumVars, len(f.Clauses))
	buf := make([]byte, 0, 64)
	for _, cl := range f.Clauses {
		buf = buf[:0]
		for _, l := range cl {
			buf = strconv.AppendInt(buf, int64(l), 10)
			buf = append(buf, ' ')
		}
		buf = append(buf, '0', '\n')
		bw.Write(buf)
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
