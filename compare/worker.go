package compare

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/gridsat/gridsat/instances"
)

// gophersat cannot be interrupted and races when two solvers run in one
// process (../shared/notes/sat-libraries.md), so a comparison runs each
// (case, solver) in a worker process: a copy of the gridsat binary that
// reads jobs on stdin and answers on stdout. A run past its time or memory
// limit is stopped by killing its worker, which is then replaced.

// Job is one run sent to a worker.
type Job struct {
	Puzzle  string  `json:"puzzle"`
	Set     string  `json:"set,omitempty"` // bundled set name; File is then its embedded path
	File    string  `json:"file"`
	Index   int     `json:"index"` // 0-based among the file's cases
	Spec    string  `json:"spec"`
	Options Options `json:"options"`
	// MemLimit, in bytes, is handed to the Go runtime as a soft limit so
	// that the collector works hard before the parent's hard limit kills.
	MemLimit int64 `json:"mem_limit,omitempty"`
}

type reply struct {
	Result Result `json:"result"`
	Error  string `json:"error,omitempty"`
}

// ServeWorker answers jobs read from r, one JSON object a line, with one
// reply line each on w, until r ends. It keeps the last file's cases
// parsed, since jobs come case after case.
func ServeWorker(r io.Reader, w io.Writer) error {
	in := bufio.NewScanner(r)
	in.Buffer(make([]byte, 0, 1<<16), 1<<24)
	out := bufio.NewWriter(w)
	var cachedKey string
	var cached []instances.Case
	for in.Scan() {
		var job Job
		var rep reply
		if err := json.Unmarshal(in.Bytes(), &job); err != nil {
			rep.Error = fmt.Sprintf("bad job: %v", err)
		} else {
			if job.MemLimit > 0 {
				debug.SetMemoryLimit(job.MemLimit)
			}
			key := job.Puzzle + "\x00" + job.Set + "\x00" + job.File
			if key != cachedKey {
				cached, cachedKey = nil, ""
				cs, err := loadJobCases(job)
				if err != nil && len(cs) <= job.Index {
					rep.Error = err.Error()
				} else {
					cached, cachedKey = cs, key
				}
			}
			if rep.Error == "" {
				rep.Result, rep.Error = runJob(job, cached)
			}
		}
		b, _ := json.Marshal(rep)
		out.Write(b)
		out.WriteByte('\n')
		if err := out.Flush(); err != nil {
			return fmt.Errorf("worker: writing reply: %w", err)
		}
	}
	if err := in.Err(); err != nil {
		return fmt.Errorf("worker: reading jobs: %w", err)
	}
	return nil
}

func loadJobCases(job Job) ([]instances.Case, error) {
	p, err := Lookup(job.Puzzle)
	if err != nil {
		return nil, err
	}
	src, err := openSource(p, job.Set, job.File)
	if src == nil {
		return nil, err
	}
	return src.Cases, err
}

func runJob(job Job, cases []instances.Case) (Result, string) {
	p, err := Lookup(job.Puzzle)
	if err != nil {
		return Result{}, err.Error()
	}
	if job.Index < 0 || job.Index >= len(cases) {
		return Result{}, fmt.Sprintf("%s has no case %d", job.File, job.Index+1)
	}
	spec, err := p.ParseSpec(job.Spec, nil)
	if err != nil {
		return Result{}, err.Error()
	}
	spec.Options = job.Options
	res, err := SolveCase(spec, cases[job.Index])
	if err != nil {
		return res, err.Error()
	}
	return res, ""
}

// Pool runs jobs in worker processes, one job per worker at a time, with
// a wall-clock limit and a resident-memory limit per run.
type Pool struct {
	// Command starts a worker: the gridsat binary and "worker".
	Command []string
	// Env, if not nil, is the workers' environment.
	Env []string
	// Timeout and Mem are the per-run limits; zero means none.
	Timeout time.Duration
	Mem     int64

	mu     sync.Mutex
	idle   []*workerProc
	closed bool
}

type workerProc struct {
	cmd     *exec.Cmd
	stdin   io.WriteCloser
	replies chan []byte // closed when the worker's stdout ends
	stderr  *tailBuffer
}

func (p *Pool) start() (*workerProc, error) {
	if len(p.Command) == 0 {
		return nil, fmt.Errorf("worker pool has no command")
	}
	cmd := exec.Command(p.Command[0], p.Command[1:]...)
	cmd.Env = p.Env
	isolate(cmd)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, fmt.Errorf("starting worker: %w", err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, fmt.Errorf("starting worker: %w", err)
	}
	w := &workerProc{cmd: cmd, stdin: stdin, replies: make(chan []byte, 1), stderr: &tailBuffer{max: 4096}}
	cmd.Stderr = w.stderr
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("starting worker %s: %w", p.Command[0], err)
	}
	go func() {
		sc := bufio.NewScanner(stdout)
		sc.Buffer(make([]byte, 0, 1<<16), 1<<26)
		for sc.Scan() {
			w.replies <- append([]byte(nil), sc.Bytes()...)
		}
		close(w.replies)
	}()
	return w, nil
}

