package compare

import (
	"strings"
	"testing"

	"github.com/gridsat/gridsat/instances"
)

// TestJudgeCertificates: a failed certificate makes the run WRONG; a
// passed one is Certified (claims.go then labels it certified when run,
// unsat✓ or ok✓ in tables); nothing is certified without a certificate.
func TestJudgeCertificates(t *testing.T) {
	p, err := Lookup("chain")
	if err != nil {
		t.Fatal(err)
	}
	cases, err := p.Parse("t", strings.NewReader("3 3\n0 2 0\n1 1 1\n2 2 2\n"))
	if err != nil {
		t.Fatal(err)
	}
	c := cases[0]
	unsat := Result{Answer: instances.ChainNoPath}
	tests := []struct {
		name      string
		res       Result
		verdict   string
		certified bool
	}{
		{"claimed", unsat, VerdictUnsat, false},
		{"certified", Result{Answer: instances.ChainNoPath, Certified: true}, VerdictUnsat, true},
		{"failed", Result{Answer: instances.ChainNoPath, CertError: "lemma 3 is not RUP"}, VerdictWrong, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			row := Row{Runs: []Run{{Solver: "sat", Result: tt.res}}}
			Judge(p, c, &row)
			run := row.Runs[0]
			if run.Verdict != tt.verdict || run.Certified != tt.certified {
				t.Errorf("verdict %s certified %v, want %s %v (%s)", run.Verdict, run.Certified, tt.verdict, tt.certified, run.Detail)
			}
			if tt.verdict == VerdictWrong && (!strings.Contains(run.Detail, "certificate") || !row.Failed()) {
				t.Errorf("a failed certificate: detail %q, row failed %v", run.Detail, row.Failed())
			}
		})
	}
}
