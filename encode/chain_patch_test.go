package encode

import (
	"math/rand"
	"testing"
	"time"

	"github.com/gridsat/gridsat/encode/sat"
	"github.com/gridsat/gridsat/instances"
)

// TestChainPatchByHand patches models built by hand on the all-zero 3x3
// board (cells 0..8 row by row).
func TestChainPatchByHand(t *testing.T) {
	zeros := &instances.Chain{N: 3, K: 1, Labels: make([]int, 9)}
	cycle := []int{3, 2, 5, 6, 1, 4, 7, 8, -1} // path 0 3 6 7 8, cycle 1 2 5 4
	tests := []struct {
		name  string
		succ  []int
		fixed int
		want  string // "" when patching must fail
	}{
		// The first splice found: cycle edge 4 -> 1 and path edge
		// 3 -> 6 become 3 -> 1 ... 4 -> 6.
		{"a cycle spliced in", cycle, 0, "41246522"},
		{"the first step kept", cycle, 1, "41246522"},
		// 3 -> 6 kept too: cycle edge 5 -> 4 and path edge 7 -> 8 become
		// 7 -> 4 ... 5 -> 8.
		{"two steps kept", cycle, 2, "44200244"},
		{"three steps kept", cycle, 3, "44200244"},
		{"every step kept", cycle, 4, ""},
		{"no cycle", []int{1, 2, 5, 6, 3, 4, 7, 8, -1}, 0, "22466422"},
		// 0 -> 4 and 1 -> 3 cross in block 0.
		{"a crossing path", []int{4, 3, 5, 6, 1, 2, 7, 8, -1}, 0, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := newChainPatcher(zeros).patch(tt.succ, tt.fixed)
			if tt.want == "" {
				if got != nil {
					t.Fatalf("patched into %v, want no patch", got)
				}
				return
			}
			if ans := instances.FormatChainAnswer(got); got == nil || ans != tt.want {
				t.Fatalf("patched into %q (%v), want %s", ans, got, tt.want)
			}
			if err := instances.VerifyChain(zeros, tt.want); err != nil {
				t.Fatal(err)
			}
		})
	}
}

// TestChainPatchRandomModels patches the first models a solver finds on
// random boards, keeping a random number of leading steps: every patch is
// a valid path that keeps them, and patches happen.
func TestChainPatchRandomModels(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	patched, failed := 0, 0
	for i := 0; i < 120; i++ {
		n := 4 + rng.Intn(4)
		k := 1 + rng.Intn(3)
		c, _, err := instances.GenerateChain(rng, instances.ChainGenOptions{N: n, K: k})
		if err != nil {
			t.Fatal(err)
		}
		enc := NewChainEncoding(c, ChainCrossingEager)
		s, err := giniBackend.New(enc.CNF)
		if err != nil {
			t.Fatal(err)
		}
		p := newChainPatcher(c)
		for round := 0; round < 5; round++ {
			if st, err := s.Solve(time.Time{}); err != nil || st != sat.Satisfiable {
				t.Fatalf("board %d: %v, %v", i, st, err)
			}
			model := s.Model()
			cuts := enc.Cut(model)
			if len(cuts) == 0 {
				break
			}
			succ := enc.Successors(model)
			var prefix []int
			for a := 0; succ[a] >= 0; a = succ[a] {
				prefix = append(prefix, dirTo(n, a, succ[a]))
			}
			fixed := rng.Intn(len(prefix) + 1)
			got := p.patch(succ, fixed)
			if got == nil {
				failed++
			} else {
				patched++
				ans := instances.FormatChainAnswer(got)
				if err := instances.VerifyChain(c, ans); err != nil {
					t.Fatalf("board %d: patched path %s: %v", i, ans, err)
				}
				if ans[:fixed] != instances.FormatChainAnswer(prefix[:fixed]) {
					t.Fatalf("board %d: patched path %s does not keep the first %d steps of %v", i, ans, fixed, prefix)
				}
			}
			for _, cl := range cuts {
				s.AddClause(cl)
			}
		}
	}
	t.Logf("%d models patched, %d not", patched, failed)
	if patched < 50 || failed < 20 {
		t.Errorf("%d models patched, %d not: the test lost its teeth", patched, failed)
	}
}