func (w *workerProc) kill() {
	w.cmd.Process.Kill()
	w.stdin.Close()
	for range w.replies { // drain until the reader goroutine ends
	}
	w.cmd.Wait()
}

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
		go w.kill()
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
	for _, w := range idle {
		w.stdin.Close() // the worker ends at end of input
		w.cmd.Wait()
	}
}

// Execute runs spec on c in a worker. The verdict is left empty for the
// harness to judge, or set to timeout, memout or error here.
func (p *Pool) Execute(ctx context.Context, puz *Puzzle, src *Source, c instances.Case, spec Spec) Run {
	run := Run{Solver: spec.Text}
	index := -1
	for i, sc := range src.Cases {
		if sc == c {
			index = i
		}
	}
	job := Job{Puzzle: puz.Name, Set: src.Set, File: src.File, Index: index, Spec: spec.Text, Options: spec.Options}
	if p.Mem > 0 {
		job.MemLimit = p.Mem * 9 / 10
	}
	line, _ := json.Marshal(job)
	w, err := p.get()
	if err != nil {
		run.Verdict, run.Detail = VerdictError, err.Error()
		return run
	}
	start := time.Now()
	if _, err := w.stdin.Write(append(line, '\n')); err != nil {
		w.kill()
		run.Verdict, run.Detail = VerdictError, fmt.Sprintf("sending job to worker: %v", err)
		return run
	}
	var timeout <-chan time.Time
	if p.Timeout > 0 {
		t := time.NewTimer(p.Timeout)
		defer t.Stop()
		timeout = t.C
	}
	poll := time.NewTicker(20 * time.Millisecond)
	defer poll.Stop()
	for {
		select {
		case b, ok := <-w.replies:
			run.Wall = time.Since(start)
			if !ok {
				w.kill()
				tail := w.stderr.String()
				if strings.Contains(tail, "out of memory") {
					run.Verdict, run.Detail = VerdictMemout, "worker ran out of memory"
				} else {
					run.Verdict, run.Detail = VerdictError, "worker died: "+lastLines(tail, 5)
				}
				return run
			}
			var rep reply
			if err := json.Unmarshal(b, &rep); err != nil {
				w.kill()
				run.Verdict, run.Detail = VerdictError, fmt.Sprintf("bad reply from worker: %v", err)
				return run
			}
			p.put(w)
			run.Result = rep.Result
			if rep.Error != "" {
				run.Verdict, run.Detail = VerdictError, rep.Error
			}
			return run
		case <-timeout:
			w.kill()
			run.Wall = time.Since(start)
			run.Verdict, run.Detail = VerdictTimeout, fmt.Sprintf("stopped at the %s limit", p.Timeout)
			return run
		case <-poll.C:
			if p.Mem > 0 {
				if rss := residentBytes(w.cmd.Process.Pid); rss > p.Mem {
					w.kill()
					run.Wall = time.Since(start)
					run.Verdict, run.Detail = VerdictMemout, fmt.Sprintf("resident memory %d MiB over the %d MiB limit", rss>>20, p.Mem>>20)
					return run
				}
			}
		case <-ctx.Done():
			w.kill()
			run.Wall = time.Since(start)
			run.Verdict, run.Detail = verdictCancelled, "interrupted"
			return run
		}
	}
}

// verdictCancelled marks a run stopped by an interrupt: it is not kept.
const verdictCancelled = "cancelled"

// residentBytes reads a process's resident set size from /proc; 0 where
// that is unavailable (the memory limit is then not enforced).
func residentBytes(pid int) int64 {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/status")
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(b), "\n") {
		if rest, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			f := strings.Fields(rest)
			if len(f) >= 1 {
				kb, _ := strconv.ParseInt(f[0], 10, 64)
				return kb << 10
			}
		}
	}
	return 0
}

// tailBuffer keeps the last max bytes written to it.
type tailBuffer struct {
	mu  sync.Mutex
	buf []byte
	max int
}

func (t *tailBuffer) Write(b []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.buf = append(t.buf, b...)
	if len(t.buf) > t.max {
		t.buf = t.buf[len(t.buf)-t.max:]
	}
	return len(b), nil
}

func (t *tailBuffer) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return string(bytes.TrimSpace(t.buf))
}

func lastLines(s string, n int) string {
	lines := strings.Split(s, "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	if len(lines) == 1 && lines[0] == "" {
		return "(no message)"
	}
	return strings.Join(lines, " | ")
}
