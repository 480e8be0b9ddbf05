package harness

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/gridsat/gridsat/compare"
)

// workerPool runs tasks in worker processes with a time limit and a memory
// limit per run. Each of its drivers owns one worker at a time and keeps
// a few jobs queued in it while runs are quick (so that a worker never
// waits for the parent, and the parent reads several replies at a time),
// one at a time once a run takes long. A driver reads the worker's frames
// itself, with read deadlines for the time limit and the memory poll: no
// goroutine hand-off per run.
type workerPool struct {
	// Command starts a worker: the gridsat binary and "worker".
	Command []string
	// Env, if not nil, is the workers' environment.
	Env []string
	// Timeout and Mem are the per-run limits; zero means none.
	Timeout time.Duration
	Mem     int64
	// MinSolve is the shortest solve the workers time on its own
	// (defaultMinSolve; workerJob.MinSolve); zero means every solve is timed
	// once.
	MinSolve time.Duration
	// Poll is how often a run's memory is sampled; 0 means every 10ms.
	Poll time.Duration
	// NoCgroup makes the kernel's memory limit a data rlimit on each
	// worker even where a memory cgroup could hold it.
	NoCgroup bool
	// Depth bounds the jobs queued in one worker; 0 means 8.
	Depth int
	// CPUs, if set, pins the workers (--pin): the k-th of RunTasks's
	// workers binds itself to logical CPU CPUs[k] (PinCPUs gives them in
	// order); a run records its CPU.
	CPUs []int

	mu     sync.Mutex
	idle   []*workerProc
	closed bool
	nextID atomic.Uint64
	cgOnce sync.Once
	// staleOnce removes, before the first runs, what workers of a
	// gridsat killed outright left behind (stale.go).
	staleOnce sync.Once
	cgs       *memCgroups
	hooks     *poolHooks
	// onStart is the running comparison's Config.OnStart.
	onStart func(Task)
}

// poolHooks let a test order events that a race orders otherwise; nil
// outside tests.
type poolHooks struct {
	started func(w *workerProc)       // a worker started, no job sent yet
	stderr  func(io.Writer) io.Writer // wraps where a worker's stderr goes
	reaping func()                    // a worker is stopped, not yet reaped
}

