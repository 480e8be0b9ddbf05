package harness

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/gridsat/gridsat/compare"
	"github.com/gridsat/gridsat/instances"
)

// gophersat cannot be interrupted and races when two solvers run in one
// process (encode/sat/gophersat.go, its tests), so a comparison runs each
// (case, solver) in a worker process: a copy of the gridsat binary that
// reads jobs on stdin and answers on stdout, in frames (frame.go). The
// parent parses every input once and sends each job its case as text; the
// worker parses that one case, says "start", solves, and replies. The time
// limit runs from "start" to the reply: it covers the solve only. A run
// past a limit is stopped by killing the worker's process group, and the
// worker is replaced.

// workerJob is one run sent to a worker.
type workerJob struct {
	Puzzle string `json:"puzzle"`
	// Case is the case as its puzzle's FormatCase writes it, and Loc where
	// the parent read it from (the worker's parse of Case knows neither).
	Case    string          `json:"case"`
	Loc     instances.Loc   `json:"loc"`
	Spec    string          `json:"spec"`
	Options compare.Options `json:"options"`
	// MinSolve is the shortest solve timed on its own; quicker ones are
	// repeated until a round of them lasts this long (solvetime.go). 0:
	// every solve is timed once.
	MinSolve time.Duration `json:"min_solve_ns,omitempty"`
}

type reply struct {
	Result compare.Result `json:"result"`
	Error  string         `json:"error,omitempty"`
	// Harness says that Error is the harness's failure (a job the worker
	// could not prepare), not the solver's: the run's verdict is
	// VerdictHarness, not VerdictError.
	Harness bool `json:"harness,omitempty"`
	// PeakRSS is the worker's peak resident memory during the run, in
	// bytes (0 where it cannot be read).
	PeakRSS int64 `json:"peak_rss,omitempty"`
	// Wall is the solve's wall-clock time, measured by the worker.
	Wall time.Duration `json:"wall_ns"`
	// CPU is the solve's CPU time (clocks.measure), 0 where not measured.
	CPU time.Duration `json:"cpu_ns"`
	// Solves is how many solves Wall and CPU are the mean of (Job's
	// MinSolve); 1 for one. When more, FirstWall and FirstCPU are the
	// first solve's own times (a cold solve: its result is the reply's).
	Solves    int           `json:"solves"`
	FirstWall time.Duration `json:"first_wall_ns"`
	FirstCPU  time.Duration `json:"first_cpu_ns"`
	// OnCPU is the logical CPU the worker is pinned to, -1 if none.
	OnCPU int `json:"on_cpu"`
}

// memEnv carries the memory limit, in bytes, from the parent to its
// workers, which set the Go runtime's soft limit under it; rlimitEnv=1
// asks them to set a kernel data limit too, where no memory cgroup holds
// them (worker_linux.go, cgroup_linux.go).
const (
	memEnv    = "GRIDSAT_WORKER_MEM"
	rlimitEnv = "GRIDSAT_WORKER_RLIMIT"
	// pinEnv names the logical CPU a worker binds itself to (--pin).
	pinEnv = "GRIDSAT_WORKER_CPU"
)

// WorkerGCPercent is the garbage collector's target in a worker, unless
// GOGC is set in its environment: the parent's own (parentGCPercent), and
// what `compare --inproc` runs every solver under. Each run's allocations
// die with it, and every solver, dfs and sat, runs under the same target.
// At the default of 100, a solver that raised the target for its own
// solve and put it back after (encode's solves on gophersat) left the
// worker's next run to start with a collection, and the scavenger handing
// back to the kernel the pages that run then faulted in again, a cost the
// small bundled cases felt most (BenchmarkBundled sets the same target).
// The memory limit (--mem) still holds: the collector works harder as the
// heap nears it.
const WorkerGCPercent = parentGCPercent

// pinned is the CPU this worker is bound to, -1 if none.
var pinned = -1

