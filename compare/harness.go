package compare

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/gridsat/gridsat/instances"
)

// Verdicts of one run.
const (
	VerdictOK      = "ok"      // solved, and the verifier accepts the answer
	VerdictUnsat   = "unsat"   // proved there is no solution
	VerdictTimeout = "timeout" // stopped at the time limit
	VerdictMemout  = "memout"  // stopped at the memory limit
	VerdictError   = "error"   // the solver failed
	VerdictWrong   = "WRONG"   // the verifier rejects the answer
)

// Source is one input file's cases.
type Source struct {
	Set   string // bundled set name, or "" for a file given by path
	File  string
	Cases []instances.Case
}

// Run is one solver's run on one case.
type Run struct {
	Solver  string        `json:"solver"`
	Verdict string        `json:"verdict"`
	Result  Result        `json:"result"`
	Wall    time.Duration `json:"wall_ns"`
	Detail  string        `json:"detail,omitempty"` // why WRONG or error
}

// Row is every solver's run on one case, and whether they agree.
type Row struct {
	Set   string `json:"set,omitempty"`
	File  string `json:"file"`
	Case  int    `json:"case"`
	Line  int    `json:"line"`
	Size  string `json:"size"`
	Cells int    `json:"cells"`
	Runs  []Run  `json:"runs"`
	// Agree is "yes", "NO", or "-" when fewer than two runs finished.
	Agree    string   `json:"agree"`
	Problems []string `json:"problems,omitempty"`
	// Input is the case itself, for reports that draw it (not in JSON:
	// results files carry cases their own way).
	Input instances.Case `json:"-"`
}

// Failed reports whether the row holds a wrong answer, a solver error or a
// disagreement: the things that make compare exit 1.
func (r *Row) Failed() bool { return len(r.Problems) > 0 }

// Executor runs one solver on one case and returns its run, the verdict
// left empty unless the executor decided it (timeout, memout, error).
type Executor interface {
	Execute(ctx context.Context, p *Puzzle, src *Source, c instances.Case, spec Spec) Run
}

// InProcess runs solvers in this process with no time limit: the simplest
// executor, for tests and small runs. Solver calls are not interruptible;
// an interrupt takes effect between runs.
type InProcess struct{}

// Execute solves c with spec, timing the whole call as wall time.
func (InProcess) Execute(ctx context.Context, p *Puzzle, src *Source, c instances.Case, spec Spec) Run {
	if ctx.Err() != nil {
		return Run{Solver: spec.Text, Verdict: verdictCancelled}
	}
	start := time.Now()
	res, err := SolveCase(spec, c)
	run := Run{Solver: spec.Text, Result: res, Wall: time.Since(start)}
	if err != nil {
		run.Verdict, run.Detail = VerdictError, err.Error()
	}
	return run
}

// Judge fills in each run's verdict from the puzzle's verifier and checks
// the finished runs of a row against each other.
func Judge(p *Puzzle, c instances.Case, row *Row) {
	row.Problems = nil
	var done []int
	for i := range row.Runs {
		run := &row.Runs[i]
		if run.Verdict == "" {
			if err := p.Verify(c, run.Result); err != nil {
				run.Verdict, run.Detail = VerdictWrong, err.Error()
			} else if run.Result.Solved {
				run.Verdict = VerdictOK
			} else {
				run.Verdict = VerdictUnsat
			}
		}
		switch run.Verdict {
		case VerdictOK, VerdictUnsat:
			done = append(done, i)
		case VerdictWrong, VerdictError:
			row.Problems = append(row.Problems, fmt.Sprintf("%s: %s: %s", run.Solver, run.Verdict, run.Detail))
		}
	}
	row.Agree = "-"
	if len(done) < 2 {
		return
	}
	row.Agree = "yes"
	first := row.Runs[done[0]]
	for _, i := range done[1:] {
		other := row.Runs[i]
		var err error
		switch {
		case first.Result.Solved != other.Result.Solved:
			err = fmt.Errorf("%s says %s, %s says %s", first.Solver, first.Verdict, other.Solver, other.Verdict)
		case first.Result.UniqueChecked && other.Result.UniqueChecked &&
			(first.Result.Second == "") != (other.Result.Second == ""):
			err = fmt.Errorf("%s says unique=%v, %s says unique=%v", first.Solver, first.Result.Second == "", other.Solver, other.Result.Second == "")
		default:
			err = p.Agree(c, first.Result, other.Result)
		}
		if err != nil {
			row.Agree = "NO"
			row.Problems = append(row.Problems, fmt.Sprintf("%s vs %s: %v", first.Solver, other.Solver, err))
		}
	}
}

