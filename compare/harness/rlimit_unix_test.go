//go:build unix

package harness

import "syscall"

// liftDataLimit raises this process's soft data limit to its hard one.
func liftDataLimit() {
	var lim syscall.Rlimit
	syscall.Getrlimit(syscall.RLIMIT_DATA, &lim)
	lim.Cur = lim.Max
	syscall.Setrlimit(syscall.RLIMIT_DATA, &lim)
}
