package compare

import (
	"os/exec"
	"syscall"
)

// isolate puts a worker in its own process group, so that a Ctrl-C at the
// terminal reaches only the parent (which then kills the workers itself),
// and kills it if the parent dies.
func isolate(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
}
