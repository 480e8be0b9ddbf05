package main

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gridsat/gridsat/cmd/gridsat/internal/clitest"
	"github.com/gridsat/gridsat/compare"
	"github.com/gridsat/gridsat/instances"
)

// TestMain lets the test binary stand in for gridsat as compare's worker:
// compare starts os.Executable() with the argument "worker".
func TestMain(m *testing.M) {
	if len(os.Args) > 1 && os.Args[1] == "worker" {
		os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
	}
	// "gridsat-cli ARGS" runs the command line itself, for tests that
	// need a real process (signals).
	if len(os.Args) > 1 && os.Args[1] == "gridsat-cli" {
		os.Exit(run(os.Args[2:], os.Stdin, os.Stdout, os.Stderr))
	}
	// measure runs this binary as gridsat: with "gridsat-cli" first.
	selfArgs = []string{"gridsat-cli"}
	os.Exit(m.Run())
}

// gridsat runs the command line with stdin and returns its outputs and
// exit status.
func gridsat(t *testing.T, stdin string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	var out, errb bytes.Buffer
	code = run(args, strings.NewReader(stdin), &out, &errb)
	return out.String(), errb.String(), code
}

// gridsatProc runs the command line as a real process (the test binary
// standing in for gridsat), so that a panic is a failed test naming the
// input rather than a crashed test run. files become descriptors 3, 4...
func gridsatProc(t *testing.T, stdin string, files []*os.File, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	return clitest.Run(t, os.Args[0], []string{"gridsat-cli"}, stdin, files, args...)
}

// slantInput writes two 3x3 slant puzzles into dir and returns the file.
func slantInput(t *testing.T, dir string) string {
	t.Helper()
	in := filepath.Join(dir, "in.txt")
	if _, stderr, code := gridsat(t, "", "gen", "slant", "--size", "3", "--count", "2", "-o", in); code != 0 {
		t.Fatalf("gen: %s", stderr)
	}
	return in
}

// jsonRows runs the command line as a real process with --format json
// and returns its rows.
func jsonRows(t *testing.T, args ...string) ([]compare.Row, int) {
	t.Helper()
	return clitest.JSONRows(t, os.Args[0], []string{"gridsat-cli"}, args...)
}

// fileIs is clitest's.
var fileIs = clitest.FileIs

// usageError checks a bad command line: exit 2, one line on stderr that
// contains want, nothing on stdout (nothing ran). It runs the command
// line in this process (a usage error is refused before anything runs;
// a process each cost the suite seconds of CPU), a panic being a failed
// test that names the command line.
func usageError(t *testing.T, stdin string, want string, args ...string) {
	t.Helper()
	stdout, stderr, code := gridsatNoPanic(t, stdin, args...)
	if code != exitUsage || !strings.Contains(stderr, want) || strings.Count(strings.TrimSpace(stderr), "\n") > 0 || stdout != "" {
		t.Errorf("gridsat %v: exit %d, stdout %q, stderr %q; want exit 2, nothing on stdout and one line with %q", args, code, stdout, stderr, want)
	}
}

// gridsatNoPanic is gridsat, with a panic of the command line turned into
// a failed test naming it.
func gridsatNoPanic(t *testing.T, stdin string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	defer func() {
		if r := recover(); r != nil {
			t.Errorf("gridsat %v panicked: %v", args, r)
			code = -1
		}
	}()
	return gridsat(t, stdin, args...)
}

