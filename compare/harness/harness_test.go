package harness

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/gridsat/gridsat/compare"
	_ "github.com/gridsat/gridsat/compare/puzzles" // registers the puzzles
	"github.com/gridsat/gridsat/instances"
)

// The harness is tested on a toy puzzle whose cases are numbers n and
// whose answer is 2n, with solvers that misbehave on purpose. The toy is
// registered only inside worker processes (the test binary re-run with
// GRIDSAT_TEST_WORKER=1), so other tests never see it in the registry.

type toyCase struct {
	instances.Loc
	n int
}

// stopBound bounds how long a stop the harness makes (a kill, a timeout,
// an interrupt) may take to show, at any load: the solvers these tests
// stop run for a minute (a spin, a child's sleep 60), so half a minute
// still tells a stop from no stop, while it waits out a busy machine.
const stopBound = 30 * time.Second

func (c *toyCase) Size() string { return strconv.Itoa(c.n) }
func (c *toyCase) Cells() int   { return c.n }

var (
	toyCalls   atomic.Int64
	flakyCalls sync.Map // case -> *atomic.Int64
)

func toyPuzzle() *compare.Puzzle {
	answer := func(n int) string { return strconv.Itoa(2 * n) }
	solver := func(name string, f func(n int) (compare.Result, error)) compare.Solver {
		return compare.Solver{Name: name, Solve: func(c instances.Case, o compare.Options) (compare.Result, error) {
			toyCalls.Add(1)
			return f(c.(*toyCase).n)
		}}
	}
	return &compare.Puzzle{
		Name:    "toy",
		Summary: "a number n, whose answer is 2n (none when n < 0)",
		DFS:     "good",
		Parse: func(file string, r io.Reader) ([]instances.Case, error) {
			l := instances.NewLines(file, r)
			var cs []instances.Case
			for {
				f, ok := l.Fields()
				if !ok {
					if len(cs) == 0 && l.Err() == nil {
						return nil, l.NoCases()
					}
					return cs, l.Err()
				}
				for _, tok := range f {
					l.Case = len(cs) + 1
					n, err := strconv.Atoi(tok)
					if err != nil {
						return cs, l.Errorf("%q is not a number", tok)
					}
					cs = append(cs, &toyCase{instances.Loc{File: file, Case: len(cs) + 1, Line: l.Line()}, n})
				}
			}
		},
		Solvers: []compare.Solver{
			solver("good", func(n int) (compare.Result, error) { return compare.Result{Solved: n >= 0, Answer: answer(n)}, nil }),
			solver("wrong", func(n int) (compare.Result, error) {
				if n == 3 {
					return compare.Result{Solved: true, Answer: "7"}, nil
				}
				return compare.Result{Solved: n >= 0, Answer: answer(n)}, nil
			}),
			solver("other", func(n int) (compare.Result, error) {
				return compare.Result{Solved: n >= 0, Answer: answer(n) + " "}, nil
			}),
			solver("fail", func(n int) (compare.Result, error) { return compare.Result{}, errors.New("cannot") }),
			solver("panic", func(n int) (compare.Result, error) { panic("boom") }),
			solver("slow", func(n int) (compare.Result, error) {
				if n == 2 {
					for start := time.Now(); time.Since(start) < time.Minute; {
					}
				}
				return compare.Result{Solved: true, Answer: answer(n)}, nil
			}),
			solver("hog", func(n int) (compare.Result, error) {
				var keep [][]byte
				for i := 0; i < 64; i++ { // up to 1 GiB, touched so it is resident
					b := make([]byte, 16<<20)
					for j := range b {
						b[j] = 1
					}
					keep = append(keep, b)
				}
				return compare.Result{Solved: true, Answer: answer(n + len(keep[0])*0)}, nil
			}),
			solver("exit", func(n int) (compare.Result, error) {
				fmt.Fprintln(os.Stderr, "toy: exiting on purpose")
				os.Exit(3)
				return compare.Result{}, nil
			}),
			solver("selfkill", func(n int) (compare.Result, error) {
				p, _ := os.FindProcess(os.Getpid())
				p.Signal(os.Kill)
				time.Sleep(time.Minute)
				return compare.Result{}, nil
			}),
			solver("chatty", func(n int) (compare.Result, error) {
				fmt.Println("a solver that prints to stdout must not garble the protocol")
				return compare.Result{Solved: true, Answer: answer(n)}, nil
			}),
			solver("forker", func(n int) (compare.Result, error) {
				// A child that holds stderr open and outlives a kill of
				// the worker alone; then spin past the limit.
				cmd := exec.Command("sleep", "60")
				cmd.Stderr = os.Stderr
				if err := cmd.Start(); err != nil {
					return compare.Result{}, err
				}
				os.WriteFile(os.Getenv("GRIDSAT_TEST_PIDFILE"), []byte(strconv.Itoa(cmd.Process.Pid)), 0o644)
				os.WriteFile(filepath.Join(os.TempDir(), "formula.cnf"), []byte("p cnf 1 1\n1 0\n"), 0o644)
				for {
				}
			}),
			solver("same", func(n int) (compare.Result, error) { return compare.Result{Solved: n >= 0, Answer: answer(n)}, nil }),
			solver("flaky", func(n int) (compare.Result, error) {
				// Right on every other call for a case: its repeats
				// disagree.
				v, _ := flakyCalls.LoadOrStore(n, new(atomic.Int64))
				if v.(*atomic.Int64).Add(1)%2 == 0 {
					return compare.Result{Solved: true, Answer: "-1"}, nil
				}
				return compare.Result{Solved: n >= 0, Answer: answer(n)}, nil
			}),
			solver("cpus", func(n int) (compare.Result, error) {
				// The CPUs each thread of the worker may run on, and
				// GOMAXPROCS: what --pin set.
				var lists []string
				tasks, _ := os.ReadDir("/proc/self/task")
				for _, t := range tasks {
					st, _ := os.ReadFile("/proc/self/task/" + t.Name() + "/status")
					for _, line := range strings.Split(string(st), "\n") {
						if v, ok := strings.CutPrefix(line, "Cpus_allowed_list:"); ok {
							lists = append(lists, strings.TrimSpace(v))
						}
					}
				}
				return compare.Result{Solved: true, Answer: answer(n), Witness: fmt.Sprintf("%d %s", runtime.GOMAXPROCS(0), strings.Join(lists, " "))}, nil
			}),
			solver("gogc", func(n int) (compare.Result, error) {
				// The collector's target the run found.
				old := debug.SetGCPercent(100)
				debug.SetGCPercent(old)
				return compare.Result{Solved: true, Answer: answer(n), Witness: strconv.Itoa(old)}, nil
			}),
			solver("busy", func(n int) (compare.Result, error) {
				burnCPU(busyCPU)
				return compare.Result{Solved: true, Answer: answer(n)}, nil
			}),
			solver("childbusy", func(n int) (compare.Result, error) {
				// An external solver of known CPU time, as exec:cadical:
				// its time counts (RUSAGE_CHILDREN).
				// The child prints the CPU time it used (at least
				// busyCPU; more when a loaded machine makes its start
				// alone cost more).
				// The worker's own part, starting the child and waiting
				// for it, counts too (some ms in a race build).
				cmd := exec.Command(os.Args[0])
				cmd.Env = append(os.Environ(), "GRIDSAT_TEST_BUSY=1")
				cmd.Stderr = os.Stderr
				self := selfCPU()
				out, err := cmd.Output()
				self = selfCPU() - self
				if err != nil {
					return compare.Result{}, err
				}
				if _, err := strconv.ParseInt(strings.TrimSpace(string(out)), 10, 64); err != nil {
					return compare.Result{}, fmt.Errorf("the busy child printed %q: %w", out, err)
				}
				// The kernel's account of this child (wait4's rusage),
				// its exit included (a race build's exit costs some ms
				// after the child could print its own).
				used := int64(cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime())
				return compare.Result{Solved: true, Answer: answer(n), Stats: []compare.Stat{{Name: "child_cpu_ns", Value: used}, {Name: "starter_cpu_ns", Value: int64(self)}}}, nil
			}),
			solver("bgchild", func(n int) (compare.Result, error) {
				// A child started in the background and left running,
				// as a careless external solver might: it must not
				// outlive the worker, even one that ends well.
				cmd := exec.Command("sleep", "60")
				if err := cmd.Start(); err != nil {
					return compare.Result{}, err
				}
				os.WriteFile(os.Getenv("GRIDSAT_TEST_PIDFILE"), []byte(strconv.Itoa(cmd.Process.Pid)), 0o644)
				return compare.Result{Solved: n >= 0, Answer: answer(n)}, nil
			}),
			solver("tmpdir", func(n int) (compare.Result, error) {
				return compare.Result{Solved: true, Answer: answer(n), Witness: os.TempDir()}, nil
			}),
			solver("childhog", func(n int) (compare.Result, error) {
				// An external process that allocates, as exec:cadical
				// would: its memory must count against the limit.
				cmd := exec.Command(os.Args[0])
				cmd.Env = append(os.Environ(), "GRIDSAT_TEST_HOG=1")
				cmd.Stderr = os.Stderr
				if err := cmd.Run(); err != nil {
					return compare.Result{}, err
				}
				return compare.Result{Solved: true, Answer: answer(n)}, nil
			}),
		},
		Verify: func(c instances.Case, r compare.Result) error {
			n := c.(*toyCase).n
			if !r.Solved {
				if n >= 0 {
					return fmt.Errorf("%d has a solution", n)
				}
				return nil
			}
			if strings.TrimSpace(r.Answer) != answer(n) {
				return fmt.Errorf("answer %q, want %s", r.Answer, answer(n))
			}
			return nil
		},
		Agree: func(c instances.Case, a, b compare.Result) error {
			if a.Answer != b.Answer {
				return fmt.Errorf("%q != %q", a.Answer, b.Answer)
			}
			return nil
		},
		FormatCase: func(w io.Writer, c instances.Case) error {
			_, err := fmt.Fprintln(w, c.(*toyCase).n)
			return err
		},
	}
}

