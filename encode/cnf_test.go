package encode

import (
	"bytes"
	"strings"
	"testing"
)

// bruteSat reports whether f has a model, trying every assignment.
func bruteSat(f *CNF) bool {
	for mask := 0; mask < 1<<f.NumVars; mask++ {
		m := make([]bool, f.NumVars+1)
		for v := 1; v <= f.NumVars; v++ {
			m[v] = mask>>(v-1)&1 == 1
		}
		if modelSatisfies(f, m) {
			return true
		}
	}
	return false
}

func modelSatisfies(f *CNF, m []bool) bool {
	for _, c := range f.Clauses {
		if !satisfied(c, m) {
			return false
		}
	}
	return true
}

func TestExactlyCountsEveryAssignment(t *testing.T) {
	for n := 0; n <= 4; n++ {
		for k := 0; k <= n+1; k++ {
			var f CNF
			vs := f.NewVars(n, "x")
			f.Exactly(k, vs...)
			for mask := 0; mask < 1<<n; mask++ {
				m := make([]bool, n+1)
				ones := 0
				for i := 0; i < n; i++ {
					m[i+1] = mask>>i&1 == 1
					if m[i+1] {
						ones++
					}
				}
				if got := modelSatisfies(&f, m); got != (ones == k) {
					t.Errorf("n=%d k=%d mask=%b: satisfied=%v, ones=%d", n, k, mask, got, ones)
				}
			}
		}
	}
}

func TestExactlyOne(t *testing.T) {
	var f CNF
	vs := f.NewVars(3, "x")
	f.ExactlyOne(vs...)
	for mask := 0; mask < 8; mask++ {
		m := []bool{false, mask&1 == 1, mask&2 == 2, mask&4 == 4}
		ones := 0
		for _, b := range m[1:] {
			if b {
				ones++
			}
		}
		if got := modelSatisfies(&f, m); got != (ones == 1) {
			t.Errorf("mask %b: %v", mask, got)
		}
	}
}

func TestWriteDIMACS(t *testing.T) {
	var f CNF
	f.Comments = []string{"puzzle slant"}
	a := f.NewVars(2, "cell is \\")
	f.Add(a[0], -a[1])
	f.Add(a[1])
	var buf bytes.Buffer
	if err := f.WriteDIMACS(&buf); err != nil {
		t.Fatal(err)
	}
	want := "c puzzle slant\nc vars 1..2: cell is \\\np cnf 2 2\n1 -2 0\n2 0\n"
	if buf.String() != want {
		t.Errorf("got\n%s\nwant\n%s", buf.String(), want)
	}
}

func TestAddRejectsUndeclaredLiteral(t *testing.T) {
	defer func() {
		if r := recover(); r == nil || !strings.Contains(r.(string), "outside") {
			t.Errorf("recover() = %v", r)
		}
	}()
	var f CNF
	f.NewVar()
	f.Add(1, 2)
}
