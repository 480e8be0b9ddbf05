package sat

import (
	"bytes"
	"reflect"
	"strings"
	"testing"
)

func TestReadDIMACS(t *testing.T) {
	tests := []struct {
		in   string
		want [][]int
		err  string
	}{
		{"c hi\np cnf 3 2\n1 -2 0\n3\n-1 0\n", [][]int{{1, -2}, {3, -1}}, ""},
		{"p cnf 2 1\n0\n", [][]int{nil}, ""},
		{"1 0\n", nil, "line 1: a clause before the header"},
		{"p cnf 2 1\n3 0\n", nil, "line 2: bad literal"},
		{"p cnf 2 2\n1 0\n", nil, "1 clauses, the header says 2"},
		{"p cnf 2 1\n1 2\n", nil, "no terminating 0"},
		{"p cnf x 1\n", nil, "line 1: bad header"},
		{"p cnf 1 0\np cnf 1 0\n", nil, "line 2: bad header"},
		{"", nil, "no \"p cnf\" header"},
	}
	for _, tt := range tests {
		f, err := ReadDIMACS(strings.NewReader(tt.in), "in.cnf")
		if tt.err != "" {
			if err == nil || !strings.Contains(err.Error(), tt.err) || !strings.Contains(err.Error(), "in.cnf") {
				t.Errorf("%q: %v, want an error naming in.cnf with %q", tt.in, err, tt.err)
			}
			continue
		}
		if err != nil || !reflect.DeepEqual(f.Clauses, tt.want) {
			t.Errorf("%q: %v %v, want %v", tt.in, f, err, tt.want)
		}
	}
}

// FuzzReadDIMACS: no input panics, and what is read is written and read
// back the same.
func FuzzReadDIMACS(f *testing.F) {
	for _, s := range []string{"p cnf 3 2\n1 -2 0\n3 -1 0\n", "c x\np cnf 1 1\n0\n", "p cnf 2 1\n1\n2 0", "p cnf 0 0\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		g, err := ReadDIMACS(strings.NewReader(in), "fuzz")
		if err != nil {
			return
		}
		var buf bytes.Buffer
		if err := g.WriteDIMACS(&buf); err != nil {
			t.Fatal(err)
		}
		h, err := ReadDIMACS(&buf, "again")
		if err != nil || h.NumVars != g.NumVars || len(h.Clauses) != len(g.Clauses) {
			t.Fatalf("read back: %v", err)
		}
		for i := range h.Clauses {
			if len(h.Clauses[i]) != len(g.Clauses[i]) {
				t.Fatalf("clause %d: %v, then %v", i, g.Clauses[i], h.Clauses[i])
			}
		}
	})
}

// FuzzParseLits: gophersat's certificate lines; no input panics, and a
// line read is its literals written with a final 0.
func FuzzParseLits(f *testing.F) {
	for _, s := range []string{"1 -2 0", "0", "-3 0", "1 2", "- 0", "12x 0"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		lits, err := parseLits(line)
		if err != nil {
			return
		}
		for _, l := range lits {
			if l == 0 {
				t.Fatalf("%q: a 0 literal", line)
			}
		}
	})
}
