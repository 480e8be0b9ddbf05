package compare

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
)

// A results file is opened for a run only if it is empty (or missing) or
// starts with a gridsat results header, and only by one gridsat at a time:
// it is locked (flock, advisory) from the moment it is opened until the
// run closes it, so that a second compare --out on it is refused rather
// than interleaving its records, and its last line is repaired and its
// records read under the lock.

// ErrResultsInUse is the error of a results file another process holds.
var ErrResultsInUse = errors.New("in use")

// ErrNotResults is the error of a file that is not a gridsat results file.
var ErrNotResults = errors.New("not a gridsat results file")

// resultsPrefix starts every results file: its first record is a header,
// and encoding/json writes a Record's fields in order.
const resultsPrefix = `{"kind":"header",`

// openResultsFile opens path for reading and appending, creating it if
// missing, locks it and checks that it is a results file.
func openResultsFile(path string) (*os.File, error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_APPEND|os.O_CREATE, 0o644)
	if err != nil {
		return nil, fmt.Errorf("opening results file: %w", err)
	}
	if err := lockResults(f); err != nil {
		f.Close()
		if errors.Is(err, ErrResultsInUse) {
			holder := "another process"
			if pid := lockHolder(f.Name()); pid > 0 {
				holder = fmt.Sprintf("pid %d", pid)
			}
			return nil, fmt.Errorf("results file %s is %w by %s (another gridsat compare --out): wait for it to end, or write to another file", path, ErrResultsInUse, holder)
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
		return fmt.Errorf("%s is %w (its first line is no comparison header): --out appends only to such a file or an empty one, and leaves this one untouched", path, ErrNotResults)
	}
	return nil
}

// AppendResults opens the results file at path for a run, as OpenResults
// does, cuts an unfinished last line off it (cut says how many bytes) and,
// with resume, reads its records: all under the lock the returned file
// holds until Close.
func AppendResults(path string, resume bool) (rf *ResultsFile, log *ResultsLog, cut int64, err error) {
	f, err := openResultsFile(path)
	if err != nil {
		return nil, nil, 0, err
	}
	if cut, err = repairResults(f, path); err != nil {
		f.Close()
		return nil, nil, 0, err
	}
	if resume {
		if log, err = ReadResults(path); err != nil {
			f.Close()
			return nil, nil, 0, err
		}
	}
	return newResultsFile(f, path, log), log, cut, nil
}
