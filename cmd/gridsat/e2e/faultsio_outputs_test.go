package e2e

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gridsat/gridsat/compare"
	"github.com/gridsat/gridsat/compare/harness"
)

// gridsatFile runs the command line as a real process with stdin the
// file at path (nil: empty) and stdout the file at out ("": a buffer).
func gridsatFile(t *testing.T, stdin, out string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	cmd := exec.Command(gridsatBin, args...)
	if stdin != "" {
		f, err := os.Open(stdin)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		cmd.Stdin = f
	}
	var outb, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &outb, &errb
	if out != "" {
		f, err := os.OpenFile(out, os.O_WRONLY|os.O_APPEND, 0)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		cmd.Stdout = f
	}
	err := cmd.Run()
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatalf("gridsat %v: %v", args, err)
	}
	if strings.Contains(errb.String(), "goroutine ") {
		t.Errorf("gridsat %v panicked:\n%s", args, errb.String())
	}
	return outb.String(), errb.String(), code
}

// outputWorld is a folder of user files every command is tried on.
type outputWorld struct {
	t                    *testing.T
	dir                  string
	queens, chain, runs  string // a queens input, a one-case chain input, a results file
	link, dangling, held string // a link to queens, a link to nothing, a results file held locked
	texts                map[string]string
}

func newOutputWorld(t *testing.T) *outputWorld {
	w := &outputWorld{t: t, dir: t.TempDir(), texts: map[string]string{}}
	at := func(name string) string { return filepath.Join(w.dir, name) }
	w.queens, w.chain, w.runs, w.held = at("q.txt"), at("c.txt"), at("runs.jsonl"), at("held.jsonl")
	w.link, w.dangling = at("link.txt"), at("dangling.svg")
	for _, args := range [][]string{
		{"gen", "queens", "--size", "5", "--count", "2", "-o", w.queens},
		{"gen", "chain", "--size", "4", "-o", w.chain},
		{"compare", "queens", w.queens, "--solvers", "dfs", "--inproc", "--results", w.runs},
	} {
		if _, stderr, code := gridsat(t, "", args...); code != 0 {
			t.Fatalf("%v: %s", args, stderr)
		}
	}
	os.Symlink("q.txt", w.link)
	os.Symlink("new.svg", w.dangling)
	os.Symlink("new.jsonl", at("dangling.jsonl")) // a results file's name (--results refuses a report's)
	held, err := harness.OpenResults(w.held, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { held.Close() })
	for _, f := range []string{w.queens, w.chain, w.runs, w.held} {
		b, _ := os.ReadFile(f)
		w.texts[f] = string(b)
	}
	return w
}

// unchanged checks that every user file holds what it held, that no
// temporary file is left and that nothing was made through the link.
func (w *outputWorld) unchanged(what string) {
	w.t.Helper()
	for f, text := range w.texts {
		fileIs(w.t, what, f, text)
	}
	for _, made := range []string{"new.svg", "new.txt", "zzz.svg"} {
		if _, err := os.Stat(filepath.Join(w.dir, made)); err == nil {
			w.t.Errorf("%s: wrote %s", what, made)
			os.Remove(filepath.Join(w.dir, made))
		}
	}
}

