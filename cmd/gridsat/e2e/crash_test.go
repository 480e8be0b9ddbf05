//go:build linux

package e2e

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/gridsat/gridsat/compare"
	"github.com/gridsat/gridsat/compare/harness"
)

// The fault-injection suite: "a crash loses nothing", end to end, with
// real processes (the test binary standing in for gridsat). After each
// fault, --resume completes the comparison with every finished run kept
// exactly once, no process, worker folder or memory cgroup is left, and no
// user file changed. The random points come from a seed printed in the
// log; GRIDSAT_CRASH_SEED replays one.

// crashWorld is one fault-injection test's world: a TMPDIR of its own for
// every gridsat it starts (so that what their workers leave is known to
// be theirs), the gridsats started, and user files whose bytes must not
// change.
type crashWorld struct {
	t       *testing.T
	dir     string
	tmp     string
	rng     *rand.Rand
	parents []int
	user    map[string][]byte
}

func newCrashWorld(t *testing.T) *crashWorld {
	t.Helper()
	if testing.Short() {
		t.Skip("starts gridsat processes and kills them")
	}
	if _, err := os.Stat("/proc/self/environ"); err != nil {
		t.Skip("no /proc: the processes a crash leaves cannot be found here")
	}
	seed := uint64(time.Now().UnixNano())
	if s := os.Getenv("GRIDSAT_CRASH_SEED"); s != "" {
		seed, _ = strconv.ParseUint(s, 10, 64)
	}
	t.Logf("GRIDSAT_CRASH_SEED=%d", seed)
	w := &crashWorld{t: t, dir: t.TempDir(), rng: rand.New(rand.NewPCG(seed, 21)), user: map[string][]byte{}}
	w.tmp = filepath.Join(w.dir, "tmp")
	if err := os.Mkdir(w.tmp, 0o755); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(w.checkClean)
	return w
}

// userFile writes a file the test's gridsats must leave as it is.
func (w *crashWorld) userFile(name, text string) string {
	path := filepath.Join(w.dir, name)
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		w.t.Fatal(err)
	}
	w.user[path] = []byte(text)
	return path
}

// command is gridsat args, in the test's TMPDIR, not started.
func (w *crashWorld) command(args ...string) (*exec.Cmd, *bytes.Buffer, *bytes.Buffer) {
	cmd := exec.Command(gridsatBin, args...)
	cmd.Env = append(os.Environ(), "TMPDIR="+w.tmp)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	return cmd, &out, &errb
}

// start starts gridsat args.
func (w *crashWorld) start(args ...string) (*exec.Cmd, *bytes.Buffer, *bytes.Buffer) {
	w.t.Helper()
	cmd, out, errb := w.command(args...)
	if err := cmd.Start(); err != nil {
		w.t.Fatal(err)
	}
	w.parents = append(w.parents, cmd.Process.Pid)
	return cmd, out, errb
}

// exitCode is the status of an ended command (-1 when killed).
func exitCode(err error) int {
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		return ee.ExitCode()
	}
	if err != nil {
		return -2
	}
	return 0
}

// run runs gridsat args to its end.
func (w *crashWorld) run(args ...string) (stdout, stderr string, code int) {
	w.t.Helper()
	cmd, out, errb := w.start(args...)
	code = exitCode(cmd.Wait())
	if strings.Contains(errb.String(), "goroutine ") {
		w.t.Errorf("gridsat %v panicked:\n%s", args, errb.String())
	}
	return out.String(), errb.String(), code
}

// runsOnce checks that the results file holds every (case, solver, repeat)
// run exactly once, want of them, and that report reads it (exit 0 or
// 1: the runs of a killed worker fail). A run the harness could not make
// (a killed worker that could not take its job) is never reused, so it
// may be followed by its run now: such a record does not count.
func (w *crashWorld) runsOnce(file string, want int) {
	w.t.Helper()
	f, err := os.Open(file)
	if err != nil {
		w.t.Fatal(err)
	}
	defer f.Close()
	seen := map[string]int{}
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<26)
	for sc.Scan() {
		var rec harness.Record
		if err := json.Unmarshal(sc.Bytes(), &rec); err != nil {
			w.t.Fatalf("%s: %v", file, err)
		}
		if rec.Kind == "run" && rec.Run.Run.Verdict != compare.VerdictHarness {
			seen[fmt.Sprintf("%s %s %s %d", rec.Run.Puzzle, rec.Run.Key, rec.Run.Spec, rec.Run.Run.Repeat)]++
		}
	}
	for k, n := range seen {
		if n != 1 {
			w.t.Errorf("%s: run %s recorded %d times", file, k, n)
		}
	}
	if len(seen) != want {
		w.t.Errorf("%s: %d runs recorded, want %d", file, len(seen), want)
	}
	if _, stderr, code := w.run("report", file); code != 0 && code != 1 {
		w.t.Errorf("report %s: exit %d\n%s", file, code, stderr)
	}
}

