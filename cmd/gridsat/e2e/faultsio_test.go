package e2e

import (
	"encoding/csv"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/gridsat/gridsat/compare"
	"github.com/gridsat/gridsat/compare/harness"
)

// Issue 21, fault 6: without a PATH compare runs the bundled sets from
// the binary, even when the working directory holds a file named
// "bundled" (it was read instead: 1 case, exit 0).
func TestCompareBundledIgnoresCwd(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "bundled"), []byte("1\n4 4\nX...\n....\n....\n....\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Chdir(dir)
	p, _ := compare.Lookup("queens")
	srcs, err := harness.LoadBundled(p)
	if err != nil {
		t.Fatal(err)
	}
	want := 0
	for _, s := range srcs {
		want += len(s.Cases)
	}
	out, stderr, code := gridsat(t, "", "compare", "queens", "--solvers", "dfs", "--inproc", "--format", "csv")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	recs, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	if err != nil || len(recs)-1 != want {
		t.Fatalf("%d rows (%v), want the %d bundled cases", len(recs)-1, err, want)
	}
}

// Issue 21, fault 12: gen refuses NaN shares and parameters its puzzle
// does not read, naming the ones it does (exit 2, nothing written).
func TestGenRefusesBadParams(t *testing.T) {
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"gen", "queens", "--size", "5", "--param", "density=NaN"}, "density"},
		{[]string{"gen", "queens", "--size", "5", "--param", "density=-1"}, "density"},
		{[]string{"gen", "slant", "--size", "5", "--param", "planted=true", "--param", "clues=NaN"}, "clues"},
		{[]string{"gen", "queens", "--size", "5", "--param", "desnity=0.9"}, "it takes density, full"},
		{[]string{"gen", "slant", "--size", "5", "--param", "densty=0.9"}, "it takes difficulty, clues, planted"},
		{[]string{"gen", "chain", "--size", "4", "--param", "K=3"}, "it takes k, perturb, swap"},
	}
	for _, tc := range cases {
		usageError(t, "", tc.want, tc.args...)
	}
}

