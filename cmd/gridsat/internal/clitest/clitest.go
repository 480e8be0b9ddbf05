// Package clitest holds what the command line's two test packages share:
// cmd/gridsat's own tests (the command line in process, and the test
// binary standing in for gridsat) and cmd/gridsat/e2e's (a gridsat built
// for them, as a user runs it: processes, signals, full disks).
package clitest

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
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
