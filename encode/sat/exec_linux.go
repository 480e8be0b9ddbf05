package sat

import (
	"os/exec"
	"syscall"

	"golang.org/x/sys/unix"
)

// tieToParent makes the kernel kill the solver process when the process
// that started it dies: compare's worker processes are killed at their
// time limit, and their solver must not run on as an orphan.
func tieToParent(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
}

// ownGroup starts cmd in a process group of its own, tied to its parent,
// whose cancel (its context's end) kills the whole group: a program that
// starts children (a shell script) is stopped with them.
func ownGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
}

// endGroup waits for a started ownGroup command to exit, kills what is
// left of its process group (children it started in the background), and
// reaps it. The group is killed before the leader is reaped, while its
// id cannot name another group.
func endGroup(cmd *exec.Cmd) error {
	var info unix.Siginfo
	for unix.Waitid(unix.P_PID, cmd.Process.Pid, &info, unix.WEXITED|unix.WNOWAIT, nil) == unix.EINTR {
	}
	syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	return cmd.Wait()
}
