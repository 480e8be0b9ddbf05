package compare

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/gridsat/gridsat/instances"
)

// gophersat cannot be interrupted and races when two solvers run in one
// process (../shared/notes/sat-libraries.md), so a comparison runs each
// (case, solver) in a worker process: a copy of the gridsat binary that
// reads jobs on stdin and answers on stdout, in frames (frame.go). The
// parent parses every input once and sends each job its case as text; the
// worker parses that one case, says "start", solves, and replies. The time
// limit runs from "start" to the reply: it covers the solve only. A run
// past a limit is stopped by killing the worker's process group, and the
// worker is replaced.

// Job is one run sent to a worker.
type Job struct {
	Puzzle string `json:"puzzle"`
	// Case is the case as its puzzle's FormatCase writes it, and Loc where
	// the parent read it from (the worker's parse of Case knows neither).
	Case    string        `json:"case"`
	Loc     instances.Loc `json:"loc"`
	Spec    string        `json:"spec"`
	Options Options       `json:"options"`
}

type reply struct {
	Result Result `json:"result"`
	Error  string `json:"error,omitempty"`
	// PeakRSS is the worker's peak resident memory during the run, in
	// bytes (0 where it cannot be read).
	PeakRSS int64 `json:"peak_rss,omitempty"`
}

// memEnv carries the memory limit, in bytes, from the parent to its
// workers, which set the Go runtime's soft limit under it; rlimitEnv=1
// asks them to set a kernel data limit too, where no memory cgroup holds
// them (worker_linux.go, cgroup_linux.go).
const (
	memEnv    = "GRIDSAT_WORKER_MEM"
	rlimitEnv = "GRIDSAT_WORKER_RLIMIT"
)

// WorkerMain is the body of the hidden "gridsat worker" command: it moves
// the protocol off file descriptor 1 (so that a solver or library printing
// to stdout writes to stderr instead of into a reply), applies the memory
// limit the parent passed, and serves jobs on stdin until it ends.
func WorkerMain() error {
	out, err := protocolStdout()
	if err != nil {
		return fmt.Errorf("worker: %w", err)
	}
	if s := os.Getenv(memEnv); s != "" {
		mem, err := strconv.ParseInt(s, 10, 64)
		if err != nil || mem < 0 {
			return fmt.Errorf("worker: %s=%q is not a byte count", memEnv, s)
		}
		if err := limitMemory(mem, os.Getenv(rlimitEnv) == "1"); err != nil {
			return fmt.Errorf("worker: %w", err)
		}
	}
	return ServeWorker(os.Stdin, out)
}

// ServeWorker answers jobs read from r with frames on w until r ends.
func ServeWorker(r io.Reader, w io.Writer) error {
	in := bufio.NewReaderSize(r, 1<<16)
	out := bufio.NewWriterSize(w, 1<<16)
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
		rep := serveJob(f, out)
		b, err := json.Marshal(rep)
		if err != nil {
			b, _ = json.Marshal(reply{Error: fmt.Sprintf("encoding the reply: %v", err)})
		}
		if err := writeFrame(out, frameReply, f.id, b); err != nil {
			return fmt.Errorf("worker: writing reply: %w", err)
		}
	}
}

// serveJob prepares the job in frame f, says start, and solves it.
func serveJob(f frame, out *bufio.Writer) reply {
	var job Job
	if err := json.Unmarshal(f.payload, &job); err != nil {
		return reply{Error: fmt.Sprintf("harness: bad job: %v", err)}
	}
	spec, c, err := job.prepare()
	if err != nil {
		return reply{Error: "harness: " + err.Error()}
	}
	resetPeakRSS()
	if err := writeFrame(out, frameStart, f.id, nil); err != nil {
		return reply{Error: fmt.Sprintf("harness: writing start: %v", err)}
	}
	res, err := SolveCase(spec, c)
	rep := reply{Result: res, PeakRSS: peakRSS()}
	if err != nil {
		rep.Error = err.Error()
	}
	return rep
}

