package e2e

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/gridsat/gridsat/compare"
	"github.com/gridsat/gridsat/compare/harness"
)

// TestUnsolvableSlantExitsOne: a well-formed case with no solution (a 2
// on a board corner) is reported on stderr and makes the exit status 1,
// after the other cases are answered.
func TestUnsolvableSlantExitsOne(t *testing.T) {
	if _, err := compare.Lookup("slant"); err != nil {
		t.Fatal("slant not registered")
	}
	in := "2\n1\n2.\n..\n1\n1.\n..\n"
	for _, solver := range []string{"dfs", "sat"} {
		out, stderr, code := gridsat(t, in, "solve", "slant", "--solver", solver)
		if code != exitFail {
			t.Errorf("%s: exit %d, want 1", solver, code)
		}
		if !strings.Contains(stderr, "case 1") || !strings.Contains(stderr, "no solution") {
			t.Errorf("%s: stderr %q", solver, stderr)
		}
		if out != "\\\n" {
			t.Errorf("%s: stdout %q, want the second case's answer", solver, out)
		}
	}
}

// TestCompareCatchesWrongAnswer plants a wrong answer in a results file;
// --resume re-verifies it, marks it WRONG, lists it and exits 1.
func TestCompareCatchesWrongAnswer(t *testing.T) {
	if _, err := compare.Lookup("chain"); err != nil {
		t.Fatal("chain not registered")
	}
	dir := t.TempDir()
	file := filepath.Join(dir, "b.txt")
	os.WriteFile(file, []byte("3 3\n0 2 0\n1 1 1\n2 0 2\n"), 0o644)
	out := filepath.Join(dir, "runs.jsonl")
	if _, stderr, code := gridsat(t, "", "compare", "chain", file, "--results", out, "--inproc"); code != 0 {
		t.Fatalf("first run: exit %d: %s", code, stderr)
	}
	// Tamper with the sat run's answer.
	data, _ := os.ReadFile(out)
	var lines []string
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		var rec harness.Record
		if err := json.Unmarshal([]byte(line), &rec); err != nil {
			t.Fatal(err)
		}
		if rec.Kind == "run" && rec.Run.Spec == "sat" {
			rec.Run.Run.Result.Answer = "41255241"
		}
		b, _ := json.Marshal(rec)
		lines = append(lines, string(b))
	}
	os.WriteFile(out, []byte(strings.Join(lines, "\n")+"\n"), 0o644)
	stdout, _, code := gridsat(t, "", "compare", "chain", file, "--results", out, "--resume", "--inproc")
	if code != exitFail {
		t.Fatalf("exit %d, want 1\n%s", code, stdout)
	}
	if !strings.Contains(stdout, "WRONG") || !strings.Contains(stdout, "PROBLEMS (1)") {
		t.Errorf("wrong answer not reported:\n%s", stdout)
	}
}

// TestInterruptKeepsFinishedRows sends SIGINT to a real compare process
// once its first row is in the results file and a slow run is going: it
// must stop, report the row that finished, and exit 130.
func TestInterruptKeepsFinishedRows(t *testing.T) {
	if _, err := compare.Lookup("queens"); err != nil {
		t.Fatal("queens not registered")
	}
	dir := t.TempDir()
	file, runs := filepath.Join(dir, "q.txt"), filepath.Join(dir, "runs.jsonl")
	// A quick board, then gamma(Q_20) by SAT: hours.
	board := "2 2\nX.\n..\n20 20\n" + strings.Repeat(strings.Repeat("X", 20)+"\n", 20) + "0\n"
	os.WriteFile(file, []byte(board), 0o644)
	cmd := exec.Command(gridsatBin, "compare", "queens", file, "--solvers", "sat", "-j", "1", "--timeout", "10m", "--results", runs)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	// The event: the 2x2 board's run is in the results file.
	waitFor(t, "the first row in "+runs, func() bool {
		b, _ := os.ReadFile(runs)
		return bytes.Contains(b, []byte(`"kind":"run"`))
	})
	start := time.Now()
	cmd.Process.Signal(syscall.SIGINT)
	err := cmd.Wait()
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != 130 {
		t.Fatalf("exit: %v\nstdout:\n%s\nstderr:\n%s", err, stdout.String(), stderr.String())
	}
	t.Logf("stopped %s after SIGINT", time.Since(start))
	if !strings.Contains(stdout.String(), "q.txt#1") || strings.Contains(stdout.String(), "q.txt#2") {
		t.Errorf("want exactly the finished row:\n%s", stdout.String())
	}
	if !strings.Contains(stderr.String(), "interrupted") {
		t.Errorf("stderr: %s", stderr.String())
	}
}
