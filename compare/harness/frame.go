package harness

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"strconv"

	"github.com/gridsat/gridsat/compare"
)

// The parent and its worker processes talk in frames: a header line
// "KIND ID LENGTH", then LENGTH bytes of payload (a job or a reply in
// codec.go's form) and a newline. The id ties a
// reply to its job, and the length lets a reader refuse an oversized
// message before reading it, so that neither a stale reply nor a huge one
// can pass for an answer.

// Frame kinds.
const (
	frameHello = "hello" // worker to parent, once: the worker is up
	frameJob   = "job"   // parent to worker: a Job
	frameStart = "start" // worker to parent: the job parsed, the solve starts now
	frameReply = "reply" // worker to parent: a reply
)

// maxReply bounds a reply; a bigger one is a harness error (a solver's
// answer is a few KiB even for 200x200 boards).
const maxReply = 64 << 20

// maxJob bounds a job (a case is at most a few tens of KiB).
const maxJob = 64 << 20

// frame is one message read.
type frame struct {
	kind    string
	id      uint64
	payload []byte
}

// errOversized is returned for a frame longer than the reader allows.
type errOversized struct{ size, max int64 }

func (e *errOversized) Error() string {
	return fmt.Sprintf("message of %d bytes is over the %d MiB limit", e.size, e.max>>20)
}

// writeFrame writes one frame and flushes it.
func writeFrame(w *bufio.Writer, kind string, id uint64, payload []byte) error {
	bufferFrame(w, kind, id, payload)
	return w.Flush()
}

// bufferFrame writes one frame into w's buffer without flushing it.
func bufferFrame(w *bufio.Writer, kind string, id uint64, payload []byte) {
	var num [20]byte
	w.WriteString(kind)
	w.WriteByte(' ')
	w.Write(strconv.AppendUint(num[:0], id, 10))
	w.WriteByte(' ')
	w.Write(strconv.AppendInt(num[:0], int64(len(payload)), 10))
	w.WriteByte('\n')
	w.Write(payload)
	w.WriteByte('\n')
}

// readFrame reads one frame of at most max payload bytes. It returns
// io.EOF at a clean end of input, *errOversized for a frame over max, and
// another error for anything that is not a frame.
func readFrame(r *bufio.Reader, max int64) (frame, error) {
	head, err := r.ReadSlice('\n')
	if err != nil {
		if err == io.EOF && len(head) == 0 {
			return frame{}, io.EOF
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			return frame{}, fmt.Errorf("not a frame header: %q...", compare.Clip(string(head), 60))
		}
		return frame{}, fmt.Errorf("reading frame header: %w", err)
	}
	kind, id, n, ok := parseHeader(head)
	if !ok {
		return frame{}, fmt.Errorf("not a frame header: %q", compare.Clip(string(head), 60))
	}
	if n > max {
		return frame{}, &errOversized{n, max}
	}
	buf := make([]byte, n+1)
	if _, err := io.ReadFull(r, buf); err != nil {
		return frame{}, fmt.Errorf("reading a %d-byte frame: %w", n, err)
	}
	if buf[n] != '\n' {
		return frame{}, fmt.Errorf("frame of %d bytes not ended by a newline", n)
	}
	return frame{kind: kind, id: id, payload: buf[:n]}, nil
}

// parseHeader reads "KIND ID LENGTH\n" without allocating but for the
// kind (one of three constants).
func parseHeader(head []byte) (kind string, id uint64, n int64, ok bool) {
	sp := bytes.IndexByte(head, ' ')
	if sp <= 0 {
		return "", 0, 0, false
	}
	switch string(head[:sp]) {
	case frameHello:
		kind = frameHello
	case frameJob:
		kind = frameJob
	case frameStart:
		kind = frameStart
	case frameReply:
		kind = frameReply
	default:
		kind = string(head[:sp])
	}
	rest := head[sp+1 : len(head)-1]
	sp = bytes.IndexByte(rest, ' ')
	if sp <= 0 {
		return "", 0, 0, false
	}
	id, err1 := strconv.ParseUint(string(rest[:sp]), 10, 64)
	n, err2 := strconv.ParseInt(string(rest[sp+1:]), 10, 64)
	if err1 != nil || err2 != nil || n < 0 {
		return "", 0, 0, false
	}
	return kind, id, n, true
}