// Config is what a comparison runs.
type Config struct {
	Puzzle  *Puzzle
	Specs   []Spec
	Sources []*Source
	// Exec runs each (case, solver); nil means InProcess.
	Exec Executor
	// Jobs is how many runs go at once (1 when Exec is InProcess).
	Jobs int
	// OnRun, if set, is called with each run as soon as it ends (not for
	// runs Skip supplies), so that nothing finished is lost if the
	// comparison is stopped.
	OnRun func(src *Source, c instances.Case, run Run)
	// OnRow, if set, is called with each row once all its runs ended.
	OnRow func(Row)
	// Skip, if set, supplies runs done before (--resume).
	Skip func(src *Source, c instances.Case, spec Spec) (Run, bool)
}

// Compare runs every spec on every case of every source, judges each row,
// and returns the finished rows in input order. When ctx is cancelled it
// stops starting runs, and rows with an unfinished run are left out.
func Compare(ctx context.Context, cfg Config) []Row {
	exec := cfg.Exec
	if exec == nil {
		exec = InProcess{}
	}
	jobs := cfg.Jobs
	if _, inproc := exec.(InProcess); inproc || jobs < 1 {
		jobs = 1
	}
	type item struct {
		src *Source
		c   instances.Case
		row Row
		// left counts runs not yet ended; a cancelled run leaves it above 0.
		left int
	}
	var items []*item
	type task struct {
		it   *item
		spec int
	}
	var tasks []task
	for _, src := range cfg.Sources {
		for _, c := range src.Cases {
			loc := c.Location()
			it := &item{src: src, c: c, row: Row{Set: src.Set, File: src.File, Case: loc.Case, Line: loc.Line,
				Size: c.Size(), Cells: c.Cells(), Runs: make([]Run, len(cfg.Specs)), Input: c}, left: len(cfg.Specs)}
			items = append(items, it)
			for si, spec := range cfg.Specs {
				if cfg.Skip != nil {
					if run, ok := cfg.Skip(src, c, spec); ok {
						it.row.Runs[si] = run
						it.left--
						continue
					}
				}
				tasks = append(tasks, task{it, si})
			}
		}
	}
	var mu sync.Mutex
	finish := func(it *item) { // with mu held
		Judge(cfg.Puzzle, it.c, &it.row)
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

	queue := make(chan task)
	var wg sync.WaitGroup
	for w := 0; w < jobs; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for t := range queue {
				run := exec.Execute(ctx, cfg.Puzzle, t.it.src, t.it.c, cfg.Specs[t.spec])
				if run.Verdict == verdictCancelled {
					continue
				}
				mu.Lock()
				if cfg.OnRun != nil {
					cfg.OnRun(t.it.src, t.it.c, run)
				}
				t.it.row.Runs[t.spec] = run
				t.it.left--
				if t.it.left == 0 {
					finish(t.it)
				}
				mu.Unlock()
			}
		}()
	}
feed:
	for _, t := range tasks {
		select {
		case queue <- t:
		case <-ctx.Done():
			break feed
		}
	}
	close(queue)
	wg.Wait()
	var rows []Row
	for _, it := range items {
		if it.left == 0 {
			rows = append(rows, it.row)
		}
	}
	return rows
}

// LoadPath reads the cases of path: a file, a directory whose .txt files
// are read in name order, or the name of one of the puzzle's bundled sets
// ("ladder", "slant/ladder"; "bundled" means all of them). Cases read
// before an input error are returned with it.
func LoadPath(p *Puzzle, path string) ([]*Source, error) {
	info, statErr := os.Stat(path)
	if statErr != nil {
		if path == "bundled" {
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
			if !e.IsDir() && strings.HasSuffix(e.Name(), ".txt") {
				files = append(files, filepath.Join(path, e.Name()))
			}
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

// openSource parses a file on disk, or a bundled set's embedded file when
// set is not "". It returns nil only when nothing could be read.
func openSource(p *Puzzle, set, file string) (*Source, error) {
	var r io.Reader
	if set != "" {
		b, err := instances.ReadSet(file)
		if err != nil {
			return nil, err
		}
		r = bytes.NewReader(b)
	} else {
		fh, err := os.Open(file)
		if err != nil {
			return nil, fmt.Errorf("reading %s: %w", file, err)
		}
		defer fh.Close()
		r = fh
	}
	cases, err := p.Parse(file, r)
	return &Source{Set: set, File: file, Cases: cases}, err
}
