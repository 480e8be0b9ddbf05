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
