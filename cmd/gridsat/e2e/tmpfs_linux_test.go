package e2e

import (
	"fmt"
	"os"
	"syscall"
)

// mountTmpfs mounts a tmpfs of size bytes at dir, or says why it cannot.
func mountTmpfs(dir string, size int) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	return syscall.Mount("tmpfs", dir, "tmpfs", 0, fmt.Sprintf("size=%d", size))
}
