//go:build !linux

package harness

import (
	"os"
	"os/exec"
	"runtime/debug"
)

// isolate does nothing outside Linux.
func isolate(cmd *exec.Cmd) {}

// killGroup kills the worker (outside Linux, not its children).
func killGroup(cmd *exec.Cmd) {
	if cmd.Process != nil {
		cmd.Process.Kill()
	}
}

// waitExited does nothing outside Linux (end's Wait waits).
func waitExited(*exec.Cmd) {}

// ownGroup does nothing outside Linux.
func ownGroup(*exec.Cmd) {}

// endGroup waits for the command (outside Linux, not its children).
func endGroup(cmd *exec.Cmd) error { return cmd.Wait() }

// pidAlive says yes outside Linux: nothing is taken for stale.
func pidAlive(int) bool { return true }

// killByEnv does nothing outside Linux.
func killByEnv(string) {}

// protocolStdout keeps the protocol on stdout outside Linux.
func protocolStdout() (*os.File, error) { return os.Stdout, nil }

// limitMemory sets only the Go runtime's soft limit outside Linux.
func limitMemory(mem int64, _ bool) error {
	if mem > 0 {
		debug.SetMemoryLimit(mem - mem/10)
	}
	return nil
}

func resetPeakRSS()      {}
func peakRSS() int64     { return 0 }
func groupRSS(int) int64 { return 0 }

// Memory cgroups exist only on Linux.
type memCgroups struct{ v2 bool }
type memCgroup struct{}

func findMemCgroups() *memCgroups                      { return nil }
func (*memCgroups) add(int, int64) (*memCgroup, error) { return nil, nil }
func (*memCgroup) oomKills() int64                     { return 0 }
func (*memCgroup) remove()                             {}
func (*memCgroups) removeStale()                       {}
