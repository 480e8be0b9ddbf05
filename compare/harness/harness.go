// Package harness runs a comparison: every solver spec on every case, in
// this process or in worker processes (the pool and the worker protocol),
// under time and memory limits (cgroups where there are), with results
// files that resume, shard and merge. It judges what comes back with
// compare's verifiers and hands compare.Rows to the reports.
//
// Run(ctx, plan) is a whole comparison as gridsat compare makes it (the
// results file, the pool, signals, each puzzle's header, runs, report and
// footer); Compare is one puzzle's runs with nothing around them;
// MergeResultsWith rebuilds reports from results files (gridsat report).
package harness

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"

	"github.com/gridsat/gridsat/compare"
	"github.com/gridsat/gridsat/instances"
)

// Source is one input's cases, parsed once by the parent.
type Source struct {
	Set   string // bundled set name, or "" for a file given by path
	File  string
	Cases []instances.Case
	// texts[i] is case i as its puzzle's FormatCase writes it: what a
	// worker parses and a results file stores; keys[i] hashes it.
	texts []string
	keys  []string
	// order is the position of the source's first case in the whole input.
	order int
}

// prepare formats every case of src once, for workers and resume keys.
func (src *Source) prepare(p *compare.Puzzle) error {
	if p.FormatCase == nil {
		return fmt.Errorf("%s cannot format its cases", p.Name)
	}
	src.texts = make([]string, len(src.Cases))
	src.keys = make([]string, len(src.Cases))
	var b strings.Builder
	for i, c := range src.Cases {
		b.Reset()
		if err := p.FormatCase(&b, c); err != nil {
			return fmt.Errorf("%s: %w", c.Location(), err)
		}
		src.texts[i] = b.String()
		src.keys[i] = keyOfCase(p.Name, c.Location().Case, src.texts[i])
	}
	return nil
}

// keyOfCase names a case by what its answers depend on: a hash of the
// puzzle, the case's number in its file (judge answers name it: "Case 3:
// 5") and its text, whatever file it was read from. Two equal boards at
// different numbers have different keys, so a run of one is never
// reused, merged or reported as a run of the other.
func keyOfCase(puzzle string, number int, text string) string {
	return compare.CaseKeyOf(puzzle, number, text)
}

// Task is one (case, solver) run to do.
type Task struct {
	Puzzle *compare.Puzzle
	Source *Source
	Index  int // the case's index in Source.Cases
	Spec   compare.Spec
	Col    int // the spec's column: its index among the comparison's specs
	// Repeat is the run's index among the repeats of its (case, solver),
	// from 0; a warm-up run's is negative (it is not recorded).
	Repeat int
}

// Case is the task's case.
func (t Task) Case() instances.Case { return t.Source.Cases[t.Index] }

// Text is the task's case as FormatCase writes it ("" if its source was
// never prepared: LoadPath and Compare prepare every source).
func (t Task) Text() string {
	if t.Source.texts == nil {
		return ""
	}
	return t.Source.texts[t.Index]
}

// Key is the task's case key (keyOfCase), "" if its source was never
// prepared.
func (t Task) Key() string {
	if t.Source.keys == nil {
		return ""
	}
	return t.Source.keys[t.Index]
}

// runSpec is the task's spec as its run takes it: a repeat's run that
// keeps proofs (option proofs=DIR) keeps them where no other repeat's
// replace them: the first repeat's in DIR, repeat R's (from 2) in
// DIR/repeat-R, warm-up W's in DIR/warmup-W (compare.RepeatProofsDir).
func (t Task) runSpec() compare.Spec {
	dir := t.Spec.Options[compare.ProofsOption]
	if dir == "" || t.Repeat == 0 {
		return t.Spec
	}
	spec := t.Spec
	spec.Options = maps.Clone(t.Spec.Options)
	spec.Options[compare.ProofsOption] = compare.RepeatProofsDir(dir, t.Repeat)
	return spec
}

// order is the task's case's position in the whole input.
func (t Task) order() int { return t.Source.order + t.Index }

// executor runs one task and returns its run, the verdict left empty
// unless the executor decided it (timeout, memout, error, harness).
type executor interface {
	Execute(ctx context.Context, t Task) compare.Run
}

// inProcess runs solvers in this process with no time limit: the simplest
// executor, for tests and small runs. Solver calls are not interruptible;
// an interrupt takes effect between runs.
type inProcess struct{}

