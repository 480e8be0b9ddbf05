package main

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// Tried as an attacker after issue 21's fixes: --out on a results file of
// another comparison of the same puzzle (other solvers, options, inputs
// or gridsat version) appended to it, exit 0, and report then refused the
// whole file. Now it is exit 2 and the file is untouched; a comparison of
// another puzzle still shares the file, and report reads both.
func TestOutRefusesAnotherComparison(t *testing.T) {
	dir := t.TempDir()
	in := slantInput(t, dir)
	res := filepath.Join(dir, "r.jsonl")
	if _, stderr, code := gridsat(t, "", "compare", "slant", in, "--inproc", "--results", res); code != 0 {
		t.Fatalf("compare: %s", stderr)
	}
	before, _ := os.ReadFile(res)
	other := filepath.Join(dir, "other.txt")
	if _, stderr, code := gridsat(t, "", "gen", "slant", "--size", "3", "--seed", "7", "-o", other); code != 0 {
		t.Fatalf("gen: %s", stderr)
	}
	cases := []struct {
		args []string
		want string
	}{
		{[]string{in, "--solvers", "dfs"}, "other solvers (dfs,sat vs dfs)"},
		{[]string{in, "--solvers", "dfs", "--resume"}, "other solvers"},
		{[]string{in, "--opt", "learn=false", "--resume"}, `dfs: learn "true" vs "false"`},
		{[]string{other, "--resume"}, "other inputs"},
	}
	for _, tc := range cases {
		args := append([]string{"compare", "slant", "--inproc", "--results", res}, tc.args...)
		usageError(t, "", tc.want, args...)
		usageError(t, "", "r.jsonl line 1 starts another slant comparison", args...)
		fileIs(t, strings.Join(tc.args, " "), res, string(before))
	}
	// Another puzzle, and the same comparison again, may join it.
	for _, args := range [][]string{{"queens", "--solvers", "dfs"}, {"slant", in, "--resume"}} {
		args = append([]string{"compare"}, append(args, "--inproc", "--results", res)...)
		if _, stderr, code := gridsat(t, "", args...); code != 0 {
			t.Fatalf("%v: exit %d, %s", args, code, stderr)
		}
	}
	if _, stderr, code := gridsat(t, "", "report", res); code != 0 {
		t.Errorf("report of slant and queens in one file: exit %d, %s", code, stderr)
	}
}

// Shards of one comparison share a file only if they split it the same
// way: a 0/2 shard's file refuses a 1/3 shard.
func TestOutRefusesAnotherShardCount(t *testing.T) {
	dir := t.TempDir()
	in := slantInput(t, dir)
	res := filepath.Join(dir, "r.jsonl")
	if _, stderr, code := gridsat(t, "", "compare", "slant", in, "--inproc", "--shard", "0/2", "--results", res); code != 0 {
		t.Fatalf("compare: %s", stderr)
	}
	before, _ := os.ReadFile(res)
	usageError(t, "", "shard 1/3, not a shard of 0/2", "compare", "slant", in, "--inproc", "--shard", "1/3", "--results", res)
	fileIs(t, "--shard 1/3", res, string(before))
	if _, stderr, code := gridsat(t, "", "compare", "slant", in, "--inproc", "--shard", "1/2", "--results", res); code != 0 {
		t.Errorf("shard 1/2 beside 0/2: exit %d, %s", code, stderr)
	}
}

// A --repeat or --warmup of a hundred million ended in a fatal
// out-of-memory while the runs were planned, one near 2^62 in a
// makeslice panic: both are refused before anything runs.
func TestRepeatsBounded(t *testing.T) {
	dir := t.TempDir()
	in := slantInput(t, dir)
	for _, args := range [][]string{
		{"--repeat", "100000000"},
		{"--warmup", "100000000"},
		{"--repeat", "4611686018427387904"},
		{"--warmup", "9223372036854775807"},
		{"--repeat", "2305843009213693952", "--warmup", "2305843009213693952"},
		{"--repeat", "2500001"}, // 2 cases x 2 solvers
	} {
		usageError(t, "", "runs in one comparison", append([]string{"compare", "slant", in}, args...)...)
	}
}

