package harness

import (
	"fmt"
	"os"
	"strings"
	"time"
)

// running reports whether process pid runs (a zombie is dead).
func running(pid int) bool {
	st, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	return err == nil && !strings.Contains(string(st), ") Z ")
}

// gone waits for process pid to end, within stopBound, and kills it if
// it does not (a test must not leave it behind); it reports whether it
// ended.
func gone(pid int) bool {
	for deadline := time.Now().Add(stopBound); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		if !running(pid) {
			return true
		}
	}
	if p, err := os.FindProcess(pid); err == nil {
		p.Kill()
	}
	return false
}
