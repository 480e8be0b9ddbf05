//go:build !unix

package outputs

import "os"

// lockedBy cannot tell a lock on this system: no file is locked.
func lockedBy(path string, info os.FileInfo) (pid int, locked bool) { return 0, false }

// LockHolder cannot tell a lock's holder on this system: 0.
func LockHolder(string) int { return 0 }
