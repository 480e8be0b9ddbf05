package split

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gridsat/gridsat/compare"
	"github.com/gridsat/gridsat/compare/harness"
)

// sameRows checks that two reports hold the same cases with the same
// verdicts and answers.
func sameRows(t *testing.T, what string, got, want []compare.Row) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%s: %d rows, want %d", what, len(got), len(want))
	}
	for i := range want {
		g, w := got[i], want[i]
		if g.Where() != w.Where() || g.Agree != w.Agree || len(g.Runs) != len(w.Runs) {
			t.Fatalf("%s: row %d is %s (agree %s), want %s (agree %s)", what, i, g.Where(), g.Agree, w.Where(), w.Agree)
		}
		for j := range w.Runs {
			if g.Runs[j].Verdict != w.Runs[j].Verdict || g.Runs[j].Result.Answer != w.Runs[j].Result.Answer {
				t.Errorf("%s: %s %s: %s %q, want %s %q", what, w.Where(), w.Runs[j].Solver,
					g.Runs[j].Verdict, g.Runs[j].Result.Answer, w.Runs[j].Verdict, w.Runs[j].Result.Answer)
			}
		}
	}
}

// runKeys lists the (case, solver) runs of a results file.
func runKeys(t *testing.T, file string) []string {
	t.Helper()
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var keys []string
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<24)
	for sc.Scan() {
		var rec harness.Record
		if err := json.Unmarshal(sc.Bytes(), &rec); err != nil {
			t.Fatal(err)
		}
		if rec.Kind == "run" {
			keys = append(keys, rec.Run.Key+" "+rec.Run.Spec)
		}
	}
	return keys
}

// Three shards run as separate processes, merged by gridsat report, give
// exactly the verdicts and answers of one unsharded run; every run is in
// exactly one shard.
func TestShardsMergeToOneRun(t *testing.T) {
	dir := t.TempDir()
	base := []string{"compare", "chain", "sample", "minus1", "planted", "--solvers", "dfs,sat,sat:crossing=lazy", "--timeout", "60s"}
	whole, code := jsonRows(t, append(base, "--results", filepath.Join(dir, "whole.jsonl"))...)
	if code != 0 {
		t.Fatalf("unsharded run: exit %d", code)
	}
	var files []string
	seen := map[string]string{}
	for i := 0; i < 3; i++ {
		file := filepath.Join(dir, fmt.Sprintf("shard%d.jsonl", i))
		out, stderr, code := gridsatProc(t, "", nil, append(base, "--shard", fmt.Sprintf("%d/3", i), "--results", file)...)
		if code != 0 || !strings.Contains(out, fmt.Sprintf("shard %d/3 ran", i)) {
			t.Fatalf("shard %d: exit %d\n%s\n%s", i, code, out, stderr)
		}
		keys := runKeys(t, file)
		if len(keys) == 0 {
			t.Errorf("shard %d ran nothing", i)
		}
		for _, k := range keys {
			if other, dup := seen[k]; dup {
				t.Errorf("run %s is in shards %s and %d", k, other, i)
			}
			seen[k] = fmt.Sprint(i)
		}
		files = append(files, file)
	}
	if want := len(whole) * 3; len(seen) != want {
		t.Errorf("the shards ran %d runs, want %d", len(seen), want)
	}
	merged, code := jsonRows(t, append([]string{"report"}, files...)...)
	if code != 0 {
		t.Fatalf("report over the shards: exit %d", code)
	}
	sameRows(t, "3 shards merged", merged, whole)
	again, code := jsonRows(t, "report", filepath.Join(dir, "whole.jsonl"))
	if code != 0 {
		t.Fatalf("report over the unsharded run: exit %d", code)
	}
	sameRows(t, "the unsharded run reported", again, whole)
}

