// Package clitest holds what the command line's test packages share:
// cmd/gridsat's own tests (the command line in process, and the test
// binary standing in for gridsat) and those of cmd/gridsat/e2e and its
// sub-packages (a gridsat built for them, run as a user runs it).
package clitest

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/gridsat/gridsat/compare"
	"github.com/gridsat/gridsat/compare/harness"
	_ "github.com/gridsat/gridsat/compare/puzzles" // registers the puzzles
)

// HangGuard is how long WaitFor waits for an event before it calls the
// test a hang. It bounds a wait, it does not time one: a passing test
// leaves as soon as its event happens, at any load.
const HangGuard = 3 * time.Minute

// WaitFor polls cond until it holds, and fails the test (named by what)
// when it has not held within HangGuard.
func WaitFor(t testing.TB, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(HangGuard); !cond(); time.Sleep(2 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("waited %s for %s", HangGuard, what)
		}
	}
}

// Run runs the program bin with the arguments prefix then args, stdin
// as its standard input and files as descriptors 3, 4..., and returns
// what it printed and its exit status. A panic (a goroutine dump on
// stderr) is a failed test naming the command line.
func Run(t testing.TB, bin string, prefix []string, stdin string, files []*os.File, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	cmd := exec.Command(bin, append(append([]string(nil), prefix...), args...)...)
	cmd.Stdin = strings.NewReader(stdin)
	cmd.ExtraFiles = files
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	if err != nil {
		var ee *exec.ExitError
		if !errors.As(err, &ee) {
			t.Fatalf("gridsat %v: %v", args, err)
		}
		code = ee.ExitCode()
	}
	if strings.Contains(errb.String(), "goroutine ") || strings.Contains(errb.String(), "panic:") {
		t.Errorf("gridsat %v panicked:\n%s", args, errb.String())
	}
	return out.String(), errb.String(), code
}

// FileIs checks that path holds want, and that no temporary file was
// left beside it.
func FileIs(t testing.TB, what, path, want string) {
	t.Helper()
	got, _ := os.ReadFile(path)
	if string(got) != want {
		t.Errorf("%s: %s holds %q, want %q", what, filepath.Base(path), Clip(string(got)), Clip(want))
	}
	entries, _ := os.ReadDir(filepath.Dir(path))
	for _, e := range entries {
		if strings.Contains(e.Name(), ".tmp-") {
			t.Errorf("%s: temporary file %s left", what, e.Name())
		}
	}
}

// Clip shortens a file's text for a message.
func Clip(s string) string {
	if len(s) > 60 {
		return s[:60] + "..."
	}
	return s
}

// UsageError checks a bad command line run as Run runs it: exit 2, one
// line on stderr that contains want, nothing on stdout (nothing ran).
func UsageError(t testing.TB, bin string, prefix []string, stdin, want string, args ...string) {
	t.Helper()
	stdout, stderr, code := Run(t, bin, prefix, stdin, nil, args...)
	if code != 2 || !strings.Contains(stderr, want) || strings.Count(strings.TrimSpace(stderr), "\n") > 0 || stdout != "" {
		t.Errorf("gridsat %v: exit %d, stdout %q, stderr %q; want exit 2, nothing on stdout and one line with %q", args, code, stdout, stderr, want)
	}
}

// Main builds cmd/gridsat into a temporary folder, sets *bin to it, runs
// the tests and exits with their status: the TestMain of a package that
// tests gridsat as a user runs it. A package of such tests is its own
// test binary, with go test's time limit its own.
func Main(m *testing.M, bin *string) {
	dir, err := os.MkdirTemp("", "gridsat-e2e-")
	if err != nil {
		fmt.Fprintln(os.Stderr, "e2e:", err)
		os.Exit(2)
	}
	*bin = filepath.Join(dir, "gridsat")
	if err := build(*bin); err != nil {
		os.RemoveAll(dir)
		fmt.Fprintln(os.Stderr, "e2e: building gridsat:", err)
		os.Exit(2)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// build builds cmd/gridsat into bin with the go command that runs the
// tests (the build cache holds every package it needs by then).
func build(bin string) error {
	gocmd := filepath.Join(runtime.GOROOT(), "bin", "go")
	if _, err := os.Stat(gocmd); err != nil {
		if gocmd, err = exec.LookPath("go"); err != nil {
			return fmt.Errorf("no go command: %w", err)
		}
	}
	out, err := exec.Command(gocmd, "build", "-o", bin, "github.com/gridsat/gridsat/cmd/gridsat").CombinedOutput()
	if err != nil {
		return fmt.Errorf("%w: %s", err, out)
	}
	return nil
}

// EditRecords rewrites the results file at path, record by record (line
// numbers from 1), as a careless or hostile colleague would.
func EditRecords(t testing.TB, path string, edit func(line int, rec *harness.Record)) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	for i, line := range bytes.Split(bytes.TrimSuffix(b, []byte("\n")), []byte("\n")) {
		var rec harness.Record
		if err := json.Unmarshal(line, &rec); err != nil {
			t.Fatal(err)
		}
		edit(i+1, &rec)
		nb, err := json.Marshal(rec)
		if err != nil {
			t.Fatal(err)
		}
		out.Write(append(nb, '\n'))
	}
	if err := os.WriteFile(path, out.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

// JSONRows runs bin (after prefix) with args and --format json, and
// returns the report's rows and the exit status.
func JSONRows(t testing.TB, bin string, prefix []string, args ...string) ([]compare.Row, int) {
	t.Helper()
	out, stderr, code := Run(t, bin, prefix, "", nil, append(args, "--format", "json")...)
	var rep struct {
		Rows []compare.Row `json:"rows"`
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("gridsat %v: exit %d, JSON %v\n%s\n%s", args, code, err, out, stderr)
	}
	return rep.Rows, code
}
