package harness

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/gridsat/gridsat/compare"
	"github.com/gridsat/gridsat/instances"
)

// A results file is JSON lines, one record a line, each written and
// flushed the moment it is known: a header for each comparison that
// writes to the file, each case once (its text, so that the file can be
// reported and verified on its own), and each run as it ends.

// Record is one line of a results file; Kind says which part is set.
type Record struct {
	Kind   string      `json:"kind"` // "header", "case", "run" or "footer"
	Header *Header     `json:"header,omitempty"`
	Case   *CaseRecord `json:"case,omitempty"`
	Run    *RunRecord  `json:"run,omitempty"`
	Footer *Footer     `json:"footer,omitempty"`
}

// Record kinds.
const (
	kindHeader = "header"
	kindCase   = "case"
	kindRun    = "run"
	kindFooter = "footer"
)

// Limits are the limits runs were made under.
type Limits struct {
	Timeout time.Duration `json:"timeout_ns"`
	Mem     int64         `json:"mem"`
	// InProcess runs had no limits and no isolation (--inproc).
	InProcess bool `json:"inproc,omitempty"`
}

// Header describes one comparison that wrote to the file.
type Header struct {
	Version string       `json:"version"`
	Puzzle  string       `json:"puzzle"`
	Specs   []SpecRecord `json:"specs"`
	Limits  Limits       `json:"limits"`
	// Inputs hashes the keys of every case of the whole input in order,
	// and Cases counts them: shards of one run share both.
	Inputs  string    `json:"inputs"`
	Cases   int       `json:"cases"`
	Shard   string    `json:"shard,omitempty"` // "i/n", "" for a whole run
	Started time.Time `json:"started"`
	// Repeat is how many times each (case, solver) runs (0: once), after
	// Warmup unrecorded runs, in the order Seed shuffles (--repeat,
	// --warmup, --seed).
	Repeat int    `json:"repeat,omitempty"`
	Warmup int    `json:"warmup,omitempty"`
	Seed   uint64 `json:"seed,omitempty"`
	// Machine is where the comparison ran (nil in files written before
	// 0.14); its Footer, written when it ends, has the load then.
	Machine *compare.Machine `json:"machine,omitempty"`
}

// SpecRecord is a solver spec as written and with every option resolved.
type SpecRecord struct {
	Text    string          `json:"text"`
	Options compare.Options `json:"options"`
}

// CaseRecord is one case: its key, where it was read, its text.
type CaseRecord struct {
	Puzzle string `json:"puzzle"`
	Key    string `json:"key"`
	// Order is the case's position in the whole input (0-based), which
	// orders a report's rows.
	Order int    `json:"order"`
	Set   string `json:"set,omitempty"`
	File  string `json:"file"`
	Case  int    `json:"case"`
	Line  int    `json:"line"`
	Text  string `json:"text"`
}

// RunRecord is one run of one solver on one case.
type RunRecord struct {
	Puzzle string `json:"puzzle"`
	Key    string `json:"key"` // the case's key
	compare.CaseInfo
	// Order is the case's position in the whole input, as in its case
	// record: with Key, the case's identity (caseID). Nil in files
	// written before 0.14.0, whose runs are matched on Key alone.
	Order *int `json:"order,omitempty"`

	Spec    string          `json:"spec"`
	Options compare.Options `json:"options"` // resolved (Spec.Resolved)
	Version string          `json:"version"`
	Limits  Limits          `json:"limits"`
	Run     compare.Run     `json:"run"`
}

// resumeKey is everything that changes a run's result but its limits: the
// puzzle, the case (its content and number: keyOfCase), the solver with every option resolved
// (uniqueness included), and gridsat's version.
func resumeKey(puzzle, caseKey, solver string, resolved compare.Options, version string) string {
	names := make([]string, 0, len(resolved))
	for k := range resolved {
		names = append(names, k)
	}
	sort.Strings(names)
	var b strings.Builder
	b.WriteString(puzzle + "\x00" + caseKey + "\x00" + solver + "\x00" + version)
	for _, k := range names {
		b.WriteString("\x00" + k + "=" + resolved[k])
	}
	return b.String()
}

func (r *RunRecord) resumeKey() string {
	return repeatKey(resumeKey(r.Puzzle, caseID(r.Key, r.Order), compare.SolverName(r.Spec), r.Options, r.Version), r.Run.Repeat)
}