// WorkerMain is the body of the hidden "gridsat worker" command: it moves
// the protocol off file descriptor 1 (so that a solver or library printing
// to stdout writes to stderr instead of into a reply), applies the memory
// limit the parent passed, and serves jobs on stdin until it ends.
func WorkerMain() error {
	out, err := protocolStdout()
	if err != nil {
		return fmt.Errorf("worker: %w", err)
	}
	var mem int64
	if s := os.Getenv(memEnv); s != "" {
		var err error
		mem, err = strconv.ParseInt(s, 10, 64)
		if err != nil || mem < 0 {
			return fmt.Errorf("worker: %s=%q is not a byte count", memEnv, s)
		}
		if err := limitMemory(mem, os.Getenv(rlimitEnv) == "1"); err != nil {
			return fmt.Errorf("worker: %w", err)
		}
	}
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(WorkerGCPercent)
	}
	warmHeap(warmHeapSize(gcPercent(), mem))
	if s := os.Getenv(pinEnv); s != "" {
		cpu, err := strconv.Atoi(s)
		if err != nil || cpu < 0 {
			return fmt.Errorf("worker: %s=%q is not a CPU number", pinEnv, s)
		}
		if err := pinSelf(cpu); err != nil {
			return fmt.Errorf("worker: %w", err)
		}
		pinned = cpu
	}
	return serveWorker(os.Stdin, out)
}

// serveWorker answers jobs read from r with frames on w until r ends.
func serveWorker(r io.Reader, w io.Writer) error {
	in := bufio.NewReaderSize(r, 1<<16)
	out := &frameOut{w: bufio.NewWriterSize(w, 1<<16)}
	var buf wbuf
	if err := out.send(frameHello, 0, nil); err != nil {
		return fmt.Errorf("worker: writing hello: %w", err)
	}
	for {
		f, err := readFrame(in, maxJob)
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return fmt.Errorf("worker: reading jobs: %w", err)
		}
		if f.kind != frameJob {
			return fmt.Errorf("worker: a %q frame where a job was expected", f.kind)
		}
		var job workerJob
		if err := job.unmarshal(f.payload); err != nil {
			return fmt.Errorf("worker: decoding job %d: %w", f.id, err)
		}
		rep := serveJob(f.id, job, out)
		buf.b = buf.b[:0]
		rep.marshal(&buf)
		b := buf.b
		// With more jobs already waiting, the reply goes out with the next
		// flush (the next start's, a millisecond at most): the parent then
		// reads several replies at once.
		if err := out.reply(f.id, b, in.Buffered() == 0); err != nil {
			return fmt.Errorf("worker: writing reply: %w", err)
		}
	}
}

// frameOut is a worker's output. "start" is flushed a millisecond late
// unless the reply follows first: a quick run costs one write, not two,
// and a long run's limit starts at most a millisecond late.
type frameOut struct {
	mu    sync.Mutex
	w     *bufio.Writer
	err   error
	timer *time.Timer
}

// startSoon buffers the start frame and flushes it in a millisecond.
func (o *frameOut) startSoon(id uint64) {
	o.mu.Lock()
	bufferFrame(o.w, frameStart, id, nil)
	o.mu.Unlock()
	if o.timer == nil {
		o.timer = time.AfterFunc(time.Millisecond, o.flush)
	} else {
		o.timer.Reset(time.Millisecond)
	}
}

func (o *frameOut) flush() {
	o.mu.Lock()
	defer o.mu.Unlock()
	if err := o.w.Flush(); err != nil && o.err == nil {
		o.err = err
	}
}

// reply writes a reply frame, flushing it now or (soon) with what
// follows.
func (o *frameOut) reply(id uint64, payload []byte, flush bool) error {
	if flush {
		return o.send(frameReply, id, payload)
	}
	o.mu.Lock()
	defer o.mu.Unlock()
	bufferFrame(o.w, frameReply, id, payload)
	return o.err
}

// send writes a frame and flushes everything buffered.
func (o *frameOut) send(kind string, id uint64, payload []byte) error {
	if o.timer != nil {
		o.timer.Stop()
	}
	o.mu.Lock()
	defer o.mu.Unlock()
	bufferFrame(o.w, kind, id, payload)
	if err := o.w.Flush(); err != nil {
		return err
	}
	return o.err
}