// Everything is checked before anything runs: each of these is exit 2
// with one line naming the flag or value, and nothing on stdout.
func TestUsageErrors(t *testing.T) {
	tests := []struct {
		args    []string
		wantErr string
	}{
		{[]string{"solve", "nosuchpuzzle"}, "unknown puzzle"},
		{[]string{"solve"}, "accepts between 1 and 2 arg"},
		{[]string{"frobnicate"}, "unknown command"},
		{[]string{"compare", "nosuchpuzzle", "x"}, "unknown puzzle"},
		{[]string{"compare", "all", "--format", "yaml"}, `--format "yaml"`},
		{[]string{"compare", "all", "--resume"}, "--resume needs --results"},
		{[]string{"gen", "nosuchpuzzle"}, "unknown puzzle"},
		{[]string{"compare", "queens", "--solvers", "dfs,sat:card=nope"}, `card="nope"`},
		{[]string{"compare", "queens", "--solvers", "dfs,sat:symmetry=maybe"}, `symmetry="maybe"`},
		{[]string{"compare", "slant", "--solvers", "dfs:nodes=-1"}, `nodes="-1"`},
		{[]string{"compare", "slant", "--solvers", "dfs,dfs"}, "dfs is given twice"},
		{[]string{"compare", "slant", "--solvers", "dfs,dfs:deduce=equiv"}, "the same solver with the same options"},
		{[]string{"compare", "slant", "--solvers", "sat:backend=nope"}, `unknown SAT backend "nope"`},
		{[]string{"compare", "slant", "--opt", "color=red"}, "--opt color"},
		{[]string{"compare", "slant", "-j", "0"}, "--jobs 0"},
		{[]string{"compare", "slant", "-j", "-5"}, "--jobs -5"},
		{[]string{"compare", "slant", "--progress", "sometimes"}, `--progress "sometimes"`},
		{[]string{"compare", "slant", "sample", "/nonexistent"}, "/nonexistent"},
		{[]string{"compare", "slant", "--inproc", "--timeout", "1s"}, "--timeout does not apply"},
		{[]string{"compare", "slant", "--timeout", "-1s"}, "--timeout -1s"},
		{[]string{"compare", "slant", "--results", "/nonexistent/dir/runs.jsonl"}, "results file"},
		{[]string{"compare", "slant", "-", "-"}, "read only once"},
		{[]string{"solve", "queens", "--solver", "sat:card=nope"}, `card="nope"`},
		{[]string{"solve", "slant", "--solver", "dfs:deduce=magic"}, "deduce"},
		// --certify: refused with backends and options no proof backs.
		{[]string{"solve", "slant", "--solver", "sat", "--certify", "--backend", "gini"}, "gini cannot write a clausal proof"},
		{[]string{"solve", "queens", "--solver", "sat:backend=gini", "--certify"}, "gophersat"},
		{[]string{"solve", "queens", "--solver", "sat:card=pb", "--certify"}, "card=pb cannot be certified"},
		{[]string{"solve", "queens", "--solver", "sat:search=down", "--certify"}, "search=down cannot be certified"},
		{[]string{"solve", "slant", "--solver", "sat:pre=equiv", "--certify"}, "pre=equiv"},
		{[]string{"solve", "chain", "--solver", "sat:precheck=true", "--certify"}, "precheck"},
		{[]string{"solve", "slant", "--certify"}, "certify"},
		{[]string{"compare", "slant", "--solvers", "dfs,sat:backend=gini", "--certify"}, "gini cannot write a clausal proof"},
		{[]string{"compare", "slant", "--solvers", "dfs", "--certify"}, "--certify: no solver"},
	}
	for _, size := range []string{"lots", "NaN", "Inf", "-Inf", "1e30", "0.5", "-1MiB", "1,5GiB", "3.5B", "99999EiB"} {
		tests = append(tests, struct {
			args    []string
			wantErr string
		}{[]string{"compare", "slant", "--mem", size}, "--mem: "})
	}
	for _, tt := range tests {
		// solve reads stdin: give it a board with no targets, which any
		// option would solve instantly if it were not refused first.
		usageError(t, "1 1\n.\n0\n", tt.wantErr, tt.args...)
	}
}

func TestParseSize(t *testing.T) {
	tests := []struct {
		in   string
		want int64
	}{
		{"2GiB", 2 << 30}, {"512MiB", 512 << 20}, {"100MB", 100e6}, {"1TiB", 1 << 40}, {"64 MiB", 64 << 20},
		{"0", 0}, {"1.5GiB", 3 << 29}, {"1.5KiB", 1536}, {"4096", 4096}, {"8EiB", -1},
	}
	for _, tt := range tests {
		got, err := parseSize(tt.in)
		if tt.want < 0 {
			if err == nil || !strings.Contains(err.Error(), "out of range") {
				t.Errorf("parseSize(%q) = %d, %v; want out of range", tt.in, got, err)
			}
			continue
		}
		if err != nil || got != tt.want {
			t.Errorf("parseSize(%q) = %d, %v; want %d", tt.in, got, err, tt.want)
		}
	}
}

func TestHelpListsCommands(t *testing.T) {
	out, _, code := gridsat(t, "", "help")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	for _, cmd := range []string{"solve", "compare", "gen", "sets", "puzzles"} {
		if !strings.Contains(out, cmd) {
			t.Errorf("help does not mention %s", cmd)
		}
	}
	if strings.Contains(out, "worker") {
		t.Error("help shows the internal worker command")
	}
}