func TestMain(m *testing.M) {
	if w := os.Getenv("GRIDSAT_TEST_WARMHEAP"); w != "" {
		warmHeapProbe(w == "1")
		os.Exit(0)
	}
	if os.Getenv("GRIDSAT_TEST_HOG") == "1" {
		hog()
	}
	if os.Getenv("GRIDSAT_TEST_BUSY") == "1" {
		burnProcessCPU(busyCPU)
		used, _ := cpuNow()
		fmt.Println(int64(used))
		os.Exit(0)
	}
	switch mode := os.Getenv("GRIDSAT_TEST_WORKER"); mode {
	case "":
	case "1":
		if _, err := compare.Register(toyPuzzle()); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		if err := WorkerMain(); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		os.Exit(0)
	case "noregistry": // a real worker that cannot prepare a toy job
		if err := WorkerMain(); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		os.Exit(0)
	default:
		os.Exit(fakeWorker(mode))
	}
	os.Exit(m.Run())
}

func toySource(t *testing.T, text string) *Source {
	t.Helper()
	dir := t.TempDir()
	file := filepath.Join(dir, "toy.txt")
	if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	p := toyPuzzle()
	src, err := openSource(p, "", file)
	if err != nil {
		t.Fatal(err)
	}
	return src
}

func specs(t *testing.T, p *compare.Puzzle, names ...string) []compare.Spec {
	t.Helper()
	var out []compare.Spec
	for _, n := range names {
		s, err := p.ParseSpec(n, nil)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, s)
	}
	return out
}

