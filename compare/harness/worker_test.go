package harness

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gridsat/gridsat/compare"
)

// fakeWorker stands in for a worker that breaks the protocol in the way
// mode says; it returns the exit status.
func fakeWorker(mode string) int {
	in := bufio.NewReader(os.Stdin)
	out := bufio.NewWriter(os.Stdout)
	if mode == "diestart" {
		fmt.Fprintln(os.Stderr, "fake worker: cannot start: no luck today")
		return 1
	}
	for {
		f, err := readFrame(in, maxJob)
		if err != nil {
			return 0
		}
		switch mode {
		case "stale": // a reply for another job
			writeFrame(out, frameStart, f.id, nil)
			writeFrame(out, frameReply, f.id+1, []byte(`{"result":{"solved":true,"answer":"2"}}`))
		case "huge": // a reply over the size limit
			fmt.Fprintf(out, "%s %d %d\n", frameReply, f.id, maxReply+1)
			out.Flush()
			time.Sleep(time.Minute)
		case "garbage":
			fmt.Fprintln(out, "hello from a confused worker")
			out.Flush()
			time.Sleep(time.Minute)
		case "badjson":
			writeFrame(out, frameStart, f.id, nil)
			writeFrame(out, frameReply, f.id, []byte(`{"result":`))
		default:
			return 2
		}
	}
}

// hog, run as a child process of a toy solver, allocates and touches
// memory in 4 MiB steps, logging after each step the time and the resident
// memory of itself and its parent (the worker) to GRIDSAT_TEST_HOGLOG,
// until it is killed.
func hog() {
	// Children of a worker inherit its data limit as a soft limit; an
	// external solver has a small data segment, a Go test binary a large
	// one, so lift it as an external solver effectively has it.
	liftDataLimit()
	log, _ := os.Create(os.Getenv("GRIDSAT_TEST_HOGLOG"))
	var keep [][]byte
	for i := 0; i < 256; i++ {
		b := make([]byte, 4<<20)
		for j := 0; j < len(b); j += 4096 {
			b[j] = 1
		}
		keep = append(keep, b)
		rss := groupRSS(os.Getpid()) + selfRSS(os.Getppid())
		fmt.Fprintf(log, "%d %d\n", time.Now().UnixNano(), rss)
		time.Sleep(2 * time.Millisecond)
	}
	os.Exit(0)
}

// selfRSS is one process's resident memory.
func selfRSS(pid int) int64 {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/statm")
	if err != nil {
		return 0
	}
	f := strings.Fields(string(b))
	if len(f) < 2 {
		return 0
	}
	pages, _ := strconv.ParseInt(f[1], 10, 64)
	return pages * int64(os.Getpagesize())
}

func needProc(t *testing.T) {
	t.Helper()
	if _, err := os.Stat("/proc/self/status"); err != nil {
		t.Skip("no /proc: process groups and memory are not watched here")
	}
}

func TestWorkerTimeoutStopsRunAndNextProceeds(t *testing.T) {
	p := toyPuzzle()
	src := toySource(t, "1 2 3\n")
	pool := testPool(time.Second, 0)
	defer pool.Close()
	start := time.Now()
	rows := compareAll(context.Background(), compareConfig{Puzzle: p, Specs: specs(t, p, "slow", "good"), Sources: []*Source{src}, Exec: pool, Jobs: 2})
	elapsed := time.Since(start)
	if len(rows) != 3 {
		t.Fatalf("%d rows", len(rows))
	}
	if v := rows[1].Runs[0].Verdict; v != compare.VerdictTimeout {
		t.Fatalf("slow run on case 2: %s (%s)", v, rows[1].Runs[0].Detail)
	}
	if rows[1].Failed() {
		t.Errorf("a timeout counted as a failure: %v", rows[1].Problems)
	}
	for _, i := range []int{0, 2} {
		for _, run := range rows[i].Runs {
			if run.Verdict != compare.VerdictOK {
				t.Errorf("row %d %s: %s %s", i, run.Solver, run.Verdict, run.Detail)
			}
		}
	}
	if elapsed > stopBound {
		t.Errorf("comparison took %s with a 1s limit", elapsed)
	}
	if w := rows[1].Runs[0].Wall; w < time.Second || w > stopBound {
		t.Errorf("timed-out run's wall time %s", w)
	}
}

