package sat

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// execChildEnv makes the test binary, run again as a child process, solve
// with the fake solver it names and block there.
const execChildEnv = "GRIDSAT_EXEC_CHILD_SOLVER"

// An external solver dies with the process that started it, as when
// compare kills a worker at its time limit: no orphan keeps a core busy.
func TestExecSolverDiesWithGridsat(t *testing.T) {
	if script := os.Getenv(execChildEnv); script != "" {
		b, err := LookupBackend("exec:" + script)
		if err != nil {
			os.Exit(3)
		}
		s, _ := b.New(&CNF{NumVars: 1})
		s.Solve(time.Time{}) // blocks until killed
		os.Exit(4)
	}
	if testing.Short() {
		t.Skip("runs a child process")
	}
	dir := t.TempDir()
	pidFile := filepath.Join(dir, "pid")
	script := filepath.Join(dir, "sleeper")
	if err := os.WriteFile(script, []byte("#!/bin/sh\necho $$ > "+pidFile+".tmp && mv "+pidFile+".tmp "+pidFile+"\nexec sleep 60\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	child := exec.Command(os.Args[0], "-test.run=^TestExecSolverDiesWithGridsat$")
	child.Env = append(os.Environ(), execChildEnv+"="+script)
	if err := child.Start(); err != nil {
		t.Fatal(err)
	}
	defer child.Process.Kill()
	var pid int
	// Polls bounded by a hang guard, not a timing: the fake solver sleeps
	// a minute, so half a minute tells "killed" from "not killed" at any
	// load.
	for start := time.Now(); time.Since(start) < time.Minute; time.Sleep(10 * time.Millisecond) {
		if data, err := os.ReadFile(pidFile); err == nil {
			pid, _ = strconv.Atoi(strings.TrimSpace(string(data)))
			break
		}
	}
	if pid == 0 {
		t.Fatal("the fake solver never started")
	}
	child.Process.Kill()
	child.Wait()
	for start := time.Now(); time.Since(start) < 30*time.Second; time.Sleep(10 * time.Millisecond) {
		stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
		// Gone, or a zombie waiting for a reaper: dead either way.
		if err != nil || strings.Contains(string(stat), ") Z ") {
			return
		}
	}
	syscall.Kill(pid, syscall.SIGKILL)
	t.Fatalf("solver process %d still runs after its parent was killed", pid)
}

// alive reports whether process pid runs (a zombie is dead).
func alive(pid int) bool {
	stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	return err == nil && !strings.Contains(string(stat), ") Z ")
}

// The --help probe leaves nothing running, whether the program answers or
// hangs: 0.13.0 killed a hanging script's shell but not its children, and
// never a quick script's background child.
func TestHelpProbeLeavesNoChild(t *testing.T) {
	if testing.Short() {
		t.Skip("runs child processes for 2 s")
	}
	// A short bound for the script that hangs, which waits it out; the
	// bound itself is the probe's business, not this test's.
	defer func(d time.Duration) { helpTimeout = d }(helpTimeout)
	helpTimeout = 2 * time.Second
	dir := t.TempDir()
	for _, tt := range []struct {
		name, tail string
		want       bool
	}{
		{"answers", "echo 'reads p inccnf'\n", true},
		{"hangs", "sleep 60\necho inccnf\n", false},
	} {
		pidFile := filepath.Join(dir, tt.name+".pid")
		script := filepath.Join(dir, tt.name)
		body := "#!/bin/sh\nsleep 60 &\necho $! > " + pidFile + ".tmp && mv " + pidFile + ".tmp " + pidFile + "\n" + tt.tail
		if err := os.WriteFile(script, []byte(body), 0o755); err != nil {
			t.Fatal(err)
		}
		start := time.Now()
		got := (&execBackend{Program: script, Path: script}).SolvesCubes()
		if got != tt.want {
			t.Errorf("%s: SolvesCubes = %v", tt.name, got)
		}
		if took := time.Since(start); took > 30*time.Second {
			t.Errorf("%s: the probe took %s", tt.name, took)
		}
		b, err := os.ReadFile(pidFile)
		if err != nil {
			t.Fatalf("%s: the script never started its child: %v", tt.name, err)
		}
		pid, _ := strconv.Atoi(strings.TrimSpace(string(b)))
		for deadline := time.Now().Add(30 * time.Second); alive(pid) && time.Now().Before(deadline); {
			time.Sleep(10 * time.Millisecond)
		}
		if alive(pid) {
			syscall.Kill(pid, syscall.SIGKILL)
			t.Errorf("%s: the --help probe's child %d outlived it", tt.name, pid)
		}
	}
}