// prepare resolves the job's puzzle and spec and parses its one case.
func (job Job) prepare() (Spec, instances.Case, error) {
	p, err := Lookup(job.Puzzle)
	if err != nil {
		return Spec{}, nil, err
	}
	spec, err := p.ParseSpec(job.Spec, nil)
	if err != nil {
		return Spec{}, nil, err
	}
	if err := spec.Solver.CheckOptions(job.Options); err != nil {
		return Spec{}, nil, err
	}
	spec.Options = job.Options
	cases, err := p.Parse(job.Loc.File, strings.NewReader(job.Case))
	if err != nil {
		return Spec{}, nil, fmt.Errorf("parsing the job's case: %w", err)
	}
	if len(cases) != 1 {
		return Spec{}, nil, fmt.Errorf("the job's text holds %d cases, want 1", len(cases))
	}
	cases[0].SetLocation(job.Loc)
	return spec, cases[0], nil
}

// Pool runs jobs in worker processes, one job per worker at a time, with
// a time limit and a memory limit per run.
type Pool struct {
	// Command starts a worker: the gridsat binary and "worker".
	Command []string
	// Env, if not nil, is the workers' environment.
	Env []string
	// Timeout and Mem are the per-run limits; zero means none.
	Timeout time.Duration
	Mem     int64
	// Poll is how often a run's memory is sampled; 0 means every 10ms.
	Poll time.Duration
	// NoCgroup makes the kernel's memory limit a data rlimit on each
	// worker even where a memory cgroup could hold it.
	NoCgroup bool

	mu     sync.Mutex
	idle   []*workerProc
	closed bool
	nextID atomic.Uint64
	cgOnce sync.Once
	cgs    *memCgroups
}

// MemoryEnforcement says how the kernel enforces Mem: "cgroup v2",
// "cgroup v1" (the worker and its children together), "rlimit" (each
// process on its own, their sum watched by the poll), or "none".
func (p *Pool) MemoryEnforcement() string {
	switch {
	case p.Mem <= 0:
		return "none"
	case p.cgroups() == nil:
		return "rlimit"
	case p.cgs.v2:
		return "cgroup v2"
	}
	return "cgroup v1"
}

func (p *Pool) cgroups() *memCgroups {
	p.cgOnce.Do(func() {
		if !p.NoCgroup && p.Mem > 0 {
			p.cgs = findMemCgroups()
		}
	})
	return p.cgs
}

type workerProc struct {
	cmd    *exec.Cmd
	stdin  *bufio.Writer
	pipe   io.WriteCloser
	frames chan frame // closed when the worker's stdout ends or is garbled
	// readErr says why frames was closed early (nil at a clean end).
	readErr error
	stderr  *stderrBuffer
	tmp     string // the worker's TMPDIR, removed when it ends
	cg      *memCgroup
	ooms    int64 // the group's OOM kills accounted for so far
	done    chan struct{}
	once    sync.Once
}

// oomKilled reports whether the kernel killed a process of the worker's
// memory cgroup since the last call.
func (w *workerProc) oomKilled() bool {
	if w.cg == nil {
		return false
	}
	n := w.cg.oomKills()
	killed := n > w.ooms
	w.ooms = n
	return killed
}

