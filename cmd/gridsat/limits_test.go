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

// Issue 32, item 4: solve takes --timeout and --mem, running each case in
// a worker under them; a case past the limit is said on stderr with its
// reason (exit 1, the other cases still answered), and --stats names the
// clock --time picks.
func TestSolveLimitsAndClock(t *testing.T) {
	in := slantInput(t, t.TempDir())
	stdout, stderr, code := gridsatProc(t, "", nil, "solve", "slant", in, "--timeout", "1ns")
	if code != exitFail || strings.Count(stderr, ": timeout: ") != 2 || !strings.Contains(stderr, "limit") || stdout != "" {
		t.Errorf("solve --timeout 1ns: exit %d, stdout %q, stderr %q; want exit 1 and each case's timeout with its reason", code, stdout, stderr)
	}
	for _, tc := range []struct{ args, want []string }{
		{[]string{"--stats"}, []string{" cpu (wall "}},
		{[]string{"--stats", "--time", "wall"}, []string{" wall "}},
		{[]string{"--stats", "--timeout", "1h", "--mem", "1GiB"}, []string{" cpu (wall "}},
	} {
		stdout, stderr, code := gridsatProc(t, "", nil, append([]string{"solve", "slant", in}, tc.args...)...)
		if code != 0 || strings.Count(stdout, "\n") < 2 {
			t.Errorf("solve %v: exit %d, stdout %q, stderr %s", tc.args, code, stdout, stderr)
		}
		for _, w := range tc.want {
			if strings.Count(stderr, w) != 2 {
				t.Errorf("solve %v: stats lines %q do not each name the clock (%q)", tc.args, stderr, w)
			}
		}
	}
	usageError(t, "", `--time "gpu": want cpu or wall`, "solve", "slant", in, "--time", "gpu")
}