// A timeout kills the worker's whole process group: a child holding
// stderr open does not keep the run waiting, nor survive it, and the
// worker's temporary folder (where exec: backends write their formulas)
// is removed.
func TestTimeoutKillsProcessGroup(t *testing.T) {
	needProc(t)
	p := toyPuzzle()
	src := toySource(t, "1\n")
	pidfile := filepath.Join(t.TempDir(), "child.pid")
	pool := testPool(time.Second, 0)
	pool.Env = append(pool.Env, "GRIDSAT_TEST_PIDFILE="+pidfile)
	defer pool.Close()
	start := time.Now()
	rows := compareAll(context.Background(), compareConfig{Puzzle: p, Specs: specs(t, p, "forker"), Sources: []*Source{src}, Exec: pool})
	elapsed := time.Since(start)
	if v := rows[0].Runs[0].Verdict; v != compare.VerdictTimeout {
		t.Fatalf("forker: %s (%s)", v, rows[0].Runs[0].Detail)
	}
	if elapsed > stopBound {
		t.Errorf("a 1s limit took %s: the wait after the kill is not bounded", elapsed)
	}
	b, err := os.ReadFile(pidfile)
	if err != nil {
		t.Fatal(err)
	}
	pid, _ := strconv.Atoi(string(b))
	// Dead or a zombie, within stopBound (needProc: /proc is there).
	if !gone(pid) {
		t.Errorf("the solver's child %d outlived the timeout", pid)
	}
	// Only this process's worker folders: other gridsat tests on the
	// machine may be mid-run in theirs.
	left, _ := filepath.Glob(filepath.Join(os.TempDir(), workerDirPrefix+strconv.Itoa(os.Getpid())+"-*", "formula.cnf"))
	for _, f := range left {
		if owner, _ := os.ReadFile(f); strings.HasPrefix(string(owner), "p cnf 1 1") {
			t.Errorf("a killed run left %s behind", f)
		}
	}
}

func TestWorkerTempFolderIsRemoved(t *testing.T) {
	p := toyPuzzle()
	src := toySource(t, "1\n")
	pool := testPool(10*time.Second, 0)
	rows := compareAll(context.Background(), compareConfig{Puzzle: p, Specs: specs(t, p, "tmpdir"), Sources: []*Source{src}, Exec: pool})
	dir := rows[0].Runs[0].Result.Witness
	if !strings.Contains(filepath.Base(dir), "gridsat-worker-") {
		t.Fatalf("worker's TMPDIR is %q, not its own folder", dir)
	}
	if _, err := os.Stat(dir); err != nil {
		t.Fatalf("worker's folder missing while it runs: %v", err)
	}
	pool.Close()
	if _, err := os.Stat(dir); !os.IsNotExist(err) {
		t.Errorf("worker's folder %s still there after Close (%v)", dir, err)
	}
}

func TestWorkerDeathKeepsItsStderr(t *testing.T) {
	p := toyPuzzle()
	src := toySource(t, "1\n")
	pool := testPool(10*time.Second, 0)
	defer pool.Close()
	rows := compareAll(context.Background(), compareConfig{Puzzle: p, Specs: specs(t, p, "panic", "exit", "good"), Sources: []*Source{src}, Exec: pool, Jobs: 1})
	if r := rows[0].Runs[0]; r.Verdict != compare.VerdictError || !strings.Contains(r.Detail, "boom") {
		t.Errorf("panic: %s %s", r.Verdict, r.Detail)
	}
	if r := rows[0].Runs[1]; r.Verdict != compare.VerdictError || !strings.Contains(r.Detail, "worker died") || !strings.Contains(r.Detail, "exiting on purpose") {
		t.Errorf("exit: %s %s", r.Verdict, r.Detail)
	}
	if v := rows[0].Runs[2].Verdict; v != compare.VerdictOK {
		t.Errorf("good after a dead worker: %s", v)
	}
}