func testPool(timeout time.Duration, mem int64) *workerPool {
	return &workerPool{Command: []string{os.Args[0]}, Env: append(os.Environ(), "GRIDSAT_TEST_WORKER=1"), Timeout: timeout, Mem: mem}
}

func TestVerdictsAndCrossCheck(t *testing.T) {
	p := toyPuzzle()
	src := toySource(t, "1 3 -1\n")
	tests := []struct {
		solvers      []string
		wantVerdicts [][]compare.Verdict // per row, per solver
		wantAgree    []string
		wantFailed   []bool
	}{
		{[]string{"good", "good"}, [][]compare.Verdict{{"ok", "ok"}, {"ok", "ok"}, {"unsat", "unsat"}}, []string{"yes", "yes", "yes"}, []bool{false, false, false}},
		{[]string{"good", "wrong"}, [][]compare.Verdict{{"ok", "ok"}, {"ok", "WRONG"}, {"unsat", "unsat"}}, []string{"yes", "-", "yes"}, []bool{false, true, false}},
		{[]string{"good", "other"}, [][]compare.Verdict{{"ok", "ok"}, {"ok", "ok"}, {"unsat", "unsat"}}, []string{"NO", "NO", "NO"}, []bool{true, true, true}},
		{[]string{"good", "fail"}, [][]compare.Verdict{{"ok", "error"}, {"ok", "error"}, {"unsat", "error"}}, []string{"-", "-", "-"}, []bool{true, true, true}},
		{[]string{"panic"}, [][]compare.Verdict{{"error"}, {"error"}, {"error"}}, []string{"-", "-", "-"}, []bool{true, true, true}},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.solvers, ","), func(t *testing.T) {
			rows := compareAll(context.Background(), compareConfig{Puzzle: p, Specs: specs(t, p, tt.solvers...), Sources: []*Source{src}})
			if len(rows) != 3 {
				t.Fatalf("%d rows", len(rows))
			}
			for i, r := range rows {
				for j, run := range r.Runs {
					if run.Verdict != tt.wantVerdicts[i][j] {
						t.Errorf("row %d solver %s: verdict %s (%s), want %s", i, run.Solver, run.Verdict, run.Detail, tt.wantVerdicts[i][j])
					}
				}
				if r.Agree != tt.wantAgree[i] || r.Failed() != tt.wantFailed[i] {
					t.Errorf("row %d: agree %s failed %v (problems %v), want %s %v", i, r.Agree, r.Failed(), r.Problems, tt.wantAgree[i], tt.wantFailed[i])
				}
			}
		})
	}
}