// Execute solves the task's case, timing the whole call as wall time and
// its CPU time as a worker does (getrusage around the call): here that is
// the whole process's, which runs nothing else meanwhile but its own
// runtime (one run at a time; the parent's progress bar and garbage
// collector add a little).
func (inProcess) Execute(ctx context.Context, t Task) compare.Run {
	spec := t.Spec
	if ctx.Err() != nil {
		return compare.Run{Solver: spec.Text, Verdict: verdictCancelled}
	}
	var res compare.Result
	var err error
	took := realClocks.measure(func() { res, err = compare.SolveCase(t.runSpec(), t.Case()) })
	run := compare.Run{Solver: spec.Text, Result: res, Wall: took.wall, CPU: took.cpu}
	if err != nil {
		run.Verdict, run.Detail = compare.VerdictError, err.Error()
	}
	return run
}

// compareConfig is what a comparison runs.
type compareConfig struct {
	Puzzle  *compare.Puzzle
	Specs   []compare.Spec
	Sources []*Source
	// Exec runs each (case, solver); nil means inProcess.
	Exec executor
	// Jobs is how many runs go at once (1 when Exec is inProcess).
	Jobs int
	// OnRun, if set, is called with each run as soon as it ends (not for
	// runs Skip supplies), so that nothing finished is lost if the
	// comparison is stopped.
	OnRun func(t Task, run compare.Run)
	// OnRow, if set, is called with each row once all its runs ended.
	OnRow func(compare.Row)
	// Skip, if set, supplies runs done before (--resume).
	Skip func(t Task) (compare.Run, bool)
	// OnStart, if set, is called as each run starts (in a worker: when the
	// worker starts the solve), warm-ups too; OnEnd as each ends, warm-ups
	// and runs cut short too, before OnRun. Both are called from several
	// goroutines.
	OnStart func(t Task)
	OnEnd   func(t Task, run compare.Run)
	// Include, if set, says which tasks this comparison runs (a shard);
	// rows with a task left out are not reported.
	Include func(t Task) bool
	// Repeat runs each (case, solver) this many times (0 means 1), after
	// Warmup runs that are not recorded; with either, the runs go in
	// rounds shuffled by Seed (schedule).
	Repeat, Warmup int
	Seed           uint64
}

// parentGCPercent is the garbage collector's setting for a process that
// drives workers (gridsat compare): the parent's heap is its rows, which
// only grow, so collecting at every doubling is wasted work (a profile of
// many trivial runs showed it as a sizeable share of the parent's CPU).
const parentGCPercent = 400

// compareAll runs every spec on every case of every source, judges each row,
// and returns the finished rows in input order. When ctx is cancelled it
// stops starting runs, and rows with an unfinished run are left out.
func compareAll(ctx context.Context, cfg compareConfig) []compare.Row {
	exec := cfg.Exec
	if exec == nil {
		exec = inProcess{}
	}
	jobs := cfg.Jobs
	if _, inproc := exec.(inProcess); inproc || jobs < 1 {
		jobs = 1
	}
	items, tasks := cfg.plan()
	var mu sync.Mutex
	uses := compare.SpecUses(cfg.Puzzle, cfg.Specs)
	finish := func(it *item) {
		compare.JudgeRow(cfg.Puzzle, it.c, &it.row) // with mu held
		compare.LabelClaims(cfg.Puzzle, uses, &it.row)
		if cfg.OnRow != nil {
			cfg.OnRow(it.row)
		}
	}
	mu.Lock()
	for _, it := range items {
		if it.left == 0 {
			finish(it)
		}
	}
	mu.Unlock()

	tr, ok := exec.(taskRunner)
	if !ok {
		tr = perTask{exec, cfg.OnStart}
	}
	if p, ok := exec.(*workerPool); ok {
		p.onStart = cfg.OnStart // this comparison's, until the next one
	}
	ts := make([]Task, len(tasks))
	for i, t := range tasks {
		ts[i] = t.Task
	}
	tr.RunTasks(ctx, ts, jobs, func(i int, run compare.Run) {
		t := tasks[i]
		if cfg.OnEnd != nil {
			cfg.OnEnd(t.Task, run)
		}
		if t.Repeat < 0 {
			return // a warm-up
		}
		run.Repeat, run.Live = t.Repeat, true
		mu.Lock()
		defer mu.Unlock()
		if cfg.OnRun != nil {
			cfg.OnRun(t.Task, run)
		}
		t.it.put(t.spec, t.Repeat, run)
		t.it.left--
		if t.it.left == 0 {
			finish(t.it)
		}
	})
	rows := make([]compare.Row, 0, len(items))
	for _, it := range items {
		if it.left == 0 {
			rows = append(rows, it.row)
		}
	}
	return rows
}