// caseID is a case's identity in a comparison: its key (content and
// number) and its position in the whole input, so that the same board at
// the same number in two files is two cases, as compare shows them, each
// with runs of its own. Without a position (the runs of files written
// before 0.14.0), the key alone.
func caseID(key string, order *int) string {
	if order == nil {
		return key
	}
	return key + "@" + strconv.Itoa(*order)
}

// repeatKey is the resume key of repeat r of a run: the first repeat's is
// the run's own, so that files written before repeats resume.
func repeatKey(key string, r int) string {
	if r == 0 {
		return key
	}
	return fmt.Sprintf("%s\x00repeat=%d", key, r)
}

// ResultsFile appends records to a JSON-lines file, each record one
// write of its line on an O_APPEND descriptor, so that a crash or a kill
// loses no finished run and no record is ever split. The file is locked
// (flock) while open: another gridsat cannot write to it meanwhile.
type ResultsFile struct {
	mu     sync.Mutex
	f      *os.File
	cases  map[string]bool // case keys with a case record in the file
	Path   string
	failed error
}

// repairResults cuts the unfinished last line of f, the results file at
// path, and returns how many bytes it cut. A last line that lacks only
// its newline (a complete record: the newline was stripped, or a
// one-line file) is kept and given its newline; readResults reads it as
// a record too.
func repairResults(f *os.File, path string) (int64, error) {
	st, err := f.Stat()
	if err != nil {
		return 0, fmt.Errorf("results file %s: %w", path, err)
	}
	size := st.Size()
	keep, err := lastLineStart(f, size)
	if err != nil {
		return 0, fmt.Errorf("results file %s: %w", path, err)
	}
	if keep == size {
		return 0, nil
	}
	if size-keep <= int64(maxRecord) {
		last := make([]byte, size-keep)
		if _, err := f.ReadAt(last, keep); err != nil && err != io.EOF {
			return 0, fmt.Errorf("results file %s: %w", path, err)
		}
		if completeRecord(last) {
			if _, err := f.Write([]byte{'\n'}); err != nil { // f appends
				return 0, fmt.Errorf("ending the last line of %s: %w", path, err)
			}
			return 0, nil
		}
	}
	if err := f.Truncate(keep); err != nil {
		return 0, fmt.Errorf("cutting the unfinished last line of %s: %w", path, err)
	}
	return size - keep, nil
}

// lastLineStart is the offset just past the last newline in the first
// size bytes of f (0 when there is none), read backwards in blocks.
func lastLineStart(f *os.File, size int64) (int64, error) {
	buf := make([]byte, 64<<10)
	for end := size; end > 0; {
		start := max(end-int64(len(buf)), 0)
		n, err := f.ReadAt(buf[:end-start], start)
		if err != nil && err != io.EOF {
			return 0, err
		}
		if i := bytes.LastIndexByte(buf[:n], '\n'); i >= 0 {
			return start + int64(i) + 1, nil
		}
		end = start
	}
	return 0, nil
}

// completeRecord reports whether line, a last line without its newline,
// is a whole record: one a crash cut short is never valid JSON of a
// known kind.
func completeRecord(line []byte) bool {
	var rec Record
	if json.Unmarshal(line, &rec) != nil {
		return false
	}
	return (rec.Kind == kindHeader && rec.Header != nil) || (rec.Kind == kindCase && rec.Case != nil) ||
		(rec.Kind == kindRun && rec.Run != nil) || (rec.Kind == kindFooter && rec.Footer != nil)
}

// OpenResults opens path for appending, creating it if needed, and locks
// it until Close. A file another gridsat holds (errResultsInUse, naming
// its pid), or that is neither empty nor starts with a gridsat results
// header (errNotResults), is refused untouched. Cases already recorded in
// log (from readResults) are not written again.
func OpenResults(path string, log *ResultsLog) (*ResultsFile, error) {
	f, err := openResultsFile(path)
	if err != nil {
		return nil, err
	}
	return newResultsFile(f, path, log), nil
}

// newResultsFile writes records to f, the results file at path.
func newResultsFile(f *os.File, path string, log *ResultsLog) *ResultsFile {
	rf := &ResultsFile{f: f, cases: map[string]bool{}, Path: path}
	if log != nil {
		for k := range log.Cases {
			rf.cases[k] = true
		}
	}
	return rf
}

