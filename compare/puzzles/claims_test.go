package compare

import (
	"testing"
)

// Each claim no verifier can check is labelled by what backs it: a proof
// (certified when run, or certified when the certificates' code checked
// one now), an independent solver agreeing (cross-checked), or nothing
// (claimed); a verified answer claims nothing.
func TestClaimLabels(t *testing.T) {
	slant, err := Lookup("slant")
	if err != nil {
		t.Fatal(err)
	}
	queens, err := Lookup("queens")
	if err != nil {
		t.Fatal(err)
	}
	unsat := Run{Verdict: VerdictUnsat}
	ok := Run{Verdict: VerdictOK, Result: Result{Solved: true}}
	unique := Run{Verdict: VerdictOK, Result: Result{Solved: true, UniqueChecked: true}}
	cert := unsat
	cert.Certified = true
	recert := unsat
	recert.Claim = ClaimCertified
	spec := func(p *Puzzle, text string) Spec {
		s, err := p.ParseSpec(text, nil)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	for _, tt := range []struct {
		name  string
		p     *Puzzle
		specs []string
		runs  []Run
		agree string
		want  []string
	}{
		{"one solver", slant, []string{"dfs"}, []Run{unsat}, "-", []string{ClaimClaimed}},
		{"dfs and sat agree", slant, []string{"dfs", "sat"}, []Run{unsat, unsat}, "yes", []string{ClaimCrossChecked, ClaimCrossChecked}},
		{"two sat specs agree", slant, []string{"sat", "sat:probe=none"}, []Run{unsat, unsat}, "yes", []string{ClaimClaimed, ClaimClaimed}},
		{"sat with the dfs's deductions", slant, []string{"dfs", "sat:pre=equiv"}, []Run{unsat, unsat}, "yes", []string{ClaimClaimed, ClaimClaimed}},
		{"a disagreement", slant, []string{"dfs", "sat", "sat:probe=none"}, []Run{unsat, unsat, ok}, "NO", []string{ClaimClaimed, ClaimClaimed, ""}},
		{"a verified solution", slant, []string{"dfs", "sat"}, []Run{ok, ok}, "yes", []string{"", ""}},
		{"unique against plain", slant, []string{"dfs", "sat"}, []Run{unique, ok}, "yes", []string{ClaimClaimed, ""}},
		{"unique both", slant, []string{"dfs", "sat"}, []Run{unique, unique}, "yes", []string{ClaimCrossChecked, ClaimCrossChecked}},
		{"certified when run", slant, []string{"dfs", "sat"}, []Run{cert, unsat}, "yes", []string{ClaimCertifiedWhenRun, ClaimCrossChecked}},
		{"certified now", slant, []string{"sat"}, []Run{recert}, "-", []string{ClaimCertified}},
		{"a timeout", slant, []string{"dfs", "sat"}, []Run{{Verdict: VerdictTimeout}, unsat}, "-", []string{"", ClaimClaimed}},
		{"queens optimum, one solver", queens, []string{"sat"}, []Run{ok}, "-", []string{ClaimClaimed}},
		{"queens optimum, dfs and sat", queens, []string{"dfs", "sat:card=seq"}, []Run{ok, ok}, "yes", []string{ClaimCrossChecked, ClaimCrossChecked}},
		// No targets: zero queens, and nothing fewer to claim absent.
		{"queens zero queens", queens, []string{"sat"}, []Run{{Verdict: VerdictOK, Result: Result{Solved: true, Answer: "Case 9: 0"}}}, "-", []string{""}},
		{"queens one queen", queens, []string{"sat"}, []Run{{Verdict: VerdictOK, Result: Result{Solved: true, Answer: "Case 9: 1"}}}, "-", []string{ClaimClaimed}},
	} {
		var specs []Spec
		for _, s := range tt.specs {
			specs = append(specs, spec(tt.p, s))
		}
		row := Row{Runs: append([]Run(nil), tt.runs...), Agree: tt.agree}
		LabelClaims(tt.p, SpecUses(tt.p, specs), &row)
		for i, run := range row.Runs {
			if run.Claim != tt.want[i] {
				t.Errorf("%s: %s labelled %q, want %q", tt.name, tt.specs[i], run.Claim, tt.want[i])
			}
		}
	}
}
