package harness

import (
	"os/exec"
	"os/signal"
	"strings"
	"syscall"
	"testing"
)

// Issue 30, item 8: a process ended by a signal it raised itself (a
// fault, an abort) is told from one killed from outside (SIGKILL,
// SIGTERM, SIGINT).
//
// A signal the test process ignores (go test started under nohup, or in
// the background by a shell without job control) is ignored by the child
// too, which then exits instead of dying: such a case is skipped and
// named, never failed.
func TestKilledFromOutside(t *testing.T) {
	for _, tc := range []struct {
		sig     syscall.Signal
		name    string
		outside bool
	}{
		{syscall.SIGKILL, "KILL", true}, {syscall.SIGTERM, "TERM", true},
		{syscall.SIGINT, "INT", true}, {syscall.SIGHUP, "HUP", true},
		{syscall.SIGABRT, "ABRT", false}, {syscall.SIGSEGV, "SEGV", false},
		{syscall.SIGBUS, "BUS", false}, {syscall.SIGXCPU, "XCPU", false},
	} {
		if signal.Ignored(tc.sig) {
			t.Logf("SIG%s is ignored by this process and its children: case skipped", tc.name)
			continue
		}
		cmd := exec.Command("sh", "-c", "kill -"+tc.name+" $$")
		cmd.Run()
		got := killedFromOutside(cmd.ProcessState)
		if (got != "") != tc.outside || (tc.outside && !strings.Contains(got, "SIG"+tc.name)) {
			t.Errorf("SIG%s: killedFromOutside = %q, want outside %v", tc.name, got, tc.outside)
		}
	}
	ok := exec.Command("true")
	if ok.Run(); killedFromOutside(ok.ProcessState) != "" {
		t.Error("a process that exited is said killed")
	}
}
