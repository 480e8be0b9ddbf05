package harness

import (
	"encoding/binary"
	"errors"
	"fmt"
	"time"

	"github.com/gridsat/gridsat/compare"
	"github.com/gridsat/gridsat/instances"
)

// Jobs and replies travel between the parent and its workers in a small
// binary form: strings and integers as varints, nothing else. A profile of
// many trivial runs showed reply decoding as the parent's largest cost
// with JSON, and still a large one with gob; this form costs next to
// nothing (BenchmarkParentOverhead; docs/findings.md). Every field of Job and reply is
// written: TestCodecRoundTrip fills every field (by reflection) and fails
// when a new one is not carried.

var errShort = errors.New("message ends early")

type wbuf struct{ b []byte }

func (w *wbuf) uint(v uint64) { w.b = binary.AppendUvarint(w.b, v) }
func (w *wbuf) int(v int64)   { w.b = binary.AppendVarint(w.b, v) }
func (w *wbuf) str(s string)  { w.uint(uint64(len(s))); w.b = append(w.b, s...) }
func (w *wbuf) bool(v bool) {
	if v {
		w.b = append(w.b, 1)
	} else {
		w.b = append(w.b, 0)
	}
}

type rbuf struct {
	b   []byte
	err error
	// names interns statistic names: a run's stats repeat the same few.
	names map[string]string
}

func (r *rbuf) uint() uint64 { return readVarint(r, binary.Uvarint) }

func (r *rbuf) int() int64 { return readVarint(r, binary.Varint) }

// readVarint reads one varint from r with decode; after an error, or on
// a short buffer, it returns 0 and leaves r.err set.
func readVarint[T int64 | uint64](r *rbuf, decode func([]byte) (T, int)) T {
	if r.err != nil {
		return 0
	}
	v, n := decode(r.b)
	if n <= 0 {
		r.err = errShort
		return 0
	}
	r.b = r.b[n:]
	return v
}

func (r *rbuf) bytes() []byte {
	n := r.uint()
	if r.err != nil {
		return nil
	}
	if n > uint64(len(r.b)) {
		r.err = errShort
		return nil
	}
	s := r.b[:n]
	r.b = r.b[n:]
	return s
}

func (r *rbuf) str() string { return string(r.bytes()) }

// name reads a string that is likely one seen before.
func (r *rbuf) name() string {
	b := r.bytes()
	if s, ok := r.names[string(b)]; ok {
		return s
	}
	s := string(b)
	if r.names == nil {
		r.names = map[string]string{}
	}
	if len(r.names) < 256 {
		r.names[s] = s
	}
	return s
}

func (r *rbuf) bool() bool {
	if r.err != nil {
		return false
	}
	if len(r.b) == 0 {
		r.err = errShort
		return false
	}
	v := r.b[0]
	r.b = r.b[1:]
	if v > 1 {
		r.err = fmt.Errorf("bad boolean %d", v)
	}
	return v == 1
}

// count reads a length that the rest of the message must be able to hold
// (each element takes a byte at least), so that garbage cannot ask for a
// huge allocation.
func (r *rbuf) count() int {
	n := r.uint()
	if n > uint64(len(r.b)) {
		r.err = errShort
		return 0
	}
	return int(n)
}

// done reports an error for a short or overlong message.
func (r *rbuf) done() error {
	if r.err == nil && len(r.b) != 0 {
		r.err = fmt.Errorf("%d bytes left over", len(r.b))
	}
	return r.err
}

func (job *workerJob) marshal(w *wbuf) {
	w.str(job.Puzzle)
	w.str(job.Case)
	w.str(job.Loc.File)
	w.int(int64(job.Loc.Case))
	w.int(int64(job.Loc.Line))
	w.str(job.Spec)
	w.uint(uint64(len(job.Options)))
	for k, v := range job.Options {
		w.str(k)
		w.str(v)
	}
	w.int(int64(job.MinSolve))
}

func (job *workerJob) unmarshal(b []byte) error {
	r := &rbuf{b: b}
	job.Puzzle = r.str()
	job.Case = r.str()
	job.Loc = instances.Loc{File: r.str(), Case: int(r.int()), Line: int(r.int())}
	job.Spec = r.str()
	n := r.count()
	job.Options = make(compare.Options, n)
	for i := 0; i < n && r.err == nil; i++ {
		k := r.str()
		job.Options[k] = r.str()
	}
	job.MinSolve = time.Duration(r.int())
	return r.done()
}

func (rep *reply) marshal(w *wbuf) {
	res := &rep.Result
	w.bool(res.Solved)
	w.str(res.Answer)
	w.str(res.Witness)
	w.str(res.Second)
	w.bool(res.UniqueChecked)
	w.int(int64(res.Time))
	w.uint(uint64(len(res.Stats)))
	for _, s := range res.Stats {
		w.str(s.Name)
		w.int(s.Value)
	}
	w.uint(uint64(len(res.Steps)))
	for _, s := range res.Steps {
		w.str(s.Label)
		w.int(int64(s.Status))
		w.int(int64(s.Time))
		w.int(int64(s.Rounds))
	}
	w.bool(res.Certified)
	w.str(res.CertError)
	w.str(rep.Error)
	w.bool(rep.Harness)
	w.int(rep.PeakRSS)
	w.int(int64(rep.Wall))
	w.int(int64(rep.CPU))
	w.int(int64(rep.Solves))
	w.int(int64(rep.FirstWall))
	w.int(int64(rep.FirstCPU))
	w.int(int64(rep.OnCPU))
}

// unmarshal reads a reply; r carries the interned statistic names of the
// connection.
func (rep *reply) unmarshal(r *rbuf, b []byte) error {
	r.b, r.err = b, nil
	res := &rep.Result
	res.Solved = r.bool()
	res.Answer = r.str()
	res.Witness = r.str()
	res.Second = r.str()
	res.UniqueChecked = r.bool()
	res.Time = time.Duration(r.int())
	if n := r.count(); n > 0 {
		res.Stats = make([]compare.Stat, n)
		for i := range res.Stats {
			res.Stats[i] = compare.Stat{Name: r.name(), Value: r.int()}
		}
	}
	if n := r.count(); n > 0 {
		res.Steps = make([]compare.Step, n)
		for i := range res.Steps {
			res.Steps[i] = compare.Step{Label: r.str(), Status: compare.StepStatus(r.int()), Time: time.Duration(r.int()), Rounds: int(r.int())}
		}
	}
	res.Certified = r.bool()
	res.CertError = r.str()
	rep.Error = r.str()
	rep.Harness = r.bool()
	rep.PeakRSS = r.int()
	rep.Wall = time.Duration(r.int())
	rep.CPU = time.Duration(r.int())
	rep.Solves = int(r.int())
	rep.FirstWall = time.Duration(r.int())
	rep.FirstCPU = time.Duration(r.int())
	rep.OnCPU = int(r.int())
	return r.done()
}