// memoryEnforcement says how the kernel enforces Mem: "cgroup v2",
// "cgroup v1" (the worker and its children together), "rlimit" (each
// process on its own, their sum watched by the poll), or "none".
func (p *workerPool) memoryEnforcement() string {
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

func (p *workerPool) cgroups() *memCgroups {
	p.cgOnce.Do(func() {
		if !p.NoCgroup && p.Mem > 0 {
			p.cgs = findMemCgroups()
		}
	})
	return p.cgs
}

// workerProc is one worker process and its pipes.
type workerProc struct {
	cmd    *exec.Cmd
	stdin  *bufio.Writer
	pipe   io.WriteCloser
	out    *os.File // the worker's stdout, read with deadlines
	r      frameReader
	stderr *stderrBuffer
	up     bool   // the worker said hello
	tmp    string // the worker's TMPDIR, removed when it ends
	cpu    int    // the CPU it is pinned to, -1 if none
	cg     *memCgroup
	hooks  *poolHooks
	ooms   int64 // the group's OOM kills accounted for so far
	// oomKilledAfterStop records an OOM kill seen as the worker was
	// reaped, before its cgroup went.
	oomKilledAfterStop bool
	once               sync.Once
	jobs               wbuf // the jobs being sent
	replies            rbuf // reading replies (and the stats' names seen)
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

func (p *workerPool) start(cpu int) (*workerProc, error) {
	if len(p.Command) == 0 {
		return nil, fmt.Errorf("worker pool has no command")
	}
	tmp, err := os.MkdirTemp("", workerDirPrefix+strconv.Itoa(os.Getpid())+"-")
	if err != nil {
		return nil, fmt.Errorf("starting worker: %w", err)
	}
	cmd := exec.Command(p.Command[0], p.Command[1:]...)
	env := p.Env
	if env == nil {
		env = os.Environ()
	}
	env = append(env[:len(env):len(env)], "TMPDIR="+tmp)
	if cpu >= 0 {
		env = append(env, pinEnv+"="+strconv.Itoa(cpu))
	}
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
	stdinR, stdinW, err := os.Pipe()
	if err != nil {
		os.RemoveAll(tmp)
		return nil, fmt.Errorf("starting worker: %w", err)
	}
	stdoutR, stdoutW, err := os.Pipe()
	if err != nil {
		stdinR.Close()
		stdinW.Close()
		os.RemoveAll(tmp)
		return nil, fmt.Errorf("starting worker: %w", err)
	}
	w := &workerProc{cmd: cmd, pipe: stdinW, stdin: bufio.NewWriterSize(stdinW, 1<<16), out: stdoutR,
		stderr: &stderrBuffer{}, tmp: tmp, cpu: cpu, hooks: p.hooks}
	w.r.f = stdoutR
	cmd.Stdin, cmd.Stdout, cmd.Stderr = stdinR, stdoutW, w.stderr
	if p.hooks != nil && p.hooks.stderr != nil {
		cmd.Stderr = p.hooks.stderr(w.stderr)
	}
	err = cmd.Start()
	stdinR.Close()
	stdoutW.Close()
	if err != nil {
		stdinW.Close()
		stdoutR.Close()
		os.RemoveAll(tmp)
		return nil, fmt.Errorf("starting worker %s: %w", p.Command[0], err)
	}
	if cgs != nil {
		if w.cg, err = cgs.add(cmd.Process.Pid, p.Mem); err != nil {
			w.stop()
			return nil, fmt.Errorf("starting worker: %w", err)
		}
	}
	if p.hooks != nil && p.hooks.started != nil {
		p.hooks.started(w)
	}
	return w, nil
}

// stop kills the worker's whole process group (external solvers
// included), waits for it within a bound, and removes its temporary
// folder and cgroup (noting first whether the kernel killed a process of
// it for memory). It is safe to call more than once.
func (w *workerProc) stop() {
	w.once.Do(func() {
		if w.hooks != nil && w.hooks.reaping != nil {
			w.hooks.reaping()
		}
		killGroup(w.cmd)
		w.pipe.Close()
		w.cmd.Wait() // bounded by WaitDelay
		w.out.Close()
		os.RemoveAll(w.tmp)
		w.oomKilledAfterStop = w.oomKilled()
		w.cg.remove()
	})
}

// end closes the worker's input so that it exits, killing it if it has
// not within a second, then kills what is left of its process group (a
// solver's child started in the background), and cleans up as stop does.
func (w *workerProc) end() {
	w.once.Do(func() {
		w.pipe.Close()
		exited := make(chan struct{})
		go func() {
			select {
			case <-exited:
			case <-time.After(time.Second):
				killGroup(w.cmd)
			}
		}()
		waitExited(w.cmd) // not reaped: its pid still names its group
		close(exited)
		killGroup(w.cmd)
		w.cmd.Wait()
		w.out.Close()
		os.RemoveAll(w.tmp)
		w.cg.remove()
	})
}

// stderrTail is what the worker wrote to stderr, in a few lines.
func (w *workerProc) stderrTail() string { return w.stderr.summary() }

// get returns an idle worker pinned to cpu (-1: not pinned), or starts
// one.
func (p *workerPool) get(cpu int) (*workerProc, error) {
	p.mu.Lock()
	for i := len(p.idle) - 1; i >= 0; i-- {
		if w := p.idle[i]; w.cpu == cpu {
			p.idle = append(p.idle[:i], p.idle[i+1:]...)
			p.mu.Unlock()
			return w, nil
		}
	}
	p.mu.Unlock()
	return p.start(cpu)
}

func (p *workerPool) put(w *workerProc) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.closed {
		go w.end()
		return
	}
	p.idle = append(p.idle, w)
}

// Close stops every idle worker.
func (p *workerPool) Close() {
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

// setupLimit bounds the time from a job's turn in its worker to its
// "start": starting a worker and parsing one case take milliseconds.
const setupLimit = 30 * time.Second

// Execute runs one task in a worker (see RunTasks).
func (p *workerPool) Execute(ctx context.Context, t Task) compare.Run {
	run := compare.Run{Solver: t.Spec.Text, Verdict: verdictCancelled}
	p.RunTasks(ctx, []Task{t}, 1, func(_ int, r compare.Run) { run = r })
	return run
}

// RunTasks runs tasks in up to jobs workers at once and calls done with
// each run as it ends (from several goroutines; done must be safe for
// that). A run's verdict is left empty for the harness to judge, or set
// here to timeout, memout, error (the solver failed, or its worker died
// while solving) or harness (the harness could not get an answer: a worker
// that would not start, a garbled, stale or oversized reply). When ctx is
// cancelled, runs not finished are dropped: done is not called for them.
func (p *workerPool) RunTasks(ctx context.Context, tasks []Task, jobs int, done func(i int, run compare.Run)) {
	p.staleOnce.Do(removeStale) // even when every run is reused
	var next atomic.Int64
	take := func() (int, bool) {
		i := int(next.Add(1) - 1)
		return i, i < len(tasks)
	}
	var wg sync.WaitGroup
	for k := range max(jobs, 1) {
		cpu := -1
		if len(p.CPUs) > 0 {
			cpu = p.CPUs[k%len(p.CPUs)]
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			d := &driver{p: p, ctx: ctx, tasks: tasks, take: take, done: done, cpu: cpu}
			d.run()
		}()
	}
	wg.Wait()
}

// driver runs tasks through one worker at a time.
type driver struct {
	p     *workerPool
	ctx   context.Context
	tasks []Task
	take  func() (int, bool)
	done  func(int, compare.Run)
	cpu   int // the CPU its workers are pinned to, -1 if none

	w        *workerProc
	inflight []*sentJob // sent to w, in order; the first is running or next
	retry    []int      // tasks sent to a worker that died before their turn
	quick    int        // consecutive quick runs: how deep to queue
}

// sentJob is a task sent to the current worker.
type sentJob struct {
	i     int
	id    uint64
	turn  time.Time // when it became the worker's first job
	start time.Time // when the worker said start; zero before
	peak  int64
}

// quickRun is how short a run must be for the next jobs to be queued
// behind it in the same worker.
const quickRun = 2 * time.Millisecond

func (d *driver) depth() int {
	depth := d.p.Depth
	if depth <= 0 {
		depth = 8
	}
	return max(1, min(depth, 1+d.quick))
}

func (d *driver) run() {
	defer func() {
		if d.w != nil {
			if len(d.inflight) == 0 {
				d.p.put(d.w)
			} else {
				d.w.stop()
			}
		}
	}()
	for {
		if d.ctx.Err() != nil {
			return
		}
		if !d.fill() {
			return
		}
		d.await()
	}
}

// fill sends jobs to the worker up to the queue depth, starting a worker
// if need be; it returns false when there is nothing left to run.
func (d *driver) fill() bool {
	// Refill when half the queue is gone, so that jobs go out several to
	// a write.
	if depth := d.depth(); len(d.inflight) > 0 && len(d.inflight) > depth/2 {
		return true
	}
	for len(d.inflight) < d.depth() {
		var i int
		if n := len(d.retry); n > 0 {
			i, d.retry = d.retry[0], d.retry[1:]
		} else if j, ok := d.take(); ok {
			i = j
		} else {
			break
		}
		if why := memoryRefusal(d.tasks[i], d.p.Mem); why != "" {
			d.finish(i, compare.Run{Verdict: compare.VerdictMemout, Detail: why})
			continue
		}
		if d.w == nil {
			w, err := d.p.get(d.cpu)
			if err != nil {
				d.finish(i, compare.Run{Solver: d.tasks[i].Spec.Text, Verdict: compare.VerdictHarness, Detail: err.Error()})
				continue
			}
			d.w = w
		}
		t := d.tasks[i]
		job := workerJob{Puzzle: t.Puzzle.Name, Case: t.Text(), Loc: t.Case().Location(), Spec: t.Spec.Text, Options: t.runSpec().Options, MinSolve: d.p.MinSolve}
		d.w.jobs.b = d.w.jobs.b[:0]
		job.marshal(&d.w.jobs)
		id := d.p.nextID.Add(1)
		bufferFrame(d.w.stdin, frameJob, id, d.w.jobs.b)
		sj := &sentJob{i: i, id: id}
		if len(d.inflight) == 0 {
			sj.turn = time.Now()
		}
		d.inflight = append(d.inflight, sj)
	}
	if len(d.inflight) == 0 {
		return false
	}
	if err := d.w.stdin.Flush(); err != nil {
		// Its input is closed: the worker has ended (a worker closes
		// its input only by ending). It is handled as any death, its
		// stderr read after it is reaped: the send may fail before the
		// harness has the message the worker wrote as it died.
		d.died(d.inflight[0], io.EOF)
	}
	return true
}

// finish reports a run.
func (d *driver) finish(i int, run compare.Run) {
	run.Solver = d.tasks[i].Spec.Text
	if d.cpu >= 0 {
		cpu := d.cpu
		run.OnCPU = &cpu
	}
	d.done(i, run)
}

// lose ends the current worker with run as the verdict of its first job;
// the jobs queued behind it go to the next worker.
func (d *driver) lose(run compare.Run) {
	head := d.inflight[0]
	if !head.start.IsZero() && run.Wall == 0 {
		run.Wall = time.Since(head.start) // until the kill
	}
	d.w.stop()
	d.w = nil
	for _, sj := range d.inflight[1:] {
		d.retry = append(d.retry, sj.i)
	}
	d.inflight = d.inflight[:0]
	d.quick = 0
	run.PeakRSS = max(run.PeakRSS, head.peak)
	d.finish(head.i, run)
}

// await reads the worker's frames until its first job ends (or the worker
// is lost), polling memory and watching the limits with read deadlines.
func (d *driver) await() {
	w := d.w
	poll := d.p.Poll
	if poll <= 0 {
		poll = 10 * time.Millisecond
	}
	for len(d.inflight) > 0 {
		head := d.inflight[0]
		w.out.SetReadDeadline(d.deadline(head, poll))
		f, err := w.r.next(maxReply)
		if errors.Is(err, os.ErrDeadlineExceeded) {
			if d.ctx.Err() != nil {
				return // run drops the worker and its jobs
			}
			if d.overdue(head) {
				return
			}
			continue
		}
		if err != nil {
			d.died(head, err)
			return
		}
		if !d.frame(head, f) {
			return
		}
	}
}

// deadline is when await next looks up from reading the worker: the
// head job's setup or time limit, the next memory poll, or in 100 ms at
// the latest (to notice a cancelled ctx).
func (d *driver) deadline(head *sentJob, poll time.Duration) time.Time {
	p := d.p
	now := time.Now()
	var deadline time.Time
	if head.start.IsZero() {
		deadline = head.turn.Add(setupLimit)
	} else {
		if p.Timeout > 0 {
			deadline = head.start.Add(p.Timeout)
		}
		if next := now.Add(poll); p.Mem > 0 && now.Sub(head.start) >= poll/2 && (deadline.IsZero() || next.Before(deadline)) {
			deadline = next
		}
	}
	if tick := now.Add(100 * time.Millisecond); deadline.IsZero() || tick.Before(deadline) {
		deadline = tick
	}
	return deadline
}

// overdue checks the head job when a read timed out: a worker that did
// not start it in time, a run past its time limit, or (polled) past its
// memory limit is lost with that verdict; it reports whether it was.
func (d *driver) overdue(head *sentJob) bool {
	p, w := d.p, d.w
	now := time.Now()
	switch {
	case head.start.IsZero():
		if now.Sub(head.turn) >= setupLimit {
			d.lose(compare.Run{Verdict: compare.VerdictHarness, Detail: fmt.Sprintf("the worker did not start the solve within %s: %s", setupLimit, w.stderrTail())})
			return true
		}
	case p.Timeout > 0 && now.Sub(head.start) >= p.Timeout:
		d.lose(compare.Run{Verdict: compare.VerdictTimeout, Detail: fmt.Sprintf("stopped at the %s limit", p.Timeout)})
		return true
	case p.Mem > 0:
		rss := groupRSS(w.cmd.Process.Pid)
		head.peak = max(head.peak, rss)
		if rss > p.Mem {
			d.lose(compare.Run{Verdict: compare.VerdictMemout, PeakRSS: rss,
				Detail: fmt.Sprintf("resident memory %s (worker and its children) over the %s limit", compare.FormatBytes(rss), compare.FormatBytes(p.Mem))})
			return true
		}
	}
	return false
}

// frame takes a frame the worker sent while the head job runs: its hello,
// the job's start, or its reply (which finishes the job); anything else
// loses the worker. It reports whether await waits on.
func (d *driver) frame(head *sentJob, f frame) bool {
	w := d.w
	if f.kind == frameHello && !w.up {
		w.up = true
		return true
	}
	if f.id != head.id {
		d.lose(compare.Run{Verdict: compare.VerdictHarness, Detail: fmt.Sprintf("a %s frame for job %d while waiting for job %d", f.kind, f.id, head.id)})
		return false
	}
	switch f.kind {
	case frameStart:
		if !head.start.IsZero() {
			d.lose(compare.Run{Verdict: compare.VerdictHarness, Detail: fmt.Sprintf("two starts for job %d", head.id)})
			return false
		}
		head.start = time.Now()
		if d.p.onStart != nil {
			d.p.onStart(d.tasks[head.i])
		}
		return true
	case frameReply:
		var rep reply
		if err := rep.unmarshal(&w.replies, f.payload); err != nil {
			d.lose(compare.Run{Verdict: compare.VerdictHarness, Detail: fmt.Sprintf("bad reply from the worker: %v", err)})
			return false
		}
		d.replied(head, rep)
		return false
	}
	d.lose(compare.Run{Verdict: compare.VerdictHarness, Detail: fmt.Sprintf("unexpected %q frame from the worker", f.kind)})
	return false
}

// replied finishes the head job with the worker's reply: its verdict
// from the limits (memory, then time) and the error it carries, if any.
func (d *driver) replied(head *sentJob, rep reply) {
	p, w := d.p, d.w
	run := compare.Run{Result: rep.Result, Wall: rep.Wall, CPU: rep.CPU, Solves: rep.Solves, FirstWall: rep.FirstWall, FirstCPU: rep.FirstCPU, PeakRSS: max(head.peak, rep.PeakRSS)}
	if p.Mem > 0 && run.PeakRSS > p.Mem {
		// A run quicker than the poll, or a worker whose resident
		// set was over the limit before its cgroup held it: the
		// peak the worker measured decides.
		run.Verdict, run.Detail = compare.VerdictMemout, fmt.Sprintf("peak resident memory %s over the %s limit", compare.FormatBytes(run.PeakRSS), compare.FormatBytes(p.Mem))
	} else if rep.Error != "" {
		if w.oomKilled() {
			// The kernel killed a child (an external solver) at
			// the limit, and the solver reported its death.
			run.Verdict, run.Detail = compare.VerdictMemout, fmt.Sprintf("a process of the run was killed by the kernel at the %s memory limit (cgroup): %s", compare.FormatBytes(p.Mem), rep.Error)
		} else if rep.Harness {
			run.Verdict, run.Detail = compare.VerdictHarness, rep.Error
		} else {
			run.Verdict, run.Detail = compare.VerdictError, rep.Error
		}
	}
	run = enforceTimeLimit(run, p.Timeout)
	if rep.Wall < quickRun {
		d.quick++
	} else {
		d.quick = 0
	}
	d.inflight = d.inflight[1:]
	if len(d.inflight) > 0 {
		d.inflight[0].turn = time.Now()
	}
	d.finish(head.i, run)
}

// died handles the end of the worker's output: a garbled stream is the
// harness's failure, a worker that dies before saying hello too; one that
// dies after is its first job's solver crashing (or the kernel killing it
// at the memory limit).
func (d *driver) died(head *sentJob, err error) {
	p, w := d.p, d.w
	killed := w.oomKilled() // before stop removes the cgroup
	// Let it end on its own before stop kills it, so that the signal
	// that ended it, if any, is named.
	ownEnd := awaitExit(w.cmd.Process.Pid, 200*time.Millisecond)
	w.stop() // reap it, so that its stderr is complete
	killed = killed || w.oomKilledAfterStop
	tail := w.stderrTail()
	if sig := exitSignal(w.cmd.ProcessState); ownEnd && sig != "" {
		tail += "; the worker was killed by signal " + sig
	}
	run := compare.Run{}
	switch {
	case killed:
		run.Verdict, run.Detail = compare.VerdictMemout, fmt.Sprintf("killed by the kernel at the %s memory limit (cgroup)", compare.FormatBytes(p.Mem))
	case err != io.EOF:
		run.Verdict, run.Detail = compare.VerdictHarness, fmt.Sprintf("bad reply from the worker: %v; worker stderr: %s", err, tail)
	case p.Mem > 0 && w.cg == nil && (outOfMemory(tail) || head.peak >= p.Mem/2 || strings.Contains(tail, "SIGSEGV")):
		// Past its data rlimit the Go runtime throws "out of memory" or,
		// in some paths, faults on a failed allocation.
		run.Verdict, run.Detail = compare.VerdictMemout, fmt.Sprintf("the worker died at its %s memory limit (rlimit; peak seen %s): %s", compare.FormatBytes(p.Mem), compare.FormatBytes(head.peak), tail)
	case !w.up:
		run.Verdict, run.Detail = compare.VerdictHarness, "the worker died at start: "+tail
	case ownEnd && killedFromOutside(w.cmd.ProcessState) != "":
		// Not the solver's doing: a harness failure, run again by --resume.
		run.Verdict, run.Detail = compare.VerdictHarness, "the worker was killed from outside the run: "+tail
	default:
		run.Verdict, run.Detail = compare.VerdictError, "the worker died: "+tail
	}
	d.lose(run)
}

// frameReader reads frames from a file whose reads may stop at a
// deadline: bytes read before a deadline are kept for the next call.
type frameReader struct {
	f          *os.File
	buf        []byte
	start, end int
}

// next returns the next frame of at most max payload bytes; it returns
// io.EOF at a clean end, os.ErrDeadlineExceeded (wrapped) at a deadline,
// *errOversized or another error for what is not a frame.
func (r *frameReader) next(limit int64) (frame, error) {
	for {
		if f, n, err := parseFrame(r.buf[r.start:r.end], limit); err != nil {
			return frame{}, err
		} else if n > 0 {
			r.start += n
			return f, nil
		}
		// Need more bytes: make room, then read.
		if r.start > 0 {
			copy(r.buf, r.buf[r.start:r.end])
			r.end -= r.start
			r.start = 0
		}
		if r.end == len(r.buf) {
			r.buf = append(r.buf, make([]byte, max(len(r.buf), 1<<16))...)
		}
		n, err := r.f.Read(r.buf[r.end:])
		r.end += n
		if err != nil && n == 0 {
			if err == io.EOF && r.end > r.start {
				return frame{}, fmt.Errorf("the worker's output ends inside a frame: %q", compare.Clip(string(r.buf[r.start:r.end]), 60))
			}
			return frame{}, err
		}
	}
}

// parseFrame parses one frame at the start of b; n is 0 when b holds no
// whole frame yet.
func parseFrame(b []byte, limit int64) (f frame, n int, err error) {
	nl := -1
	for i := 0; i < len(b) && i < 128; i++ {
		if b[i] == '\n' {
			nl = i
			break
		}
	}
	if nl < 0 {
		if len(b) >= 128 {
			return frame{}, 0, fmt.Errorf("not a frame header: %q...", compare.Clip(string(b), 60))
		}
		return frame{}, 0, nil
	}
	kind, id, size, ok := parseHeader(b[:nl+1])
	if !ok {
		return frame{}, 0, fmt.Errorf("not a frame header: %q", compare.Clip(string(b[:nl]), 60))
	}
	if size > limit {
		return frame{}, 0, &errOversized{size, limit}
	}
	end := nl + 1 + int(size)
	if len(b) < end+1 {
		return frame{}, 0, nil
	}
	if b[end] != '\n' {
		return frame{}, 0, fmt.Errorf("frame of %d bytes not ended by a newline", size)
	}
	return frame{kind: kind, id: id, payload: b[nl+1 : end]}, end + 1, nil
}