// Issue 30, items 1, 2, 3, 5 and 7: in every command that writes, an
// output that is an input (by path, link or standard input whatever its
// name), a results file, a locked file, a path through a dangling link,
// or another output (the --proofs folder included) is refused before
// anything runs: exit 2, one line naming both, every file as it was.
func TestOutputHazardsEveryCommand(t *testing.T) {
	w := newOutputWorld(t)
	q, c, proofs := w.queens, w.chain, filepath.Join(w.dir, "P")
	os.Mkdir(proofs, 0o755)
	qdir := filepath.Join(w.dir, "qd")
	os.Mkdir(qdir, 0o755)
	os.WriteFile(filepath.Join(qdir, "q2.txt"), []byte(w.texts[q]), 0o644)
	w.texts[filepath.Join(qdir, "q2.txt")] = w.texts[q]
	kept := filepath.Join(proofs, "claim.json")
	os.WriteFile(kept, []byte("{}\n"), 0o644)
	w.texts[kept] = "{}\n"
	cases := []struct {
		name, stdin string
		args        []string
		want        string
	}{
		{"compare -o input", "", []string{"compare", "queens", q, "--inproc", "-o", q}, "also given as input"},
		{"compare -o link", "", []string{"compare", "queens", q, "--inproc", "-o", w.link}, "input " + q},
		{"compare - -o stdin", q, []string{"compare", "queens", "-", "--inproc", "-o", q}, "standard input"},
		{"compare DIR -o a file of DIR", "", []string{"compare", "queens", qdir, "--inproc", "-o", qdir + "/./q2.txt"}, "the same file as input " + filepath.Join(qdir, "q2.txt")},
		{"compare -o results", "", []string{"compare", "queens", q, "--inproc", "-o", w.runs}, "results file"},
		{"compare -o locked", "", []string{"compare", "queens", q, "--inproc", "-o", w.held}, "locked by pid"},
		{"compare --out dangling", "", []string{"compare", "queens", q, "--inproc", "--results", filepath.Join(w.dir, "dangling.jsonl"), "-o", filepath.Join(w.dir, "new.txt")}, "does not exist"},
		{"compare --plot dangling", "", []string{"compare", "queens", q, "--inproc", "--plot", w.dangling, "-o", filepath.Join(w.dir, "zzz.svg")}, "does not exist"},
		{"compare -o --proofs", "", []string{"compare", "queens", q, "--inproc", "--solvers", "sat", "--certify", "--proofs", filepath.Join(w.dir, "zz"), "-o", filepath.Join(w.dir, "zz")}, "--proofs"},
		{"compare --out --proofs", "", []string{"compare", "queens", q, "--inproc", "--solvers", "sat", "--certify", "--proofs", filepath.Join(w.dir, "yy"), "--results", filepath.Join(w.dir, "yy")}, "--proofs"},
		{"compare -o in --proofs", "", []string{"compare", "queens", q, "--inproc", "--solvers", "sat", "--certify", "--proofs", proofs, "-o", filepath.Join(proofs, "r.txt")}, "inside the folder of --proofs"},
		{"solve --svg in --proofs", "", []string{"solve", "chain", c, "--solver", "sat", "--certify", "--proofs", proofs, "--svg", filepath.Join(proofs, "c.svg")}, "inside the folder of --proofs"},
		{"report -o input", "", []string{"report", w.runs, "-o", w.runs}, "input"},
		{"report -o results", "", []string{"report", w.runs, "-o", w.held}, "locked by pid"},
		{"report -o kept proof", "", []string{"report", w.runs, "--proofs", proofs, "-o", kept}, "inside the folder of --proofs"},
		{"report -o dangling", "", []string{"report", w.runs, "-o", w.dangling}, "does not exist"},
		{"solve --svg stdin", c, []string{"solve", "chain", "--svg", c}, "standard input"},
		{"solve --svg input", "", []string{"solve", "chain", c, "--svg", c}, "also given as input"},
		{"solve --svg results", "", []string{"solve", "chain", c, "--svg", w.runs}, "results file"},
		{"solve --svg dangling", "", []string{"solve", "chain", c, "--svg", w.dangling}, "does not exist"},
		{"gen -o results", "", []string{"gen", "queens", "--size", "5", "-o", w.runs}, "results file"},
		{"gen -o locked", "", []string{"gen", "queens", "--size", "5", "-o", w.held}, "locked"},
		{"gen -o dangling", "", []string{"gen", "queens", "--size", "5", "-o", w.dangling}, "does not exist"},
		{"split -o input", "", []string{"split", "queens", q, "--jobs", "2", "-o", w.link}, "input " + q},
		{"split - -o stdin", q, []string{"split", "queens", "-", "--jobs", "2", "-o", q}, "standard input"},
		{"split -o results", "", []string{"split", "queens", q, "--jobs", "2", "-o", w.runs}, "results file"},
		{"split -o dangling", "", []string{"split", "queens", q, "--jobs", "2", "-o", w.dangling}, "does not exist"},
		{"dimacs -o stdin", q, []string{"dimacs", "queens", "--case", "1", "-o", q}, "standard input"},
		{"dimacs -o link", "", []string{"dimacs", "queens", "--case", "1", q, "-o", w.link}, "input " + q},
		{"dimacs -o results", "", []string{"dimacs", "queens", "--case", "1", q, "-o", w.runs}, "results file"},
		{"dimacs -o locked", "", []string{"dimacs", "queens", "--case", "1", q, "-o", w.held}, "locked"},
		{"dimacs -o dangling", "", []string{"dimacs", "queens", "--case", "1", q, "-o", w.dangling}, "does not exist"},
	}
	for _, tc := range cases {
		stdout, stderr, code := gridsatFile(t, tc.stdin, "", tc.args...)
		if code != exitUsage || !strings.Contains(stderr, tc.want) || strings.Count(strings.TrimSpace(stderr), "\n") > 0 || stdout != "" {
			t.Errorf("%s: exit %d, stdout %q, stderr %q; want exit 2, one line with %q", tc.name, code, clipText(stdout), stderr, tc.want)
		}
		w.unchanged(tc.name)
		for _, d := range []string{"zz", "yy"} {
			if _, err := os.Stat(filepath.Join(w.dir, d)); err == nil {
				t.Errorf("%s: %s was made", tc.name, d)
			}
		}
	}
}