// perTask runs a list of tasks with an executor that takes one at a time,
// jobs at once.
type perTask struct {
	exec    executor
	onStart func(Task) // compareConfig.OnStart
}

func (e perTask) RunTasks(ctx context.Context, tasks []Task, jobs int, done func(i int, run compare.Run)) {
	queue := make(chan int)
	var wg sync.WaitGroup
	for range max(jobs, 1) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range queue {
				if e.onStart != nil && ctx.Err() == nil {
					e.onStart(tasks[i])
				}
				if run := e.exec.Execute(ctx, tasks[i]); run.Verdict != verdictCancelled {
					done(i, run)
				}
			}
		}()
	}
feed:
	for i := range tasks {
		select {
		case queue <- i:
		case <-ctx.Done():
			break feed
		}
	}
	close(queue)
	wg.Wait()
}

// item is one row of a comparison in progress.
type item struct {
	c   instances.Case
	row compare.Row
	// left counts runs not yet ended; a cancelled run leaves it above 0,
	// a row only partly in this comparison (a shard) below.
	left int
}

// put stores repeat r of the run of spec column col.
func (it *item) put(col, r int, run compare.Run) {
	if it.row.Repeats != nil {
		it.row.Repeats[col][r] = run
		return
	}
	it.row.Runs[col] = run
}

// task is a run to do and the row it fills.
type task struct {
	Task
	it   *item
	spec int
}

// plan lists the rows of a comparison and the runs to do, in running
// order (schedule): each (case, solver) Repeat times, the repeats Skip
// supplies left out, and Warmup runs before them where any is left.
func (cfg compareConfig) plan() ([]*item, []task) {
	n := max(cfg.Repeat, 1)
	total := 0
	for _, src := range cfg.Sources {
		total += len(src.Cases)
	}
	tasks := make([]task, 0, total*len(cfg.Specs)*(n+cfg.Warmup))
	items := make([]*item, 0, total)
	order := 0
	for _, src := range cfg.Sources {
		src.order = order
		order += len(src.Cases)
		if src.texts == nil {
			src.prepare(cfg.Puzzle) // on failure, a worker reports the missing text
		}
		for i, c := range src.Cases {
			it := &item{c: c, row: compare.Row{CaseInfo: compare.CaseInfoOf(src.Set, src.File, c),
				Runs: make([]compare.Run, len(cfg.Specs)), Input: c}, left: len(cfg.Specs) * n}
			if n > 1 {
				it.row.Repeats = make([][]compare.Run, len(cfg.Specs))
				for si := range cfg.Specs {
					it.row.Repeats[si] = make([]compare.Run, n)
				}
			}
			included := 0
			for si, spec := range cfg.Specs {
				t := Task{Puzzle: cfg.Puzzle, Source: src, Index: i, Spec: spec, Col: si}
				if cfg.Include != nil && !cfg.Include(t) {
					continue
				}
				included++
				todo := 0
				for r := range n {
					t.Repeat = r
					if cfg.Skip != nil {
						if run, ok := cfg.Skip(t); ok {
							run.Repeat = r
							it.put(si, r, run)
							it.left--
							continue
						}
					}
					tasks = append(tasks, task{t, it, si})
					todo++
				}
				for w := 1; w <= cfg.Warmup && todo > 0; w++ {
					t.Repeat = -w
					tasks = append(tasks, task{t, it, si})
				}
			}
			if included == len(cfg.Specs) {
				items = append(items, it)
			} else {
				it.left = -1 // part of the row runs elsewhere: never reported
			}
		}
	}
	repeats := make([]int, len(tasks))
	for i, t := range tasks {
		repeats[i] = t.Repeat
	}
	ordered := make([]task, len(tasks))
	for k, i := range schedule(repeats, cfg.Seed, n > 1 || cfg.Warmup > 0) {
		ordered[k] = tasks[i]
	}
	return items, ordered
}

// taskRunner is an executor that takes a whole list of tasks (Pool), so
// that it can keep each worker busy its own way; done is called with each
// run that ends, from any goroutine.
type taskRunner interface {
	RunTasks(ctx context.Context, tasks []Task, jobs int, done func(i int, run compare.Run))
}

