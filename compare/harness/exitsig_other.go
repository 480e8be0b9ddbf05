//go:build !linux

package harness

import (
	"os"
	"time"
)

// awaitExit cannot tell here whether a process has ended; it says no.
func awaitExit(int, time.Duration) bool { return false }

// exitSignal cannot name a signal here.
func exitSignal(*os.ProcessState) string { return "" }

// killedFromOutside cannot tell a signal here.
func killedFromOutside(*os.ProcessState) string { return "" }