// A name given twice (the last value won, silently) and an empty value
// where the option has a default (taken for the default, silently) are
// refused in --opt, --param and solver specs alike.
func TestOptionsGivenTwiceOrEmpty(t *testing.T) {
	dir := t.TempDir()
	in := slantInput(t, dir)
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"compare", "slant", in, "--solvers", "dfs", "--opt", "nodes=1", "--opt", "nodes=2"}, `--opt nodes is given twice ("1", then "2")`},
		{[]string{"solve", "slant", in, "--solver", "dfs:nodes=1:nodes=2"}, "option nodes is given twice"},
		{[]string{"compare", "slant", in, "--solvers", "sat:backend=gini:backend=gophersat"}, "option backend is given twice"},
		{[]string{"compare", "slant", in, "--solvers", "sat:backend="}, `option backend="": want gophersat|gini|exec:NAME`},
		{[]string{"solve", "slant", in, "--solver", "sat", "--opt", "backend="}, `option backend=""`},
		{[]string{"dimacs", "queens", "--opt", "k="}, `option k=""`},
		{[]string{"gen", "queens", "--size", "5", "--param", "density=0.1", "--param", "density=0.2"}, "--param density is given twice"},
		{[]string{"gen", "slant", "--size", "5", "--param", "clues="}, "clues=: an empty value"},
		{[]string{"gen", "chain", "--size", "4", "--param", "k="}, "k=: an empty value"},
		{[]string{"gen", "queens", "--size", "5", "--param", "=0.1"}, `--param "=0.1": want NAME=VALUE`},
	}
	for _, tc := range cases {
		usageError(t, "", tc.want, tc.args...)
	}
	// An option whose default is empty may be given empty.
	if _, stderr, code := gridsat(t, "", "solve", "slant", in, "--solver", "sat:proofs="); code != 0 {
		t.Errorf("sat:proofs= (its default): exit %d, %s", code, stderr)
	}
}

// An interrupted gen -o (a long --count) left its temporary file
// ".NAME.tmp-*" beside the target: SIGINT now removes it, leaves the
// target as it was and exits 130.
func TestInterruptedGenLeavesNoTemporary(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no SIGINT to send on windows")
	}
	dir := t.TempDir()
	target := filepath.Join(dir, "boards.txt")
	os.WriteFile(target, []byte("precious\n"), 0o644)
	cmd := exec.Command(os.Args[0], "gridsat-cli", "gen", "slant", "--size", "4", "--count", "100000000000", "--mem", "0", "-o", target)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	temporary := func() []string {
		m, _ := filepath.Glob(filepath.Join(dir, ".boards.txt.tmp-*"))
		return m
	}
	waitFor(t, "gen's temporary file", func() bool { return len(temporary()) > 0 })
	cmd.Process.Signal(os.Interrupt)
	err := cmd.Wait()
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != exitInterrupted {
		t.Errorf("gen after SIGINT: %v, want exit %d", err, exitInterrupted)
	}
	fileIs(t, "interrupted gen -o", target, "precious\n")
}

// solve --svg drew over its input when given its name (or a symlink to
// it, or FILE-N.svg for case N): refused now, before anything is solved.
func TestSolveSVGNotOverInput(t *testing.T) {
	dir := t.TempDir()
	in := slantInput(t, dir) // two cases
	before, _ := os.ReadFile(in)
	os.Symlink(in, filepath.Join(dir, "b-2.svg"))
	usageError(t, "", "is the same file as input", "solve", "slant", in, "--svg", filepath.Join(dir, "b.svg"))
	one := filepath.Join(dir, "one.txt")
	os.WriteFile(one, []byte("1\n3\n....\n....\n....\n....\n"), 0o644)
	usageError(t, "", "also given as input", "solve", "slant", one, "--svg", one)
	fileIs(t, "solve --svg", in, string(before))
}

// unwritableFolder is a folder no file can be made in, even by root, or
// "" where none can be had.
func unwritableFolder(t *testing.T) string {
	dir := filepath.Join(t.TempDir(), "ro")
	os.Mkdir(dir, 0o555)
	if f, err := os.CreateTemp(dir, "x"); err != nil {
		return dir
	} else {
		f.Close()
		os.Remove(f.Name())
	}
	if st, err := os.Stat("/proc/self"); err == nil && st.IsDir() {
		return "/proc/self" // root writes anywhere but in /proc
	}
	return ""
}

