package puzzles

import (
	"fmt"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/gridsat/gridsat/compare"
	"github.com/gridsat/gridsat/encode"
	"github.com/gridsat/gridsat/encode/sat"
	"github.com/gridsat/gridsat/instances"
	"github.com/gridsat/gridsat/instances/instancestest"
)

// TestJudgeCertificates: a failed certificate makes the run WRONG; a
// passed one is Certified (claims.go then labels it certified when run,
// unsat✓ or ok✓ in tables); nothing is certified without a certificate.
func TestJudgeCertificates(t *testing.T) {
	p, err := compare.Lookup("chain")
	if err != nil {
		t.Fatal(err)
	}
	cases, err := p.Parse("t", strings.NewReader("3 3\n0 2 0\n1 1 1\n2 2 2\n"))
	if err != nil {
		t.Fatal(err)
	}
	c := cases[0]
	unsat := compare.Result{Answer: instances.ChainNoPath}
	tests := []struct {
		name      string
		res       compare.Result
		verdict   compare.Verdict
		certified bool
	}{
		{"claimed", unsat, compare.VerdictUnsat, false},
		{"certified", compare.Result{Answer: instances.ChainNoPath, Certified: true}, compare.VerdictUnsat, true},
		{"failed", compare.Result{Answer: instances.ChainNoPath, CertError: "lemma 3 is not RUP"}, compare.VerdictWrong, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			row := compare.Row{Runs: []compare.Run{{Solver: "sat", Result: tt.res}}}
			compare.Judge(p, c, &row)
			run := row.Runs[0]
			if run.Verdict != tt.verdict || run.Certified != tt.certified {
				t.Errorf("verdict %s certified %v, want %s %v (%s)", run.Verdict, run.Certified, tt.verdict, tt.certified, run.Detail)
			}
			if tt.verdict == compare.VerdictWrong && (!strings.Contains(run.Detail, "certificate") || !row.Failed()) {
				t.Errorf("a failed certificate: detail %q, row failed %v", run.Detail, row.Failed())
			}
		})
	}
}

// TestSlantProofFormulaIsDimacs: the formula a slant certificate is
// checked against is the CNF gridsat dimacs writes for the same options.
func TestSlantProofFormulaIsDimacs(t *testing.T) {
	p, err := compare.Lookup("slant")
	if err != nil {
		t.Fatal(err)
	}
	cases, err := p.Parse("t", strings.NewReader("3x3:1a1b2c1db\n"))
	if err != nil {
		t.Fatal(err)
	}
	s := cases[0].(*instances.Slant)
	for _, o := range []compare.Options{{}, {"probe": "none", "phase": "slash"}, {"loops": "lazy+short"}} {
		f, err := cnfOf(p, s, o, false)
		if err != nil {
			t.Fatal(err)
		}
		opt, _, err := slantSATOptions(o)
		if err != nil {
			t.Fatal(err)
		}
		opt.Certify, opt.Unique = true, true
		res, err := encode.SolveSlant(s, opt)
		if err != nil || res.Proof == nil {
			t.Fatalf("%v: %v", o, err)
		}
		if !reflect.DeepEqual(res.Proof.Formula.Clauses, f.Clauses) || res.Proof.Formula.NumVars != f.NumVars {
			t.Errorf("%v: the proof's formula (%d vars, %d clauses) is not gridsat dimacs's (%d, %d)", o, res.Proof.Formula.NumVars, len(res.Proof.Formula.Clauses), f.NumVars, len(f.Clauses))
		}
	}
}

// TestSlantRefinedUniqueIsKeptCNF: gridsat dimacs --refined --opt
// unique=true writes the clauses of a uniqueness certificate's formula and
// inputs, the CNF --proofs keeps (as a multiset; the order differs).
func TestSlantRefinedUniqueIsKeptCNF(t *testing.T) {
	p, err := compare.Lookup("slant")
	if err != nil {
		t.Fatal(err)
	}
	s := instancestest.SlantFixture(t, "slant_unique.txt")[0] // 20x20, unique
	o := compare.Options{compare.UniqueOption: "true"}
	f, err := cnfOf(p, s, o, true)
	if err != nil {
		t.Fatal(err)
	}
	opt, _, err := slantSATOptions(o)
	if err != nil {
		t.Fatal(err)
	}
	opt.Certify = true
	res, err := encode.SolveSlant(s, opt)
	if err != nil {
		t.Fatal(err)
	}
	cl, ok := encode.SlantClaim(res)
	if !ok {
		t.Fatal("the 20x20 fixture not proved unique")
	}
	kept := append([][]int(nil), cl.Formula...)
	for _, st := range cl.Steps {
		if st.Kind == sat.ProofInput {
			kept = append(kept, st.Lits)
		}
	}
	key := func(cs [][]int) []string {
		var out []string
		for _, c := range cs {
			out = append(out, fmt.Sprint(c))
		}
		sort.Strings(out)
		return out
	}
	if !reflect.DeepEqual(key(f.Clauses), key(kept)) {
		t.Errorf("dimacs --refined (%d clauses) and the kept CNF (%d) differ", len(f.Clauses), len(kept))
	}
}
