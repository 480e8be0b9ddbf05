package compare

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"sync"

	"github.com/gridsat/gridsat/instances"
)

// Record is one line of a results file: one run of one solver on one case,
// written as soon as the run ends.
type Record struct {
	Puzzle string `json:"puzzle"`
	Set    string `json:"set,omitempty"`
	File   string `json:"file"`
	Case   int    `json:"case"`
	Line   int    `json:"line"`
	Size   string `json:"size"`
	Cells  int    `json:"cells"`
	Run    Run    `json:"run"`
}

func (r Record) key() string {
	return fmt.Sprintf("%s\x00%s\x00%s\x00%d\x00%s", r.Puzzle, r.Set, r.File, r.Case, r.Run.Solver)
}

// ResultsFile appends records to a JSON-lines file, one line per run,
// synced line by line so that a crash or a kill loses no finished run.
type ResultsFile struct {
	mu sync.Mutex
	f  *os.File
	w  *bufio.Writer
}

// OpenResults opens path for appending, creating it if needed.
func OpenResults(path string) (*ResultsFile, error) {
	f, err := os.OpenFile(path, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return nil, fmt.Errorf("opening results file: %w", err)
	}
	return &ResultsFile{f: f, w: bufio.NewWriter(f)}, nil
}

// Add writes one run's record and flushes it to the file.
func (rf *ResultsFile) Add(p *Puzzle, src *Source, c instances.Case, run Run) error {
	loc := c.Location()
	rec := Record{Puzzle: p.Name, Set: src.Set, File: src.File, Case: loc.Case, Line: loc.Line, Size: c.Size(), Cells: c.Cells(), Run: run}
	b, err := json.Marshal(rec)
	if err != nil {
		return fmt.Errorf("encoding result: %w", err)
	}
	rf.mu.Lock()
	defer rf.mu.Unlock()
	rf.w.Write(b)
	rf.w.WriteByte('\n')
	if err := rf.w.Flush(); err != nil {
		return fmt.Errorf("writing results file: %w", err)
	}
	return nil
}

// Close closes the file.
func (rf *ResultsFile) Close() error {
	rf.mu.Lock()
	defer rf.mu.Unlock()
	if err := rf.w.Flush(); err != nil {
		rf.f.Close()
		return fmt.Errorf("writing results file: %w", err)
	}
	return rf.f.Close()
}

// Done holds the runs of an earlier results file, for --resume.
type Done map[string]Run

// ReadResults reads a results file. A missing file is an empty one; a
// truncated last line (a run killed mid-write) is ignored.
func ReadResults(path string) (Done, error) {
	done := Done{}
	f, err := os.Open(path)
	if os.IsNotExist(err) {
		return done, nil
	}
	if err != nil {
		return nil, fmt.Errorf("reading results file: %w", err)
	}
	defer f.Close()
	return readResults(path, f)
}

func readResults(path string, r io.Reader) (Done, error) {
	done := Done{}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 1<<16), 1<<26)
	line := 0
	var bad error
	for sc.Scan() {
		line++
		if bad != nil {
			// Only the last line may be cut short.
			return nil, bad
		}
		var rec Record
		if err := json.Unmarshal(sc.Bytes(), &rec); err != nil {
			bad = &instances.InputError{File: path, Line: line, Msg: fmt.Sprintf("not a result record: %v", err)}
			continue
		}
		done[rec.key()] = rec.Run
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("reading results file %s: %w", path, err)
	}
	return done, nil
}

// Lookup returns the run recorded for spec on case c of src. Records are
// written before judging, so the harness verifies resumed runs again.
func (d Done) Lookup(p *Puzzle, src *Source, c instances.Case, spec Spec) (Run, bool) {
	rec := Record{Puzzle: p.Name, Set: src.Set, File: src.File, Case: c.Location().Case, Run: Run{Solver: spec.Text}}
	run, ok := d[rec.key()]
	return run, ok
}
