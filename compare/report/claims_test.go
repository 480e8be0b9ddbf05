package report

import (
	"encoding/csv"
	"strings"
	"testing"

	"github.com/gridsat/gridsat/compare"
)

// The table marks each label but cross-checked, and the summary counts
// them and says what the marks mean.
func TestClaimsInTheReport(t *testing.T) {
	p, err := compare.Lookup("slant")
	if err != nil {
		t.Fatal(err)
	}
	rows := []compare.Row{
		{CaseInfo: compare.CaseInfo{Case: 1}, Agree: "yes", Runs: []compare.Run{{Verdict: compare.VerdictUnsat, Claim: compare.ClaimCrossChecked}, {Verdict: compare.VerdictUnsat, Claim: compare.ClaimCrossChecked}}},
		{CaseInfo: compare.CaseInfo{Case: 2}, Agree: "-", Runs: []compare.Run{{Verdict: compare.VerdictUnsat, Claim: compare.ClaimClaimed}, {Verdict: compare.VerdictTimeout}}},
		{CaseInfo: compare.CaseInfo{Case: 3}, Agree: "-", Runs: []compare.Run{{Verdict: compare.VerdictUnsat, Claim: compare.ClaimCertifiedWhenRun}, {Verdict: compare.VerdictError}}},
	}
	var b strings.Builder
	if err := WriteReport(&b, compare.Report{Puzzle: p, Specs: []string{"dfs", "sat"}, Rows: rows}, Options{Width: 1000}); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	for _, want := range []string{"unsat? ", "unsat✓ ", "dfs 1 certified when run, 1 cross-checked, 1 claimed; sat 1 cross-checked", `marks: "?" claimed`, `"✓" certified when run`, `"✓✓" certified (a kept proof of every fact`} {
		if !strings.Contains(out, want) {
			t.Errorf("the report does not say %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "unsat ok") || strings.Count(out, "unsat ") < 2 {
		t.Errorf("cross-checked runs are not plain unsat:\n%s", out)
	}
	rows = rows[:1]
	rows[0].Runs = []compare.Run{{Verdict: compare.VerdictOK}, {Verdict: compare.VerdictOK}}
	b.Reset()
	WriteReport(&b, compare.Report{Puzzle: p, Specs: []string{"dfs", "sat"}, Rows: rows}, Options{})
	if strings.Contains(b.String(), "claims") || strings.Contains(b.String(), "marks") {
		t.Errorf("a report of verified answers speaks of claims:\n%s", b.String())
	}
}

// CSV carries each run's label in a column of its own.
func TestClaimsInCSV(t *testing.T) {
	rows := []compare.Row{{CaseInfo: compare.CaseInfo{Case: 1}, Runs: []compare.Run{{Verdict: compare.VerdictUnsat, Claim: compare.ClaimClaimed}, {Verdict: compare.VerdictOK}}}}
	var b strings.Builder
	if err := WriteReport(&b, compare.Report{Specs: []string{"dfs", "sat"}, Rows: rows}, Options{Format: "csv"}); err != nil {
		t.Fatal(err)
	}
	recs, err := csv.NewReader(strings.NewReader(b.String())).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	col := map[string]int{}
	for i, h := range recs[0] {
		col[h] = i
	}
	if got := recs[1][col["dfs.claim"]]; got != compare.ClaimClaimed {
		t.Errorf("dfs.claim = %q, want %q", got, compare.ClaimClaimed)
	}
	if got := recs[1][col["sat.claim"]]; got != "" {
		t.Errorf("sat.claim = %q, want none", got)
	}
}
