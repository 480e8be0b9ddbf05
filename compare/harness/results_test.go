package harness

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gridsat/gridsat/compare"
	"github.com/gridsat/gridsat/instances"
)

// record runs specs on src in process, writing every run to a results
// file at path under limits, and stops after stopAfter rows (0: all).
func record(t *testing.T, path string, p *compare.Puzzle, sp []compare.Spec, src *Source, limits Limits, stopAfter int) {
	t.Helper()
	rf, err := OpenResults(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer rf.Close()
	if err := rf.Header(newHeader(p, sp, []*Source{src}, limits, "")); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	rows := 0
	compareAll(ctx, compareConfig{Puzzle: p, Specs: sp, Sources: []*Source{src},
		OnRun: func(tk Task, run compare.Run) {
			if err := rf.Add(tk, limits, run); err != nil {
				t.Error(err)
			}
		},
		OnRow: func(compare.Row) {
			if rows++; rows == stopAfter {
				cancel()
			}
		}})
}

// resume runs specs on src in process with the runs of path reused.
func resume(t *testing.T, path string, p *compare.Puzzle, sp []compare.Spec, src *Source, limits Limits) (rows []compare.Row, calls int64, reused, rerun int) {
	t.Helper()
	log, err := readResults(path)
	if err != nil {
		t.Fatal(err)
	}
	done := newDone(log)
	toyCalls.Store(0)
	rows = compareAll(context.Background(), compareConfig{Puzzle: p, Specs: sp, Sources: []*Source{src},
		Skip: func(tk Task) (compare.Run, bool) {
			run, ok, found := done.Lookup(tk, limits)
			if ok {
				reused++
			} else if found {
				rerun++
			}
			return run, ok
		}})
	return rows, toyCalls.Load(), reused, rerun
}

func TestResumeSkipsRecordedRuns(t *testing.T) {
	p := toyPuzzle()
	src := toySource(t, "1 2 3\n")
	out := filepath.Join(t.TempDir(), "results.jsonl")
	sp := specs(t, p, "good", "wrong")
	record(t, out, p, sp, src, Limits{InProcess: true}, 1)
	// A kill mid-write leaves a cut last line; the next run cuts it off
	// before appending, so nothing is glued onto it.
	fh, _ := os.OpenFile(out, os.O_APPEND|os.O_WRONLY, 0)
	fh.WriteString(`{"kind":"run","run":{"puzzle":"toy","fi`)
	fh.Close()
	cut, err := repairFile(out)
	if err != nil || cut != int64(len(`{"kind":"run","run":{"puzzle":"toy","fi`)) {
		t.Fatalf("repairFile cut %d bytes, %v", cut, err)
	}
	record(t, out, p, sp[:1], src, Limits{InProcess: true}, 2) // appends after the repair
	log, err := readResults(out)
	if err != nil {
		t.Fatalf("a repaired file does not read back: %v", err)
	}
	if len(log.Runs) != 4 || len(log.Headers) != 2 || len(log.Cases) != 2 || log.Cut != 0 {
		t.Fatalf("%d runs, %d headers, %d cases, %d cut", len(log.Runs), len(log.Headers), len(log.Cases), log.Cut)
	}
	rows, calls, reused, rerun := resume(t, out, p, sp, src, Limits{InProcess: true})
	// Recorded: good on 1 and 2, wrong on 1 (the first run stopped after
	// its first row; the second ran good on 1 again and on 2).
	if calls != 3 || reused != 3 || rerun != 0 {
		t.Errorf("resumed comparison made %d solver calls, reused %d, re-ran %d; want 3, 3, 0", calls, reused, rerun)
	}
	if len(rows) != 3 || rows[0].Runs[0].Verdict != compare.VerdictOK || rows[1].Runs[1].Verdict != compare.VerdictOK || rows[2].Runs[1].Verdict != compare.VerdictWrong {
		t.Errorf("resumed rows: %+v", rows)
	}
}

// The resume key is the case's content and number, the solver with its options
// resolved, and the version: a record under another key is not reused.
func TestResumeKey(t *testing.T) {
	p := toyPuzzle()
	out := filepath.Join(t.TempDir(), "results.jsonl")
	src := toySource(t, "1 2\n")
	record(t, out, p, specs(t, p, "good"), src, Limits{InProcess: true}, 0)

	// The same cases in another file, on other lines: reused.
	moved := toySource(t, "\n\n1 2\n")
	if _, calls, reused, _ := resume(t, out, p, specs(t, p, "good"), moved, Limits{InProcess: true}); calls != 0 || reused != 2 {
		t.Errorf("moved cases: %d calls, %d reused; want 0, 2", calls, reused)
	}
	// The same cases in another order: run, since an answer may name its
	// case's number (queens: "Case 2: 5").
	if _, calls, reused, _ := resume(t, out, p, specs(t, p, "good"), toySource(t, "2 1\n"), Limits{InProcess: true}); calls != 2 || reused != 0 {
		t.Errorf("swapped cases: %d calls, %d reused; want 2, 0", calls, reused)
	}
	// A changed case: run.
	if _, calls, _, _ := resume(t, out, p, specs(t, p, "good"), toySource(t, "1 3\n"), Limits{InProcess: true}); calls != 1 {
		t.Errorf("changed case: %d calls, want 1", calls)
	}
	// Another solver: run.
	if _, calls, _, _ := resume(t, out, p, specs(t, p, "other"), src, Limits{InProcess: true}); calls != 2 {
		t.Errorf("other solver: %d calls, want 2", calls)
	}
	// Under workers rather than in process: run.
	if _, calls, _, rerun := resume(t, out, p, specs(t, p, "good"), src, Limits{Timeout: time.Minute}); calls != 2 || rerun != 2 {
		t.Errorf("in-process records under limits: %d calls, %d re-run; want 2, 2", calls, rerun)
	}
}

func TestResumeKeyHasResolvedOptions(t *testing.T) {
	p := toyPuzzle()
	p.Solvers[0].Options = []compare.OptionDoc{{Name: compare.UniqueOption, Values: "true|false", Default: "false"}}
	sv := &p.Solvers[0]
	src := toySource(t, "1\n")
	src.prepare(p)
	task := func(o compare.Options) Task {
		return Task{Puzzle: p, Source: src, Index: 0, Spec: compare.Spec{Text: "good", Solver: sv, Options: o}}
	}
	rec := func(o compare.Options) *RunRecord {
		tk := task(o)
		return &RunRecord{Puzzle: "toy", Key: tk.Key(), Spec: "good", Options: tk.Spec.Resolved(), Version: compare.Version, Limits: Limits{InProcess: true}, Run: compare.Run{Solver: "good", Result: compare.Result{Solved: true, Answer: "2"}}}
	}
	d := newDone(&ResultsLog{Runs: []*RunRecord{rec(compare.Options{compare.UniqueOption: "true"})}})
	if _, ok, _ := d.Lookup(task(nil), Limits{InProcess: true}); ok {
		t.Error("a --unique record reused for a run without --unique")
	}
	if _, ok, _ := d.Lookup(task(compare.Options{compare.UniqueOption: "1"}), Limits{InProcess: true}); !ok {
		t.Error("unique=1 and unique=true are the same run")
	}
	old := rec(nil)
	old.Version = "0.0.1"
	d = newDone(&ResultsLog{Runs: []*RunRecord{old}})
	if _, ok, _ := d.Lookup(task(nil), Limits{InProcess: true}); ok {
		t.Error("a record of another gridsat version reused")
	}
}

func TestReusableUnderLimits(t *testing.T) {
	sec := time.Second
	ok := func(took time.Duration, peak int64) compare.Run {
		return compare.Run{Verdict: "", Wall: took, PeakRSS: peak, Result: compare.Result{Time: took}}
	}
	tests := []struct {
		name      string
		run       compare.Run
		then, now Limits
		want      bool
	}{
		{"same limits", ok(sec, 1<<20), Limits{Timeout: 10 * sec, Mem: 1 << 30}, Limits{Timeout: 10 * sec, Mem: 1 << 30}, true},
		{"finished over the new limit", ok(5*sec, 1<<20), Limits{Timeout: 10 * sec}, Limits{Timeout: 2 * sec}, false},
		{"finished within the new limit", ok(sec, 1<<20), Limits{Timeout: 10 * sec}, Limits{Timeout: 2 * sec}, true},
		{"peak over the new memory limit", ok(sec, 600<<20), Limits{Mem: 1 << 30}, Limits{Mem: 512 << 20}, false},
		{"timeout, limit grew", compare.Run{Verdict: compare.VerdictTimeout, Wall: 10 * sec}, Limits{Timeout: 10 * sec}, Limits{Timeout: 60 * sec}, false},
		{"timeout, same limit", compare.Run{Verdict: compare.VerdictTimeout, Wall: 10 * sec}, Limits{Timeout: 10 * sec}, Limits{Timeout: 10 * sec}, true},
		{"timeout, limit shrank", compare.Run{Verdict: compare.VerdictTimeout, Wall: 10 * sec}, Limits{Timeout: 10 * sec}, Limits{Timeout: 5 * sec}, true},
		{"timeout, no limit now", compare.Run{Verdict: compare.VerdictTimeout}, Limits{Timeout: 10 * sec}, Limits{}, false},
		{"memout, memory grew", compare.Run{Verdict: compare.VerdictMemout, Wall: sec}, Limits{Mem: 1 << 30}, Limits{Mem: 2 << 30}, false},
		{"memout, same memory", compare.Run{Verdict: compare.VerdictMemout, Wall: sec}, Limits{Mem: 1 << 30}, Limits{Mem: 1 << 30}, true},
		{"harness error", compare.Run{Verdict: compare.VerdictHarness}, Limits{}, Limits{}, false},
		{"in process vs workers", ok(sec, 0), Limits{InProcess: true}, Limits{Timeout: 10 * sec}, false},
	}
	for _, tt := range tests {
		if got := reusable(tt.run, tt.then, tt.now); got != tt.want {
			t.Errorf("%s: reusable = %v, want %v", tt.name, got, tt.want)
		}
	}
}

// A stored verdict is never trusted: a record claiming ok for a wrong
// answer is judged WRONG when it is reused.
func TestResumeVerifiesReusedWitness(t *testing.T) {
	p := toyPuzzle()
	out := filepath.Join(t.TempDir(), "results.jsonl")
	src := toySource(t, "3\n")
	record(t, out, p, specs(t, p, "good"), src, Limits{InProcess: true}, 0)
	b, _ := os.ReadFile(out)
	forged := strings.Replace(string(b), `"answer":"6"`, `"answer":"7"`, 1)
	forged = strings.Replace(forged, `"verdict":""`, `"verdict":"ok"`, 1)
	if forged == string(b) {
		t.Fatalf("nothing to forge in:\n%s", b)
	}
	os.WriteFile(out, []byte(forged), 0o644)
	rows, calls, reused, _ := resume(t, out, p, specs(t, p, "good"), src, Limits{InProcess: true})
	if calls != 0 || reused != 1 || rows[0].Runs[0].Verdict != compare.VerdictWrong {
		t.Errorf("forged record: %d calls, %d reused, verdict %s", calls, reused, rows[0].Runs[0].Verdict)
	}
}

func TestReadResultsErrors(t *testing.T) {
	log := &ResultsLog{Cases: map[string]*CaseRecord{}}
	err := log.read("r.jsonl", strings.NewReader("garbage\n{}\n"))
	if !instances.IsInputError(err) || !strings.Contains(err.Error(), "r.jsonl: line 1") {
		t.Errorf("corrupt middle: %v", err)
	}
	log = &ResultsLog{Cases: map[string]*CaseRecord{}}
	err = log.read("r.jsonl", strings.NewReader(`{"kind":"header","header":{"puzzle":"toy"}}`+"\n"+`{"kind":"ru`))
	if err != nil || log.Cut != 1 || len(log.Headers) != 1 {
		t.Errorf("cut last line: %v, cut %d", err, log.Cut)
	}
}

func TestShardsPartitionRuns(t *testing.T) {
	for _, n := range []int{1, 2, 3, 16} {
		counts := make([]int, n)
		for order := 0; order < 300; order++ {
			for col := 0; col < 3; col++ {
				holders := 0
				for i := 0; i < n; i++ {
					if (Shard{i, n}).holds(order, col, 3) {
						holders++
						counts[i]++
					}
				}
				if holders != 1 {
					t.Fatalf("n=%d: run (%d,%d) is in %d shards", n, order, col, holders)
				}
			}
		}
		for i, c := range counts {
			if want := 900 / n; c < want*3/4 || c > want*5/4 {
				t.Errorf("n=%d: shard %d holds %d of 900 runs", n, i, c)
			}
		}
	}
	for _, bad := range []string{"3/3", "-1/2", "1", "a/b", "0/0", "1/2/3"} {
		if _, err := ParseShard(bad); err == nil {
			t.Errorf("ParseShard(%q) accepted", bad)
		}
	}
	if s, err := ParseShard("15/16"); err != nil || s != (Shard{15, 16}) {
		t.Errorf("ParseShard(15/16) = %v, %v", s, err)
	}
}

// repairFile cuts a last line left unfinished by a crash off the
// results file at path, so that the next record starts on a line of its
// own, and says how many bytes it cut. A missing file needs no repair; a
// file in use by another gridsat, or that is not a results file (see
// OpenResults), is refused untouched.
func repairFile(path string) (int64, error) {
	if _, err := os.Stat(path); os.IsNotExist(err) {
		return 0, nil
	}
	f, err := openResultsFile(path)
	if err != nil {
		return 0, err
	}
	defer f.Close()
	return repairResults(f, path)
}

// Issue 30, item 9: a last line that lacks only its newline (a complete
// record) is kept and ended, not cut as unfinished; a line a crash cut
// short is cut.
func TestRepairKeepsCompleteLastLine(t *testing.T) {
	line := func(rec Record) string {
		b, err := json.Marshal(rec)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	header := line(Record{Kind: kindHeader, Header: &Header{Version: "x", Puzzle: "queens"}})
	run := line(Record{Kind: kindRun, Run: &RunRecord{Key: "k", Spec: "dfs"}})
	cases := []struct {
		name, text, want string
		cut              int64
	}{
		{"one line, no newline", header, header + "\n", 0},
		{"last record, no newline", header + "\n" + run, header + "\n" + run + "\n", 0},
		{"last record cut", header + "\n" + run[:len(run)-1], header + "\n", int64(len(run) - 1)},
		{"header cut", header[:20], "", 20},
		{"a record of no kind", header + "\n" + `{"kind":"run"}`, header + "\n", 14},
		{"whole", header + "\n" + run + "\n", header + "\n" + run + "\n", 0},
	}
	for _, tc := range cases {
		path := filepath.Join(t.TempDir(), "r.jsonl")
		os.WriteFile(path, []byte(tc.text), 0o644)
		cut, err := repairFile(path)
		got, _ := os.ReadFile(path)
		if err != nil || cut != tc.cut || string(got) != tc.want {
			t.Errorf("%s: cut %d (%v), file %q; want cut %d, file %q", tc.name, cut, err, got, tc.cut, tc.want)
		}
	}
}

// countingZeros is an endless stream of NUL bytes that counts what was
// read of it.
type countingZeros struct{ n int64 }

func (z *countingZeros) Read(p []byte) (int, error) {
	clear(p)
	z.n += int64(len(p))
	return len(p), nil
}

// Issue 30, item 10: a results file that is no such file (/dev/zero, a
// binary file, a line that does not start as a record) is refused after
// one buffer of it, not after reading and holding 256 MiB (report
// /dev/zero peaked at 968 MB, 28 s, and crashed under ulimit -v 2 GB).
func TestReadResultsBoundedOnGarbage(t *testing.T) {
	z := &countingZeros{}
	log := &ResultsLog{Cases: map[string]*CaseRecord{}}
	err := log.read("/dev/zero", z)
	if err == nil || !strings.Contains(err.Error(), "line 1") || !strings.Contains(err.Error(), "not a result record") {
		t.Errorf("zeros: %v; want line 1 refused as no record", err)
	}
	if z.n > 1<<20 {
		t.Errorf("zeros: read %d bytes before refusing", z.n)
	}
	for _, text := range []string{strings.Repeat("x", 200<<10), "{" + strings.Repeat(" ", 200<<10)} {
		err := log.read("garbage", strings.NewReader(text+"\n"))
		if err == nil || !strings.Contains(err.Error(), "not a result record") {
			t.Errorf("a long line %q...: %v", text[:4], err)
		}
	}
	// A long record still reads.
	b, _ := json.Marshal(Record{Kind: kindHeader, Header: &Header{Version: "x", Puzzle: strings.Repeat("p", 300<<10)}})
	if err := log.read("long", strings.NewReader(string(b)+"\n")); err != nil || len(log.Headers) != 1 {
		t.Errorf("a 300 KiB header: %v, %d headers", err, len(log.Headers))
	}
}