func (rf *ResultsFile) write(rec Record) error {
	b, err := json.Marshal(rec)
	if err != nil {
		return fmt.Errorf("encoding a %s record: %w", rec.Kind, err)
	}
	// One write of the whole line: O_APPEND puts it at the end in one
	// piece (a short write, on a full disk, leaves an unfinished last
	// line, which the next run cuts off).
	if _, err := rf.f.Write(append(b, '\n')); err != nil {
		rf.failed = fmt.Errorf("writing results file %s: %w", rf.Path, err)
		return rf.failed
	}
	return nil
}

// Header writes a comparison's header.
func (rf *ResultsFile) Header(h Header) error {
	rf.mu.Lock()
	defer rf.mu.Unlock()
	return rf.write(Record{Kind: kindHeader, Header: &h})
}

// Footer writes the record of a comparison's end.
func (rf *ResultsFile) Footer(f Footer) error {
	rf.mu.Lock()
	defer rf.mu.Unlock()
	return rf.write(Record{Kind: kindFooter, Footer: &f})
}

// Add writes one run's record, and its case's record first if the file
// has none yet.
func (rf *ResultsFile) Add(t Task, limits Limits, run compare.Run) error {
	c := t.Case()
	loc := c.Location()
	key, order := t.Key(), t.order()
	id := caseID(key, &order)
	rf.mu.Lock()
	defer rf.mu.Unlock()
	if !rf.cases[id] {
		if err := rf.write(Record{Kind: kindCase, Case: &CaseRecord{Puzzle: t.Puzzle.Name, Key: key, Order: order,
			Set: t.Source.Set, File: t.Source.File, Case: loc.Case, Line: loc.Line, Text: t.Text()}}); err != nil {
			return err
		}
		rf.cases[id] = true
	}
	return rf.write(Record{Kind: kindRun, Run: &RunRecord{Puzzle: t.Puzzle.Name, Key: key, Order: &order,
		CaseInfo: compare.CaseInfoOf(t.Source.Set, t.Source.File, c), Spec: t.Spec.Text, Options: t.Spec.Resolved(),
		Version: compare.Version, Limits: limits, Run: run}})
}

// Close closes the file, which releases its lock.
func (rf *ResultsFile) Close() error {
	rf.mu.Lock()
	defer rf.mu.Unlock()
	if err := rf.f.Close(); err != nil {
		return fmt.Errorf("closing results file %s: %w", rf.Path, err)
	}
	return nil
}

// ResultsLog is what one or more results files hold.
type ResultsLog struct {
	Headers []Header
	// Cases by key; Runs in file order.
	Cases map[string]*CaseRecord
	Runs  []*RunRecord
	// Footers are the ends of the comparisons, in file order.
	Footers []Footer
	// Cut counts files whose last line was unfinished (and skipped);
	// CutLines are those lines' numbers.
	Cut      int
	CutLines []int
	// HeaderLines are the line numbers of Headers.
	HeaderLines []int
}

// readResults reads a results file. A missing file is an empty one; an
// unfinished last line (a run killed mid-write) is skipped and counted;
// any other line that is not a record, or a record that fails the checks
// of trust.go, is bad input naming the file and line.
func readResults(path string) (*ResultsLog, error) {
	log := &ResultsLog{Cases: map[string]*CaseRecord{}}
	f, err := os.Open(path)
	if os.IsNotExist(err) {
		return log, nil
	}
	if err != nil {
		return nil, fmt.Errorf("reading results file: %w", err)
	}
	defer f.Close()
	if err := log.read(path, f); err != nil {
		return nil, err
	}
	return log, nil
}