// serveJob prepares job id, says start, and solves it.
func serveJob(id uint64, job workerJob, out *frameOut) reply {
	spec, c, err := job.prepare()
	if err != nil {
		return reply{Error: err.Error(), Harness: true, OnCPU: pinned}
	}
	// A worker that dies from here on died in the solve (SolveCase
	// recovers panics; a fatal error or an exit ends the process): the
	// parent knows it is up (hello), and blames the solver.
	if pinned >= 0 {
		// A pinned worker is measuring: its solve should not pay for
		// the garbage of the solves before it, which a collection
		// triggered in it would sweep (it made a run's median CPU time
		// vary more between runs; docs/measure.md).
		runtime.GC()
	}
	resetPeakRSS()
	out.startSoon(id)
	res, err, took, n := realClocks.solveTimed(func() (compare.Result, error) { return compare.SolveCase(spec, c) }, job.minSolve())
	rep := reply{Result: res, Wall: took.per.wall, CPU: took.per.cpu, Solves: n, PeakRSS: peakRSS(), OnCPU: pinned}
	if n > 1 {
		rep.FirstWall, rep.FirstCPU = took.first.wall, took.first.cpu
	}
	if err != nil {
		rep.Error = err.Error()
	}
	return rep
}

// prepare resolves the job's puzzle and spec and parses its one case; a
// panic in it is an error, the harness's.
func (job workerJob) prepare() (spec compare.Spec, c instances.Case, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("preparing the job panicked: %v", r)
		}
	}()
	p, err := compare.Lookup(job.Puzzle)
	if err != nil {
		return compare.Spec{}, nil, err
	}
	spec, err = p.ParseSpec(job.Spec, nil)
	if err != nil {
		return compare.Spec{}, nil, err
	}
	if err := spec.Solver.CheckOptions(job.Options); err != nil {
		return compare.Spec{}, nil, err
	}
	spec.Options = job.Options
	cases, err := p.Parse(job.Loc.File, strings.NewReader(job.Case))
	if err != nil {
		return compare.Spec{}, nil, fmt.Errorf("parsing the job's case: %w", err)
	}
	if len(cases) != 1 {
		return compare.Spec{}, nil, fmt.Errorf("the job's text holds %d cases, want 1", len(cases))
	}
	cases[0].SetLocation(job.Loc)
	return spec, cases[0], nil
}

// outOfMemory reports whether a dead worker's stderr says the Go runtime
// could not get memory (the kernel limit refused it). Under a data rlimit
// the runtime may also fault on a failed allocation (SIGSEGV at address
// 0), which the caller weighs with what else it knows.
func outOfMemory(stderr string) bool {
	return strings.Contains(stderr, "out of memory") || strings.Contains(stderr, "cannot allocate memory")
}

// verdictCancelled marks a run stopped by an interrupt: it is not kept.
const verdictCancelled compare.Verdict = "cancelled"

// stderrBuffer keeps the first and the last bytes a worker writes to
// stderr: a Go runtime's fatal error says what went wrong on its first
// line, a panic or a message on its last ones.
type stderrBuffer struct {
	mu   sync.Mutex
	head []byte
	tail []byte
	cut  bool // bytes were dropped between head and tail
}

const stderrHead, stderrTail = 1 << 10, 3 << 10

func (t *stderrBuffer) Write(b []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	n := len(b)
	if room := stderrHead - len(t.head); room > 0 {
		k := min(room, len(b))
		t.head = append(t.head, b[:k]...)
		b = b[k:]
	}
	t.tail = append(t.tail, b...)
	if len(t.tail) > stderrTail {
		t.tail = t.tail[len(t.tail)-stderrTail:]
		t.cut = true
	}
	return n, nil
}

// summary is the stderr in a few lines for a message: all of it when it
// is short, else its first two lines and its last two.
func (t *stderrBuffer) summary() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	all := string(t.head) + string(t.tail)
	if t.cut {
		all = string(t.head) + "\n...\n" + string(t.tail)
	}
	var lines []string
	for _, l := range strings.Split(all, "\n") {
		if l = strings.TrimSpace(l); l != "" {
			lines = append(lines, l)
		}
	}
	switch {
	case len(lines) == 0:
		return "(no message on stderr)"
	case len(lines) > 5:
		lines = append(lines[:2:2], append([]string{"..."}, lines[len(lines)-2:]...)...)
	}
	return strings.Join(lines, " | ")
}
