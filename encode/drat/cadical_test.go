package drat

import (
	"bytes"
	"math/rand/v2"
	"testing"
)

// TestCheckCadical: cadical's proofs, binary and text, of pigeonhole and
// random 3-SAT formulas above the threshold, are accepted; a satisfiable
// formula's proof is no refutation. Skipped when cadical is not installed.
func TestCheckCadical(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	type inst struct {
		name string
		nv   int
		cnf  [][]int
	}
	var insts []inst
	for n := 4; n <= 7; n++ {
		nv, cnf := php(n+1, n)
		insts = append(insts, inst{"php" + itoa(n+1), nv, cnf})
	}
	for i := range 6 {
		n := 60 + 10*i
		insts = append(insts, inst{"3sat" + itoa(n), n, random3SAT(rng, n, n*5)})
	}
	for _, in := range insts {
		for _, binary := range []bool{true, false} {
			name := in.name + map[bool]string{true: "/binary", false: "/text"}[binary]
			t.Run(name, func(t *testing.T) {
				unsat, data := cadicalProof(t, in.nv, in.cnf, binary)
				if !unsat {
					t.Skip("satisfiable")
				}
				if IsBinary(data) != binary {
					t.Fatalf("IsBinary = %v on a proof written with --binary=%v", !binary, binary)
				}
				steps, err := Parse(bytes.NewReader(data))
				if err != nil {
					t.Fatal(err)
				}
				res, err := Check(in.nv, in.cnf, steps)
				if err != nil {
					t.Fatalf("rejected a cadical proof: %v", err)
				}
				t.Logf("%d lemmas, %d deleted, %d checked (RAT %d), %d deletions ignored, %d missing",
					res.Lemmas, res.Deleted, res.Core, res.RAT, len(res.IgnoredDeletions), len(res.MissingDeletions))
			})
		}
	}
}