// read adds the records of r, a results file called path, to log.
func (log *ResultsLog) read(path string, r io.Reader) error {
	br := bufio.NewReaderSize(r, 1<<16)
	var header *Header // the comparison the next runs belong to (trust.go)
	for line := 1; ; line++ {
		b, err := readRecordLine(br)
		if len(b) == 0 && err == io.EOF {
			return nil
		}
		if errors.Is(err, errLongRecord) {
			return &instances.InputError{File: path, Line: line, Msg: fmt.Sprintf("line longer than %d MiB: not a result record", maxRecord>>20)}
		}
		if errors.Is(err, errNotRecordLine) {
			return &instances.InputError{File: path, Line: line, Msg: "not a result record (a long line that does not start as one, or holds a NUL byte)"}
		}
		if err != nil && err != io.EOF {
			return fmt.Errorf("reading results file %s: %w", path, err)
		}
		cut := err == io.EOF // no newline: the last line, unfinished
		var rec Record
		bad := func(msg string) error {
			if cut {
				log.Cut++
				log.CutLines = append(log.CutLines, line)
				return nil
			}
			return &instances.InputError{File: path, Line: line, Msg: msg}
		}
		if err := json.Unmarshal(b, &rec); err != nil {
			if e := bad(fmt.Sprintf("not a result record: %v", err)); e != nil {
				return e
			}
			return nil
		}
		dropProofsOption(&rec)
		switch {
		case rec.Kind == kindHeader && rec.Header != nil:
			if err := checkHeader(rec.Header); err != nil {
				return &instances.InputError{File: path, Line: line, Msg: err.Error()}
			}
			log.Headers = append(log.Headers, *rec.Header)
			log.HeaderLines = append(log.HeaderLines, line)
			header = rec.Header
		case rec.Kind == kindCase && rec.Case != nil && rec.Case.Key != "":
			if err := checkCase(rec.Case); err != nil {
				return &instances.InputError{File: path, Line: line, Msg: err.Error()}
			}
			log.Cases[caseID(rec.Case.Key, &rec.Case.Order)] = rec.Case
		case rec.Kind == kindRun && rec.Run != nil && rec.Run.Key != "":
			err := checkRun(rec.Run, header)
			if err == nil {
				err = checkRunCase(rec.Run, log.Cases[caseID(rec.Run.Key, rec.Run.Order)])
			}
			if err != nil {
				return &instances.InputError{File: path, Line: line, Msg: err.Error()}
			}
			if p, err := compare.Lookup(rec.Run.Puzzle); err == nil {
				p.RenameStats(rec.Run.Run.Result.Stats)
			}
			log.Runs = append(log.Runs, rec.Run)
		case rec.Kind == kindFooter && rec.Footer != nil:
			log.Footers = append(log.Footers, *rec.Footer)
		default:
			if e := bad(fmt.Sprintf("not a result record (kind %q)", rec.Kind)); e != nil {
				return e
			}
		}
		if cut {
			return nil
		}
	}
}

// maxRecord bounds one line of a results file: a record holds a case's
// text or a run's reply (itself at most maxReply), JSON-escaped. A
// variable for tests.
var maxRecord = 4 * maxReply

var errLongRecord = errors.New("record line too long")

// errNotRecordLine is the error of a long line that cannot be a record:
// it does not start as one, or holds a NUL byte (JSON escapes them).
var errNotRecordLine = errors.New("not a result record")

// readRecordLine reads one line of at most maxRecord bytes, its newline
// included; it returns io.EOF with an unfinished last line. A line that
// fills the reader's buffer is refused as soon as it shows it is no
// record (report on /dev/zero or a binary file read 256 MiB and held
// four times that before refusing it).
func readRecordLine(br *bufio.Reader) ([]byte, error) {
	part, err := br.ReadSlice('\n')
	if err != bufio.ErrBufferFull {
		return append([]byte(nil), part...), err
	}
	// A long line: kept in pieces and joined once at its end, so that it
	// takes its size twice at most, not the doublings of an append.
	var parts [][]byte
	size := 0
	for {
		if size+len(part) > maxRecord {
			return nil, errLongRecord
		}
		if (size == 0 && !bytes.HasPrefix(part, []byte(recordPrefix))) || bytes.IndexByte(part, 0) >= 0 {
			return nil, errNotRecordLine
		}
		parts = append(parts, append([]byte(nil), part...))
		size += len(part)
		if err != bufio.ErrBufferFull {
			return bytes.Join(parts, nil), err
		}
		part, err = br.ReadSlice('\n')
	}
}

// recordPrefix starts every record line: encoding/json writes a
// Record's Kind first.
const recordPrefix = `{"kind":"`

// doneRuns indexes the runs of a results log for --resume.
type doneRuns struct {
	runs map[string]*RunRecord // by resume key; the last record wins
	// contradicted holds the resume keys of runs with two records that
	// both answered and say different things: neither is taken back.
	contradicted map[string]bool
}

// newDone indexes log's runs.
func newDone(log *ResultsLog) *doneRuns {
	d := &doneRuns{runs: map[string]*RunRecord{}, contradicted: map[string]bool{}}
	if log != nil {
		// Every answered record of a run, not only the last before it: a
		// timeout between two answers hides nothing.
		first := map[string]compare.Run{}
		for _, r := range log.Runs {
			k := r.resumeKey()
			if answered(r.Run) {
				if a, ok := first[k]; !ok {
					first[k] = r.Run
				} else if !compare.SameAnswer(a.Result, r.Run.Result) { // verdicts aside: a stored one is never read as true
					d.contradicted[k] = true
				}
			}
			d.runs[k] = r
		}
	}
	return d
}

