package instances

import (
	"math/rand"
	"testing"
)

// naive is a reference partition: label[i] names i's set.
type naive []int

func (n naive) union(x, y int) {
	a, b := n[x], n[y]
	for i := range n {
		if n[i] == b {
			n[i] = a
		}
	}
}

func TestUnionFindMatchesNaiveWithUndo(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	const n = 40
	u := NewUnionFind(n)
	ref := naive(make([]int, n))
	for i := range ref {
		ref[i] = i
	}
	type saved struct {
		mark int
		ref  naive
	}
	var stack []saved
	for step := 0; step < 5000; step++ {
		switch r := rng.Intn(10); {
		case r < 6:
			x, y := rng.Intn(n), rng.Intn(n)
			joined := u.Union(x, y)
			if want := ref[x] != ref[y]; joined != want {
				t.Fatalf("step %d: Union(%d,%d) = %v, want %v", step, x, y, joined, want)
			}
			ref.union(x, y)
		case r < 8:
			stack = append(stack, saved{u.Mark(), append(naive(nil), ref...)})
		default:
			if len(stack) == 0 {
				continue
			}
			top := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			u.Undo(top.mark)
			ref = top.ref
		}
		for i := 0; i < n; i++ {
			j := rng.Intn(n)
			if got, want := u.Same(i, j), ref[i] == ref[j]; got != want {
				t.Fatalf("step %d: Same(%d,%d) = %v, want %v", step, i, j, got, want)
			}
		}
	}
}

func TestUnionFindReset(t *testing.T) {
	u := NewUnionFind(3)
	u.Union(0, 1)
	u.Union(1, 2)
	u.Reset()
	if u.Same(0, 1) || u.Same(1, 2) || u.Mark() != 0 {
		t.Fatal("Reset left sets joined")
	}
}
