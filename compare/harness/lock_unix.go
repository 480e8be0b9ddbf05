//go:build unix

package harness

import (
	"errors"
	"os"
	"syscall"
)

// lockResults takes an exclusive flock on f without waiting: one held by
// another open file (another gridsat) is errResultsInUse.
func lockResults(f *os.File) error {
	err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
	if errors.Is(err, syscall.EWOULDBLOCK) {
		return errResultsInUse
	}
	return err
}
