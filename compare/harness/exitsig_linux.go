package harness

import (
	"fmt"
	"os"
	"strings"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

// awaitExit waits up to d for the process pid to end on its own (a
// zombie, not yet reaped), so that the status read after the kill that
// follows is its own. It reports whether it ended.
func awaitExit(pid int, d time.Duration) bool {
	for start := time.Now(); ; time.Sleep(time.Millisecond) {
		stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
		if err != nil || strings.Contains(string(stat), ") Z ") {
			return true
		}
		if time.Since(start) > d {
			return false
		}
	}
}

// exitSignal names the signal that ended a process, as "SIGSEGV
// (segmentation fault)", or "" when none did.
func exitSignal(ps *os.ProcessState) string {
	if ps == nil {
		return ""
	}
	ws, ok := ps.Sys().(syscall.WaitStatus)
	if !ok || !ws.Signaled() {
		return ""
	}
	return fmt.Sprintf("%s (%s)", unix.SignalName(ws.Signal()), ws.Signal())
}

// killedFromOutside names the signal that ended a process when the
// process did not raise it itself: SIGKILL, SIGTERM, SIGINT, SIGHUP and
// the like come from someone else (a user, a batch system, the kernel
// reclaiming memory outside the run's limit), while a fault (SIGSEGV,
// SIGBUS, SIGFPE, SIGILL, SIGABRT, SIGTRAP, SIGSYS) or a resource limit
// of the process's own (SIGXCPU, SIGXFSZ) is the solver's. "" when no
// signal ended it, or the process raised it.
func killedFromOutside(ps *os.ProcessState) string {
	if ps == nil {
		return ""
	}
	ws, ok := ps.Sys().(syscall.WaitStatus)
	if !ok || !ws.Signaled() {
		return ""
	}
	switch ws.Signal() {
	case syscall.SIGSEGV, syscall.SIGBUS, syscall.SIGFPE, syscall.SIGILL, syscall.SIGABRT,
		syscall.SIGTRAP, syscall.SIGSYS, syscall.SIGXCPU, syscall.SIGXFSZ:
		return ""
	}
	return exitSignal(ps)
}
