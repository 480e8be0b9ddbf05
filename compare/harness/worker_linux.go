package harness

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"runtime/debug"
	"strconv"
	"syscall"

	"golang.org/x/sys/unix"
)

// isolate puts a worker in its own process group, so that a Ctrl-C at the
// terminal reaches only the parent (which then kills the workers itself)
// and a kill reaches the worker's children too, and kills it if the parent
// dies.
func isolate(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
}

// killGroup kills a worker and everything it started (its process group).
func killGroup(cmd *exec.Cmd) {
	if cmd.Process == nil {
		return
	}
	syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	cmd.Process.Kill()
}

// waitExited blocks until the worker has exited, without reaping it: its
// pid stays its own, and so its process group's id, until cmd.Wait.
func waitExited(cmd *exec.Cmd) {
	if cmd.Process == nil {
		return
	}
	var info unix.Siginfo
	for unix.Waitid(unix.P_PID, cmd.Process.Pid, &info, unix.WEXITED|unix.WNOWAIT, nil) == unix.EINTR {
	}
}

// ownGroup starts cmd (a probe of an external program) in a process
// group of its own, tied to this process, whose cancel kills the whole
// group.
func ownGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
}

// endGroup waits for a started ownGroup command to exit, kills what is
// left of its group (children it started in the background) while its
// id still names it, and reaps it.
func endGroup(cmd *exec.Cmd) error {
	waitExited(cmd)
	syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	return cmd.Wait()
}

// pidAlive reports whether process pid exists (a zombie counts).
func pidAlive(pid int) bool {
	err := syscall.Kill(pid, 0)
	return err == nil || err == syscall.EPERM
}

// killByEnv kills every process whose environment holds entry
// ("TMPDIR=/tmp/gridsat-worker-..."): the workers' children inherit it,
// so a dead worker's leftovers are found whatever their process group.
func killByEnv(entry string) {
	procs, err := os.ReadDir("/proc")
	if err != nil {
		return
	}
	want := []byte(entry + "\x00")
	for _, p := range procs {
		pid, err := strconv.Atoi(p.Name())
		if err != nil || pid == os.Getpid() {
			continue
		}
		env, err := os.ReadFile("/proc/" + p.Name() + "/environ")
		if err == nil && (bytes.HasPrefix(env, want) || bytes.Contains(env, append([]byte{0}, want...))) {
			syscall.Kill(pid, syscall.SIGKILL)
		}
	}
}

// protocolStdout moves the worker's stdout to a new descriptor for the
// protocol and points descriptor 1 at stderr, so that stray prints from
// solver code cannot corrupt a reply.
func protocolStdout() (*os.File, error) {
	fd, err := syscall.Dup(1)
	if err != nil {
		return nil, fmt.Errorf("keeping stdout for the protocol: %w", err)
	}
	syscall.CloseOnExec(fd)
	if err := syscall.Dup3(2, 1, 0); err != nil {
		return nil, fmt.Errorf("pointing stdout at stderr: %w", err)
	}
	return os.NewFile(uintptr(fd), "protocol"), nil
}

// limitMemory sets the Go runtime's soft memory limit a tenth under mem,
// and with rlimit makes the kernel refuse this process more than mem bytes of
// data: RLIMIT_DATA counts private writable mappings, so the limit is mem
// on top of what is mapped but not resident at start (the Go runtime's
// reservations; docs/limits.md), which makes the heap's mapped
// size, and so its resident size, stop at mem. The Go runtime's soft
// limit, a tenth under it, makes the collector work hard before that.
// Children (external solvers) inherit the limit; their sum is watched by
// the parent's poll.
func limitMemory(mem int64, rlimit bool) error {
	if mem <= 0 {
		return nil
	}
	debug.SetMemoryLimit(mem - mem/10)
	if !rlimit {
		return nil // a memory cgroup holds the worker
	}
	st, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return nil // no /proc: the soft limit and the parent's poll remain
	}
	data, anon := statusKiB(st, "VmData:"), statusKiB(st, "RssAnon:")
	limit := uint64(mem) + uint64(max(data-anon, 0))<<10
	var old syscall.Rlimit
	syscall.Getrlimit(syscall.RLIMIT_DATA, &old)
	// Only the soft limit: a child (an external solver) may raise its
	// own back, its memory being counted by the parent's poll.
	if err := syscall.Setrlimit(syscall.RLIMIT_DATA, &syscall.Rlimit{Cur: min(limit, old.Max), Max: old.Max}); err != nil {
		return fmt.Errorf("setting the memory limit: %w", err)
	}
	return nil
}

// statusKiB reads a "Name:  123 kB" field of /proc/PID/status.
func statusKiB(status []byte, name string) int64 {
	i := bytes.Index(status, []byte(name))
	if i < 0 {
		return 0
	}
	f := bytes.Fields(status[i+len(name):])
	if len(f) == 0 {
		return 0
	}
	v, _ := strconv.ParseInt(string(f[0]), 10, 64)
	return v
}

// clearRefs and status stay open: a run's peak costs a write and a read.
var (
	clearRefs, _ = os.OpenFile("/proc/self/clear_refs", os.O_WRONLY, 0)
	status, _    = os.Open("/proc/self/status")
)

// resetPeakRSS starts a new peak resident-memory measure for this process
// (writing 5 to clear_refs resets the kernel's high-water mark, VmHWM).
func resetPeakRSS() {
	if clearRefs != nil {
		clearRefs.Write([]byte("5"))
	}
}

// peakRSS is this process's peak resident memory since resetPeakRSS, 0
// where it cannot be read. (getrusage's maxrss will not do: it keeps the
// peak of the image this process was before exec, the parent's copy.)
func peakRSS() int64 {
	if clearRefs == nil || status == nil {
		return 0
	}
	var buf [4096]byte
	n, _ := status.ReadAt(buf[:], 0)
	return statusKiB(buf[:n], "VmHWM:") << 10
}