// Issue 30, item 1: standard output redirected onto an input or a results
// file (>> FILE) is refused too, and dimacs -o DIR never removes the case
// file it reads on standard input as an earlier run's.
func TestStdoutAndStdinFiles(t *testing.T) {
	w := newOutputWorld(t)
	for _, args := range [][]string{
		{"solve", "queens", w.queens},
		{"dimacs", "queens", "--case", "1", w.queens},
		{"split", "queens", w.queens, "--jobs", "2"},
		{"report", w.runs},
		{"compare", "queens", w.queens, "--inproc"},
	} {
		out := w.queens
		if args[0] == "report" {
			out = w.runs
		}
		_, stderr, code := gridsatFile(t, "", out, args...)
		if code != exitUsage || !strings.Contains(stderr, "standard output is the same file as input") {
			t.Errorf("%v >> input: exit %d, %q; want exit 2 naming standard output", args, code, stderr)
		}
		w.unchanged(strings.Join(args, " ") + " >> input")
	}
	// -o /dev/stdout on a pipe (a link to no path) is written in place,
	// neither refused as a dangling link nor a temporary file in /proc.
	if _, err := os.Stat("/dev/stdout"); err == nil {
		for _, args := range [][]string{{"report", w.runs, "-o", "/dev/stdout"}, {"gen", "queens", "--size", "4", "-o", "/dev/stdout"}} {
			if stdout, stderr, code := gridsatProc(t, "", nil, args...); code != 0 || stdout == "" {
				t.Errorf("%v on a pipe: exit %d, %q, stdout %q", args, code, stderr, clipText(stdout))
			}
		}
	}
	if _, stderr, code := gridsatFile(t, "", w.runs, "gen", "queens", "--size", "4"); code != exitUsage || !strings.Contains(stderr, "results file") {
		t.Errorf("gen >> results: exit %d, %q", code, stderr)
	}
	w.unchanged("gen >> results")

	d := filepath.Join(w.dir, "D")
	if _, stderr, code := gridsat(t, "", "gen", "queens", "--size", "4", "--count", "7", "-o", filepath.Join(w.dir, "q7.txt")); code != 0 {
		t.Fatal(stderr)
	}
	os.Mkdir(d, 0o755)
	in := filepath.Join(d, "case-007.cnf")
	b, _ := os.ReadFile(filepath.Join(w.dir, "q7.txt"))
	os.WriteFile(in, b, 0o644) // a queens input under a case file's name
	if _, stderr, code := gridsatFile(t, in, "", "dimacs", "queens", "-o", d+"/"); code != exitUsage || !strings.Contains(stderr, "standard input") {
		t.Errorf("dimacs -o D/ < D/case-007.cnf: exit %d, %q; want exit 2 (case 7 is the input)", code, stderr)
	}
	fileIs(t, "dimacs -o D/ < D/case-007.cnf", in, string(b))
	os.WriteFile(in, []byte("4 4\n....\n....\n....\n....\n"), 0o644)
	if _, stderr, code := gridsatFile(t, in, "", "dimacs", "queens", "-o", d+"/"); code != 0 {
		t.Errorf("dimacs -o D/ < D/case-007.cnf (one case): exit %d, %q", code, stderr)
	}
	if _, err := os.Stat(in); err != nil {
		t.Errorf("dimacs removed its own input as a stale case file: %v", err)
	}
}

// Issue 30, item 6: a write to standard output that fails (/dev/full) is
// exit 1 naming standard output, in every command that prints.
func TestFullStdoutEveryCommand(t *testing.T) {
	if _, err := os.Stat("/dev/full"); err != nil {
		t.Skip("no /dev/full")
	}
	w := newOutputWorld(t)
	for _, args := range [][]string{
		{"solve", "queens", w.queens},
		{"puzzles"},
		{"sets"},
		{"sets", "--cat", "queens/seed"},
		{"gen", "queens", "--size", "5"},
		{"split", "queens", w.queens, "--jobs", "2"},
		{"dimacs", "queens", "--case", "1", w.queens},
		{"report", w.runs},
		{"compare", "queens", w.queens, "--inproc", "--solvers", "dfs"},
	} {
		_, stderr, code := gridsatFile(t, "", "/dev/full", args...)
		if code != exitFail || !strings.Contains(stderr, "no space left") {
			t.Errorf("%v > /dev/full: exit %d, %q; want exit 1 saying the write failed", args, code, stderr)
		}
	}
}

