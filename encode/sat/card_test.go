package sat

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
	s, err := gophersatBackend{}.New(g)
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
						want := Unsatisfiable
						if bits.OnesCount(uint(mask)) <= k {
							want = Satisfiable
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
// otherwise (the encoding never over-constrains); an exact counter's
// output is also forced false by fewer.
func TestCounterOutputs(t *testing.T) {
	for _, exact := range []bool{false, true} {
		for _, enc := range CardEncodings {
			for n := 1; n <= 6; n++ {
				for upto := 1; upto <= n+1; upto++ {
					f := &CNF{}
					inputs := f.NewVars(n, "x")
					count := f.Counter
					if exact {
						count = f.ExactCounter
					}
					out, err := count(enc, inputs, upto)
					if err != nil {
						t.Fatal(err)
					}
					checkCounter(t, fmt.Sprintf("%s exact=%v", enc, exact), f, inputs, out, upto, exact)
				}
			}
		}
	}
}

// checkCounter checks out against every assignment of the inputs, on one
// gini solver under assumptions (the inputs and one output).
func checkCounter(t *testing.T, name string, f *CNF, inputs, out []int, upto int, exact bool) {
	t.Helper()
	n := len(inputs)
	if len(out) != min(upto, n) {
		t.Fatalf("%s n=%d upto=%d: %d outputs", name, n, upto, len(out))
	}
	s, err := giniBackend{}.New(f)
	if err != nil {
		t.Fatal(err)
	}
	solve := func(mask int, lit int) Status {
		assume := []int{lit}
		for i, v := range inputs {
			assume = append(assume, Lit(v, mask>>i&1 == 1))
		}
		st, err := s.(Assumer).SolveAssuming(time.Time{}, assume)
		if err != nil {
			t.Fatal(err)
		}
		return st
	}
	for mask := 0; mask < 1<<n; mask++ {
		ones := bits.OnesCount(uint(mask))
		for j := range out {
			wantFalse, wantTrue := Satisfiable, Unsatisfiable
			if ones >= j+1 {
				wantFalse, wantTrue = Unsatisfiable, Satisfiable
			}
			if got := solve(mask, -out[j]); got != wantFalse {
				t.Fatalf("%s n=%d upto=%d inputs %0*b: output %d false is %v, want %v", name, n, upto, n, mask, j, got, wantFalse)
			}
			if !exact {
				continue // a forward output may be an input itself: not free
			}
			if got := solve(mask, out[j]); got != wantTrue {
				t.Fatalf("%s n=%d upto=%d inputs %0*b: output %d true is %v, want %v", name, n, upto, n, mask, j, got, wantTrue)
			}
		}
	}
}

// The modular totalizer with moduli 3 and 4 on up to 9 literals: both
// digits and the carry at work (Counter's own modulus is 2 below 9
// literals, as TestCounterOutputs has it).
func TestModularTotalizerModuli(t *testing.T) {
	for _, exact := range []bool{false, true} {
		for p := 3; p <= 4; p++ {
			for _, n := range []int{p + 1, 2*p + 1} {
				for _, upto := range []int{p, n} {
					f := &CNF{}
					inputs := f.NewVars(n, "x")
					out := counting{f: f, exact: exact}.mtotalizer(inputs, upto, p)
					checkCounter(t, fmt.Sprintf("mtotalizer p=%d exact=%v", p, exact), f, inputs, out, upto, exact)
				}
			}
		}
	}
}

func TestModulus(t *testing.T) {
	for _, tt := range []struct{ n, p int }{{0, 2}, {3, 2}, {4, 2}, {8, 2}, {9, 3}, {15, 3}, {16, 4}, {144, 12}, {169, 13}, {170, 13}} {
		if got := modulus(tt.n); got != tt.p {
			t.Errorf("modulus(%d) = %d, want %d", tt.n, got, tt.p)
		}
	}
}

func TestCardSizes(t *testing.T) {
	// The totalizer needs fewer variables than the sequential counter on
	// long lists with small bounds (n log n against n k).
	var seq, tot CNF
	if err := seq.AtMost("seq", 6, seq.NewVars(256, "x")...); err != nil {
		t.Fatal(err)
	}
	if err := tot.AtMost("totalizer", 6, tot.NewVars(256, "x")...); err != nil {
		t.Fatal(err)
	}
	if seq.NumVars <= 256 || tot.NumVars <= 256 || tot.NumVars >= seq.NumVars {
		t.Errorf("variables: seq %d, totalizer %d", seq.NumVars, tot.NumVars)
	}
	var f CNF
	if _, err := f.Counter("sorting", f.NewVars(3, "x"), 2); err == nil {
		t.Error("unknown encoding accepted")
	}
}
