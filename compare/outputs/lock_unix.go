//go:build unix

package outputs

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"
	"syscall"
)

// lockedBy reports whether a process holds a lock on the file at path
// (info its Stat), and the process's pid where /proc/locks names it (0
// otherwise). Without /proc/locks, a shared flock that cannot be taken
// at once says the file is locked.
func lockedBy(path string, info os.FileInfo) (pid int, locked bool) {
	sys, ok := info.Sys().(*syscall.Stat_t)
	if !ok {
		return 0, false
	}
	if pid, locked, ok := procLocks(uint64(sys.Dev), uint64(sys.Ino)); ok {
		return pid, locked
	}
	if path == "" {
		return 0, false
	}
	f, err := os.Open(path)
	if err != nil {
		return 0, false
	}
	defer f.Close()
	err = syscall.Flock(int(f.Fd()), syscall.LOCK_SH|syscall.LOCK_NB)
	if errors.Is(err, syscall.EWOULDBLOCK) {
		return 0, true
	}
	if err == nil {
		syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
	}
	return 0, false
}

// LockHolder is the pid of a process holding a lock on the file at
// path, read from /proc/locks (Linux), or 0 when it cannot be told.
func LockHolder(path string) int {
	st, err := os.Stat(path)
	if err != nil {
		return 0
	}
	sys, ok := st.Sys().(*syscall.Stat_t)
	if !ok {
		return 0
	}
	pid, _, _ := procLocks(uint64(sys.Dev), uint64(sys.Ino))
	return pid
}

// procLocks looks the file (dev, ino) up in /proc/locks (Linux): any
// lock held on it (flock, POSIX or open-file-description), and its pid.
// ok is false when /proc/locks cannot be read.
func procLocks(dev, ino uint64) (pid int, locked, ok bool) {
	f, err := os.Open("/proc/locks")
	if err != nil {
		return 0, false, false
	}
	defer f.Close()
	major := (dev>>8)&0xfff | (dev>>32)&^0xfff
	minor := dev&0xff | (dev>>12)&^0xff
	want := fmt.Sprintf("%02x:%02x:%d", major, minor, ino)
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		// "1: FLOCK  ADVISORY  WRITE 1234 fd:01:5678 0 EOF"; a waiter's
		// line has "->" after the number.
		fields := strings.Fields(sc.Text())
		if len(fields) > 1 && fields[1] == "->" {
			continue
		}
		if len(fields) >= 6 && fields[5] == want {
			pid, _ := strconv.Atoi(fields[4])
			return pid, true, true
		}
	}
	return 0, false, true
}
