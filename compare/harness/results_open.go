package harness

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/gridsat/gridsat/compare/outputs"
)

// A results file is opened for a run only if it is empty (or missing) or
// starts with a gridsat results header, and only by one gridsat at a time:
// it is locked (flock, advisory) from the moment it is opened until the
// run closes it, so that a second compare --results on it is refused rather
// than interleaving its records, and its last line is repaired and its
// records read under the lock.

// errResultsInUse is the error of a results file another process holds.
var errResultsInUse = errors.New("in use")

// errNotResults is the error of a file that is not a gridsat results file.
var errNotResults = errors.New("not a gridsat results file")

// resultsPrefix starts every results file: its first record is a header,
// and encoding/json writes a Record's fields in order.
const resultsPrefix = outputs.ResultsPrefix

// openResultsFile opens path for reading and appending, creating it if
// missing, locks it and checks that it is a results file.
func openResultsFile(path string) (*os.File, error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_APPEND|os.O_CREATE, 0o644)
	if err != nil {
		return nil, fmt.Errorf("opening results file: %w", err)
	}
	if err := lockResults(f); err != nil {
		f.Close()
		if errors.Is(err, errResultsInUse) {
			holder := "another process"
			if pid := outputs.LockHolder(f.Name()); pid > 0 {
				holder = fmt.Sprintf("pid %d", pid)
			}
			return nil, fmt.Errorf("results file %s is %w by %s (another gridsat compare --results): wait for it to end, or write to another file", path, errResultsInUse, holder)
		}
		return nil, fmt.Errorf("locking results file %s: %w", path, err)
	}
	if err := checkResultsHeader(f, path); err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}

// checkResultsHeader refuses f, the file at path, unless it is empty or
// its first line is a gridsat results header (or, for a file of one
// unfinished line, the start of one).
func checkResultsHeader(f *os.File, path string) error {
	buf := make([]byte, 64<<10)
	n, err := f.ReadAt(buf, 0)
	if err != nil && err != io.EOF {
		return fmt.Errorf("reading results file %s: %w", path, err)
	}
	if n == 0 {
		return nil
	}
	first := buf[:n]
	i := bytes.IndexByte(first, '\n')
	ok := bytes.HasPrefix(first, []byte(resultsPrefix))
	if i >= 0 {
		var rec Record
		ok = json.Unmarshal(first[:i], &rec) == nil && rec.Kind == kindHeader && rec.Header != nil && rec.Header.Version != ""
	}
	if !ok {
		return fmt.Errorf("%s is %w (its first line is no comparison header): --results appends only to such a file or an empty one, and leaves this one untouched", path, errNotResults)
	}
	return nil
}

// appendResults opens the results file at path for a run, as OpenResults
// does, refuses it if it holds a comparison that headers (the run's
// comparisons, one per puzzle) may not join (checkAppend), cuts an
// unfinished last line off it (cut says how many bytes) and, with resume,
// returns its records: all under the lock the returned file holds until
// Close. A refused file is left as it was.
func appendResults(path string, resume bool, headers []Header) (rf *ResultsFile, log *ResultsLog, cut int64, err error) {
	f, err := openResultsFile(path)
	if err != nil {
		return nil, nil, 0, err
	}
	if log, err = readResults(path); err != nil {
		f.Close()
		return nil, nil, 0, err
	}
	for _, h := range headers {
		if err := log.checkAppend(path, h); err != nil {
			f.Close()
			return nil, nil, 0, err
		}
	}
	if cut, err = repairResults(f, path); err != nil {
		f.Close()
		return nil, nil, 0, err
	}
	if !resume {
		log = nil
	}
	return newResultsFile(f, path, log), log, cut, nil
}

// checkAppend refuses to add the comparison h to the results file at path,
// read into log, when the file holds another comparison of h's puzzle
// (other inputs, solvers, options or version, another shard count):
// gridsat report refuses such a file, so a run appended to it would make
// every run in it unreadable. Comparisons of other puzzles may share it.
func (log *ResultsLog) checkAppend(path string, h Header) error {
	for k, old := range log.Headers {
		if old.Puzzle != h.Puzzle {
			continue
		}
		err := sameComparison(old, h)
		if err == nil && old.Shard != "" && h.Shard != "" {
			_, n0, _ := strings.Cut(old.Shard, "/")
			if _, n, _ := strings.Cut(h.Shard, "/"); n != n0 {
				err = fmt.Errorf("shard %s, not a shard of %s", h.Shard, old.Shard)
			}
		}
		if err != nil {
			return fmt.Errorf("%s line %d starts another %s comparison than this one (%w): gridsat report could not read the file with both, so --results leaves it untouched: write to another file", path, log.HeaderLines[k], h.Puzzle, err)
		}
	}
	return nil
}
