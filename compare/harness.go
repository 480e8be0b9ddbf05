package compare

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
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
}

// Failed reports whether the row holds a wrong answer, a solver error or a
// disagreement: the things that make compare exit 1.
func (r *Row) Failed() bool { return len(r.Problems) > 0 }

// Executor runs one solver on one case and returns its run, verdict unset
// unless the executor itself decided it (timeout, memout, error).
type Executor interface {
	Execute(p *Puzzle, src *Source, c instances.Case, spec Spec) Run
}

// InProcess runs solvers in this process, one at a time, with no time
// limit: the simplest executor, used by tests and by --inproc.
type InProcess struct{}

// Execute solves c with spec, timing the whole call as wall time.
func (InProcess) Execute(p *Puzzle, src *Source, c instances.Case, spec Spec) Run {
	start := time.Now()
	res, err := safeSolve(spec, c)
	run := Run{Solver: spec.Text, Result: res, Wall: time.Since(start)}
	if err != nil {
		run.Verdict, run.Detail = VerdictError, err.Error()
	}
	return run
}

// safeSolve turns a solver panic into an error, so one bad case cannot take
// the finished rows down with it.
func safeSolve(spec Spec, c instances.Case) (res Result, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("solver %s panicked: %v", spec.Text, r)
		}
	}()
	return spec.Solver.Solve(c, spec.Options)
}

// Judge fills in a run's verdict from its result and checks a finished
// row's runs against each other.
func Judge(p *Puzzle, c instances.Case, row *Row) {
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
		if first.Result.Solved != other.Result.Solved {
			err = fmt.Errorf("%s says %s, %s says %s", first.Solver, first.Verdict, other.Solver, other.Verdict)
		} else {
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
	Exec    Executor
	// OnRow, if set, is called with each row as soon as it is finished,
	// so that nothing finished is lost if the run is stopped.
	OnRow func(Row)
	// Skip, if set, reports runs to leave out (already done: --resume).
	Skip func(src *Source, c instances.Case, spec Spec) (Run, bool)
}

// Compare runs every spec on every case of every source, in order, judges
// each row, and returns the rows.
func Compare(cfg Config) []Row {
	exec := cfg.Exec
	if exec == nil {
		exec = InProcess{}
	}
	var rows []Row
	for _, src := range cfg.Sources {
		for _, c := range src.Cases {
			loc := c.Location()
			row := Row{Set: src.Set, File: src.File, Case: loc.Case, Line: loc.Line, Size: c.Size(), Cells: c.Cells()}
			for _, spec := range cfg.Specs {
				if cfg.Skip != nil {
					if run, ok := cfg.Skip(src, c, spec); ok {
						row.Runs = append(row.Runs, run)
						continue
					}
				}
				row.Runs = append(row.Runs, exec.Execute(cfg.Puzzle, src, c, spec))
			}
			Judge(cfg.Puzzle, c, &row)
			if cfg.OnRow != nil {
				cfg.OnRow(row)
			}
			rows = append(rows, row)
		}
	}
	return rows
}

// LoadPath reads the cases of path: a file, or a directory whose .txt files
// are read in name order. Cases read before an input error are returned
// with it.
func LoadPath(p *Puzzle, path string) ([]*Source, error) {
	info, err := os.Stat(path)
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", path, err)
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
		src, err := LoadFile(p, f)
		if src != nil {
			srcs = append(srcs, src)
		}
		if err != nil {
			return srcs, err
		}
	}
	return srcs, nil
}

// LoadFile parses one file.
func LoadFile(p *Puzzle, file string) (*Source, error) {
	fh, err := os.Open(file)
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", file, err)
	}
	defer fh.Close()
	cases, err := p.Parse(file, fh)
	return &Source{File: file, Cases: cases}, err
}
