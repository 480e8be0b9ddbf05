package compare

import (
	"encoding/json"
	"strings"
	"testing"
)

// Results files spell verdicts as 0.13.0 did: a results file of 0.13.0
// reads back with the same verdicts, and one written now reads in 0.13.0.
func TestVerdictsKeepTheirSpelling(t *testing.T) {
	tests := []struct {
		v      Verdict
		text   string
		solved bool
	}{
		{VerdictOK, "ok", true},
		{VerdictUnsat, "unsat", true},
		{VerdictTimeout, "timeout", false},
		{VerdictMemout, "memout", false},
		{VerdictError, "error", false},
		{VerdictWrong, "WRONG", false},
		{VerdictHarness, "harness", false},
		{VerdictMissing, "missing", false},
	}
	for _, tt := range tests {
		b, err := json.Marshal(Run{Solver: "dfs", Verdict: tt.v})
		if err != nil {
			t.Fatal(err)
		}
		if want := `"verdict":"` + tt.text + `"`; !strings.Contains(string(b), want) {
			t.Errorf("%s is written %s, want %s", tt.v, b, want)
		}
		var back Run
		if err := json.Unmarshal([]byte(`{"solver":"dfs","verdict":"`+tt.text+`","detail":"d"}`), &back); err != nil || back.Verdict != tt.v {
			t.Errorf("%q reads back as %q (%v), want %q", tt.text, back.Verdict, err, tt.v)
		}
		if back.Verdict.Solved() != tt.solved {
			t.Errorf("%s.Solved() = %v", tt.v, !tt.solved)
		}
	}
}
