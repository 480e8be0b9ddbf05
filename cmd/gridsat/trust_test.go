package main

import (
	"github.com/gridsat/gridsat/cmd/gridsat/internal/clitest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/gridsat/gridsat/compare"
	"github.com/gridsat/gridsat/compare/harness"
)

// editRecords is clitest's.
var editRecords = clitest.EditRecords

// recorded runs compare with --out into a new file and returns its path.
func recorded(t *testing.T, args ...string) string {
	t.Helper()
	out := filepath.Join(t.TempDir(), "r.jsonl")
	if _, stderr, code := gridsatProc(t, "", nil, append(append([]string{"compare"}, args...), "--results", out)...); code != 0 {
		t.Fatalf("compare %v: exit %d\n%s", args, code, stderr)
	}
	return out
}

// Slant runs edited to "no solution" on a solvable board: the claim is
// labelled by what backs it (claimed, for two sat specs, which share the
// encoding; cross-checked, for dfs and sat, which do not), never a plain
// ok; --recheck runs the claims again and finds the lie (exit 1).
func TestEditedNoSolutionIsLabelledAndRechecked(t *testing.T) {
	for _, tt := range []struct {
		solvers, label, mark, recheck string
	}{
		{"sat,sat:probe=none", "claimed", "unsat? ", "--recheck"},
		{"dfs,sat", "cross-checked", "unsat ", "--recheck=all"},
	} {
		out := recorded(t, "slant", "sample", "--solvers", tt.solvers)
		editRecords(t, out, func(_ int, rec *harness.Record) {
			if rec.Kind == "run" {
				rec.Run.Run.Result = compare.Result{Time: rec.Run.Run.Result.Time}
			}
		})
		stdout, stderr, code := gridsatProc(t, "", nil, "report", out)
		if code != 0 || !strings.Contains(stdout, tt.mark) {
			t.Errorf("%s: report: exit %d, want 0 and %q in\n%s%s", tt.solvers, code, tt.mark, stdout, stderr)
		}
		for _, spec := range strings.Split(tt.solvers, ",") {
			if want := spec + " 2 " + tt.label; !strings.Contains(stdout, want) {
				t.Errorf("%s: the summary does not count %q:\n%s", tt.solvers, want, stdout)
			}
		}
		stdout, stderr, code = gridsatProc(t, "", nil, "report", tt.recheck, out)
		if code != 1 || !strings.Contains(stdout, "the results file says unsat, a run now says ok") || !strings.Contains(stderr, "4 contradict") {
			t.Errorf("%s: report %s: exit %d, want 1 and the contradiction in\n%s%s", tt.solvers, tt.recheck, code, stdout, stderr)
		}
	}
}

// Queens answers edited to a valid cover of one queen more (not the
// fewest): the verifier accepts them, and --resume may reuse them, but
// every report labels them claimed, and --recheck finds the lie.
func TestEditedQueensOptimumIsClaimed(t *testing.T) {
	args := []string{"queens", "seed", "--solvers", "sat,sat:card=seq"}
	out := recorded(t, args...)
	if edited := addQueen(t, out, 1, "X"); edited != 2 {
		t.Fatalf("edited %d runs", edited)
	}
	// Case 9 has no targets: zero queens claim no optimum.
	stdout, stderr, code := gridsatProc(t, "", nil, "report", out)
	// Seven optima the board's own bounds settle (Weakley's theorem the
	// full 9x9's) are labelled by them.
	if code != 0 || !strings.Contains(stdout, "ok? ") || !strings.Contains(stdout, "sat 7 by a bound, 2 claimed") {
		t.Errorf("report: exit %d, want 0, ok? and 7 by a bound, 2 claimed in\n%s%s", code, stdout, stderr)
	}
	stdout, stderr, code = gridsatProc(t, "", nil, append(append([]string{"compare"}, args...), "--results", out, "--resume")...)
	if code != 0 || !strings.Contains(stdout, "20 reused from the results file, 0 run now") || !strings.Contains(stdout, "ok? ") {
		t.Errorf("--resume: exit %d, want the edited runs reused, labelled claimed\n%s%s", code, stdout, stderr)
	}
	stdout, stderr, code = gridsatProc(t, "", nil, "report", "--recheck", out)
	if code != 1 || strings.Count(stdout, "a run now says ok") != 2 || !strings.Contains(stderr, "4 runs again: 2 say what their record says, 2 contradict") {
		t.Errorf("report --recheck: exit %d, want 1 and two contradictions\n%s%s", code, stdout, stderr)
	}
}

