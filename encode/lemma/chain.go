package lemma

import (
	"errors"
	"fmt"
)

// ChainLayout is what a chain formula's variables mean: step variable v
// is true when the path goes from cell From[v] to cell To[v] (cells
// row-major over N x N, From[v] = -1 for a variable that is no step). The
// path starts at cell 0 and ends at cell N*N-1.
type ChainLayout struct {
	N        int
	From, To []int
}

// stepsOf returns the step variables of clause, all of whose literals
// must be positive ("one of these steps is taken").
func (l ChainLayout) stepsOf(clause []int) (map[int]bool, error) {
	if l.N < 2 || len(l.From) != len(l.To) {
		return nil, errors.New("chain layout: sizes do not match")
	}
	set := map[int]bool{}
	for _, lit := range clause {
		if lit <= 0 || lit >= len(l.From) || l.From[lit] < 0 {
			return nil, fmt.Errorf("literal %d is not a step taken", lit)
		}
		set[lit] = true
	}
	return set, nil
}

// reach returns the cells reached from cell from through steps outside
// without, forward (or backward, along steps taken the other way).
func (l ChainLayout) reach(from int, without map[int]bool, backward bool) []bool {
	n2 := l.N * l.N
	adj := make([][]int, n2)
	for v := range l.From {
		if l.From[v] < 0 || without[v] {
			continue
		}
		a, b := l.From[v], l.To[v]
		if backward {
			a, b = b, a
		}
		adj[a] = append(adj[a], b)
	}
	seen := make([]bool, n2)
	seen[from] = true
	stack := []int{from}
	for len(stack) > 0 {
		a := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, b := range adj[a] {
			if !seen[b] {
				seen[b] = true
				stack = append(stack, b)
			}
		}
	}
	return seen
}

// ChainSubtour accepts clause, a set of steps, when without them some cell
// can no longer reach the target, or no longer be reached from the start:
// a path through every cell needs both, so every path takes a step of the
// clause (the cut "some step leaves these cells", or "enters them", of a
// sub-tour).
func ChainSubtour(l ChainLayout, clause []int) error {
	set, err := l.stepsOf(clause)
	if err != nil {
		return err
	}
	n2 := l.N * l.N
	toTarget := l.reach(n2-1, set, true)
	fromStart := l.reach(0, set, false)
	for x := 0; x < n2; x++ {
		if !toTarget[x] || !fromStart[x] {
			return nil
		}
	}
	return errors.New("not a sub-tour cut: without its steps every cell still lies on a way from the start to the target")
}

// ChainCrossing accepts clause when it is "not both" of two steps along
// the two diagonals of one 2x2 block of cells, which cross.
func ChainCrossing(l ChainLayout, clause []int) error {
	if len(clause) != 2 || clause[0] >= 0 || clause[1] >= 0 {
		return errors.New("not a crossing cut: want two negative literals")
	}
	var cells [2][2]int
	for i, lit := range clause {
		v := -lit
		if v >= len(l.From) || l.From[v] < 0 {
			return fmt.Errorf("literal %d is not a step", lit)
		}
		cells[i] = [2]int{l.From[v], l.To[v]}
	}
	r := func(x int) int { return x / l.N }
	c := func(x int) int { return x % l.N }
	diagonal := func(s [2]int) bool {
		dr, dc := r(s[1])-r(s[0]), c(s[1])-c(s[0])
		return (dr == 1 || dr == -1) && (dc == 1 || dc == -1)
	}
	a, b := cells[0], cells[1]
	if !diagonal(a) || !diagonal(b) {
		return errors.New("not a crossing cut: a step is not diagonal")
	}
	// Both in the same 2x2 block, on its two different diagonals.
	top := func(s [2]int) (int, int) { return min(r(s[0]), r(s[1])), min(c(s[0]), c(s[1])) }
	ar, ac := top(a)
	br, bc := top(b)
	sameCells := (a[0] == b[0] || a[0] == b[1]) || (a[1] == b[0] || a[1] == b[1])
	if ar != br || ac != bc || sameCells {
		return errors.New("not a crossing cut: the steps do not cross in one block")
	}
	return nil
}