// leftovers lists the processes running with the test's TMPDIR, or a
// folder in it, in their environment: workers and what they started.
func (w *crashWorld) leftovers() []string {
	var left []string
	procs, _ := os.ReadDir("/proc")
	for _, p := range procs {
		pid, err := strconv.Atoi(p.Name())
		if err != nil || pid == os.Getpid() {
			continue
		}
		env, err := os.ReadFile("/proc/" + p.Name() + "/environ")
		if err != nil {
			continue
		}
		for _, kv := range bytes.Split(env, []byte{0}) {
			if v, ok := bytes.CutPrefix(kv, []byte("TMPDIR=")); ok && strings.HasPrefix(string(v), w.tmp) {
				if st, err := os.ReadFile("/proc/" + p.Name() + "/stat"); err == nil && !strings.Contains(string(st), ") Z ") {
					cmdline, _ := os.ReadFile("/proc/" + p.Name() + "/cmdline")
					left = append(left, fmt.Sprintf("%d %s", pid, bytes.ReplaceAll(cmdline, []byte{0}, []byte{' '})))
				}
			}
		}
	}
	return left
}

// memCgroupDir is where this process's memory cgroups would go ("" when
// none can be made).
func memCgroupDir() string {
	own, err := os.ReadFile("/proc/self/cgroup")
	if err != nil {
		return ""
	}
	for _, line := range strings.Split(string(own), "\n") {
		f := strings.SplitN(line, ":", 3)
		if len(f) == 3 && strings.Contains(","+f[1]+",", ",memory,") {
			return filepath.Join("/sys/fs/cgroup/memory", f[2])
		}
		if len(f) == 3 && f[0] == "0" && f[1] == "" {
			if _, err := os.Stat(filepath.Join("/sys/fs/cgroup", f[2], "memory.max")); err == nil {
				return filepath.Join("/sys/fs/cgroup", f[2])
			}
		}
	}
	return ""
}

// checkClean checks, at the end of a test, that the gridsats it started
// left no process, worker folder or memory cgroup, and that every user
// file is as it was. It kills what it finds, so as to leave nothing
// either.
func (w *crashWorld) checkClean() {
	t := w.t
	var left []string
	for deadline := time.Now().Add(hangGuard); ; time.Sleep(20 * time.Millisecond) {
		if left = w.leftovers(); len(left) == 0 || time.Now().After(deadline) {
			break
		}
	}
	for _, l := range left {
		t.Errorf("a process outlived the comparison: %s", l)
		pid, _ := strconv.Atoi(strings.Fields(l)[0])
		syscall.Kill(pid, syscall.SIGKILL)
	}
	folders, _ := filepath.Glob(filepath.Join(w.tmp, "gridsat-*"))
	for _, f := range folders {
		t.Errorf("a temporary folder was left: %s", f)
	}
	if dir := memCgroupDir(); dir != "" {
		for _, pid := range w.parents {
			groups, _ := filepath.Glob(filepath.Join(dir, fmt.Sprintf("gridsat-%d-*", pid)))
			for _, g := range groups {
				t.Errorf("a memory cgroup was left: %s", g)
			}
		}
	}
	for path, want := range w.user {
		if got, err := os.ReadFile(path); err != nil || !bytes.Equal(got, want) {
			t.Errorf("the user file %s changed (%v): %q, was %q", path, err, clipText(string(got)), clipText(string(want)))
		}
	}
}

// crashArgs is the comparison the suite breaks: the queens sets, dfs and
// sat, two workers (38 cases, 76 runs, about a second; the sat runs of
// the larger boards take a while, so a kill finds a worker busy).
var crashArgs = []string{"compare", "queens", "--solvers", "dfs,sat", "-j", "2", "--progress", "never"}

const crashRuns = 76

// between is a random duration in [lo, hi).
func (w *crashWorld) between(lo, hi time.Duration) time.Duration {
	return lo + time.Duration(w.rng.Int64N(int64(hi-lo)))
}

// SIGKILL of the parent at random points: the next --resume removes what
// its workers left and completes the comparison, every run once.
func TestCrashParentKilled(t *testing.T) {
	w := newCrashWorld(t)
	for round := range 3 {
		out := filepath.Join(w.dir, fmt.Sprintf("r%d.jsonl", round))
		cmd, _, _ := w.start(append(crashArgs, "--results", out)...)
		at := w.between(30*time.Millisecond, 500*time.Millisecond)
		time.Sleep(at)
		cmd.Process.Kill()
		cmd.Wait()
		b, _ := os.ReadFile(out)
		t.Logf("round %d: killed after %s, %d records kept", round, at, bytes.Count(b, []byte("\n")))
		if _, stderr, code := w.run(append(crashArgs, "--results", out, "--resume")...); code != 0 {
			t.Fatalf("round %d: --resume: exit %d\n%s", round, code, stderr)
		}
		w.runsOnce(out, crashRuns)
	}
}