// A --plot into a folder that cannot be written was found only after
// every run (a note on stderr, exit 0, no plot); --proofs naming no
// folder checked no proof, exit 0. Both are refused before anything runs.
func TestPlotAndProofsFoldersChecked(t *testing.T) {
	dir := t.TempDir()
	in := slantInput(t, dir)
	res := filepath.Join(dir, "r.jsonl")
	if _, stderr, code := gridsat(t, "", "compare", "slant", in, "--inproc", "--results", res); code != 0 {
		t.Fatalf("compare: %s", stderr)
	}
	if ro := unwritableFolder(t); ro != "" {
		plot := filepath.Join(ro, "p.svg")
		usageError(t, "", "cannot write a file in "+ro, "report", res, "--plot", plot)
		usageError(t, "", "cannot write a file in "+ro, "compare", "slant", in, "--inproc", "--plot", plot)
	} else {
		t.Log("no unwritable folder here: --plot's check not tried")
	}
	usageError(t, "", "--proofs "+filepath.Join(dir, "none")+": no such folder", "report", res, "--proofs", filepath.Join(dir, "none"))
	usageError(t, "", "no such folder", "report", res, "--proofs", in)
}

// report --proofs labelled a run certified (✓✓) when one of its kept
// claims checked: gamma(Q_8) <= 4 is refuted cube by cube, one proof a
// cube, and with all but one deleted the run was still ✓✓. A run is
// certified by kept proofs only when as many as it checked (proof_claims)
// check again; an unreadable claim file, skipped without a word, is a
// failure (exit 1).
func TestKeptProofsAllNeeded(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "q8.txt")
	os.WriteFile(in, []byte("8 8\n"+strings.Repeat("XXXXXXXX\n", 8)+"0\n"), 0o644)
	proofs, runs := filepath.Join(dir, "proofs"), filepath.Join(dir, "runs.jsonl")
	if out, stderr, code := gridsat(t, "", "compare", "queens", in, "--solvers", "sat", "--inproc", "--certify", "--proofs", proofs, "--results", runs); code != 0 {
		t.Fatalf("compare: exit %d\n%s\n%s", code, out, stderr)
	}
	kept, _ := filepath.Glob(filepath.Join(proofs, "*.json"))
	if len(kept) < 2 {
		t.Fatalf("%d claims kept; the test wants a run of several", len(kept))
	}
	if out, stderr, code := gridsat(t, "", "report", runs, "--proofs", proofs); code != 0 || !strings.Contains(withoutLegend(out), "✓✓") {
		t.Fatalf("report --proofs, every proof kept: exit %d\n%s\n%s", code, out, stderr)
	}
	os.WriteFile(kept[0], append([]byte("not json"), 0), 0o644)
	out, stderr, code := gridsat(t, "", "report", runs, "--proofs", proofs)
	if code != exitFail || !strings.Contains(stderr, "1 failed, 0 refused; 0 runs certified") || !strings.Contains(stderr, filepath.Base(kept[0])) {
		t.Errorf("an unreadable claim file: exit %d, %s", code, stderr)
	}
	for _, k := range kept[1:] {
		os.Remove(k)
	}
	os.Remove(kept[0])
	out, stderr, _ = gridsat(t, "", "report", runs, "--proofs", proofs)
	if strings.Contains(withoutLegend(out), "✓✓") {
		t.Errorf("no proof left: still certified by kept proofs\n%s\n%s", out, stderr)
	}
	// One claim of several: not enough.
	if _, stderr, code := gridsat(t, "", "compare", "queens", in, "--solvers", "sat", "--inproc", "--certify", "--proofs", proofs, "--results", filepath.Join(dir, "again.jsonl")); code != 0 {
		t.Fatalf("compare again: %s", stderr)
	}
	kept, _ = filepath.Glob(filepath.Join(proofs, "*.json"))
	for _, k := range kept[1:] {
		os.Remove(k)
	}
	out, stderr, code = gridsat(t, "", "report", runs, "--proofs", proofs)
	if strings.Contains(withoutLegend(out), "✓✓") || code != 0 {
		t.Errorf("one kept claim of %d: exit %d, certified by it:\n%s\n%s", len(kept), code, out, stderr)
	}
}

