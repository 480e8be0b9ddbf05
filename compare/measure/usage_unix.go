//go:build unix

package measure

import (
	"os"
	"runtime"
	"syscall"
	"time"
)

// usage is the CPU time and peak resident set of a finished process and
// of the processes it waited for (wait4's rusage counts both).
func usage(ps *os.ProcessState) (time.Duration, int64) {
	ru, ok := ps.SysUsage().(*syscall.Rusage)
	if !ok {
		return ps.UserTime() + ps.SystemTime(), 0
	}
	cpu := time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	rss := int64(ru.Maxrss)
	if runtime.GOOS != "darwin" {
		rss *= 1024 // kilobytes, except on darwin
	}
	return cpu, rss
}
