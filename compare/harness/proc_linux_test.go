package harness

import (
	"errors"
	"os"

	"golang.org/x/sys/unix"
)

// gone waits for process pid to end, within stopBound, and kills it if
// it does not (a test must not leave it behind); it reports whether it
// ended. It waits on a pidfd, which becomes readable when the process
// ends (a zombie counts as ended): no polling, no sleep.
func gone(pid int) bool {
	fd, err := unix.PidfdOpen(pid, 0)
	if errors.Is(err, unix.ESRCH) {
		return true // ended and reaped already
	}
	if err != nil {
		return false
	}
	defer unix.Close(fd)
	fds := []unix.PollFd{{Fd: int32(fd), Events: unix.POLLIN}}
	for {
		n, err := unix.Poll(fds, int(stopBound.Milliseconds()))
		if errors.Is(err, unix.EINTR) {
			continue
		}
		if err == nil && n > 0 {
			return true
		}
		break
	}
	if p, err := os.FindProcess(pid); err == nil {
		p.Kill()
	}
	return false
}