// Issue 21, faults 7 and 8: solve reads /dev/zero a bounded line at a
// time (exit 2 naming the file and line, not an out-of-memory crash),
// and an exec: solver printing without end is killed: "solver output
// too large", not a crash.
func TestSolveBoundedReads(t *testing.T) {
	if _, err := os.Stat("/dev/zero"); err != nil {
		t.Skip("no /dev/zero")
	}
	_, stderr, code := gridsatProc(t, "", nil, "solve", "slant", "/dev/zero")
	if code != exitUsage || !strings.Contains(stderr, "/dev/zero: line 1") || !strings.Contains(stderr, "longer than") {
		t.Errorf("solve slant /dev/zero: exit %d, %q; want exit 2 naming /dev/zero line 1 and the line limit", code, stderr)
	}
	yes := filepath.Join(t.TempDir(), "yes-solver")
	if err := os.WriteFile(yes, []byte("#!/bin/sh\nexec yes \"v 1 2 3\"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	// A 2x2 board with no clue: probing decides none of its cells, so
	// the backend is asked (a board probing decides needs none).
	_, stderr, code = gridsatProc(t, "1\n2\n...\n...\n...\n", nil, "solve", "slant", "--solver", "sat:backend=exec:"+yes)
	if code != exitFail || !strings.Contains(stderr, "solver output too large") {
		t.Errorf("solve with yes as a solver: exit %d, %q; want exit 1 saying the solver output is too large", code, stderr)
	}
	// The clue 1 inside a 1x1 board decides its cell: probing answers,
	// the broken backend is never started.
	stdout, stderr, code := gridsatProc(t, "1\n1\n..\n.1\n", nil, "solve", "slant", "--solver", "sat:backend=exec:"+yes)
	if code != 0 || stdout != "\\\n" {
		t.Errorf("solve of a board probing decides, yes as a solver: exit %d, %q, %q; want exit 0 and \\", code, stdout, stderr)
	}
}

// slantInput writes a small generated slant file in dir.
func slantInput(t *testing.T, dir string) string {
	t.Helper()
	in := filepath.Join(dir, "in.txt")
	if _, stderr, code := gridsat(t, "", "gen", "slant", "--size", "3", "--count", "2", "-o", in); code != 0 {
		t.Fatalf("gen: %s", stderr)
	}
	return in
}

// Issue 21, fault 2: a refused or failed run leaves every output file as
// it was (the report file was emptied before --out was refused).
func TestFailedRunLeavesOutputs(t *testing.T) {
	dir := t.TempDir()
	in := slantInput(t, dir)
	keep := filepath.Join(dir, "keep.html")
	const precious = "precious\n"
	os.WriteFile(keep, []byte(precious), 0o644)
	notDir := filepath.Join(dir, "in.txt", "x.jsonl") // under a file: never writable
	cases := []struct {
		name string
		args []string
	}{
		{"compare, --out refused", []string{"compare", "slant", in, "--format", "html", "-o", keep, "--results", notDir}},
		{"compare, bad input", []string{"compare", "slant", filepath.Join(dir, "none.txt"), "-o", keep}},
		{"report, bad file", []string{"report", in, "-o", keep}},
		{"gen, NaN", []string{"gen", "queens", "--size", "5", "--param", "density=NaN", "-o", keep}},
		{"dimacs, bad input", []string{"dimacs", "slant", "--case", "1", keep, "-o", filepath.Join(dir, "keep.cnf")}},
	}
	os.WriteFile(filepath.Join(dir, "keep.cnf"), []byte(precious), 0o644)
	for _, tc := range cases {
		_, stderr, code := gridsat(t, "", tc.args...)
		if code != exitUsage {
			t.Errorf("%s: exit %d (%s), want 2", tc.name, code, stderr)
		}
		fileIs(t, tc.name, keep, precious)
		fileIs(t, tc.name, filepath.Join(dir, "keep.cnf"), precious)
	}
}

// Issue 21, fault 3: an output that is an input, the results file or
// another output is refused (exit 2), and nothing is written.
func TestOutputSameAsInputRefused(t *testing.T) {
	dir := t.TempDir()
	in := slantInput(t, dir)
	runs := filepath.Join(dir, "r.jsonl")
	if _, stderr, code := gridsat(t, "", "compare", "slant", in, "--inproc", "--results", runs, "-o", filepath.Join(dir, "table.txt")); code != 0 {
		t.Fatalf("compare: %s", stderr)
	}
	hard := filepath.Join(dir, "hard.jsonl")
	os.Link(runs, hard)
	inText, _ := os.ReadFile(in)
	runsText, _ := os.ReadFile(runs)
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"compare", "slant", in, "--inproc", "--results", runs, "--resume", "-o", runs}, "--output"},
		{[]string{"compare", "slant", in, "--inproc", "-o", in}, "input"},
		{[]string{"compare", "slant", in, "--inproc", "--results", in}, "input"},
		{[]string{"compare", "slant", in, "--inproc", "--results", runs, "--resume", "-o", hard}, "the same file"},
		{[]string{"compare", "slant", in, "--inproc", "--plot", filepath.Join(dir, "p.svg"), "-o", filepath.Join(dir, "p.svg")}, "--plot"},
		{[]string{"report", runs, "-o", runs}, "input"},
		{[]string{"report", runs, "--plot", dir + "/p2.svg", "-o", dir + "/./sub/../p2.svg"}, "the same file as --output"},
		{[]string{"dimacs", "slant", "--case", "1", in, "-o", in}, "input"},
	}
	for _, tc := range cases {
		usageError(t, "", tc.want, tc.args...)
		fileIs(t, strings.Join(tc.args, " "), in, string(inText))
		fileIs(t, strings.Join(tc.args, " "), runs, string(runsText))
		if _, err := os.Stat(filepath.Join(dir, "p.svg")); err == nil {
			t.Errorf("%v wrote p.svg", tc.args)
		}
	}
}

// Issue 21, fault 4: --out repairs or appends only to an empty file or a
// gridsat results file; an input, notes, anything else is exit 2 and
// untouched (the input's last row was cut as "an unfinished last line").
func TestOutRefusesOtherFiles(t *testing.T) {
	dir := t.TempDir()
	in := slantInput(t, dir)
	for _, text := range []string{"notes\nlast line, no newline", "1\n3\n....\n", "{}\n"} {
		notes := filepath.Join(dir, "notes.txt")
		os.WriteFile(notes, []byte(text), 0o644)
		usageError(t, "", "not a gridsat results file", "compare", "slant", in, "--inproc", "--results", notes)
		fileIs(t, "--out notes", notes, text)
	}
	empty := filepath.Join(dir, "empty.jsonl")
	os.WriteFile(empty, nil, 0o644)
	if _, stderr, code := gridsat(t, "", "compare", "slant", in, "--inproc", "--results", empty); code != 0 {
		t.Errorf("--out an empty file: exit %d, %s", code, stderr)
	}
}

