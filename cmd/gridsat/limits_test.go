package main

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gridsat/gridsat/compare"
)

// --timeout 1ns: every run ends past the limit, so every run is a timeout
// (0.13.0 said "ok 35µs"), in compare, in report, and in a --resume that
// reuses them all under the same limit.
func TestRunsPastTheLimitAreTimeouts(t *testing.T) {
	out := filepath.Join(t.TempDir(), "r.jsonl")
	args := []string{"compare", "chain", "sample", "--solvers", "dfs", "--timeout", "1ns", "--results", out}
	check := func(what string, rows []compare.Row) {
		t.Helper()
		if len(rows) == 0 {
			t.Fatalf("%s: no rows", what)
		}
		for _, row := range rows {
			if v := row.Runs[0].Verdict; v != compare.VerdictTimeout {
				t.Errorf("%s: %s: %s %s under a 1ns limit", what, row.Where(), v, row.Runs[0].Detail)
			}
		}
	}
	rows, code := jsonRows(t, args...)
	check("compare", rows)
	if code != 0 {
		t.Errorf("compare: exit %d", code)
	}
	rows, _ = jsonRows(t, "report", out)
	check("report", rows)
	stdout, _, _ := gridsatProc(t, "", nil, append(args, "--resume")...)
	if want := fmt.Sprintf("runs: %d reused from the results file, 0 run now", len(rows)); !strings.Contains(stdout, want) {
		t.Errorf("--resume under the same limit: want %q in\n%s", want, stdout)
	}
}