// Issue 21, fault 13: a worker killed by a signal, with nothing on
// stderr, says which signal (it said only "(no message on stderr)").
// Issue 30, item 8: a SIGKILL is not the solver's doing (it was an
// error, reused by --resume forever): it is a harness failure.
func TestWorkerKilledNamesSignal(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("signals are named on Linux")
	}
	p := toyPuzzle()
	src := toySource(t, "1\n")
	pool := testPool(10*time.Second, 0)
	defer pool.Close()
	rows := compareAll(context.Background(), compareConfig{Puzzle: p, Specs: specs(t, p, "selfkill"), Sources: []*Source{src}, Exec: pool})
	if r := rows[0].Runs[0]; r.Verdict != compare.VerdictHarness || !strings.Contains(r.Detail, "killed by signal SIGKILL") {
		t.Errorf("selfkill: %s %s; want a harness failure naming SIGKILL", r.Verdict, r.Detail)
	}
}

func TestChattySolverKeepsProtocol(t *testing.T) {
	p := toyPuzzle()
	src := toySource(t, "1 2\n")
	pool := testPool(10*time.Second, 0)
	defer pool.Close()
	rows := compareAll(context.Background(), compareConfig{Puzzle: p, Specs: specs(t, p, "chatty", "good"), Sources: []*Source{src}, Exec: pool})
	for _, r := range rows {
		for _, run := range r.Runs {
			if run.Verdict != compare.VerdictOK {
				t.Errorf("%s on %d: %s %s", run.Solver, r.Case, run.Verdict, run.Detail)
			}
		}
	}
}

// A worker that breaks the protocol is the harness's failure, never the
// solver's wrong answer, and the comparison goes on with a new worker.
func TestProtocolErrorsAreHarnessErrors(t *testing.T) {
	tests := []struct{ mode, want string }{
		{"stale", "a reply frame for job"},
		{"huge", "over the 64 MiB limit"},
		{"garbage", "not a frame header"},
		{"badjson", "bad reply"},
		{"diestart", "cannot start: no luck today"},
		// A job the worker cannot prepare: its reply says the error is
		// the harness's (reply.Harness), not the solver's.
		{"noregistry", `unknown puzzle "toy"`},
	}
	p := toyPuzzle()
	for _, tt := range tests {
		t.Run(tt.mode, func(t *testing.T) {
			src := toySource(t, "1 2\n")
			pool := testPool(10*time.Second, 0)
			pool.Env = append(os.Environ(), "GRIDSAT_TEST_WORKER="+tt.mode)
			defer pool.Close()
			start := time.Now()
			rows := compareAll(context.Background(), compareConfig{Puzzle: p, Specs: specs(t, p, "good"), Sources: []*Source{src}, Exec: pool})
			if len(rows) != 2 {
				t.Fatalf("%d rows", len(rows))
			}
			for _, r := range rows {
				run := r.Runs[0]
				if run.Verdict != compare.VerdictHarness || !strings.Contains(run.Detail, tt.want) {
					t.Errorf("case %d: %s %q, want harness and %q", r.Case, run.Verdict, run.Detail, tt.want)
				}
				if !r.Failed() || !strings.Contains(strings.Join(r.Problems, ";"), "harness") {
					t.Errorf("case %d: problems %v", r.Case, r.Problems)
				}
			}
			if time.Since(start) > stopBound {
				t.Errorf("took %s", time.Since(start))
			}
		})
	}
}

