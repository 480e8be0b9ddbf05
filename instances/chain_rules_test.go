package instances

import (
	"math/rand"
	"strings"
	"testing"
)

func TestChainWalkSample(t *testing.T) {
	bs, err := ParseChain("sample", strings.NewReader(chainSample))
	if err != nil {
		t.Fatal(err)
	}
	c := bs[0] // 0 2 0 / 1 1 1 / 2 0 2, answer 41255214
	w := NewChainWalk(c)
	tests := []struct {
		name string
		d    int
		ok   bool
	}{
		{"off the board", 0, false},
		{"wrong label: 0 -> 2", 2, false},
		{"down to a 1", 4, true},
		{"down-right to a 1", 3, true},
	}
	for _, tt := range tests {
		if _, ok := w.CanStep(tt.d); ok != tt.ok {
			t.Errorf("from the start, %s: CanStep(%d) = %v", tt.name, tt.d, ok)
		}
	}
	// Walk 4 1: (0,0) -> (1,0) -> (0,1). The "/" step crosses block 0.
	w.Step(4)
	w.Step(1)
	if w.Cur() != 1 || w.Len() != 2 || !w.Visited(3) || w.Visited(4) {
		t.Fatalf("after 4 1: at %d, %d steps", w.Cur(), w.Len())
	}
	// From (0,1) (label 2) the 0s are (0,0) (visited), (0,2) and (2,1).
	if _, ok := w.CanStep(6); ok {
		t.Error("stepped back onto the start")
	}
	if next, ok := w.CanStep(2); !ok || next != 2 {
		t.Errorf("CanStep(2) = %d, %v", next, ok)
	}
	w.Step(2) // (0,2), label 0
	w.Step(5) // (0,2) -> (1,1), a "/" step through block 1
	// From (1,1), label 2 is next: (2,2) is the target, too early;
	// (2,0) is allowed; (0,0) is visited, and a "\" step through block 0
	// would cross (1,0) -> (0,1).
	if _, ok := w.CanStep(3); ok {
		t.Error("entered the target before the last step")
	}
	if next, ok := w.CanStep(5); !ok || next != 6 {
		t.Errorf("CanStep(5) = %d, %v", next, ok)
	}
	if !w.Crosses(4, 7) || w.Crosses(4, 5) || w.Crosses(4, 4) {
		t.Error("Crosses: (1,1) -> (0,0) must cross (1,0) -> (0,1); (1,1) -> (2,0) and straight steps cross nothing")
	}
	for range 4 {
		w.Back()
	}
	if w.Len() != 0 || w.Cur() != 0 || w.Visited(3) || w.Crosses(4, 7) {
		t.Error("Back did not undo every step")
	}
	for _, d := range []int{4, 1, 2, 5, 5, 2, 1, 4} {
		if _, ok := w.CanStep(d); !ok {
			t.Fatalf("the sample's answer: step %d in direction %d refused", w.Len()+1, d)
		}
		w.Step(d)
	}
	if !w.Complete() || FormatChainAnswer(w.Dirs()) != "41255214" || len(w.Cells()) != 9 {
		t.Errorf("walked %v, complete %v", w.Dirs(), w.Complete())
	}
}

// TestChainWalkRules holds CanStep to the rules checked from scratch on
// random walks: the neighbour is on the board and carries the next label,
// it is unvisited, the target comes last, and the step crosses no earlier
// diagonal step (compared pairwise, not by block).
func TestChainWalkRules(t *testing.T) {
	rng := rand.New(rand.NewSource(5))
	checked := [2]int{}
	for i := 0; i < 300; i++ {
		n, k := 2+rng.Intn(4), 1+rng.Intn(4)
		c := &Chain{N: n, K: k, Labels: make([]int, n*n)}
		for j := range c.Labels {
			c.Labels[j] = rng.Intn(k)
		}
		c.Labels[0] = 0
		w := NewChainWalk(c)
		for {
			var allowed []int
			for d := 0; d < 8; d++ {
				next, ok := w.CanStep(d)
				want := ruleFromScratch(c, w.Cells(), d)
				if ok != (want >= 0) || ok && next != want {
					t.Fatalf("board %v, walk %v: CanStep(%d) = %d, %v; from scratch %d", c.Labels, w.Dirs(), d, next, ok, want)
				}
				checked[boolInt(ok)]++
				if ok {
					allowed = append(allowed, d)
				}
			}
			if len(allowed) == 0 {
				break
			}
			w.Step(allowed[rng.Intn(len(allowed))])
		}
		if w.Complete() {
			if err := VerifyChain(c, FormatChainAnswer(w.Dirs())); err != nil {
				t.Fatalf("a complete walk fails the verifier: %v", err)
			}
		}
	}
	if checked[0] < 1000 || checked[1] < 1000 {
		t.Errorf("only %d refused and %d allowed steps checked", checked[0], checked[1])
	}
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// ruleFromScratch returns the cell the walk through cells may step to in
// direction d, or -1.
func ruleFromScratch(c *Chain, cells []int, d int) int {
	n := c.N
	cur := cells[len(cells)-1]
	r, col := cur/n+ChainDR[d], cur%n+ChainDC[d]
	if r < 0 || r >= n || col < 0 || col >= n {
		return -1
	}
	next := r*n + col
	if c.Labels[next] != len(cells)%c.K {
		return -1
	}
	for _, x := range cells {
		if x == next {
			return -1
		}
	}
	if next == n*n-1 && len(cells) != n*n-1 {
		return -1
	}
	if d%2 == 1 {
		// The other diagonal of the same 2x2 square joins (cur row, next
		// col) and (next row, cur col).
		x, y := (cur/n)*n+next%n, (next/n)*n+cur%n
		for i := 1; i < len(cells); i++ {
			a, b := cells[i-1], cells[i]
			if a == x && b == y || a == y && b == x {
				return -1
			}
		}
	}
	return next
}

func TestChainStep(t *testing.T) {
	// 0 1 0
	// 1 0 1
	// 0 1 0
	c := &Chain{N: 3, K: 2, Labels: []int{0, 1, 0, 1, 0, 1, 0, 1, 0}}
	tests := []struct {
		name     string
		a, d     int
		want     int // -1: no step
		wantStep bool
	}{
		{"0 to 1", 0, 2, 1, true},
		{"0 to 0", 0, 3, -1, false},
		{"onto the start", 1, 6, -1, false},
		{"1 to 0 into the target", 5, 4, 8, true},
		{"out of the target", 8, 0, -1, false},
		{"off the board", 2, 1, -1, false},
	}
	for _, tt := range tests {
		b, ok := c.Step(tt.a, tt.d)
		if ok != tt.wantStep || ok && b != tt.want {
			t.Errorf("%s: Step(%d, %d) = %d, %v; want %d", tt.name, tt.a, tt.d, b, ok, tt.want)
		}
	}
}
