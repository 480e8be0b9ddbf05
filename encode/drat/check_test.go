package drat

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"
)

func lemma(lits ...int) Step { return Step{Kind: Lemma, Lits: lits} }
func del(lits ...int) Step   { return Step{Kind: Delete, Lits: lits} }
func input(lits ...int) Step { return Step{Kind: Input, Lits: lits} }

// all four clauses over variables 1 and 2: unsatisfiable, refuted by the
// lemma (1) (RUP: -1 makes (1 2) and (1 -2) conflict) and the empty clause.
var square = [][]int{{1, 2}, {1, -2}, {-1, 2}, {-1, -2}}

// cube1 implies (1): every clause with 1 over variables 2 and 3.
var cube1 = [][]int{{1, 2, 3}, {1, 2, -3}, {1, -2, 3}, {1, -2, -3}}

func TestCheckSmall(t *testing.T) {
	tests := []struct {
		name    string
		formula [][]int
		steps   []Step
		goal    []int
		wantErr error
		core    int
	}{
		{"square", square, []Step{lemma(1), lemma()}, nil, nil, 1},
		{"square no empty clause", square, []Step{lemma(1)}, nil, ErrNoRefutation, 0},
		{"square lemma not needed", square, []Step{lemma(1, 2, -2), lemma(-2, 1), lemma(1), lemma()}, nil, nil, 1},
		{"square repeated literal", square, []Step{lemma(1, 1), lemma()}, nil, nil, 1},
		{"square other lemma", square, []Step{lemma(2), lemma()}, nil, nil, 1}, // (2) is RUP too
		{"square bad empty", [][]int{{1, 2}, {-1, 2}, {1, -2}}, []Step{lemma()}, nil, ErrNotImplied, 0},
		{"no refutation", square, []Step{lemma(1, 2)}, nil, ErrNoRefutation, 0},
		{"formula conflicts", [][]int{{1}, {-1, 2}, {-2}}, nil, nil, nil, 0},
		{"formula empty clause", [][]int{{1, 2}, {}}, nil, nil, nil, 0},
		{"not implied", [][]int{{1, 2, 3}, {-1, 2}, {-2, -3}}, []Step{lemma(2), lemma()}, nil, ErrNotImplied, 0},
		{"input needed", [][]int{{1, 2}}, []Step{input(-1), input(-2), lemma()}, nil, nil, 0},
		{"goal", cube1, []Step{lemma(1, 2), lemma(1)}, []int{1}, nil, 1},
		{"goal part", cube1, []Step{lemma(1, 2), lemma(1)}, []int{1, 3}, nil, 0}, // the units conflict
		{"goal not stated", cube1, []Step{lemma(1, 2)}, []int{1}, ErrNoRefutation, 0},
		{"goal units conflict", [][]int{{1, 2}, {-1, 3}}, nil, []int{2, 3}, nil, 0},
		{"goal not derived", [][]int{{1, 2}, {-1, 3}}, []Step{lemma(2)}, []int{2}, ErrNotImplied, 0},
		{"deleted needed", square, []Step{del(1, 2), lemma(1), lemma()}, nil, ErrNotImplied, 0},
		{"deleted unneeded", square, []Step{lemma(1), del(1, 2), del(1, -2), lemma()}, nil, nil, 1},
		{"bad variable", square, []Step{lemma(4)}, nil, ErrBadInput, 0},
		{"bad zero", [][]int{{1, 0, 2}}, nil, nil, ErrBadInput, 0},
		// blocked clause on a fresh variable: (3 1) with pivot 3 is RAT
		// (no clause has -3), then (-3 ...) etc.
		{"rat", square, []Step{lemma(3, 1), lemma(1), lemma()}, nil, nil, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			nv := 3
			res, err := CheckClause(nv, tt.formula, tt.steps, tt.goal)
			if tt.wantErr != nil {
				if !errors.Is(err, tt.wantErr) {
					t.Fatalf("err = %v, want %v", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatalf("rejected: %v", err)
			}
			if res.Core != tt.core {
				t.Errorf("Core = %d, want %d (%+v)", res.Core, tt.core, res)
			}
		})
	}
}

func TestCheckGophersat(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	type inst struct {
		name string
		nv   int
		cnf  [][]int
	}
	var insts []inst
	for n := 3; n <= 6; n++ {
		nv, cnf := php(n+1, n)
		insts = append(insts, inst{"php" + itoa(n+1), nv, cnf})
	}
	for i := range 20 {
		n := 30 + i
		insts = append(insts, inst{"3sat" + itoa(n), n, random3SAT(rng, n, n*5)})
	}
	for _, in := range insts {
		t.Run(in.name, func(t *testing.T) {
			unsat, steps := gophersatProof(t, in.nv, in.cnf)
			if !unsat {
				t.Skip("satisfiable")
			}
			res, err := Check(in.nv, in.cnf, steps)
			if err != nil {
				t.Fatalf("rejected a gophersat proof: %v", err)
			}
			if res.Core == 0 && res.ConflictStep >= 0 {
				t.Errorf("no lemma checked: %+v", res)
			}
			var b bytes.Buffer
			if err := WriteBinary(&b, steps); err != nil {
				t.Fatal(err)
			}
			back, err := Parse(&b)
			if err != nil || len(back) != len(steps) {
				t.Fatalf("binary round trip: %d steps, %v", len(back), err)
			}
		})
	}
}

func TestErrorNamesLine(t *testing.T) {
	steps, err := ParseText(strings.NewReader("c comment\n2 0\n0\n"))
	if err != nil {
		t.Fatal(err)
	}
	_, err = Check(3, [][]int{{1, 2, 3}, {-1, 2}, {-2, -3}, {-2, 3}}, steps)
	if err == nil || !strings.Contains(err.Error(), "step 0 (line 2)") {
		t.Fatalf("err = %v, want it to name step 0 (line 2)", err)
	}
	if testing.Verbose() {
		t.Log(err)
	}
}

// TestNumVarsBounds: numVars only bounds the literals (a huge one costs no
// memory), and out of range it is bad input.
func TestNumVarsBounds(t *testing.T) {
	if _, err := Check(maxVar, square, []Step{lemma(1), lemma()}); err != nil {
		t.Errorf("numVars %d: %v", maxVar, err)
	}
	for _, nv := range []int{-1, maxVar + 1} {
		if _, err := Check(nv, square, nil); !errors.Is(err, ErrBadInput) {
			t.Errorf("numVars %d: err = %v, want bad input", nv, err)
		}
	}
}
