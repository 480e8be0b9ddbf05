package sat

import (
	"math/rand/v2"
	"os/exec"
	"testing"
	"time"
)

// pigeonhole returns the formula "p+1 pigeons in p holes, one per hole".
func pigeonhole(p int) *CNF {
	f := &CNF{}
	x := make([][]int, p+1)
	for i := range x {
		x[i] = f.NewVars(p, "")
		f.Add(x[i]...)
	}
	for h := 0; h < p; h++ {
		for i := range x {
			for j := i + 1; j < len(x); j++ {
				f.Add(-x[i][h], -x[j][h])
			}
		}
	}
	return f
}

// random3SAT returns n variables and m random 3-clauses.
func random3SAT(rng *rand.Rand, n, m int) *CNF {
	f := &CNF{}
	f.NewVars(n, "")
	for range m {
		var c []int
		for len(c) < 3 {
			v := 1 + rng.IntN(n)
			if rng.IntN(2) == 0 {
				v = -v
			}
			c = append(c, v)
		}
		f.Add(c...)
	}
	return f
}

// provingBackends are the backends the tests prove with: gophersat, and
// exec:cadical where it is installed.
func provingBackends(t *testing.T) []Backend {
	bes := []Backend{gophersatBackend{}}
	if _, err := exec.LookPath("cadical"); err == nil {
		be, err := newExec("cadical")
		if err != nil {
			t.Fatal(err)
		}
		bes = append(bes, be)
	}
	return bes
}

// TestProofsOfUnsatFormulas has every proving backend refute pigeonhole
// and random 3-SAT formulas above the threshold, and checks each proof;
// each proof with the formula's first clause left out must fail (that
// formula may be satisfiable; when it is, no proof checks).
func TestProofsOfUnsatFormulas(t *testing.T) {
	rng := rand.New(rand.NewPCG(20, 1))
	formulas := map[string]*CNF{"php5": pigeonhole(5), "php6": pigeonhole(6)}
	for i := 0; len(formulas) < 6; i++ {
		f := random3SAT(rng, 40, 200)
		s, _ := gophersatBackend{}.New(f)
		if st, _ := s.Solve(time.Time{}); st == Unsatisfiable {
			formulas["random"+string(rune('a'+i))] = f
		}
	}
	for _, be := range provingBackends(t) {
		for name, f := range formulas {
			t.Run(be.Name()+"/"+name, func(t *testing.T) {
				log := &ProofLog{}
				s, err := be.(Prover).NewProving(f, log.Sink())
				if err != nil {
					t.Fatal(err)
				}
				if st, err := s.Solve(time.Time{}); st != Unsatisfiable || err != nil {
					t.Fatalf("solve: %v %v", st, err)
				}
				log.Refuted()
				cert, err := CheckClaim(Claim{Name: name, NumVars: f.NumVars, Formula: f.Clauses, Steps: log.Steps()}, nil)
				if err != nil {
					t.Fatalf("the proof does not check: %v", err)
				}
				if cert.Lemmas == 0 && name[:3] == "php" {
					t.Errorf("a pigeonhole proof without lemmas")
				}
				// Tampered: the empty clause alone (no lemmas) must fail.
				if _, err := CheckClaim(Claim{Name: name, NumVars: f.NumVars, Formula: f.Clauses, Steps: []ProofStep{{Kind: ProofLemma}}}, nil); err == nil {
					t.Errorf("the empty clause alone was accepted")
				}
			})
		}
	}
}

// TestProbingProofs: the probing solver's proofs (probing's lemmas, then
// the backend's mapped back from the renumbered variables) check, on
// random formulas around the threshold, small enough that probing alone
// often refutes them.
func TestProbingProofs(t *testing.T) {
	rng := rand.New(rand.NewPCG(22, 5))
	refuted := 0
	for i := 0; i < 300; i++ {
		n := 8 + rng.IntN(13)
		f := random3SAT(rng, n, n*4+rng.IntN(n*2))
		for _, mode := range []string{ProbeOnce, ProbeRounds} {
			log := &ProofLog{}
			s, err := NewProvingSolver(gophersatBackend{}, f, mode, log)
			if err != nil {
				t.Fatal(err)
			}
			if st, err := s.Solve(time.Time{}); err != nil || st != Unsatisfiable {
				continue
			}
			refuted++
			log.Refuted()
			if _, err := CheckClaim(Claim{Name: "random", NumVars: f.NumVars, Formula: f.Clauses, Steps: log.Steps()}, nil); err != nil {
				t.Fatalf("formula %d, probe=%s: %v", i, mode, err)
			}
		}
	}
	if refuted < 100 {
		t.Errorf("only %d refutations: the test lost its teeth", refuted)
	}
}