// LoadPath reads the cases of path: a file, "-" for standard input (read
// from stdin), a directory whose .txt files are read in name order, or the
// name of one of the puzzle's bundled sets ("ladder", "slant/ladder";
// "bundled" means all of them). Every input is read once, here: workers
// get their cases from the parent. An input that holds no case, or bad
// input anywhere, is an error; the sources read before it are returned
// with it.
func LoadPath(p *compare.Puzzle, path string, stdin io.Reader) ([]*Source, error) {
	return LoadInput(p, path, stdin, nil)
}

// LoadInput is LoadPath, calling note (when not nil) with a line for
// each file of a directory it skips: one that is not a regular file (a
// named pipe would block the read, a device never end).
func LoadInput(p *compare.Puzzle, path string, stdin io.Reader, note func(string)) ([]*Source, error) {
	if path == "-" {
		src, err := parseSource(p, "", "", stdin)
		if src == nil {
			return nil, err
		}
		return []*Source{src}, err
	}
	info, statErr := os.Stat(path)
	if statErr != nil {
		if path == "bundled" {
			return LoadBundled(p)
		}
		if set, ok := instances.FindSet(p.Name, path); ok {
			src, err := openSource(p, set.String(), set.Path)
			if src == nil {
				return nil, err
			}
			return []*Source{src}, err
		}
		return nil, fmt.Errorf("reading %s: %w (and it is no bundled %s set: see gridsat sets)", path, statErr, p.Name)
	}
	files := []string{path}
	if info.IsDir() {
		entries, err := os.ReadDir(path)
		if err != nil {
			return nil, fmt.Errorf("reading directory %s: %w", path, err)
		}
		files = files[:0]
		for _, e := range entries {
			if e.IsDir() || !strings.HasSuffix(e.Name(), ".txt") {
				continue
			}
			f := filepath.Join(path, e.Name())
			if st, err := os.Stat(f); err != nil || !st.Mode().IsRegular() {
				if note != nil {
					note(fmt.Sprintf("skipping %s: not a regular file (%s)", f, fileKind(st, err)))
				}
				continue
			}
			files = append(files, f)
		}
		sort.Strings(files)
		if len(files) == 0 {
			return nil, fmt.Errorf("directory %s holds no .txt files", path)
		}
	}
	var srcs []*Source
	for _, f := range files {
		src, err := openSource(p, "", f)
		if src != nil {
			srcs = append(srcs, src)
		}
		if err != nil {
			return srcs, err
		}
	}
	return srcs, nil
}

// fileKind says what a file that is not a regular one is.
func fileKind(st os.FileInfo, err error) string {
	switch {
	case err != nil:
		return err.Error()
	case st.Mode()&os.ModeNamedPipe != 0:
		return "a named pipe"
	case st.Mode()&os.ModeSocket != 0:
		return "a socket"
	case st.Mode()&os.ModeDevice != 0:
		return "a device"
	case st.IsDir():
		return "a directory"
	}
	return st.Mode().Type().String()
}

// LoadBundled reads every bundled set of p from the sets embedded in the
// binary, never from a path: a file named like a set in the working
// directory is not read for them.
func LoadBundled(p *compare.Puzzle) ([]*Source, error) {
	var srcs []*Source
	for _, set := range instances.Sets(p.Name) {
		src, err := openSource(p, set.String(), set.Path)
		if src != nil {
			srcs = append(srcs, src)
		}
		if err != nil {
			return srcs, err
		}
	}
	if len(srcs) == 0 {
		return nil, fmt.Errorf("%s has no bundled sets", p.Name)
	}
	return srcs, nil
}

// openSource parses a file on disk, or a bundled set's embedded file when
// set is not "". It returns nil only when nothing could be read.
func openSource(p *compare.Puzzle, set, file string) (*Source, error) {
	if set != "" {
		b, err := instances.ReadSet(file)
		if err != nil {
			return nil, err
		}
		return parseSource(p, set, file, bytes.NewReader(b))
	}
	fh, err := os.Open(file)
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", file, err)
	}
	defer fh.Close()
	return parseSource(p, "", file, fh)
}

// parseSource parses one input and prepares its cases for workers.
func parseSource(p *compare.Puzzle, set, file string, r io.Reader) (*Source, error) {
	cases, err := p.Parse(file, r)
	if len(cases) == 0 && err == nil {
		err = &instances.InputError{File: file, Msg: "no cases in the input"}
	}
	src := &Source{Set: set, File: file, Cases: cases}
	if perr := src.prepare(p); perr != nil && err == nil {
		err = perr
	}
	if len(cases) == 0 {
		return nil, err
	}
	return src, err
}
