package encode

import (
	"os/exec"
	"syscall"
)

// tieToParent makes the kernel kill the solver process when the process
// that started it dies: compare's worker processes are killed at their
// time limit, and their solver must not run on as an orphan.
func tieToParent(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
}