// answered reports whether a recorded run finished with an answer (not
// stopped by a limit, failed or cancelled).
func answered(r compare.Run) bool {
	switch r.Verdict {
	case compare.VerdictTimeout, compare.VerdictMemout, compare.VerdictError, compare.VerdictHarness, verdictCancelled:
		return false
	}
	return true
}

// Lookup returns the run recorded for t that can stand for a run under
// limits, with its verdict cleared so that the harness judges it again
// (a stored verdict is never trusted; only timeout, memout and error,
// which carry no answer to check, are kept). A run whose records answer
// differently is not taken back, but run again: the file contradicts
// itself (report names the records). found says whether any record of t
// exists, reused or not.
func (d *doneRuns) Lookup(t Task, limits Limits) (run compare.Run, reused, found bool) {
	if d == nil {
		return compare.Run{}, false, false
	}
	order := t.order()
	rec, ok := d.runs[repeatKey(resumeKey(t.Puzzle.Name, caseID(t.Key(), &order), t.Spec.Solver.Name, t.Spec.Resolved(), compare.Version), t.Repeat)]
	if !ok { // a record without the case's position (written before 0.14.0)
		rec, ok = d.runs[repeatKey(resumeKey(t.Puzzle.Name, t.Key(), t.Spec.Solver.Name, t.Spec.Resolved(), compare.Version), t.Repeat)]
	}
	if !ok {
		return compare.Run{}, false, false
	}
	if d.contradicted[rec.resumeKey()] {
		return compare.Run{}, false, true
	}
	run = enforceTimeLimit(rec.Run, rec.Limits.Timeout)
	if !reusable(run, rec.Limits, limits) {
		return compare.Run{}, false, true
	}
	run.Solver = t.Spec.Text
	run.Claim = "" // labelled again (claims.go)
	switch run.Verdict {
	case compare.VerdictTimeout, compare.VerdictMemout, compare.VerdictError:
	default:
		run.Verdict, run.Detail = "", ""
	}
	return run, true, true
}

// reusable says whether run, made under the limits then, is what a run
// under the limits now would be: a run stopped by a limit only if that
// limit has not grown; a finished run only if it finished within the
// limits now. Runs made in process are reused only in process, and a
// harness failure is never reused.
func reusable(run compare.Run, then, now Limits) bool {
	if then.InProcess != now.InProcess {
		return false
	}
	took := max(run.Wall, compare.RunTime(run))
	memOK := now.Mem == 0 || (run.PeakRSS > 0 && run.PeakRSS <= now.Mem) || (then.Mem > 0 && then.Mem <= now.Mem)
	switch run.Verdict {
	case compare.VerdictHarness, verdictCancelled:
		return false
	case compare.VerdictTimeout:
		return now.Timeout > 0 && then.Timeout > 0 && now.Timeout <= then.Timeout && memOK
	case compare.VerdictMemout:
		return now.Mem > 0 && then.Mem > 0 && now.Mem <= then.Mem && (now.Timeout == 0 || took <= now.Timeout)
	}
	return (now.Timeout == 0 || took <= now.Timeout) && memOK
}

// errNoResults is returned when results files hold no run.
var errNoResults = errors.New("no runs in the results files")

// newHeader describes a comparison of specs on sources under limits;
// shard is "i/n" for a shard of it, "" for the whole.
func newHeader(p *compare.Puzzle, specs []compare.Spec, sources []*Source, limits Limits, shard string) Header {
	h := Header{Version: compare.Version, Puzzle: p.Name, Limits: limits, Shard: shard, Started: time.Now().UTC()}
	for _, s := range specs {
		h.Specs = append(h.Specs, SpecRecord{Text: s.Text, Options: s.Resolved()})
	}
	sum := sha256.New()
	for _, src := range sources {
		if src.keys == nil {
			src.prepare(p)
		}
		for _, k := range src.keys {
			io.WriteString(sum, k)
			h.Cases++
		}
	}
	h.Inputs = hex.EncodeToString(sum.Sum(nil)[:16])
	return h
}

// Footer is the record a comparison writes to its results file when it
// ends (an interrupted one too): the header is never rewritten.
type Footer struct {
	// Started is the header's Started, which names the comparison.
	Started time.Time `json:"started"`
	Ended   time.Time `json:"ended"`
	LoadEnd []float64 `json:"load_end,omitempty"`
	Runs    int       `json:"runs"` // the runs it made
}
