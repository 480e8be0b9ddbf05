package drat

import (
	"errors"
	"math/rand/v2"
	"slices"
	"testing"
)

// twoCubes forces 1 (every clause with 1 over 2 and 3), then, under 1, 4
// (every clause with -1 and 4 over 5) and -4 likewise: its proof needs (1 2)
// to derive (1), and (1) to derive (4). Variable 6 is free.
var twoCubes = [][]int{
	{1, 2, 3}, {1, 2, -3}, {1, -2, 3}, {1, -2, -3},
	{-1, 4, 5}, {-1, 4, -5}, {-1, -4, 5}, {-1, -4, -5},
}

var twoCubesProof = []Step{lemma(1, 2), lemma(1), lemma(4), lemma()}

// TestMutations: a correct proof is accepted; each mutation is rejected
// with the error it deserves, and the oracle agrees that the step named
// fails RUP and RAT.
func TestMutations(t *testing.T) {
	tests := []struct {
		name     string
		formula  [][]int
		steps    []Step
		wantErr  error
		wantStep int
	}{
		{"correct", twoCubes, twoCubesProof, nil, 0},
		{"needed lemma dropped", twoCubes, []Step{lemma(1), lemma(4), lemma()}, ErrNotImplied, 0},
		{"literal flipped", twoCubes, []Step{lemma(1, 2), lemma(-1), lemma(4), lemma()}, ErrNotImplied, 1},
		{"needed clause deleted", twoCubes, []Step{lemma(1, 2), del(1, 2), lemma(1), lemma(4), lemma()}, ErrNotImplied, 2},
		{"formula clause deleted", twoCubes, []Step{del(1, 2, 3), lemma(1, 2), lemma(1), lemma(4), lemma()}, ErrNotImplied, 1},
		{"no empty clause", twoCubes, twoCubesProof[:3], ErrNoRefutation, -1},
		{"no conflict", twoCubes, twoCubesProof[:2], ErrNoRefutation, -1},
		{"input before use", [][]int{{1, 2}, {1, -2, 3}, {-1, 4}}, []Step{input(-3, 1), lemma(1), input(-4), lemma()}, nil, 0},
		{"refutation ends at an input", [][]int{{1, 2}, {1, -2, 3}, {-1, 4}}, []Step{input(-3, 1), lemma(1), input(-4)}, nil, 0},
		{"input after use", [][]int{{1, 2}, {1, -2, 3}, {-1, 4}}, []Step{lemma(1), input(-3, 1), input(-4), lemma()}, ErrNotImplied, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, err := Check(6, tt.formula, tt.steps)
			if tt.wantErr == nil {
				if err != nil {
					t.Fatalf("rejected: %v", err)
				}
				if res.Core == 0 {
					t.Fatalf("accepted without checking a lemma: %+v", res)
				}
				// With its inputs moved to the formula, as for drat-trim.
				proof, inputs := SplitInputs(tt.steps)
				if _, err := Check(6, append(slices.Clone(tt.formula), inputs...), proof); err != nil {
					t.Fatalf("after SplitInputs: %v", err)
				}
				return
			}
			var pe *ProofError
			if !errors.Is(err, tt.wantErr) || !errors.As(err, &pe) || pe.Step != tt.wantStep {
				t.Fatalf("err = %v, want %v at step %d", err, tt.wantErr, tt.wantStep)
			}
			t.Log(err)
			if pe.Step >= 0 {
				res, _, _ := checkWith(6, tt.formula, tt.steps, nil, true, false)
				live := liveBefore(tt.formula, tt.steps, res.IgnoredDeletions)[pe.Step]
				if oracleRUP(live, pe.Lemma) || oracleRAT(live, pe.Lemma) {
					t.Fatalf("the oracle finds the rejected lemma %v RUP or RAT", pe.Lemma)
				}
			}
		})
	}
}

// TestCheckClauseCube: a satisfiable formula with a cube of units that
// gophersat refutes; the proof derives the cube's negation (CheckClause
// accepts it, and so does Check with the cube's units in the formula) but
// does not refute the formula alone (Check rejects it).
func TestCheckClauseCube(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	proved := 0
	for round := 0; proved < 4 && round < 200; round++ {
		n := 40
		formula := random3SAT(rng, n, n*35/10)
		if unsat, _ := gophersatProof(t, n, formula); unsat {
			continue // wanted: a satisfiable formula
		}
		var cube, goal []int
		for _, v := range rng.Perm(n)[:8] {
			l := v + 1
			if rng.IntN(2) == 0 {
				l = -l
			}
			cube = append(cube, l)
			goal = append(goal, -l)
		}
		withCube := append([][]int(nil), formula...)
		for _, l := range cube {
			withCube = append(withCube, []int{l})
		}
		unsat, steps := gophersatProof(t, n, withCube)
		if !unsat {
			continue
		}
		proved++
		if _, err := CheckClause(n, formula, steps, goal); err != nil {
			t.Fatalf("round %d: cube %v: %v", round, cube, err)
		}
		if _, err := Check(n, withCube, steps); err != nil {
			t.Fatalf("round %d: the cube as unit clauses of the formula: %v", round, err)
		}
		if _, err := Check(n, formula, steps); err == nil {
			t.Fatalf("round %d: a satisfiable formula refuted without its cube", round)
		}
	}
	if proved < 4 {
		t.Fatalf("only %d cubes refuted", proved)
	}
}
