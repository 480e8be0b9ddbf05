package lemma

import (
	"strings"
	"testing"
)

// layout3 is a 3x3 board with cell i's variable i+1, true meaning '\'.
func layout3() SlantLayout {
	l := SlantLayout{W: 3, H: 3, Var: make([]int, 9), True: []byte(strings.Repeat(`\`, 9))}
	for i := range l.Var {
		l.Var[i] = i + 1
	}
	return l
}

// clauseFor returns the clause whose literals are all false exactly when
// the cells named hold the diagonals given ("i:d").
func clauseFor(cells map[int]byte) []int {
	var c []int
	for i, d := range cells {
		if d == '\\' {
			c = append(c, -(i + 1)) // false when variable i+1 is true
		} else {
			c = append(c, i+1)
		}
	}
	return c
}

func TestSlantLemmas(t *testing.T) {
	// The diamond around corner (1,1): cells 0 '/', 1 '\', 3 '\', 4 '/'.
	diamond := map[int]byte{0: '/', 1: '\\', 3: '\\', 4: '/'}
	// Three of its four cells: no loop, and corner (1,1) can still leave
	// through cell 4.
	open := map[int]byte{0: '/', 1: '\\', 3: '\\'}
	// A zigzag across the board: no loop, nothing enclosed.
	zigzag := map[int]byte{0: '\\', 1: '/', 2: '\\'}
	tests := []struct {
		name          string
		cells         map[int]byte
		loop, enclose bool
	}{
		{"diamond", diamond, true, true},
		{"three sides", open, false, false},
		{"zigzag", zigzag, false, false},
	}
	l := layout3()
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c := clauseFor(tc.cells)
			if err := slantLoop(l, c); (err == nil) != tc.loop {
				t.Errorf("slantLoop(%v) = %v, want accepted=%v", c, err, tc.loop)
			}
			if err := slantEnclose(l, c); (err == nil) != tc.enclose {
				t.Errorf("slantEnclose(%v) = %v, want accepted=%v", c, err, tc.enclose)
			}
		})
	}
}

func TestSlantEncloseHexagon(t *testing.T) {
	// Corners (1,1) and (2,2) of a 3x3 board, joined through the open
	// cell 4, with every other cell around them set to the diagonal that
	// misses them: the six set cells ring them (a hexagon loop).
	l := layout3()
	cells := map[int]byte{0: '/', 1: '\\', 3: '\\', 5: '\\', 7: '\\', 8: '/'}
	c := clauseFor(cells)
	if err := slantEnclose(l, c); err != nil {
		t.Errorf("enclosure of (1,1),(2,2) rejected: %v", err)
	}
	if err := slantLoop(l, c); err != nil {
		t.Errorf("the hexagon loop rejected: %v", err)
	}
	// Opening cell 8 lets (2,2) reach the border and breaks the ring.
	delete(cells, 8)
	c = clauseFor(cells)
	if err := slantEnclose(l, c); err == nil {
		t.Errorf("enclosure with a way out accepted")
	}
	if err := slantLoop(l, c); err == nil {
		t.Errorf("an open ring accepted as a loop")
	}
}

func TestSlantBlock(t *testing.T) {
	l := layout3()
	sol := []byte(`\/\/\/\/\`)
	cells := map[int]byte{}
	for i, d := range sol {
		cells[i] = d
	}
	if err := slantBlock(l, clauseFor(cells), sol); err != nil {
		t.Errorf("the solution's blocking clause rejected: %v", err)
	}
	cells[4] = '/'
	if err := slantBlock(l, clauseFor(cells), sol); err == nil {
		t.Errorf("a blocking clause of another filling accepted")
	}
}

func TestSlantLemmaBadClause(t *testing.T) {
	l := layout3()
	for _, c := range [][]int{{10}, {1, -1}} {
		if err := slantLoop(l, c); err == nil {
			t.Errorf("slantLoop(%v) accepted", c)
		}
	}
}

func TestQueensCover(t *testing.T) {
	var all [][4]int
	for a := 0; a <= 3; a++ {
		for b := 0; a+b <= 3; b++ {
			for c := 0; a+b+c <= 3; c++ {
				all = append(all, [4]int{a, b, c, 3 - a - b - c})
			}
		}
	}
	if err := QueensCover(3, all); err != nil {
		t.Fatalf("every share of 3: %v", err)
	}
	for i := range all {
		missing := append(append([][4]int(nil), all[:i]...), all[i+1:]...)
		if err := QueensCover(3, missing); err == nil {
			t.Errorf("cover without share %v accepted", all[i])
		}
	}
	if err := QueensCover(2, [][4]int{{3, 3, 3, -1}}); err == nil {
		t.Errorf("a negative count accepted")
	}
	if err := QueensCover(2, [][4]int{{2, 2, 2, 2}}); err != nil {
		t.Errorf("one share above all: %v", err)
	}
}

// slantLoop, slantEnclose and slantBlock check one clause on a fresh
// checker for layout l.
func slantLoop(l SlantLayout, clause []int) error {
	k, err := NewSlantLemmas(l)
	if err != nil {
		return err
	}
	return k.Loop(clause)
}

func slantEnclose(l SlantLayout, clause []int) error {
	k, err := NewSlantLemmas(l)
	if err != nil {
		return err
	}
	return k.Enclose(clause)
}

func slantBlock(l SlantLayout, clause []int, solution []byte) error {
	k, err := NewSlantLemmas(l)
	if err != nil {
		return err
	}
	return k.Block(clause, solution)
}
