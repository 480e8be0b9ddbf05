package sat

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
)

// An external solver's output is read up to a cap: its model needs at
// most a sign, the digits of the largest variable and a separator per
// variable, and the rest (comments, statistics) gets a fixed allowance.
// A solver printing more is killed and fails with "solver output too
// large", whatever it says; its standard error is kept only as a tail to
// quote.

// outputAllowance is the room for comment and statistics lines beside the
// model ("c" lines of cadical's verbose run take tens of KiB).
const outputAllowance = 8 << 20

// helpCap bounds what a --help probe prints.
const helpCap = 1 << 20

// stderrTail is how much of a solver's standard error is kept.
const stderrTail = 4 << 10

// errOutputTooLarge is the error of a solver whose output passes its cap.
var errOutputTooLarge = errors.New("solver output too large")

// outputCap is the most a solver of a formula over nvars variables may
// print: "v" line prefixes and the terminating 0 included.
func outputCap(nvars int) int64 {
	return int64(nvars)*int64(len(strconv.Itoa(nvars))+4) + outputAllowance
}

// cappedBuffer keeps what is written to it up to max bytes; past that it
// refuses every write, calls onOver once (to kill the writer) and says
// so by Over.
type cappedBuffer struct {
	data   []byte
	max    int64
	over   bool
	onOver func()
}

func (c *cappedBuffer) Write(p []byte) (int, error) {
	if c.over {
		return 0, errOutputTooLarge
	}
	if int64(len(c.data))+int64(len(p)) > c.max {
		c.over = true
		if c.onOver != nil {
			c.onOver()
		}
		return 0, errOutputTooLarge
	}
	c.data = append(c.data, p...)
	return len(p), nil
}

// Bytes is what was kept.
func (c *cappedBuffer) Bytes() []byte { return c.data }

// tailBuffer keeps the last max bytes written to it.
type tailBuffer struct {
	data []byte
	max  int
}

func (t *tailBuffer) Write(p []byte) (int, error) {
	n := len(p)
	if len(p) > t.max {
		p = p[len(p)-t.max:]
	}
	t.data = append(t.data, p...)
	if len(t.data) > 2*t.max {
		t.data = append(t.data[:0], t.data[len(t.data)-t.max:]...)
	}
	return n, nil
}

// String is the tail kept, at most max bytes.
func (t *tailBuffer) String() string {
	if len(t.data) > t.max {
		return string(t.data[len(t.data)-t.max:])
	}
	return string(t.data)
}

// readCapped reads the file at path, refusing one of over max bytes.
func readCapped(path string, max int64) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, max+1))
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > max {
		return nil, fmt.Errorf("%w (over %d bytes)", errOutputTooLarge, max)
	}
	return data, nil
}