// Issue 30, item 8: a harness failure (a worker killed from outside)
// followed by the run made again is a re-run, not a disagreement: report
// and compare --resume both take the later run, exit 0 (report said
// "disagree: harness vs answered", exit 1).
func TestHarnessRowThenAnswer(t *testing.T) {
	w := newOutputWorld(t)
	b, _ := os.ReadFile(w.runs)
	var lines []string
	failed := 0
	for _, line := range strings.SplitAfter(string(b), "\n") {
		var rec harness.Record
		if failed == 0 && json.Unmarshal([]byte(line), &rec) == nil && rec.Kind == "run" {
			rec.Run.Run = compare.Run{Solver: rec.Run.Run.Solver, Verdict: compare.VerdictHarness, Detail: "the worker was killed from outside the run: killed by signal SIGKILL"}
			fake, _ := json.Marshal(rec)
			lines = append(lines, string(fake)+"\n")
			failed++
		}
		lines = append(lines, line)
	}
	if failed == 0 {
		t.Fatal("no run record")
	}
	os.WriteFile(w.runs, []byte(strings.Join(lines, "")), 0o644)
	if _, stderr, code := gridsat(t, "", "report", w.runs); code != 0 || !strings.Contains(stderr, "1 harness failure run again") || !strings.Contains(stderr, "0 disagreed") {
		t.Errorf("report: exit %d, %q; want exit 0, the failure run again", code, stderr)
	}
	_, stderr, code := gridsat(t, "", "compare", "queens", w.queens, "--solvers", "dfs", "--inproc", "--results", w.runs, "--resume")
	if code != 0 {
		t.Errorf("compare --resume: exit %d, %q; want exit 0", code, stderr)
	}
}

// Issue 30, item 9: --out keeps a complete last record whose newline was
// stripped (it was deleted as "unfinished"), and
// a one-line results file (a header alone) is kept whole.
func TestOutKeepsCompleteLastLine(t *testing.T) {
	w := newOutputWorld(t)
	b, _ := os.ReadFile(w.runs)
	stripped := strings.TrimSuffix(string(b), "\n")
	if i := strings.LastIndex(stripped, "\n"); strings.Contains(stripped[i+1:], `"kind":"footer"`) {
		stripped = stripped[:i] // a run record last
	}
	os.WriteFile(w.runs, []byte(stripped), 0o644)
	_, stderr, code := gridsat(t, "", "compare", "queens", w.queens, "--solvers", "dfs", "--inproc", "--results", w.runs, "--format", "csv")
	if code != 0 {
		t.Fatalf("--out: exit %d, %s", code, stderr)
	}
	after, _ := os.ReadFile(w.runs)
	if !strings.HasPrefix(string(after), stripped+"\n") {
		t.Errorf("the last record was not kept:\n%s\nthen\n%s", stripped, after)
	}
	header, _, _ := strings.Cut(stripped, "\n")
	one := filepath.Join(w.dir, "one.jsonl")
	os.WriteFile(one, []byte(header), 0o644)
	if _, stderr, code := gridsat(t, "", "compare", "queens", w.queens, "--solvers", "dfs", "--inproc", "--results", one); code != 0 {
		t.Fatalf("--out a one-line file: exit %d, %s", code, stderr)
	}
	if got, _ := os.ReadFile(one); !strings.HasPrefix(string(got), header+"\n") {
		t.Errorf("the one-line file's header was cut: %q", clipText(string(got)))
	}
}

// Issue 30, item 10: report on /dev/zero is exit 2 naming line 1 (it
// was a fatal out-of-memory under ulimit -v), and gen refuses a size
// whose estimated memory passes --mem before generating, leaving no
// temporary file (gen slant --size 30000 crashed the same way).
func TestMemoryBoundsReportGen(t *testing.T) {
	if _, err := os.Stat("/dev/zero"); err == nil {
		_, stderr, code := gridsatProc(t, "", nil, "report", "/dev/zero")
		if code != exitUsage || !strings.Contains(stderr, "/dev/zero: line 1") {
			t.Errorf("report /dev/zero: exit %d, %q; want exit 2 at line 1", code, stderr)
		}
	}
	dir := t.TempDir()
	out := filepath.Join(dir, "g.txt")
	_, stderr, code := gridsatProc(t, "", nil, "gen", "slant", "--size", "30000", "-o", out)
	if code != exitUsage || !strings.Contains(stderr, "estimated peak memory") || !strings.Contains(stderr, "--mem") {
		t.Errorf("gen slant --size 30000: exit %d, %q; want exit 2 with the estimate", code, stderr)
	}
	if entries, _ := os.ReadDir(dir); len(entries) > 0 {
		t.Errorf("gen refused left %v", entries)
	}
	usageError(t, "", "--mem", "gen", "slant", "--size", "3", "--mem", "lots")
	if _, stderr, code := gridsat(t, "", "gen", "slant", "--size", "4", "--mem", "64MiB", "-o", out); code != 0 {
		t.Errorf("gen slant 4x4 under 64MiB: exit %d, %s", code, stderr)
	}
}