// workers are the live children of process pid.
func workers(pid int) []int {
	var out []int
	tasks, _ := os.ReadDir(fmt.Sprintf("/proc/%d/task", pid))
	for _, task := range tasks {
		b, _ := os.ReadFile(fmt.Sprintf("/proc/%d/task/%s/children", pid, task.Name()))
		for _, f := range strings.Fields(string(b)) {
			if c, err := strconv.Atoi(f); err == nil {
				out = append(out, c)
			}
		}
	}
	return out
}

// SIGKILL of a worker at a random point: its run is a harness failure
// naming the signal, every other run goes on, and --resume completes the comparison,
// every run once. On an idle machine the comparison may end within the
// random delay; the try is then made again with the delay cut, so the
// test never depends on the machine being slow.
func TestCrashWorkerKilled(t *testing.T) {
	w := newCrashWorld(t)
	out := filepath.Join(w.dir, "r.jsonl")
	for try, most := 0, 400*time.Millisecond; ; try, most = try+1, most/3 {
		if try == 6 {
			t.Fatal("compare ended before any of its workers could be killed, six times")
		}
		os.Remove(out)
		cmd, _, _ := w.start(append(crashArgs, "--results", out)...)
		victim := w.pickWorker(cmd.Process.Pid, w.between(0, most+time.Millisecond))
		if victim == 0 {
			cmd.Wait()
			continue
		}
		t.Logf("try %d: worker %d killed", try+1, victim)
		syscall.Kill(victim, syscall.SIGKILL)
		code := exitCode(cmd.Wait())
		if code != 0 && code != 1 {
			t.Fatalf("compare with a killed worker: exit %d", code)
		}
		break
	}
	// Issue 30, item 8: the killed run is the harness's failure (it was
	// the solver's error, reused by --resume forever, exit 1), so
	// --resume runs it again and the comparison is whole: exit 0, and
	// report reads the failure and its re-run as one run, exit 0.
	if b, _ := os.ReadFile(out); strings.Contains(string(b), `"verdict":"error"`) {
		t.Errorf("a worker killed from outside made an error record:\n%s", b)
	}
	if _, stderr, code := w.run(append(crashArgs, "--results", out, "--resume")...); code != 0 {
		t.Fatalf("--resume: exit %d, want 0\n%s", code, stderr)
	}
	w.runsOnce(out, crashRuns)
	if _, stderr, code := w.run("report", out); code != 0 {
		t.Errorf("report after --resume: exit %d, want 0\n%s", code, stderr)
	}
}

// pickWorker waits for process pid to have workers, then for delay, and
// returns one of its workers alive then, or 0 when pid has none left.
func (w *crashWorld) pickWorker(pid int, delay time.Duration) int {
	for deadline := time.Now().Add(5 * time.Second); len(workers(pid)) == 0; time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			return 0
		}
	}
	time.Sleep(delay)
	if ws := workers(pid); len(ws) > 0 {
		return ws[w.rng.IntN(len(ws))]
	}
	return 0
}

// Two gridsats writing one results file at once: the second is refused
// (exit 2, naming the holder) and writes nothing, the first completes;
// a --resume after it reuses every run.
func TestCrashTwoWriters(t *testing.T) {
	w := newCrashWorld(t)
	out := filepath.Join(w.dir, "r.jsonl")
	first, _, _ := w.start(append(crashArgs, "--results", out)...)
	// The event: the first writer holds the file (it writes its header
	// once it has the lock).
	waitFor(t, "the first writer's header in "+out, func() bool {
		st, err := os.Stat(out)
		return err == nil && st.Size() > 0
	})
	_, stderr, code := w.run(append(crashArgs, "--results", out, "--resume")...)
	if code != 2 || !strings.Contains(stderr, "in use by") {
		t.Errorf("a second writer: exit %d, want 2 and \"in use by\":\n%s", code, stderr)
	}
	if code := exitCode(first.Wait()); code != 0 {
		t.Errorf("the first writer: exit %d", code)
	}
	stdout, _, code := w.run(append(crashArgs, "--results", out, "--resume")...)
	if code != 0 || !strings.Contains(stdout, fmt.Sprintf("runs: %d reused from the results file, 0 run now", crashRuns)) {
		t.Errorf("--resume after the first writer: exit %d\n%s", code, stdout)
	}
	w.runsOnce(out, crashRuns)
}