// The same with GNU parallel as the scheduler, as compare/README.md's recipe
// runs it (on one host here).
func TestShardsUnderGNUParallel(t *testing.T) {
	par, err := exec.LookPath("parallel")
	if err != nil {
		t.Skip("GNU parallel is not installed (Debian package parallel): the recipe is not tried here")
	}
	dir := t.TempDir()
	cmd := exec.Command(par, "--will-cite", "--halt", "now,fail=1", gridsatBin, "compare", "slant", "sample", "ladder",
		"--shard", "{}/3", "--results", filepath.Join(dir, "s{}.jsonl"), ":::", "0", "1", "2")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("parallel: %v\n%s", err, out)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "s*.jsonl"))
	if len(files) != 3 {
		t.Fatalf("%d shard files", len(files))
	}
	merged, code := jsonRows(t, append([]string{"report"}, files...)...)
	if code != 0 {
		t.Fatalf("report: exit %d", code)
	}
	whole, code := jsonRows(t, "compare", "slant", "sample", "ladder")
	if code != 0 {
		t.Fatalf("unsharded: exit %d", code)
	}
	sameRows(t, "parallel shards merged", merged, whole)
}

// report refuses files of different comparisons, says what is missing,
// merges copies that agree and lists those that do not.
func TestReportChecksItsFiles(t *testing.T) {
	dir := t.TempDir()
	file := func(name string) string { return filepath.Join(dir, name) }
	run := func(out string, args ...string) {
		t.Helper()
		if _, stderr, code := gridsatProc(t, "", nil, append(append([]string{"compare"}, args...), "--results", file(out))...); code != 0 {
			t.Fatalf("compare %v: exit %d: %s", args, code, stderr)
		}
	}
	run("a.jsonl", "slant", "sample", "--inproc")
	run("b.jsonl", "slant", "ladder", "--inproc")
	run("c.jsonl", "slant", "sample", "--inproc", "--solvers", "dfs")
	run("half.jsonl", "slant", "sample", "--inproc", "--shard", "0/2")

	for _, bad := range [][]string{{"a.jsonl", "b.jsonl"}, {"a.jsonl", "c.jsonl"}} {
		_, stderr, code := gridsatProc(t, "", nil, "report", file(bad[0]), file(bad[1]))
		if code != exitUsage || !strings.Contains(stderr, "does not come from the same comparison") {
			t.Errorf("report %v: exit %d, %s", bad, code, stderr)
		}
	}
	out, stderr, code := gridsatProc(t, "", nil, "report", file("half.jsonl"))
	if code != exitFail || !strings.Contains(out, "missing") || !(strings.Contains(stderr, "1 run missing") || strings.Contains(stderr, "runs missing")) {
		t.Errorf("one shard of two: exit %d\n%s\n%s", code, out, stderr)
	}
	// The same run twice (in a copy: one file given twice is refused):
	// merged. A copy with another answer: listed.
	data, _ := os.ReadFile(file("a.jsonl"))
	os.WriteFile(file("a-copy.jsonl"), data, 0o644)
	_, stderr, code = gridsatProc(t, "", nil, "report", file("a.jsonl"), file("a-copy.jsonl"))
	if code != 0 || !strings.Contains(stderr, "4 duplicate runs agreed, 0 disagreed") {
		t.Errorf("a file and its copy: exit %d, %s", code, stderr)
	}
	var lines []string
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		var rec harness.Record
		json.Unmarshal([]byte(line), &rec)
		if rec.Kind == "run" && rec.Run.Spec == "dfs" && rec.Run.Case == 1 {
			rec.Run.Run.Result.Answer = strings.Replace(rec.Run.Run.Result.Answer, "/", "\\", 1)
			b, _ := json.Marshal(rec)
			line = string(b)
		}
		lines = append(lines, line)
	}
	os.WriteFile(file("forged.jsonl"), []byte(strings.Join(lines, "\n")+"\n"), 0o644)
	out, _, code = gridsatProc(t, "", nil, "report", file("a.jsonl"), file("forged.jsonl"))
	if code != exitFail || !strings.Contains(out, "disagree") {
		t.Errorf("a forged copy: exit %d\n%s", code, out)
	}
	out, _, code = gridsatProc(t, "", nil, "report", file("forged.jsonl"))
	if code != exitFail || !strings.Contains(out, "WRONG") {
		t.Errorf("a forged answer alone: exit %d\n%s", code, out)
	}
	for _, args := range [][]string{{"report", file("nope.jsonl")}, {"report", "--format", "yaml", file("a.jsonl")}} {
		usageError(t, "", "", args...)
	}
}
