package sat

import (
	"bytes"
	"reflect"
	"slices"
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

// TestExactlyPropagatesCompletely checks that unit propagation on Exactly
// sets every literal a partial assignment forces: with k literals true all
// the others false, with n-k false all the others true. The encoding it
// replaced failed this (it propagated only with n-1 literals set).
func TestExactlyPropagatesCompletely(t *testing.T) {
	for n := 1; n <= 5; n++ {
		for k := 0; k <= n; k++ {
			var f CNF
			vs := f.NewVars(n, "x")
			f.Exactly(k, vs...)
			// Every partial assignment: per variable 0 unset, 1 true, 2 false.
			for code := 0; code < pow3(n); code++ {
				val := make([]int8, n+1)
				trues, falses := 0, 0
				for i, c := 0, code; i < n; i, c = i+1, c/3 {
					switch c % 3 {
					case 1:
						val[i+1], trues = 1, trues+1
					case 2:
						val[i+1], falses = -1, falses+1
					}
				}
				if trues > k || falses > n-k {
					continue // inconsistent: nothing to check
				}
				unitPropagate(f.Clauses, val)
				for v := 1; v <= n; v++ {
					want := int8(0)
					switch {
					case trues == k:
						want = -1
					case falses == n-k:
						want = 1
					}
					if want != 0 && val[v] != want && val[v] == 0 {
						t.Errorf("n=%d k=%d assignment %d: variable %d left unset, forced %d", n, k, code, v, want)
					}
				}
			}
		}
	}
}

func pow3(n int) int {
	p := 1
	for ; n > 0; n-- {
		p *= 3
	}
	return p
}

// unitPropagate sets, until nothing changes, the last open literal of
// every clause whose other literals are false.
func unitPropagate(clauses [][]int, val []int8) {
	for changed := true; changed; {
		changed = false
		for _, c := range clauses {
			open, last, sat := 0, 0, false
			for _, l := range c {
				switch v := val[abs(l)]; {
				case v == 0:
					open, last = open+1, l
				case (v > 0) == (l > 0):
					sat = true
				}
			}
			if !sat && open == 1 {
				if last > 0 {
					val[last] = 1
				} else {
					val[-last] = -1
				}
				changed = true
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

// TestCNFClausesApart: clauses cut from the shared chunks stay apart, in
// copies of a formula too, and an append to one leaves its neighbour.
func TestCNFClausesApart(t *testing.T) {
	f := &CNF{}
	f.NewVars(9, "")
	f.Add(1, 2)
	g := f.With(3)
	f.Add(4, 5)
	g.Add(6, 7)
	f.Exactly(1, 1, 2, 3)
	grown := append(f.Clauses[0], 8)
	grown[0] = 9
	want := [][]int{{1, 2}, {4, 5}, {-1, -2}, {-1, -3}, {-2, -3}, {1, 2, 3}}
	if !reflect.DeepEqual(f.Clauses, want) {
		t.Errorf("f's clauses %v, want %v", f.Clauses, want)
	}
	if wantG := [][]int{{1, 2}, {3}, {6, 7}}; !reflect.DeepEqual(g.Clauses, wantG) {
		t.Errorf("the copy's clauses %v, want %v", g.Clauses, wantG)
	}
}

// TestReserve checks that Reserve keeps the clauses already added and
// makes room for as many more as it was told, so that adding them does not
// move the clause list again.
func TestReserve(t *testing.T) {
	f := &CNF{}
	vs := f.NewVars(4, "")
	f.Add(vs[0], vs[1])
	f.Reserve(10)
	first := &f.Clauses[0]
	for i := 0; i < 10; i++ {
		f.Add(vs[i%4], -vs[(i+1)%4])
	}
	if &f.Clauses[0] != first {
		t.Errorf("the clause list moved while filling the room Reserve made")
	}
	if len(f.Clauses[0]) != 2 || f.Clauses[0][0] != vs[0] || f.Clauses[0][1] != vs[1] {
		t.Errorf("first clause %v after Reserve, want [%d %d]", f.Clauses[0], vs[0], vs[1])
	}
	n := len(f.Clauses)
	f.Reserve(0)
	f.Reserve(-1)
	if len(f.Clauses) != n {
		t.Errorf("Reserve(0) and Reserve(-1) changed the clauses: %d, want %d", len(f.Clauses), n)
	}
}

// Describe's lines stand where they were deferred among the Comments, made
// only when read, in WriteDIMACS as in AllComments.
func TestDescribeKeepsItsPlace(t *testing.T) {
	made := 0
	lines := func(l ...string) func() []string {
		return func() []string { made++; return l }
	}
	f := &CNF{NumVars: 1, Clauses: [][]int{{1}}}
	f.Describe(lines("d1", "d2"))
	f.Comments = append(f.Comments, "c1")
	f.Describe(lines("d3"))
	f.Describe(lines())
	f.Comments = append(f.Comments, "c2", "c3")
	f.Describe(lines("d4"))
	if made != 0 {
		t.Fatalf("Describe made %d sets of lines before they were read", made)
	}
	want := []string{"d1", "d2", "c1", "d3", "c2", "c3", "d4"}
	if got := f.AllComments(); !slices.Equal(got, want) {
		t.Errorf("AllComments = %q, want %q", got, want)
	}
	var b strings.Builder
	if err := f.WriteDIMACS(&b); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, line := range strings.Split(b.String(), "\n") {
		if c, ok := strings.CutPrefix(line, "c "); ok {
			got = append(got, c)
		}
	}
	if !slices.Equal(got, want) {
		t.Errorf("WriteDIMACS comments = %q, want %q", got, want)
	}
	if g := (&CNF{Comments: []string{"x"}}); !slices.Equal(g.AllComments(), g.Comments) {
		t.Errorf("without Describe, AllComments = %q, want the Comments", g.AllComments())
	}
}
