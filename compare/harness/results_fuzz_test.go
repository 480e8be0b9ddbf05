package harness

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/gridsat/gridsat/compare"
	"github.com/gridsat/gridsat/instances"
)

// FuzzReadResults: the reader never panics on arbitrary bytes (it returns
// records or an input error naming the file), and whatever the writer
// writes, the reader reads back as it was written.
func FuzzReadResults(f *testing.F) {
	f.Add(`{"kind":"run","run":{"puzzle":"slant","key":"k","spec":"dfs","run":{"solver":"dfs","verdict":"ok"}}}`+"\n", "dfs", "1\n2", int64(5))
	f.Add("garbage\n{}\n", "sat:card=seq", "", int64(0))
	f.Add(`{"kind":"case","ca`, "x\ny\"", "\u00ff\n\t", int64(-1))
	f.Fuzz(func(t *testing.T, text, spec, answer string, n int64) {
		log := &ResultsLog{Cases: map[string]*CaseRecord{}}
		if err := log.read("r.jsonl", strings.NewReader(text)); err != nil {
			if !instances.IsInputError(err) && !strings.Contains(err.Error(), "r.jsonl") {
				t.Fatalf("error does not name the file: %v", err)
			}
		}
		// Round trip: records made from the fuzzed strings. JSON holds
		// UTF-8 only (invalid bytes are written as U+FFFD), so the strings
		// that reach records are UTF-8: parsers accept ASCII cases, specs
		// are refused otherwise (ParseSpec), answers are the solvers' own.
		if !utf8.ValidString(spec) || !utf8.ValidString(answer) || !utf8.ValidString(text) {
			return
		}
		c := &CaseRecord{Puzzle: "toy", Key: keyOfCase("toy", 1, answer), Order: int(n & 0xffff), File: spec, Case: 1, Line: 2, Text: answer}
		r := &RunRecord{Puzzle: "toy", Key: c.Key, CaseInfo: compare.CaseInfo{File: spec}, Spec: spec, Options: compare.Options{"o": answer}, Version: compare.Version,
			Limits: Limits{Timeout: 7, Mem: n}, Run: compare.Run{Solver: spec, Verdict: compare.Verdict(answer), Wall: 3, PeakRSS: max(n, 0), // a peak is never negative (CheckRecordFields)
				Result: compare.Result{Solved: n%2 == 0, Answer: answer, Witness: text, Stats: []compare.Stat{{Name: spec, Value: n}}}}}
		h := &Header{Version: compare.Version, Puzzle: "toy", Specs: []SpecRecord{{Text: spec, Options: r.Options}}, Limits: r.Limits}
		if v := compare.Verdict(answer); v == compare.VerdictTimeout || v == compare.VerdictMemout || !compare.KnownVerdict(v) {
			// A timeout of 3ns under a 7ns limit is refused (trust.go),
			// and a verdict no run gives (compare.CheckRecordFields).
			r.Run.Verdict = ""
		}
		var buf bytes.Buffer
		for _, rec := range []Record{{Kind: kindHeader, Header: h}, {Kind: kindCase, Case: c}, {Kind: kindRun, Run: r}} {
			b, err := json.Marshal(rec)
			if err != nil {
				t.Fatal(err)
			}
			buf.Write(b)
			buf.WriteByte('\n')
		}
		back := &ResultsLog{Cases: map[string]*CaseRecord{}}
		if err := back.read("w.jsonl", &buf); err != nil {
			t.Fatalf("the reader refuses what the writer wrote: %v", err)
		}
		if len(back.Runs) != 1 || !reflect.DeepEqual(back.Runs[0], r) || !reflect.DeepEqual(back.Cases[caseID(c.Key, &c.Order)], c) {
			t.Fatalf("round trip changed the records:\n%+v\n%+v", back.Runs, r)
		}
	})
}

// A results file line is read up to maxRecord: an endless line is bad
// input naming the file and line, after reading little more than the
// limit.
func TestReadResultsBoundedLine(t *testing.T) {
	defer func(m int) { maxRecord = m }(maxRecord)
	maxRecord = 1 << 20
	head := `{"kind":"header","header":{"version":"x"}}` + "\n"
	// A line that starts as a record (one that does not is refused at
	// once: TestReadResultsBoundedOnGarbage).
	endless := strings.NewReader(`{"kind":"` + strings.Repeat("a", 4<<20))
	r := &countingReader{r: io.MultiReader(strings.NewReader(head), endless)}
	log := &ResultsLog{Cases: map[string]*CaseRecord{}}
	err := log.read("z.jsonl", r)
	var ie *instances.InputError
	if !errors.As(err, &ie) || ie.File != "z.jsonl" || ie.Line != 2 || !strings.Contains(ie.Msg, "longer than") {
		t.Fatalf("%v; want an input error at z.jsonl line 2 saying the line is too long", err)
	}
	if r.n > 2*int64(maxRecord) {
		t.Errorf("read %d MiB of an endless line, limit %d MiB", r.n>>20, maxRecord>>20)
	}
}

type zeros struct{}

func (zeros) Read(p []byte) (int, error) { clear(p); return len(p), nil }

type countingReader struct {
	r io.Reader
	n int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}

// FuzzCheckResultsHeader: the --out check never panics, accepts an empty
// file, and accepts nothing whose first line is not a header record (or,
// with no newline, the start of one).
func FuzzCheckResultsHeader(f *testing.F) {
	f.Add([]byte(""))
	f.Add([]byte(`{"kind":"header","header":{"version":"0.14.0-dev"}}` + "\n"))
	f.Add([]byte(`{"kind":"header","hea`))
	f.Add([]byte("1\n3\n....\n"))
	f.Add([]byte(`{"kind":"run","run":{}}` + "\n"))
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, data []byte) {
		path := filepath.Join(dir, "r.jsonl")
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		fh, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		defer fh.Close()
		err = checkResultsHeader(fh, path)
		first, _, complete := bytes.Cut(data, []byte("\n"))
		var rec Record
		header := json.Unmarshal(first, &rec) == nil && rec.Kind == kindHeader && rec.Header != nil
		switch {
		case len(data) == 0 && err != nil:
			t.Fatalf("an empty file is refused: %v", err)
		case err == nil && len(data) > 0 && complete && !header:
			t.Fatalf("accepted a file whose first line %q is no header", first)
		case err == nil && len(data) > 0 && !complete && !bytes.HasPrefix(data, []byte(resultsPrefix)):
			t.Fatalf("accepted an unfinished first line %q that does not start a header", data)
		case err != nil && !errors.Is(err, errNotResults):
			t.Fatalf("refused with %v, not errNotResults", err)
		}
	})
}