// Workers get their cases from the parent: an input gone after it was
// read, or read from standard input, still runs.
func TestJobsCarryTheirCases(t *testing.T) {
	p := toyPuzzle()
	dir := t.TempDir()
	file := filepath.Join(dir, "toy.txt")
	os.WriteFile(file, []byte("1 2\n"), 0o644)
	srcs, err := LoadPath(p, file, nil)
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(file, []byte("5 6\n"), 0o644) // edited during the run
	stdin, err := LoadPath(p, "-", strings.NewReader("3\n"))
	if err != nil {
		t.Fatal(err)
	}
	pool := testPool(10*time.Second, 0)
	defer pool.Close()
	rows := compareAll(context.Background(), compareConfig{Puzzle: p, Specs: specs(t, p, "good"), Sources: append(srcs, stdin...), Exec: pool})
	want := []string{"2", "4", "6"}
	if len(rows) != 3 {
		t.Fatalf("%d rows", len(rows))
	}
	for i, r := range rows {
		if run := r.Runs[0]; run.Verdict != compare.VerdictOK || run.Result.Answer != want[i] {
			t.Errorf("row %d: %s %q %s, want ok %s", i, run.Verdict, run.Result.Answer, run.Detail, want[i])
		}
	}
	if rows[2].File != "" || rows[1].Case != 2 || rows[1].Line != 1 {
		t.Errorf("locations: %+v %+v", rows[1], rows[2])
	}
}

// A worker that allocates past the limit is stopped: by a memory cgroup
// where one can be made, else by the kernel's data limit for its own
// memory (it never gets far past the limit) and by the poll for what its
// children allocate, within 100 ms of the group crossing the limit. Both
// ways are tested where the cgroup exists.
func TestWorkerMemoryLimit(t *testing.T) {
	needProc(t)
	// A race-built worker alone is resident near 64 MiB before its solver
	// starts the hog; the limit must leave it room, or the memout is the
	// worker's own and says nothing about its children.
	var mem int64 = 64 << 20
	if raceBuild {
		mem = 256 << 20
	}
	for _, noCgroup := range []bool{false, true} {
		p := toyPuzzle()
		src := toySource(t, "1\n")
		pool := testPool(30*time.Second, mem)
		pool.NoCgroup = noCgroup
		defer pool.Close()
		rows := compareAll(context.Background(), compareConfig{Puzzle: p, Specs: specs(t, p, "hog", "good"), Sources: []*Source{src}, Exec: pool, Jobs: 1})
		r := rows[0]
		how := pool.memoryEnforcement()
		if v := r.Runs[0].Verdict; v != compare.VerdictMemout {
			t.Errorf("%s: hog: %s (%s)", how, v, r.Runs[0].Detail)
		}
		if peak := r.Runs[0].PeakRSS; peak > mem+mem/4 {
			t.Errorf("%s: hog peaked at %s under a %s limit", how, compare.FormatBytes(peak), compare.FormatBytes(mem))
		}
		if v := r.Runs[1].Verdict; v != compare.VerdictOK {
			t.Errorf("%s: good after memout: %s (%s)", how, v, r.Runs[1].Detail)
		}
		t.Logf("%s: %s", how, r.Runs[0].Detail)
	}
}