// Issue 30, kill -9 mid-write: a writer killed outright leaves its
// target as it was (a temporary file beside it), and the next write of
// that target removes the dead writer's temporary file.
func TestKilledWriterLeavesTarget(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "boards.txt")
	os.WriteFile(target, []byte("precious\n"), 0o644)
	cmd := exec.Command(gridsatBin, "gen", "slant", "--size", "4", "--count", "100000000000", "--mem", "0", "-o", target)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	temporary := func() []string {
		m, _ := filepath.Glob(filepath.Join(dir, ".boards.txt.tmp-*"))
		return m
	}
	waitFor(t, "gen's temporary file", func() bool { return len(temporary()) > 0 })
	cmd.Process.Kill()
	cmd.Wait()
	if len(temporary()) == 0 {
		t.Fatal("gen made no temporary file")
	}
	if b, _ := os.ReadFile(target); string(b) != "precious\n" {
		t.Errorf("after SIGKILL the target holds %q", clipText(string(b)))
	}
	if _, stderr, code := gridsat(t, "", "gen", "slant", "--size", "3", "-o", target); code != 0 {
		t.Fatalf("gen again: %s", stderr)
	}
	if left := temporary(); len(left) > 0 {
		t.Errorf("the killed writer's temporary file is left: %v", left)
	}
}

// Issue 30, item 6: a full disk under every file output (-o, --plot,
// --svg, dimacs -o DIR, gen, split) is exit 1 naming the output (not
// its temporary file); the old file stays and no temporary file is left.
func TestFullDiskEveryOutput(t *testing.T) {
	w := newOutputWorld(t)
	fs := filepath.Join(t.TempDir(), "fs")
	os.Mkdir(fs, 0o755)
	if err := mountTmpfs(fs, 40<<10); err != nil {
		t.Skipf("no tmpfs to fill: %v", err)
	}
	defer exec.Command("umount", fs).Run()
	keep := filepath.Join(fs, "keep.txt")
	for _, tc := range []struct {
		name, target string
		args         []string
	}{
		{"compare -o", keep, []string{"compare", "queens", w.queens, "--inproc", "--format", "html", "-o", keep}},
		{"compare --plot", filepath.Join(fs, "keep.svg"), []string{"compare", "queens", w.queens, "--inproc", "--plot", filepath.Join(fs, "keep.svg")}},
		{"report -o", keep, []string{"report", w.runs, "--format", "html", "-o", keep}},
		{"report --plot", filepath.Join(fs, "keep.svg"), []string{"report", w.runs, "--plot", filepath.Join(fs, "keep.svg")}},
		{"solve --svg", keep, []string{"solve", "chain", w.chain, "--svg", keep}},
		{"gen -o", keep, []string{"gen", "slant", "--size", "30", "--count", "20", "-o", keep}},
		{"split -o", keep, []string{"split", "queens", w.queens, "--jobs", "64", "-o", keep}},
		{"dimacs -o", keep, []string{"dimacs", "queens", "--case", "1", w.queens, "-o", keep}},
		{"dimacs -o DIR", filepath.Join(fs, "case-001.cnf"), []string{"dimacs", "queens", "--case", "1", w.queens, "-o", fs + "/"}},
	} {
		entries, _ := os.ReadDir(fs)
		for _, e := range entries {
			os.Remove(filepath.Join(fs, e.Name()))
		}
		os.WriteFile(keep, []byte("precious\n"), 0o644)
		os.WriteFile(filepath.Join(fs, "fill"), make([]byte, 39<<10), 0o644) // as much as fits
		_, stderr, code := gridsatProc(t, "", nil, tc.args...)
		if code != exitFail || !strings.Contains(stderr, tc.target+": no space left") {
			t.Errorf("%s on a full disk: exit %d, %q; want exit 1 naming %s", tc.name, code, stderr, tc.target)
		}
		fileIs(t, tc.name+" on a full disk", keep, "precious\n")
	}
}
