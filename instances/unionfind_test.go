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

func TestUnionFindMatchesNaive(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	const n = 40
	for round := 0; round < 20; round++ {
		u := NewUnionFind(n)
		ref := naive(make([]int, n))
		for i := range ref {
			ref[i] = i
		}
		for step := 0; step < 60; step++ {
			x, y := rng.Intn(n), rng.Intn(n)
			joined := u.Union(x, y)
			if want := ref[x] != ref[y]; joined != want {
				t.Fatalf("round %d step %d: Union(%d,%d) = %v, want %v", round, step, x, y, joined, want)
			}
			ref.union(x, y)
			for i := 0; i < n; i++ {
				j := rng.Intn(n)
				if got, want := u.Same(i, j), ref[i] == ref[j]; got != want {
					t.Fatalf("round %d step %d: Same(%d,%d) = %v, want %v", round, step, i, j, got, want)
				}
			}
		}
	}
}

func TestUnionFindReset(t *testing.T) {
	u := NewUnionFind(3)
	u.Union(0, 1)
	u.Union(1, 2)
	u.Reset()
	if u.Same(0, 1) || u.Same(1, 2) || u.Find(2) != 2 || !u.Union(0, 2) {
		t.Fatal("Reset left sets joined")
	}
}
