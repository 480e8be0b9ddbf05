package lemma

import (
	"errors"
	"fmt"
)

// SlantLayout is what a slant formula's variables mean: cell i (row-major
// over W x H cells) has variable Var[i] (0: the cell has none), true when
// the cell holds the diagonal True[i] ('\\' or '/').
type SlantLayout struct {
	W, H int
	Var  []int
	True []byte
}

// SlantLemmas checks slant lemmas of one layout, keeping its buffers
// from lemma to lemma (not for concurrent use).
type SlantLemmas struct {
	l      SlantLayout
	cellOf []int  // per variable: its cell, -1 if none
	diag   []byte // per cell: the diagonal the clause's falsity sets, 0 if open
	stamp  []int32
	now    int32
	stack  []int
	set    []int // the cells diag sets
}

// NewSlantLemmas prepares the lemma checkers of layout l.
func NewSlantLemmas(l SlantLayout) (*SlantLemmas, error) {
	if l.W < 1 || l.H < 1 || len(l.Var) != l.W*l.H || len(l.True) != len(l.Var) {
		return nil, errors.New("slant layout: sizes do not match")
	}
	k := &SlantLemmas{l: l, diag: make([]byte, len(l.Var)), stamp: make([]int32, (l.W+1)*(l.H+1))}
	for i, v := range l.Var {
		if v < 0 {
			return nil, fmt.Errorf("slant layout: cell %d has variable %d", i, v)
		}
		for v >= len(k.cellOf) {
			k.cellOf = append(k.cellOf, -1)
		}
		if v != 0 {
			if k.cellOf[v] >= 0 {
				return nil, fmt.Errorf("slant layout: variable %d names two cells", v)
			}
			k.cellOf[v] = i
		}
	}
	return k, nil
}

// falsify sets k.diag to the diagonal per cell that makes every literal
// of clause false (0 for cells the clause leaves open) and returns the
// cells set.
func (k *SlantLemmas) falsify(clause []int) ([]int, error) {
	for _, i := range k.set {
		k.diag[i] = 0
	}
	cells := k.set[:0]
	defer func() { k.set = cells }()
	for _, lit := range clause {
		v := lit
		if v < 0 {
			v = -v
		}
		if v >= len(k.cellOf) || k.cellOf[v] < 0 {
			return nil, fmt.Errorf("literal %d is no cell's", lit)
		}
		i := k.cellOf[v]
		d := k.l.True[i] // the literal is false: its variable is true when lit < 0
		if lit > 0 {
			d = other(d)
		}
		if k.diag[i] != 0 && k.diag[i] != d {
			return nil, fmt.Errorf("cell %d appears with both signs", i)
		}
		k.diag[i] = d
		cells = append(cells, i)
	}
	return cells, nil
}

func other(d byte) byte {
	if d == '\\' {
		return '/'
	}
	return '\\'
}

// ends returns the corners (numbered row-major over (W+1) x (H+1)) that
// diagonal d of cell (r, c) joins.
func (l SlantLayout) ends(r, c int, d byte) (int, int) {
	cw := l.W + 1
	if d == '\\' {
		return r*cw + c, (r+1)*cw + c + 1
	}
	return r*cw + c + 1, (r+1)*cw + c
}

// Loop accepts clause when the diagonals that make its literals false
// close a loop (a cycle of corners), which no slant solution holds.
func (k *SlantLemmas) Loop(clause []int) error {
	cells, err := k.falsify(clause)
	if err != nil {
		return err
	}
	parent := map[int]int{}
	find := func(x int) int {
		for {
			p, ok := parent[x]
			if !ok || p == x {
				return x
			}
			x = p
		}
	}
	l := k.l
	for _, i := range cells {
		a, b := l.ends(i/l.W, i%l.W, k.diag[i])
		ra, rb := find(a), find(b)
		if ra == rb {
			return nil
		}
		parent[ra] = rb
	}
	return errors.New("not a loop cut: the diagonals its falsity sets close no cycle")
}

// Enclose accepts clause when, with its literals false, some corner
// cannot reach the border whatever the open cells hold: a diagonal may
// join two corners unless its cell is set to the other diagonal, and some
// corner is joined to no border corner that way. In a slant solution every
// corner reaches the border (a component of corners off it would be
// ringed by a loop), so the clause holds in every solution. From each
// inner corner of the cells the clause sets it searches the corners the
// open and the set cells let it reach; a search that stays off the border
// accepts. (A corner cut off is ringed by cells the clause sets, so one of
// theirs is among the starts.) Corners a failed search met reach the
// border too and are not searched again.
func (k *SlantLemmas) Enclose(clause []int) error {
	cells, err := k.falsify(clause)
	if err != nil {
		return err
	}
	l := k.l
	cw := l.W + 1
	k.now++
	reaches := k.now // corners known to reach the border
	for _, i := range cells {
		r, c := i/l.W, i%l.W
		for _, p := range [4]int{r*cw + c, r*cw + c + 1, (r+1)*cw + c, (r+1)*cw + c + 1} {
			if k.stamp[p] == reaches || k.onBorder(p) {
				continue
			}
			k.now++
			if !k.search(p, reaches) {
				return nil
			}
			// Everything this search met reaches the border.
			for _, q := range k.stack {
				k.stamp[q] = reaches
			}
		}
	}
	return errors.New("not an enclosure cut: with its literals false every corner can still reach the border")
}

func (k *SlantLemmas) onBorder(p int) bool {
	cw := k.l.W + 1
	r, c := p/cw, p%cw
	return r == 0 || c == 0 || r == k.l.H || c == k.l.W
}

// search explores the corners p can reach; it reports whether it met the
// border (or a corner stamped reaches). k.stack holds the corners met.
func (k *SlantLemmas) search(p int, reaches int32) bool {
	l, cw, diag := k.l, k.l.W+1, k.diag
	k.stack = append(k.stack[:0], p)
	k.stamp[p] = k.now
	for h := 0; h < len(k.stack); h++ {
		p := k.stack[h]
		if k.onBorder(p) {
			return true
		}
		r, c := p/cw, p%cw
		// The four cells around p, the diagonal from p through each, and
		// the corner at its other end.
		for _, m := range [4][2]int{{-1, -1}, {-1, 1}, {1, -1}, {1, 1}} {
			rr, cc := r+m[0], c+m[1]
			if rr < 0 || rr > l.H || cc < 0 || cc > l.W {
				continue
			}
			cell := min(r, rr)*l.W + min(c, cc)
			d := byte('\\')
			if m[0] != m[1] {
				d = '/'
			}
			if diag[cell] == other(d) {
				continue
			}
			q := rr*cw + cc
			if k.stamp[q] == reaches {
				return true
			}
			if k.stamp[q] != k.now {
				k.stamp[q] = k.now
				k.stack = append(k.stack, q)
			}
		}
	}
	return false
}

// Block accepts clause when its literals false set every cell with a
// variable as solution (row-major '\\' and '/') has it: the clause forbids
// exactly that filling.
func (k *SlantLemmas) Block(clause []int, solution []byte) error {
	l := k.l
	if _, err := k.falsify(clause); err != nil {
		return err
	}
	diag := k.diag
	if len(solution) != len(diag) {
		return fmt.Errorf("solution of %d cells for a %dx%d board", len(solution), l.W, l.H)
	}
	for i, d := range diag {
		if l.Var[i] != 0 && d != solution[i] {
			return fmt.Errorf("not the solution's blocking clause: cell %d", i)
		}
	}
	return nil
}