func (p *Pool) start() (*workerProc, error) {
	if len(p.Command) == 0 {
		return nil, fmt.Errorf("worker pool has no command")
	}
	tmp, err := os.MkdirTemp("", "gridsat-worker-")
	if err != nil {
		return nil, fmt.Errorf("starting worker: %w", err)
	}
	cmd := exec.Command(p.Command[0], p.Command[1:]...)
	env := p.Env
	if env == nil {
		env = os.Environ()
	}
	env = append(env[:len(env):len(env)], "TMPDIR="+tmp)
	cgs := p.cgroups()
	if p.Mem > 0 {
		env = append(env, memEnv+"="+strconv.FormatInt(p.Mem, 10))
		if cgs == nil {
			env = append(env, rlimitEnv+"=1")
		}
	}
	cmd.Env = env
	cmd.WaitDelay = 2 * time.Second
	isolate(cmd)
	pipe, err := cmd.StdinPipe()
	if err != nil {
		os.RemoveAll(tmp)
		return nil, fmt.Errorf("starting worker: %w", err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		os.RemoveAll(tmp)
		return nil, fmt.Errorf("starting worker: %w", err)
	}
	w := &workerProc{cmd: cmd, pipe: pipe, stdin: bufio.NewWriterSize(pipe, 1<<16), frames: make(chan frame, 2),
		stderr: &stderrBuffer{}, tmp: tmp, done: make(chan struct{})}
	cmd.Stderr = w.stderr
	if err := cmd.Start(); err != nil {
		os.RemoveAll(tmp)
		return nil, fmt.Errorf("starting worker %s: %w", p.Command[0], err)
	}
	if cgs != nil {
		if w.cg, err = cgs.add(cmd.Process.Pid, p.Mem); err != nil {
			killGroup(cmd)
			cmd.Wait()
			os.RemoveAll(tmp)
			return nil, fmt.Errorf("starting worker: %w", err)
		}
	}
	go func() {
		r := bufio.NewReaderSize(stdout, 1<<16)
		for {
			f, err := readFrame(r, maxReply)
			if err != nil {
				if err != io.EOF {
					w.readErr = err
				}
				close(w.frames)
				return
			}
			w.frames <- f
		}
	}()
	return w, nil
}

// stop kills the worker's whole process group (external solvers
// included), waits for it within a bound, and removes its temporary
// folder. It is safe to call more than once.
func (w *workerProc) stop() {
	w.once.Do(func() {
		killGroup(w.cmd)
		w.pipe.Close()
		go func() {
			for range w.frames { // let the reader end
			}
		}()
		w.cmd.Wait() // bounded by WaitDelay
		os.RemoveAll(w.tmp)
		w.cg.remove()
		close(w.done)
	})
}

// end closes the worker's input so that it exits, and kills it if it has
// not within a second.
func (w *workerProc) end() {
	w.pipe.Close()
	exited := make(chan struct{})
	go func() {
		select {
		case <-exited:
		case <-time.After(time.Second):
			killGroup(w.cmd)
		}
	}()
	w.once.Do(func() {
		for range w.frames {
		}
		w.cmd.Wait()
		close(exited)
		os.RemoveAll(w.tmp)
		w.cg.remove()
		close(w.done)
	})
}

// stderrTail is what the worker wrote to stderr, in a few lines.
func (w *workerProc) stderrTail() string { return w.stderr.summary() }

func (p *Pool) get() (*workerProc, error) {
	p.mu.Lock()
	if n := len(p.idle); n > 0 {
		w := p.idle[n-1]
		p.idle = p.idle[:n-1]
		p.mu.Unlock()
		return w, nil
	}
	p.mu.Unlock()
	return p.start()
}

func (p *Pool) put(w *workerProc) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.closed {
		go w.end()
		return
	}
	p.idle = append(p.idle, w)
}

// Close stops every idle worker; running ones stop as their runs end.
func (p *Pool) Close() {
	p.mu.Lock()
	idle := p.idle
	p.idle, p.closed = nil, true
	p.mu.Unlock()
	var wg sync.WaitGroup
	for _, w := range idle {
		wg.Add(1)
		go func() { defer wg.Done(); w.end() }()
	}
	wg.Wait()
}

// setupLimit bounds the time from sending a job to the worker's "start":
// starting a worker and parsing one case take milliseconds.
const setupLimit = 30 * time.Second

