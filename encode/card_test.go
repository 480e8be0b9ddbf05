package encode

import (
	"fmt"
	"math/bits"
	"testing"
	"time"
)

// solveWithInputs decides f with the first n variables fixed to mask by
// unit clauses.
func solveWithInputs(t *testing.T, f *CNF, inputs []int, mask int, extra ...int) Status {
	t.Helper()
	g := &CNF{NumVars: f.NumVars, Clauses: append([][]int(nil), f.Clauses...)}
	for i, v := range inputs {
		g.Clauses = append(g.Clauses, []int{Lit(v, mask>>i&1 == 1)})
	}
	for _, l := range extra {
		g.Clauses = append(g.Clauses, []int{l})
	}
	s, err := Gophersat{}.New(g)
	if err != nil {
		t.Fatal(err)
	}
	st, err := s.Solve(time.Time{})
	if err != nil {
		t.Fatal(err)
	}
	return st
}

// Every input assignment is allowed exactly when at most k inputs are true,
// for every encoding, size and bound.
func TestAtMostAllowsExactlyTheSmallCounts(t *testing.T) {
	for _, enc := range CardEncodings {
		for n := 0; n <= 6; n++ {
			for k := -1; k <= n+1; k++ {
				t.Run(fmt.Sprintf("%s/n=%d/k=%d", enc, n, k), func(t *testing.T) {
					f := &CNF{}
					inputs := f.NewVars(n, "x")
					if err := f.AtMost(enc, k, inputs...); err != nil {
						t.Fatal(err)
					}
					for mask := 0; mask < 1<<n; mask++ {
						want := Unsat
						if bits.OnesCount(uint(mask)) <= k {
							want = Sat
						}
						if got := solveWithInputs(t, f, inputs, mask); got != want {
							t.Fatalf("inputs %0*b: %v, want %v", n, mask, got, want)
						}
					}
				})
			}
		}
	}
}

// A counter's output j is forced true by j+1 true inputs, and free
// otherwise (the encoding never over-constrains).
func TestCounterOutputs(t *testing.T) {
	for _, enc := range CardEncodings {
		for n := 1; n <= 6; n++ {
			for upto := 1; upto <= n+1; upto++ {
				f := &CNF{}
				inputs := f.NewVars(n, "x")
				out, err := f.Counter(enc, inputs, upto)
				if err != nil {
					t.Fatal(err)
				}
				if len(out) != min(upto, n) {
					t.Fatalf("%s n=%d upto=%d: %d outputs", enc, n, upto, len(out))
				}
				for mask := 0; mask < 1<<n; mask++ {
					ones := bits.OnesCount(uint(mask))
					for j := range out {
						want := Sat
						if ones >= j+1 {
							want = Unsat
						}
						if got := solveWithInputs(t, f, inputs, mask, -out[j]); got != want {
							t.Fatalf("%s n=%d upto=%d inputs %b: output %d false is %v, want %v", enc, n, upto, mask, j, got, want)
						}
					}
				}
			}
		}
	}
}

func TestCardSizes(t *testing.T) {
	// The totalizer needs fewer variables than the sequential counter on
	// long lists with small bounds (n log n against n k).
	var seq, tot CNF
	seq.AtMostSeq(6, seq.NewVars(256, "x")...)
	tot.AtMostTotalizer(6, tot.NewVars(256, "x")...)
	if seq.NumVars <= 256 || tot.NumVars <= 256 || tot.NumVars >= seq.NumVars {
		t.Errorf("variables: seq %d, totalizer %d", seq.NumVars, tot.NumVars)
	}
	var f CNF
	if _, err := f.Counter("sorting", f.NewVars(3, "x"), 2); err == nil {
		t.Error("unknown encoding accepted")
	}
}
