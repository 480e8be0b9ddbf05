package compare

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

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

func (c *toyCase) Size() string { return strconv.Itoa(c.n) }
func (c *toyCase) Cells() int   { return c.n }

var toyCalls atomic.Int64

func toyPuzzle() *Puzzle {
	answer := func(n int) string { return strconv.Itoa(2 * n) }
	solver := func(name string, f func(n int) (Result, error)) Solver {
		return Solver{Name: name, Solve: func(c instances.Case, o Options) (Result, error) {
			toyCalls.Add(1)
			return f(c.(*toyCase).n)
		}}
	}
	return &Puzzle{
		Name: "toy",
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
		Solvers: []Solver{
			solver("good", func(n int) (Result, error) { return Result{Solved: n >= 0, Answer: answer(n)}, nil }),
			solver("wrong", func(n int) (Result, error) {
				if n == 3 {
					return Result{Solved: true, Answer: "7"}, nil
				}
				return Result{Solved: n >= 0, Answer: answer(n)}, nil
			}),
			solver("other", func(n int) (Result, error) { return Result{Solved: n >= 0, Answer: answer(n) + " "}, nil }),
			solver("fail", func(n int) (Result, error) { return Result{}, errors.New("cannot") }),
			solver("panic", func(n int) (Result, error) { panic("boom") }),
			solver("slow", func(n int) (Result, error) {
				if n == 2 {
					for start := time.Now(); time.Since(start) < time.Minute; {
					}
				}
				return Result{Solved: true, Answer: answer(n)}, nil
			}),
			solver("hog", func(n int) (Result, error) {
				var keep [][]byte
				for i := 0; i < 64; i++ { // up to 1 GiB, touched so it is resident
					b := make([]byte, 16<<20)
					for j := range b {
						b[j] = 1
					}
					keep = append(keep, b)
				}
				return Result{Solved: true, Answer: answer(n + len(keep[0])*0)}, nil
			}),
			solver("exit", func(n int) (Result, error) { os.Exit(3); return Result{}, nil }),
		},
		Verify: func(c instances.Case, r Result) error {
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
		Agree: func(c instances.Case, a, b Result) error {
			if a.Answer != b.Answer {
				return fmt.Errorf("%q != %q", a.Answer, b.Answer)
			}
			return nil
		},
	}
}

func TestMain(m *testing.M) {
	if os.Getenv("GRIDSAT_TEST_WORKER") == "1" {
		Register(toyPuzzle())
		if err := ServeWorker(os.Stdin, os.Stdout); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		os.Exit(0)
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

func specs(t *testing.T, p *Puzzle, names ...string) []Spec {
	t.Helper()
	var out []Spec
	for _, n := range names {
		s, err := p.ParseSpec(n, nil)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, s)
	}
	return out
}

func testPool(timeout time.Duration, mem int64) *Pool {
	return &Pool{Command: []string{os.Args[0]}, Env: append(os.Environ(), "GRIDSAT_TEST_WORKER=1"), Timeout: timeout, Mem: mem}
}

func TestVerdictsAndCrossCheck(t *testing.T) {
	p := toyPuzzle()
	src := toySource(t, "1 3 -1\n")
	tests := []struct {
		solvers      []string
		wantVerdicts [][]string // per row, per solver
		wantAgree    []string
		wantFailed   []bool
	}{
		{[]string{"good", "good"}, [][]string{{"ok", "ok"}, {"ok", "ok"}, {"unsat", "unsat"}}, []string{"yes", "yes", "yes"}, []bool{false, false, false}},
		{[]string{"good", "wrong"}, [][]string{{"ok", "ok"}, {"ok", "WRONG"}, {"unsat", "unsat"}}, []string{"yes", "-", "yes"}, []bool{false, true, false}},
		{[]string{"good", "other"}, [][]string{{"ok", "ok"}, {"ok", "ok"}, {"unsat", "unsat"}}, []string{"NO", "NO", "NO"}, []bool{true, true, true}},
		{[]string{"good", "fail"}, [][]string{{"ok", "error"}, {"ok", "error"}, {"unsat", "error"}}, []string{"-", "-", "-"}, []bool{true, true, true}},
		{[]string{"panic"}, [][]string{{"error"}, {"error"}, {"error"}}, []string{"-", "-", "-"}, []bool{true, true, true}},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.solvers, ","), func(t *testing.T) {
			rows := Compare(context.Background(), Config{Puzzle: p, Specs: specs(t, p, tt.solvers...), Sources: []*Source{src}})
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
	row := Row{Runs: []Run{
		{Solver: "a", Result: Result{Solved: true, Answer: "2", UniqueChecked: true}},
		{Solver: "b", Result: Result{Solved: true, Answer: "2", UniqueChecked: true, Second: "2"}},
	}}
	Judge(p, c, &row)
	if row.Agree != "NO" || !row.Failed() {
		t.Fatalf("agree %s, problems %v", row.Agree, row.Problems)
	}
}

func TestWorkerTimeoutStopsRunAndNextProceeds(t *testing.T) {
	p := toyPuzzle()
	src := toySource(t, "1 2 3\n")
	pool := testPool(time.Second, 0)
	defer pool.Close()
	start := time.Now()
	rows := Compare(context.Background(), Config{Puzzle: p, Specs: specs(t, p, "slow", "good"), Sources: []*Source{src}, Exec: pool, Jobs: 2})
	elapsed := time.Since(start)
	if len(rows) != 3 {
		t.Fatalf("%d rows", len(rows))
	}
	if v := rows[1].Runs[0].Verdict; v != VerdictTimeout {
		t.Fatalf("slow run on case 2: %s (%s)", v, rows[1].Runs[0].Detail)
	}
	if rows[1].Failed() {
		t.Errorf("a timeout counted as a failure: %v", rows[1].Problems)
	}
	for _, i := range []int{0, 2} {
		for _, run := range rows[i].Runs {
			if run.Verdict != VerdictOK {
				t.Errorf("row %d %s: %s %s", i, run.Solver, run.Verdict, run.Detail)
			}
		}
	}
	if elapsed > 20*time.Second {
		t.Errorf("comparison took %s with a 1s limit", elapsed)
	}
	if w := rows[1].Runs[0].Wall; w < time.Second || w > 5*time.Second {
		t.Errorf("timed-out run's wall time %s", w)
	}
}

func TestWorkerMemoryLimit(t *testing.T) {
	if _, err := os.Stat("/proc/self/status"); err != nil {
		t.Skip("no /proc: memory limit not enforced here")
	}
	p := toyPuzzle()
	src := toySource(t, "1 2\n")
	pool := testPool(30*time.Second, 200<<20)
	defer pool.Close()
	rows := Compare(context.Background(), Config{Puzzle: p, Specs: specs(t, p, "hog", "good"), Sources: []*Source{src}, Exec: pool, Jobs: 1})
	for i, r := range rows {
		if v := r.Runs[0].Verdict; v != VerdictMemout {
			t.Errorf("row %d hog: %s (%s)", i, v, r.Runs[0].Detail)
		}
		if v := r.Runs[1].Verdict; v != VerdictOK {
			t.Errorf("row %d good after memout: %s (%s)", i, v, r.Runs[1].Detail)
		}
	}
}

func TestWorkerDeathIsAnError(t *testing.T) {
	p := toyPuzzle()
	src := toySource(t, "1\n")
	pool := testPool(10*time.Second, 0)
	defer pool.Close()
	rows := Compare(context.Background(), Config{Puzzle: p, Specs: specs(t, p, "exit", "good"), Sources: []*Source{src}, Exec: pool, Jobs: 1})
	if v := rows[0].Runs[0].Verdict; v != VerdictError || !strings.Contains(rows[0].Runs[0].Detail, "worker died") {
		t.Errorf("exit: %s %s", v, rows[0].Runs[0].Detail)
	}
	if v := rows[0].Runs[1].Verdict; v != VerdictOK {
		t.Errorf("good after a dead worker: %s", v)
	}
}

func TestInterruptKeepsFinishedRows(t *testing.T) {
	p := toyPuzzle()
	src := toySource(t, "1 2 3 4\n")
	pool := testPool(time.Minute, 0)
	defer pool.Close()
	ctx, cancel := context.WithCancel(context.Background())
	var finished []int
	cfg := Config{Puzzle: p, Specs: specs(t, p, "slow"), Sources: []*Source{src}, Exec: pool, Jobs: 1,
		OnRow: func(r Row) {
			finished = append(finished, r.Case)
			if r.Case == 1 {
				// Case 2 is the slow one: stop while it runs.
				go func() { time.Sleep(300 * time.Millisecond); cancel() }()
			}
		}}
	start := time.Now()
	rows := Compare(ctx, cfg)
	if time.Since(start) > 10*time.Second {
		t.Fatalf("interrupt took %s", time.Since(start))
	}
	if len(rows) != 1 || rows[0].Case != 1 || len(finished) != 1 {
		t.Fatalf("rows %v, finished %v", rows, finished)
	}
}

func TestReportsParseBack(t *testing.T) {
	p := toyPuzzle()
	src := toySource(t, "1 3 -1\n")
	names := []string{"good", "wrong"}
	rows := Compare(context.Background(), Config{Puzzle: p, Specs: specs(t, p, names...), Sources: []*Source{src}})

	var buf bytes.Buffer
	if err := Write(&buf, "csv", names, rows); err != nil {
		t.Fatal(err)
	}
	recs, err := csv.NewReader(&buf).ReadAll()
	if err != nil {
		t.Fatalf("CSV does not parse: %v", err)
	}
	if len(recs) != 1+len(rows) {
		t.Fatalf("%d CSV records for %d rows", len(recs), len(rows))
	}
	col := map[string]int{}
	for i, h := range recs[0] {
		col[h] = i
	}
	if got := recs[2][col["wrong.verdict"]]; got != VerdictWrong {
		t.Errorf("CSV wrong.verdict on case 3 = %q", got)
	}
	if got := recs[1][col["good.answer"]]; got != "2" {
		t.Errorf("CSV good.answer on case 1 = %q", got)
	}

	buf.Reset()
	if err := Write(&buf, "json", names, rows); err != nil {
		t.Fatal(err)
	}
	var back struct {
		Solvers []string  `json:"solvers"`
		Rows    []Row     `json:"rows"`
		Summary []Summary `json:"summary"`
	}
	if err := json.Unmarshal(buf.Bytes(), &back); err != nil {
		t.Fatalf("JSON does not parse: %v", err)
	}
	if len(back.Rows) != 3 || back.Rows[1].Runs[1].Verdict != VerdictWrong || back.Summary[1].Failed != 1 {
		t.Errorf("JSON round trip lost data: %+v", back)
	}

	for _, f := range []string{"table", "markdown"} {
		buf.Reset()
		if err := Write(&buf, f, names, rows); err != nil {
			t.Fatal(err)
		}
		out := buf.String()
		if !strings.Contains(out, "PROBLEMS (1)") || !strings.Contains(out, "toy.txt#2") || !strings.Contains(out, "solved 3/3") {
			t.Errorf("%s report:\n%s", f, out)
		}
	}
	if err := Write(&buf, "yaml", names, rows); err == nil {
		t.Error("unknown format accepted")
	}
}

func TestResumeSkipsRecordedRuns(t *testing.T) {
	p := toyPuzzle()
	src := toySource(t, "1 2 3\n")
	out := filepath.Join(t.TempDir(), "results.jsonl")
	rf, err := OpenResults(out)
	if err != nil {
		t.Fatal(err)
	}
	sp := specs(t, p, "good", "wrong")
	// First run: stop after the first row, as a kill would.
	ctx, cancel := context.WithCancel(context.Background())
	Compare(ctx, Config{Puzzle: p, Specs: sp, Sources: []*Source{src},
		OnRun: func(s *Source, c instances.Case, run Run) { rf.Add(p, s, c, run) },
		OnRow: func(Row) { cancel() }})
	rf.Close()
	// Append a truncated line, as a kill mid-write would leave.
	fh, _ := os.OpenFile(out, os.O_APPEND|os.O_WRONLY, 0)
	fh.WriteString(`{"puzzle":"toy","fi`)
	fh.Close()

	done, err := ReadResults(out)
	if err != nil {
		t.Fatal(err)
	}
	if len(done) != 2 {
		t.Fatalf("%d runs recorded, want 2", len(done))
	}
	toyCalls.Store(0)
	rows := Compare(context.Background(), Config{Puzzle: p, Specs: sp, Sources: []*Source{src},
		Skip: func(s *Source, c instances.Case, spec Spec) (Run, bool) { return done.Lookup(p, s, c, spec) }})
	if n := toyCalls.Load(); n != 4 {
		t.Errorf("resumed comparison made %d solver calls, want 4", n)
	}
	if len(rows) != 3 || rows[0].Runs[0].Verdict != VerdictOK || rows[2].Runs[1].Verdict != VerdictWrong {
		t.Errorf("resumed rows: %+v", rows)
	}
}

func TestReadResultsRejectsCorruptMiddle(t *testing.T) {
	_, err := readResults("r.jsonl", strings.NewReader("garbage\n{}\n"))
	if !instances.IsInputError(err) || !strings.Contains(err.Error(), "r.jsonl: line 1") {
		t.Fatalf("err = %v", err)
	}
}

func TestSummaryGeometricMean(t *testing.T) {
	mk := func(a, b time.Duration) Row {
		return Row{Runs: []Run{{Verdict: VerdictOK, Result: Result{Time: a}}, {Verdict: VerdictOK, Result: Result{Time: b}}}}
	}
	rows := []Row{mk(time.Millisecond, 4*time.Millisecond), mk(4*time.Millisecond, 4*time.Millisecond),
		{Runs: []Run{{Verdict: VerdictOK, Result: Result{Time: time.Millisecond}}, {Verdict: VerdictTimeout}}}}
	s := Summarize([]string{"a", "b"}, rows)
	if s[0].Solved != 3 || s[1].Solved != 2 || s[1].Out != 1 {
		t.Fatalf("counts %+v", s)
	}
	if s[1].Both != 2 || s[1].Ratio < 1.99 || s[1].Ratio > 2.01 {
		t.Errorf("ratio %v over %d, want 2 over 2", s[1].Ratio, s[1].Both)
	}
	if s[0].Median != time.Millisecond || s[0].Total != 6*time.Millisecond {
		t.Errorf("median %s total %s", s[0].Median, s[0].Total)
	}
}

func TestParseSpec(t *testing.T) {
	p := &Puzzle{Name: "x", Solvers: []Solver{{Name: "sat", Options: []OptionDoc{BackendOption, {Name: "card"}}}}}
	tests := []struct {
		text    string
		want    Options
		wantErr string
	}{
		{"sat", Options{}, ""},
		{"sat:card=totalizer", Options{"card": "totalizer"}, ""},
		{"sat:backend=exec:cadical:card=seq", Options{"backend": "exec:cadical", "card": "seq"}, ""},
		{"sat:color=red", nil, "no option"},
		{"dfs", nil, "no solver"},
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