func TestUniqueDisagreementIsCaught(t *testing.T) {
	p := toyPuzzle()
	c := &toyCase{n: 1}
	row := compare.Row{Runs: []compare.Run{
		{Solver: "a", Result: compare.Result{Solved: true, Answer: "2", UniqueChecked: true}},
		{Solver: "b", Result: compare.Result{Solved: true, Answer: "2", UniqueChecked: true, Second: "2"}},
	}}
	compare.Judge(p, c, &row)
	if row.Agree != "NO" || !row.Failed() {
		t.Fatalf("agree %s, problems %v", row.Agree, row.Problems)
	}
}

func TestInterruptKeepsFinishedRows(t *testing.T) {
	p := toyPuzzle()
	src := toySource(t, "1 2 3 4\n")
	pool := testPool(time.Minute, 0)
	defer pool.Close()
	ctx, cancel := context.WithCancel(context.Background())
	var finished []int
	cfg := compareConfig{Puzzle: p, Specs: specs(t, p, "slow"), Sources: []*Source{src}, Exec: pool, Jobs: 1,
		OnRow: func(r compare.Row) {
			finished = append(finished, r.Case)
			if r.Case == 1 {
				// Case 2 is the slow one: stop while it runs.
				go func() { time.Sleep(300 * time.Millisecond); cancel() }()
			}
		}}
	start := time.Now()
	rows := compareAll(ctx, cfg)
	// The slow run spins for a minute: half of that bounds the stop at
	// any load and still tells a stop from a run that went on.
	if time.Since(start) > stopBound {
		t.Fatalf("interrupt took %s", time.Since(start))
	}
	if len(rows) != 1 || rows[0].Case != 1 || len(finished) != 1 {
		t.Fatalf("rows %v, finished %v", rows, finished)
	}
}

func TestParseSpec(t *testing.T) {
	p := &compare.Puzzle{Name: "x", Solvers: []compare.Solver{{Name: "sat", Options: []compare.OptionDoc{{Name: compare.BackendOption, Values: "gophersat|gini|exec:NAME"}, {Name: "card"}}}}}
	tests := []struct {
		text    string
		want    compare.Options
		wantErr string
	}{
		{"sat", compare.Options{}, ""},
		{"sat:card=totalizer", compare.Options{"card": "totalizer"}, ""},
		{"sat:backend=exec:cadical:card=seq", compare.Options{"backend": "exec:cadical", "card": "seq"}, ""},
		{"sat:color=red", nil, "no option"},
		{"dfs", nil, "no solver"},
		{"sat:backend=exec:/opt/\xff/cadical", nil, "not valid UTF-8"},
	}
	for _, tt := range tests {
		s, err := p.ParseSpec(tt.text, nil)
		if tt.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Errorf("%s: err %v, want %q", tt.text, err, tt.wantErr)
			}
			continue
		}
		if err != nil || fmt.Sprint(s.Options) != fmt.Sprint(tt.want) {
			t.Errorf("%s: %v %v, want %v", tt.text, s.Options, err, tt.want)
		}
	}
}

// puzzle is the registered puzzle called name.
func puzzle(t testing.TB, name string) *compare.Puzzle {
	t.Helper()
	p, err := compare.Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// registerToy registers p for a test and returns the function that takes
// it out again; the test fails when the contract refuses p.
func registerToy(t testing.TB, p *compare.Puzzle) func() {
	t.Helper()
	unregister, err := compare.Register(p)
	if err != nil {
		t.Fatal(err)
	}
	return unregister
}
