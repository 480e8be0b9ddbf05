//go:build unix

package compare

import "syscall"

// processAlive reports whether the process pid exists (one of another
// user's included).
func processAlive(pid int) bool {
	err := syscall.Kill(pid, 0)
	return err == nil || err == syscall.EPERM
}
