//go:build !unix

package measure

import (
	"os"
	"time"
)

// usage is the CPU time of a finished process; its peak memory is not
// known here.
func usage(ps *os.ProcessState) (time.Duration, int64) {
	return ps.UserTime() + ps.SystemTime(), 0
}