// TestPuzzlesListsEveryOption: gridsat puzzles names every declared option
// of every solver, and every generator parameter, with its values and
// default; --markdown prints the README's option tables.
func TestPuzzlesListsEveryOption(t *testing.T) {
	out, _, code := gridsat(t, "", "puzzles")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	for _, p := range compare.Puzzles() {
		_, section, ok := strings.Cut(out, p.Name+": ")
		if !ok {
			t.Fatalf("puzzles does not list %s", p.Name)
		}
		for _, s := range p.Solvers {
			_, solver, ok := strings.Cut(section, "  solver "+s.Name+": ")
			if !ok {
				t.Fatalf("puzzles does not list %s's solver %s", p.Name, s.Name)
			}
			for _, o := range s.Options {
				if want := "    " + o.Name + "=" + o.Values + " (default "; !strings.Contains(solver, want) {
					t.Errorf("%s %s: no line %q", p.Name, s.Name, want)
				}
			}
		}
		_, gen, ok := strings.Cut(section, "  gen: ")
		if !ok && p.Generate != nil {
			t.Fatalf("puzzles does not list %s's generator", p.Name)
		}
		for _, o := range p.GenParams {
			if want := "    " + o.Name + "=" + o.Values + " (default "; !strings.Contains(gen, want) {
				t.Errorf("%s gen: no line %q", p.Name, want)
			}
		}
	}
	md, _, code := gridsat(t, "", "puzzles", "--markdown")
	if code != 0 || md != compare.OptionTables(compare.Puzzles()) || !strings.HasPrefix(md, "### ") {
		t.Errorf("puzzles --markdown: exit %d, %.200q", code, md)
	}
}

// solve --mem refuses, before solving anything, a case whose estimated
// peak memory passes the limit: exit 2, the estimate named, nothing on
// stdout even for the small case before it; under a limit it passes, the
// same input is solved.
func TestSolveMemRefusesUpFront(t *testing.T) {
	var in bytes.Buffer
	if err := instances.FormatSlant(&in, []*instances.Slant{instances.NewSlant(2, 2), instances.NewSlant(400, 400)}); err != nil {
		t.Fatal(err)
	}
	for _, solver := range []string{"dfs", "sat"} {
		stdout, stderr, code := gridsat(t, in.String(), "solve", "slant", "--solver", solver, "--mem", "100MiB")
		if code != exitUsage || stdout != "" || !strings.Contains(stderr, "case 2") || !strings.Contains(stderr, "estimated peak memory") || !strings.Contains(stderr, "100MiB limit") {
			t.Errorf("%s under 100MiB: exit %d, stdout %q, stderr %q; want exit 2 naming case 2 and its estimate", solver, code, stdout, stderr)
		}
	}
	stdout, stderr, code := gridsat(t, in.String(), "solve", "slant", "--mem", "1GiB")
	if code != 0 || strings.Count(stdout, "\n") != 402 {
		t.Errorf("dfs under 1GiB: exit %d, %d lines, stderr %q; want both boards solved", code, strings.Count(stdout, "\n"), stderr)
	}
}

// fullWriter fails every write, as /dev/full does.
type fullWriter struct{}

func (fullWriter) Write([]byte) (int, error) { return 0, errors.New("no space left on device") }

// A write to standard output that fails is exit 1 naming it, for every
// command that prints (measure --list said exit 2, the status of bad
// usage: red-team pass).
//
// A write that fails inside a generator or a split (an output past the
// buffer) is exit 1 too, as are the commands that return the bare write
// error (puzzles --markdown, --version, completion): they said exit 2
// (red-team pass).
func TestFullStdoutIsExitOne(t *testing.T) {
	q20 := "20 20\n" + strings.Repeat(strings.Repeat("X", 20)+"\n", 20) + "0\n"
	for _, args := range [][]string{
		{"puzzles"},
		{"puzzles", "--markdown"},
		{"--version"},
		{"completion", "bash"},
		{"measure", "--list"},
		{"gen", "queens", "--size", "4"},
		{"gen", "queens", "--size", "32", "--count", "100"},
		{"split", "queens", "-", "--jobs", "64"},
		{"solve", "slant", "-"},
		{"sets"},
	} {
		var errb bytes.Buffer
		stdin := "1\n1\n..\n..\n"
		if args[0] == "split" {
			stdin = q20
		}
		if code := run(args, strings.NewReader(stdin), fullWriter{}, &errb); code != exitFail || !strings.Contains(errb.String(), "no space left") {
			t.Errorf("gridsat %v onto a full stdout: exit %d, want 1 naming the error: %s", args, code, errb.String())
		}
	}
}