// report F F (or F and a link to it) merged the file with itself: "4
// duplicate runs agreed", exit 0. A results file given twice is exit 2.
func TestReportFileGivenTwice(t *testing.T) {
	dir := t.TempDir()
	in := slantInput(t, dir)
	res := filepath.Join(dir, "r.jsonl")
	if _, stderr, code := gridsat(t, "", "compare", "slant", in, "--inproc", "--results", res); code != 0 {
		t.Fatalf("compare: %s", stderr)
	}
	link := filepath.Join(dir, "link.jsonl")
	os.Symlink(res, link)
	usageError(t, "", "r.jsonl is given twice:", "report", res, res)
	usageError(t, "", "link.jsonl is given twice (as "+res+" too)", "report", res, link)
}

// A proofs folder given as a solver option (in the spec or by --opt)
// writes files as --proofs does, and the guard sees it alike: a folder
// holding an input is refused, exit 2 naming it, for compare and solve
// (red-team pass: only the flag was guarded). Two specs sharing one
// folder are one folder, not two outputs that meet.
func TestProofsOptionGuarded(t *testing.T) {
	dir := t.TempDir()
	pdir := filepath.Join(dir, "pdir")
	os.Mkdir(pdir, 0o755)
	in := filepath.Join(pdir, "q.txt")
	os.WriteFile(in, []byte(q6), 0o644)
	before, _ := os.ReadFile(in)
	want := "is inside the folder of proofs"
	usageError(t, "", want, "compare", "queens", in, "--inproc", "--solvers", "sat:certify=true:proofs="+pdir)
	usageError(t, "", want, "compare", "queens", in, "--inproc", "--solvers", "sat", "--opt", "certify=true", "--opt", "proofs="+pdir)
	usageError(t, "", want, "solve", "queens", in, "--solver", "sat:certify=true:proofs="+pdir)
	if after, _ := os.ReadFile(in); string(after) != string(before) {
		t.Errorf("the input in the proofs folder changed")
	}
	other := filepath.Join(dir, "kept")
	out, stderr, code := gridsat(t, "", "compare", "queens", in, "--inproc", "--solvers",
		"sat:certify=true:proofs="+other+",sat:certify=true:card=seq:proofs="+other, "--progress", "never")
	if kept, _ := filepath.Glob(filepath.Join(other, "*.json")); code != 0 || len(kept) == 0 {
		t.Errorf("two specs keeping proofs in one folder: exit %d, %d kept\n%s\n%s", code, len(kept), out, stderr)
	}
}

// solve says what backs each claim no verifier can check: a bound, a
// checked proof, or, with neither, the solver alone (red-team pass:
// "the solution is unique" and "no solution" were printed bare).
func TestSolveSaysWhatBacksAClaim(t *testing.T) {
	slant := "1\n3\n....\n..4.\n.22.\n.2..\n"
	for _, tt := range []struct {
		args      []string
		want, not string
	}{
		{[]string{"solve", "slant", "--solver", "sat", "--unique"}, "unique: claimed by the solver alone", "certified"},
		{[]string{"solve", "slant", "--solver", "sat", "--unique", "--certify"}, "certified (", "claimed"},
		{[]string{"solve", "slant", "--solver", "dfs"}, "", "claimed"}, // a verified solution claims nothing
	} {
		_, stderr, code := gridsat(t, slant, tt.args...)
		if code != 0 || !strings.Contains(stderr, tt.want) || strings.Contains(stderr, tt.not) {
			t.Errorf("gridsat %v: exit %d, stderr %q; want %q and no %q", tt.args, code, stderr, tt.want, tt.not)
		}
	}
	q := "6 6\nXX....\n..X.X.\nX..X..\nX..XX.\nXXX.X.\nX..X.X\n0\n"
	if _, stderr, _ := gridsat(t, q, "solve", "queens"); !strings.Contains(stderr, "the fewest queens: claimed by the solver alone") {
		t.Errorf("queens optimum by dfs: stderr %q", stderr)
	}
}