// A full disk: the results file stops mid-run (a small tmpfs); once there
// is room again, --resume completes the comparison, every run once. Where
// no tmpfs can be mounted, stdout on /dev/full: the report cannot be
// printed, and the results file is complete all the same.
func TestCrashFullDisk(t *testing.T) {
	w := newCrashWorld(t)
	disk := filepath.Join(w.dir, "disk")
	if err := mountTmpfs(disk, 40<<10); err != nil {
		t.Logf("no tmpfs can be mounted here (%v): the full disk is /dev/full on stdout only", err)
	} else {
		defer syscall.Unmount(disk, syscall.MNT_DETACH)
		out := filepath.Join(disk, "r.jsonl")
		_, stderr, code := w.run(append(crashArgs, "--results", out)...)
		if code == 0 || !strings.Contains(stderr, "no space left") {
			t.Errorf("compare on a full disk: exit %d, want a failure saying so:\n%s", code, stderr)
		}
		if err := syscall.Mount("tmpfs", disk, "tmpfs", syscall.MS_REMOUNT, "size=4m"); err != nil {
			t.Fatal(err)
		}
		if _, stderr, code := w.run(append(crashArgs, "--results", out, "--resume")...); code != 0 {
			t.Fatalf("--resume with room again: exit %d\n%s", code, stderr)
		}
		w.runsOnce(out, crashRuns)
	}
	full, err := os.OpenFile("/dev/full", os.O_WRONLY, 0)
	if err != nil {
		t.Skipf("no /dev/full here (%v)", err)
	}
	defer full.Close()
	out := filepath.Join(w.dir, "full.jsonl")
	cmd, _, errb := w.command(append(crashArgs, "--results", out)...)
	cmd.Stdout = full
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	w.parents = append(w.parents, cmd.Process.Pid)
	if code := exitCode(cmd.Wait()); code != 1 {
		t.Errorf("a report to /dev/full: exit %d, want 1\n%s", code, errb.String())
	}
	w.runsOnce(out, crashRuns)
}

// A read-only output: --out or -o in a read-only folder (a tmpfs mounted
// read-only) is refused before anything runs (exit 2, the report file -o
// names untouched, no results file made). (A disk cannot be made
// read-only under an open file, EBUSY: a write failing mid-run is the full
// disk's case.)
func TestCrashReadOnlyOutput(t *testing.T) {
	w := newCrashWorld(t)
	ro := filepath.Join(w.dir, "ro")
	mounted := mountTmpfs(ro, 4<<20)
	if mounted == nil {
		defer syscall.Unmount(ro, syscall.MNT_DETACH)
		if err := syscall.Mount("tmpfs", ro, "tmpfs", syscall.MS_REMOUNT|syscall.MS_RDONLY, ""); err != nil {
			t.Fatal(err)
		}
	} else if os.Geteuid() != 0 {
		os.MkdirAll(ro, 0o755)
		os.Chmod(ro, 0o555)
		defer os.Chmod(ro, 0o755)
	} else {
		t.Skipf("no read-only folder here: no tmpfs can be mounted (%v), and root writes anywhere", mounted)
	}
	keep := w.userFile("keep.html", "precious\n")
	_, stderr, code := w.run(append(crashArgs, "--format", "html", "-o", keep, "--results", filepath.Join(ro, "r.jsonl"))...)
	if code != 2 {
		t.Errorf("--out in a read-only folder: exit %d, want 2\n%s", code, stderr)
	}
	out := filepath.Join(w.dir, "r.jsonl")
	_, stderr, code = w.run(append(crashArgs, "-o", filepath.Join(ro, "report.txt"), "--results", out)...)
	if _, err := os.Stat(out); code != 2 || !os.IsNotExist(err) {
		t.Errorf("-o in a read-only folder: exit %d, want 2 with nothing written (%v)\n%s", code, err, stderr)
	}
}

// A solver that forks a child and exits (an exec: solver run by a script
// that leaves a sleep behind, answering through cadical): nothing it
// started outlives compare.
func TestCrashForkingSolver(t *testing.T) {
	w := newCrashWorld(t)
	cadical, err := exec.LookPath("cadical")
	if err != nil {
		t.Skip("no cadical: the forking exec: solver wraps it (apt-get install cadical)")
	}
	script := filepath.Join(w.dir, "forker")
	if err := os.WriteFile(script, []byte("#!/bin/sh\nsleep 60 </dev/null >/dev/null 2>&1 &\nexec "+cadical+" \"$@\"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	args := []string{"compare", "slant", "sample", "--solvers", "dfs,sat:backend=exec:" + script, "-j", "2", "--progress", "never"}
	out := filepath.Join(w.dir, "r.jsonl")
	if _, stderr, code := w.run(append(args, "--results", out)...); code != 0 {
		t.Fatalf("compare with a forking solver: exit %d\n%s", code, stderr)
	}
	if _, stderr, code := w.run(append(args, "--results", out, "--resume")...); code != 0 {
		t.Fatalf("--resume: exit %d\n%s", code, stderr)
	}
	w.runsOnce(out, 4)
}
