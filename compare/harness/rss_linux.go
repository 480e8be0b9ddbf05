package harness

import (
	"bytes"
	"os"
	"strconv"

	"golang.org/x/sys/unix"
)

var pageSize = int64(os.Getpagesize())

// groupRSS is the resident memory of process pid and all its descendants
// (an external solver and what it starts), in bytes. The pool calls it at
// every memory poll (every 10 ms of a run), so it reads /proc by plain
// system calls into one buffer: an *os.File is registered with the
// runtime's poller and set non-blocking and back, for every file.
func groupRSS(pid int) int64 {
	var (
		total int64
		buf   = make([]byte, 4096)
		names []string
	)
	stack := []int{pid}
	for len(stack) > 0 {
		p := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		dir := "/proc/" + strconv.Itoa(p)
		if b := readProc(dir+"/statm", &buf); b != nil {
			if f := bytes.Fields(b); len(f) > 1 {
				pages, _ := strconv.ParseInt(string(f[1]), 10, 64)
				total += pages * pageSize
			}
		}
		if names = listProc(dir+"/task", names[:0], &buf); names == nil {
			continue
		}
		for _, t := range names {
			for _, c := range bytes.Fields(readProc(dir+"/task/"+t+"/children", &buf)) {
				if child, err := strconv.Atoi(string(c)); err == nil {
					stack = append(stack, child)
				}
			}
		}
	}
	return total
}

// readProc reads a /proc file whole into *buf (grown as needed), nil if
// it cannot be opened.
func readProc(path string, buf *[]byte) []byte {
	fd, err := unix.Open(path, unix.O_RDONLY|unix.O_CLOEXEC, 0)
	if err != nil {
		return nil
	}
	defer unix.Close(fd)
	n := 0
	for {
		if n == len(*buf) {
			*buf = append(*buf, make([]byte, len(*buf))...)
		}
		k, err := unix.Read(fd, (*buf)[n:])
		if k <= 0 || err != nil {
			return (*buf)[:n]
		}
		n += k
	}
}

// listProc appends the names in directory path to names; nil if it
// cannot be opened.
func listProc(path string, names []string, buf *[]byte) []string {
	fd, err := unix.Open(path, unix.O_RDONLY|unix.O_DIRECTORY|unix.O_CLOEXEC, 0)
	if err != nil {
		return nil
	}
	defer unix.Close(fd)
	for {
		n, err := unix.ReadDirent(fd, *buf)
		if n <= 0 || err != nil {
			return names
		}
		for b := (*buf)[:n]; len(b) > 0; {
			var k int
			k, _, names = unix.ParseDirent(b, -1, names)
			b = b[k:]
		}
	}
}
