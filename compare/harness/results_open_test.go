package harness

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/gridsat/gridsat/compare"
)

// Issue 21, fault 4: --out appends to or repairs only an empty file or a
// results file; anything else is refused untouched.
func TestResultsFileMustBeResults(t *testing.T) {
	dir := t.TempDir()
	cases := map[string]bool{
		"":                               true,
		"1\n5\n..1...\n":                 false,
		"some notes, no newline":         false,
		`{"kind":"run","run":{}}` + "\n": false,
		`{"kind":"header","header":{"version":"0.1"}}` + "\n" + `{"kind":"run"`: true,
		`{"kind":"header","hea`:                  true, // a first record cut by a crash
		`{"kind":"header","header":null}` + "\n": false,
	}
	for text, ok := range cases {
		path := filepath.Join(dir, "f.jsonl")
		os.WriteFile(path, []byte(text), 0o644)
		_, err := repairFile(path)
		rf, err2 := OpenResults(path, nil)
		if err2 == nil {
			rf.Close()
		}
		if ok != (err == nil) || ok != (err2 == nil) {
			t.Errorf("%q: repair %v, open %v; want accepted = %v", text, err, err2, ok)
		}
		if !ok {
			if got := readFile(t, path); got != text || !errors.Is(err, errNotResults) {
				t.Errorf("%q refused as %v, now %q; want errNotResults and the file untouched", text, err, got)
			}
		}
	}
}

// Issue 21, fault 5: a results file is locked while a run writes it (a
// second writer is refused, naming the first's pid), and each record is
// one write on an O_APPEND descriptor: two writers appending records over
// 1 MiB at once (the lock bypassed) leave every record whole.
func TestResultsTwoWriters(t *testing.T) {
	path := filepath.Join(t.TempDir(), "r.jsonl")
	first, err := OpenResults(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	_, err = OpenResults(path, nil)
	if runtime.GOOS != "windows" {
		if !errors.Is(err, errResultsInUse) {
			t.Fatalf("a second writer: %v, want errResultsInUse", err)
		}
		if _, e := os.Stat("/proc/locks"); e == nil && !strings.Contains(err.Error(), fmt.Sprintf("in use by pid %d", os.Getpid())) {
			t.Errorf("%v does not name the holder, pid %d", err, os.Getpid())
		}
	}
	first.Close()
	again, _, _, err := appendResults(path, false, nil)
	if err != nil {
		t.Fatalf("the file is still locked after Close: %v", err)
	}
	again.Close()

	h := Record{Kind: kindHeader, Header: &Header{Version: compare.Version, Puzzle: "toy", Specs: []SpecRecord{{Text: "dfs"}}}}
	const writers, records = 2, 16
	var files []*ResultsFile
	for w := 0; w < writers; w++ {
		f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, newResultsFile(f, path, nil))
	}
	if err := files[0].write(h); err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	for w, rf := range files {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < records; i++ {
				answer := strings.Repeat(fmt.Sprintf("%d", w), 1<<20+i)
				rec := Record{Kind: kindRun, Run: &RunRecord{Puzzle: "toy", Key: fmt.Sprintf("w%d-%d", w, i), Version: compare.Version, Spec: "dfs", Run: compare.Run{Solver: "dfs", Result: compare.Result{Answer: answer}}}}
				if err := rf.write(rec); err != nil {
					t.Error(err)
				}
			}
		}()
	}
	wg.Wait()
	for _, rf := range files {
		rf.Close()
	}
	log, err := readResults(path)
	if err != nil {
		t.Fatalf("two writers' file does not read back: %v", err)
	}
	if len(log.Runs) != writers*records {
		t.Fatalf("%d runs read back, want %d", len(log.Runs), writers*records)
	}
	for _, r := range log.Runs {
		var w, i int
		fmt.Sscanf(r.Key, "w%d-%d", &w, &i)
		if r.Run.Result.Answer != strings.Repeat(fmt.Sprintf("%d", w), 1<<20+i) {
			t.Errorf("record %s came back changed", r.Key)
		}
	}
}

// readFile is path's content, "" when there is no such file.
func readFile(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}
	return string(b)
}