// A file that fails a check a file can be held to is refused, exit 2,
// naming the line, by report and by --resume alike.
func TestTamperedRecordsAreRefused(t *testing.T) {
	args := []string{"slant", "sample", "--solvers", "dfs,sat"}
	clean := recorded(t, args...)
	orig, err := os.ReadFile(clean)
	if err != nil {
		t.Fatal(err)
	}
	firstRun := func(edit func(*harness.RunRecord)) func(int, *harness.Record) {
		done := false
		return func(_ int, rec *harness.Record) {
			if rec.Kind == "run" && !done {
				edit(rec.Run)
				done = true
			}
		}
	}
	for _, tt := range []struct {
		name, want string
		edit       func(int, *harness.Record)
	}{
		{"case text changed under its key", "does not hash to its key", func(_ int, rec *harness.Record) {
			if rec.Kind == "case" && rec.Case.Case == 1 {
				rec.Case.Text = strings.Replace(rec.Case.Text, "4", "3", 1)
			}
		}},
		{"run of another version", `a run of gridsat "0.13.0"`, firstRun(func(r *harness.RunRecord) { r.Version = "0.13.0" })},
		{"run with other options", "its header's are", firstRun(func(r *harness.RunRecord) {
			r.Options = maps(r.Options, "unique", "true")
		})},
		{"run under other limits", "its header's are", firstRun(func(r *harness.RunRecord) { r.Limits.Timeout *= 2 })},
		{"run of a solver not in the header", "not one of its header's solvers", firstRun(func(r *harness.RunRecord) { r.Spec = "sat:probe=none" })},
		{"timeout under its limit", "a timeout of", firstRun(func(r *harness.RunRecord) { r.Run.Verdict, r.Run.Wall = "timeout", 29000 })},
		// Red-team pass: these three were read, and judged (exit 0 or 1).
		{"a run emptied", "not of its spec", firstRun(func(r *harness.RunRecord) { r.Run = compare.Run{} })},
		{"a header of negative cases", "a header of -10 cases", func(_ int, rec *harness.Record) {
			if rec.Kind == "header" {
				rec.Header.Cases = -10
			}
		}},
		{"a header's solver unknown", `a header's solver "bogus"`, func(_ int, rec *harness.Record) {
			if rec.Kind == "header" {
				rec.Header.Specs = append(rec.Header.Specs, harness.SpecRecord{Text: "bogus"})
			}
		}},
		{"memout without a memory limit", "without a memory limit", func(_ int, rec *harness.Record) {
			switch rec.Kind {
			case "header":
				rec.Header.Limits.Mem = 0
			case "run":
				rec.Run.Limits.Mem = 0
				rec.Run.Run.Verdict = "memout"
			}
		}},
	} {
		out := filepath.Join(t.TempDir(), "r.jsonl")
		if err := os.WriteFile(out, orig, 0o644); err != nil {
			t.Fatal(err)
		}
		editRecords(t, out, tt.edit)
		stdout, stderr, code := gridsatProc(t, "", nil, "report", out)
		if code != 2 || !strings.Contains(stderr, out+": line ") || !strings.Contains(stderr, tt.want) || stdout != "" {
			t.Errorf("%s: report: exit %d, want 2 naming the line and %q:\n%s%s", tt.name, code, tt.want, stdout, stderr)
		}
		_, stderr, code = gridsatProc(t, "", nil, append(append([]string{"compare"}, args...), "--results", out, "--resume")...)
		if code != 2 || !strings.Contains(stderr, tt.want) {
			t.Errorf("%s: --resume: exit %d, want 2 and %q:\n%s", tt.name, code, tt.want, stderr)
		}
	}
}

// maps is m with k set to v, in a new map.
func maps(m compare.Options, k, v string) compare.Options {
	out := compare.Options{}
	for a, b := range m {
		out[a] = b
	}
	out[k] = v
	return out
}

// --recheck takes claimed (the default) or all; --jobs at least 1.
func TestRecheckFlags(t *testing.T) {
	usageError(t, "", `--recheck="some": want claimed (the default) or all`, "report", "--recheck=some", "r.jsonl")
	usageError(t, "", "--jobs 0: want at least 1", "report", "--recheck", "-j", "0", "r.jsonl")
}

// A header's solvers are checked by name: options naming a backend this
// machine lacks (exec:NAME not on the PATH: runs made on a cluster,
// reported on a laptop) are read back, their runs judged; report does not
// refuse the file (red-team pass: exit 2, "SAT solver not found").
func TestHeaderWithAbsentBackendReads(t *testing.T) {
	out := recorded(t, "queens", "seed", "--solvers", "dfs,sat")
	editRecords(t, out, func(_ int, rec *harness.Record) {
		switch {
		case rec.Kind == "header":
			for i := range rec.Header.Specs {
				if rec.Header.Specs[i].Text == "sat" {
					rec.Header.Specs[i].Text = "sat:backend=exec:gridsat-no-such-solver"
				}
			}
		case rec.Kind == "run" && rec.Run.Spec == "sat":
			rec.Run.Spec, rec.Run.Run.Solver = "sat:backend=exec:gridsat-no-such-solver", "sat:backend=exec:gridsat-no-such-solver"
		}
	})
	stdout, stderr, code := gridsatProc(t, "", nil, "report", out)
	if code == exitUsage || strings.Contains(stderr, "not found") || !strings.Contains(stdout, "gridsat-no-such-solver") {
		t.Errorf("report of runs whose backend is absent here: exit %d\n%s%s", code, stdout, stderr)
	}
}

// addQueen edits every run of case caseNo in the results file out to a
// cover of one queen more, the queen on the witness's first free square
// marked free ("X", a target, or ".", not one): a cover the verifier
// accepts, not the fewest. It returns the runs edited.
func addQueen(t *testing.T, out string, caseNo int, free string) (edited int) {
	t.Helper()
	editRecords(t, out, func(_ int, rec *harness.Record) {
		if rec.Kind != "run" || rec.Run.Case != caseNo {
			return
		}
		r := &rec.Run.Run.Result
		no, n, ok := strings.Cut(r.Answer, ": ")
		v, err := strconv.Atoi(n)
		if !ok || err != nil || !strings.Contains(r.Witness, free) {
			t.Fatalf("cannot edit %q / %q", r.Answer, r.Witness)
		}
		r.Answer, r.Witness = no+": "+strconv.Itoa(v+1), strings.Replace(r.Witness, free, "Q", 1)
		edited++
	})
	return edited
}