func TestWorkerMemoryLimitCountsChildren(t *testing.T) {
	needProc(t)
	// A race-built worker alone is resident near 64 MiB before its solver
	// starts the hog; the limit must leave it room, or the memout is the
	// worker's own and says nothing about its children.
	var mem int64 = 64 << 20
	if raceBuild {
		mem = 256 << 20
	}
	for _, noCgroup := range []bool{false, true} {
		p := toyPuzzle()
		src := toySource(t, "1\n")
		logFile := filepath.Join(t.TempDir(), "hog.log")
		pool := testPool(30*time.Second, mem)
		pool.NoCgroup = noCgroup
		pool.Env = append(pool.Env, "GRIDSAT_TEST_HOGLOG="+logFile)
		defer pool.Close()
		rows := compareAll(context.Background(), compareConfig{Puzzle: p, Specs: specs(t, p, "childhog"), Sources: []*Source{src}, Exec: pool})
		how := pool.memoryEnforcement()
		run := rows[0].Runs[0]
		if run.Verdict != compare.VerdictMemout {
			t.Errorf("%s: childhog: %s (%s)", how, run.Verdict, run.Detail)
			continue
		}
		b, err := os.ReadFile(logFile)
		if err != nil {
			t.Fatalf("%s: the hog never ran (the worker alone passed %s?): %v (%s)", how, compare.FormatBytes(mem), err, run.Detail)
		}
		var crossed, last int64
		for _, line := range strings.Split(strings.TrimSpace(string(b)), "\n") {
			var at, rss int64
			fmt.Sscan(line, &at, &rss)
			if rss > mem && crossed == 0 {
				crossed = at
			}
			last = at
		}
		if crossed == 0 {
			t.Logf("%s: stopped before the hog saw the group cross %s: %s", how, compare.FormatBytes(mem), run.Detail)
			continue
		}
		if over := time.Duration(last - crossed); over > 100*time.Millisecond {
			t.Errorf("%s: the hog ran on %s after the group crossed the limit", how, over)
		} else {
			t.Logf("%s: stopped %s after the group crossed %s: %s", how, over, compare.FormatBytes(mem), run.Detail)
		}
	}
}

// A limit below what a worker needs to exist makes every run a memout,
// however quick: never an ok measured over the limit, never a harness
// error.
func TestTinyMemoryLimit(t *testing.T) {
	needProc(t)
	for _, noCgroup := range []bool{false, true} {
		p := toyPuzzle()
		src := toySource(t, "1 2\n")
		pool := testPool(10*time.Second, 1<<20)
		pool.NoCgroup = noCgroup
		rows := compareAll(context.Background(), compareConfig{Puzzle: p, Specs: specs(t, p, "good"), Sources: []*Source{src}, Exec: pool})
		pool.Close()
		for _, r := range rows {
			if run := r.Runs[0]; run.Verdict != compare.VerdictMemout {
				t.Errorf("%s, case %d: %s (%s)", pool.memoryEnforcement(), r.Case, run.Verdict, run.Detail)
			}
		}
	}
}

// A worker that dies at start before its first job is sent: the send
// fails (a broken pipe) before the worker's stderr is read, and the run
// still says what the worker said. The order is forced: the first write
// waits for the worker's exit, and its stderr reaches the harness only
// once the worker is being reaped.
func TestWorkerDeadBeforeItsJobIsSent(t *testing.T) {
	p := toyPuzzle()
	src := toySource(t, "1 2\n")
	pool := testPool(10*time.Second, 0)
	pool.Env = append(os.Environ(), "GRIDSAT_TEST_WORKER=diestart")
	var mu sync.Mutex
	gates := map[*gatedWriter]bool{}
	pool.hooks = &poolHooks{
		started: func(w *workerProc) { waitExited(w.cmd) },
		stderr: func(w io.Writer) io.Writer {
			g := &gatedWriter{w: w, open: make(chan struct{})}
			mu.Lock()
			gates[g] = true
			mu.Unlock()
			return g
		},
		reaping: func() {
			mu.Lock()
			defer mu.Unlock()
			for g := range gates {
				close(g.open)
				delete(gates, g)
			}
		},
	}
	defer pool.Close()
	rows := compareAll(context.Background(), compareConfig{Puzzle: p, Specs: specs(t, p, "good"), Sources: []*Source{src}, Exec: pool})
	if len(rows) != 2 {
		t.Fatalf("%d rows", len(rows))
	}
	for _, r := range rows {
		run := r.Runs[0]
		if run.Verdict != compare.VerdictHarness || !strings.Contains(run.Detail, "cannot start: no luck today") {
			t.Errorf("case %d: %s %q, want harness and the worker's message", r.Case, run.Verdict, run.Detail)
		}
	}
}

// gatedWriter holds writes until open is closed.
type gatedWriter struct {
	w    io.Writer
	open chan struct{}
}

func (g *gatedWriter) Write(b []byte) (int, error) {
	<-g.open
	return g.w.Write(b)
}