// Issue 21, fault 5: a second compare --out on a results file a run holds
// is exit 2 naming the holder's pid, and writes nothing to the file.
func TestOutInUse(t *testing.T) {
	dir := t.TempDir()
	in := slantInput(t, dir)
	runs := filepath.Join(dir, "r.jsonl")
	held, err := harness.OpenResults(runs, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer held.Close()
	want := "in use by "
	if _, err := os.Stat("/proc/locks"); err == nil {
		want = fmt.Sprintf("in use by pid %d", os.Getpid())
	}
	usageError(t, "", want, "compare", "slant", in, "--inproc", "--results", runs)
	fileIs(t, "a second writer", runs, "")
}

// Issue 21, fault 13: messages that said something else than what was
// wrong, and inputs that blocked or merged without a word.
func TestMessagesSayWhatIsWrong(t *testing.T) {
	dir := t.TempDir()
	in := slantInput(t, dir)

	usageError(t, "", "no such file", "report", filepath.Join(dir, "nonexistent.jsonl"))

	// Two comparisons in one file (compare --out refuses to make one;
	// cat does): both headers named by line.
	two := filepath.Join(dir, "two.jsonl")
	var both []byte
	for _, s := range []string{"dfs", "sat"} {
		one := filepath.Join(dir, s+".jsonl")
		if _, stderr, code := gridsat(t, "", "compare", "slant", in, "--inproc", "--solvers", s, "--results", one); code != 0 {
			t.Fatalf("compare --solvers %s: %s", s, stderr)
		}
		data, _ := os.ReadFile(one)
		both = append(both, data...)
	}
	os.WriteFile(two, both, 0o644)
	_, stderr, code := gridsat(t, "", "report", two)
	if code != exitUsage || !strings.Contains(stderr, "two.jsonl line 1") || !regexp.MustCompile(`two\.jsonl line [2-9]`).MatchString(stderr) {
		t.Errorf("two comparisons in one file: exit %d, %q; want exit 2 naming both headers' lines", code, stderr)
	}

	// A file cut mid-line says so, with the line.
	cut := filepath.Join(dir, "cut.jsonl")
	if _, stderr, code := gridsat(t, "", "compare", "slant", in, "--inproc", "--results", cut); code != 0 {
		t.Fatalf("compare: %s", stderr)
	}
	data, _ := os.ReadFile(cut)
	lines := strings.Count(string(data), "\n")
	os.WriteFile(cut, append(data, `{"kind":"run","run":{"puz`...), 0o644)
	_, stderr, _ = gridsat(t, "", "report", cut)
	if want := fmt.Sprintf("cut.jsonl line %d is cut mid-line", lines+1); !strings.Contains(stderr, want) {
		t.Errorf("report of a cut file: %q; want %q", stderr, want)
	}

	// Shards of different counts are no split of one comparison.
	var shards []string
	for _, s := range []string{"0/3", "1/3", "2/4"} {
		f := filepath.Join(dir, "shard-"+strings.ReplaceAll(s, "/", "-")+".jsonl")
		if _, stderr, code := gridsat(t, "", "compare", "slant", in, "--inproc", "--shard", s, "--results", f); code != 0 {
			t.Fatalf("compare --shard %s: %s", s, stderr)
		}
		shards = append(shards, f)
	}
	usageError(t, "", "is shard 2/4", append([]string{"report"}, shards...)...)

	// An output folder that cannot be written is exit 2, as for compare.
	usageError(t, "", "cannot write", "gen", "slant", "--size", "3", "-o", filepath.Join(dir, "none", "x.txt"))
	usageError(t, "", "cannot write", "dimacs", "slant", "--case", "1", in, "-o", filepath.Join(dir, "none", "x.cnf"))
}

// Issue 21, fault 13: a named pipe (or any file that is not a regular
// one) inside an input directory is skipped with a note; it blocked the
// read for ever.
func TestDirectorySkipsNonRegularFiles(t *testing.T) {
	dir := t.TempDir()
	slantInput(t, dir)
	fifo := filepath.Join(dir, "pipe.txt")
	if err := mkfifo(fifo); err != nil {
		t.Skipf("no named pipes here: %v", err)
	}
	out, stderr, code := gridsat(t, "", "compare", "slant", dir, "--inproc", "--solvers", "dfs", "--format", "csv")
	if code != 0 || !strings.Contains(stderr, "skipping "+fifo+": not a regular file (a named pipe)") {
		t.Errorf("exit %d, stderr %q; want exit 0 and a note skipping %s", code, stderr, fifo)
	}
	if recs, err := csv.NewReader(strings.NewReader(out)).ReadAll(); err != nil || len(recs) != 3 {
		t.Errorf("%d rows (%v), want the 2 cases of in.txt", len(recs)-1, err)
	}
}