// Execute runs the task in a worker. The verdict is left empty for the
// harness to judge, or set here to timeout, memout, error (the solver
// failed or its worker died while solving) or harness (the harness could
// not get an answer: a worker that would not start, a garbled, stale or
// oversized reply).
func (p *Pool) Execute(ctx context.Context, t Task) Run {
	run := Run{Solver: t.Spec.Text}
	harness := func(format string, args ...any) Run {
		run.Verdict, run.Detail = VerdictHarness, fmt.Sprintf(format, args...)
		return run
	}
	job := Job{Puzzle: t.Puzzle.Name, Case: t.Text(), Loc: t.Case().Location(), Spec: t.Spec.Text, Options: t.Spec.Options}
	payload, err := json.Marshal(job)
	if err != nil {
		return harness("encoding the job: %v", err)
	}
	w, err := p.get()
	if err != nil {
		return harness("%v", err)
	}
	id := p.nextID.Add(1)
	if err := writeFrame(w.stdin, frameJob, id, payload); err != nil {
		w.stop()
		return harness("sending the job to the worker: %v; worker stderr: %s", err, w.stderrTail())
	}
	setup := time.NewTimer(setupLimit)
	defer setup.Stop()
	var limit <-chan time.Time // armed at "start"
	poll := p.Poll
	if poll <= 0 {
		poll = 10 * time.Millisecond
	}
	tick := time.NewTicker(poll)
	defer tick.Stop()
	var start time.Time
	var peak int64
	for {
		select {
		case f, ok := <-w.frames:
			if !ok {
				w.stop()
				if !start.IsZero() {
					run.Wall = time.Since(start)
				}
				tail := w.stderrTail()
				run.PeakRSS = peak
				switch {
				case w.oomKilled():
					run.Verdict, run.Detail = VerdictMemout, fmt.Sprintf("killed by the kernel at the %s memory limit (cgroup)", FormatBytes(p.Mem))
				case w.readErr != nil:
					return harness("bad reply from the worker: %v; worker stderr: %s", w.readErr, tail)
				case start.IsZero():
					return harness("the worker died before the solve started: %s", tail)
				case p.Mem > 0 && w.cg == nil && (outOfMemory(tail) || peak >= p.Mem/2):
					// Past its data rlimit the Go runtime throws "out of
					// memory" or, in some paths, faults on a failed
					// allocation.
					run.Verdict, run.Detail = VerdictMemout, fmt.Sprintf("the worker died at its %s memory limit (rlimit; peak seen %s): %s", FormatBytes(p.Mem), FormatBytes(peak), tail)
				default:
					run.Verdict, run.Detail = VerdictError, "the worker died: "+tail
				}
				return run
			}
			if f.id != id {
				w.stop()
				return harness("reply for job %d while waiting for job %d", f.id, id)
			}
			switch f.kind {
			case frameStart:
				if !start.IsZero() {
					w.stop()
					return harness("two starts for job %d", id)
				}
				start = time.Now()
				setup.Stop()
				if p.Timeout > 0 {
					lt := time.NewTimer(p.Timeout)
					defer lt.Stop()
					limit = lt.C
				}
			case frameReply:
				if !start.IsZero() {
					run.Wall = time.Since(start)
				}
				var rep reply
				if err := json.Unmarshal(f.payload, &rep); err != nil {
					w.stop()
					return harness("bad reply from the worker: %v", err)
				}
				run.Result = rep.Result
				run.PeakRSS = max(peak, rep.PeakRSS)
				if rep.Error != "" && w.oomKilled() {
					// The kernel killed a child (an external solver) at
					// the limit, and the solver reported its death.
					p.put(w)
					run.Verdict, run.Detail = VerdictMemout, fmt.Sprintf("a process of the run was killed by the kernel at the %s memory limit (cgroup): %s", FormatBytes(p.Mem), rep.Error)
					return run
				}
				p.put(w)
				if rep.Error != "" {
					if msg, ok := strings.CutPrefix(rep.Error, "harness: "); ok {
						return harness("%s", msg)
					}
					run.Verdict, run.Detail = VerdictError, rep.Error
				}
				return run
			default:
				w.stop()
				return harness("unexpected %q frame from the worker", f.kind)
			}
		case <-limit:
			w.stop()
			run.Wall = time.Since(start)
			run.PeakRSS = peak
			run.Verdict, run.Detail = VerdictTimeout, fmt.Sprintf("stopped at the %s limit", p.Timeout)
			return run
		case <-setup.C:
			w.stop()
			return harness("the worker did not start the solve within %s: %s", setupLimit, w.stderrTail())
		case <-tick.C:
			rss := groupRSS(w.cmd.Process.Pid)
			peak = max(peak, rss)
			if p.Mem > 0 && rss > p.Mem {
				w.stop()
				if !start.IsZero() {
					run.Wall = time.Since(start)
				}
				run.PeakRSS = peak
				run.Verdict, run.Detail = VerdictMemout, fmt.Sprintf("resident memory %s (worker and its children) over the %s limit", FormatBytes(rss), FormatBytes(p.Mem))
				return run
			}
		case <-ctx.Done():
			w.stop()
			run.Verdict, run.Detail = verdictCancelled, "interrupted"
			return run
		}
	}
}

// outOfMemory reports whether a dead worker's stderr says the Go runtime
// could not get memory (the kernel limit refused it).
func outOfMemory(stderr string) bool {
	return strings.Contains(stderr, "out of memory")
}

// verdictCancelled marks a run stopped by an interrupt: it is not kept.
const verdictCancelled = "cancelled"

// FormatBytes prints a byte count in binary units: "64MiB", "1.5GiB".
func FormatBytes(n int64) string {
	units := []string{"B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"}
	v, u := float64(n), 0
	for v >= 1024 && u < len(units)-1 {
		v /= 1024
		u++
	}
	if v == float64(int64(v)) {
		return fmt.Sprintf("%d%s", int64(v), units[u])
	}
	return fmt.Sprintf("%.3g%s", v, units[u])
}

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
