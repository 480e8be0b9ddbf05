package compare

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
)

// readFile is the content of path, "" when missing.
func readFile(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}
	return string(b)
}

// leftovers lists the temporary files left in dir.
func leftovers(t *testing.T, dir string) []string {
	t.Helper()
	var left []string
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if strings.Contains(e.Name(), ".tmp-") {
			left = append(left, e.Name())
		}
	}
	return left
}

// Issue 21, fault 2: an output replaces its file only when committed; a
// failed write, an abort or an error leaves the old file as it was, and
// no temporary file is left either way. The mode of the replaced file is
// kept; a symlink keeps pointing at its (replaced) target; a device is
// written in place.
func TestOutputReplacesOnlyWhenComplete(t *testing.T) {
	dir := t.TempDir()
	keep := filepath.Join(dir, "keep.html")
	os.WriteFile(keep, []byte("precious\n"), 0o600)

	err := WriteOutput(keep, func(w io.Writer) error {
		fmt.Fprint(w, "half a report")
		return errors.New("the run failed")
	})
	if err == nil || readFile(t, keep) != "precious\n" {
		t.Fatalf("a failed write: %v, file %q; want an error and the old file", err, readFile(t, keep))
	}
	o, err := CreateOutput(keep)
	if err != nil {
		t.Fatal(err)
	}
	fmt.Fprint(o, "new")
	if readFile(t, keep) != "precious\n" {
		t.Fatal("the file changed before Commit")
	}
	o.Abort()
	if readFile(t, keep) != "precious\n" {
		t.Fatal("Abort changed the file")
	}
	if err := WriteOutput(keep, func(w io.Writer) error { _, err := fmt.Fprint(w, "new\n"); return err }); err != nil || readFile(t, keep) != "new\n" {
		t.Fatalf("a complete write: %v, file %q", err, readFile(t, keep))
	}
	if st, _ := os.Stat(keep); st.Mode().Perm() != 0o600 {
		t.Errorf("mode %v after replacing a 0600 file", st.Mode().Perm())
	}
	link := filepath.Join(dir, "link.html")
	os.Symlink(keep, link)
	if err := WriteOutput(link, func(w io.Writer) error { _, err := fmt.Fprint(w, "via link\n"); return err }); err != nil {
		t.Fatal(err)
	}
	if st, err := os.Lstat(link); err != nil || st.Mode()&os.ModeSymlink == 0 || readFile(t, keep) != "via link\n" {
		t.Errorf("writing through a symlink: link %v, target %q", err, readFile(t, keep))
	}
	if left := leftovers(t, dir); len(left) > 0 {
		t.Errorf("temporary files left: %v", left)
	}
	if runtime.GOOS != "windows" {
		if err := WriteOutput(os.DevNull, func(w io.Writer) error { _, err := fmt.Fprint(w, "x"); return err }); err != nil {
			t.Errorf("writing to %s: %v", os.DevNull, err)
		}
	}
	if _, err := CreateOutput(filepath.Join(keep, "x.html")); err == nil {
		t.Error("an output under a regular file was created")
	}
}

// Issue 21, fault 3: an output may not be an input or another output,
// by path or by inode.
func TestCheckDistinct(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "in.txt")
	os.WriteFile(in, []byte("1\n"), 0o644)
	hard := filepath.Join(dir, "hard.txt")
	if err := os.Link(in, hard); err != nil {
		t.Skip("no hard links here")
	}
	inputs := []NamedFile{{"input", in}}
	cases := []struct {
		outputs []NamedFile
		bad     bool
	}{
		{[]NamedFile{{"--output", filepath.Join(dir, "r.html")}, {"--out", filepath.Join(dir, "r.jsonl")}}, false},
		{[]NamedFile{{"--output", in}}, true},
		{[]NamedFile{{"--output", hard}}, true},
		{[]NamedFile{{"--output", filepath.Join(dir, ".", "sub", "..", "in.txt")}}, true},
		{[]NamedFile{{"--output", filepath.Join(dir, "new")}, {"--out", filepath.Join(dir, "new")}}, true},
		{[]NamedFile{{"--output", "-"}, {"--plot", "-"}}, false},
		{[]NamedFile{{"--output", os.DevNull}, {"--out", os.DevNull}}, false},
	}
	for _, tc := range cases {
		err := CheckDistinct(tc.outputs, inputs)
		if (err != nil) != tc.bad {
			t.Errorf("%v: %v, want refused = %v", tc.outputs, err, tc.bad)
		}
	}
}

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
		_, err := RepairResults(path)
		rf, err2 := OpenResults(path, nil)
		if err2 == nil {
			rf.Close()
		}
		if ok != (err == nil) || ok != (err2 == nil) {
			t.Errorf("%q: repair %v, open %v; want accepted = %v", text, err, err2, ok)
		}
		if !ok {
			if got := readFile(t, path); got != text || !errors.Is(err, ErrNotResults) {
				t.Errorf("%q refused as %v, now %q; want ErrNotResults and the file untouched", text, err, got)
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
		if !errors.Is(err, ErrResultsInUse) {
			t.Fatalf("a second writer: %v, want ErrResultsInUse", err)
		}
		if _, e := os.Stat("/proc/locks"); e == nil && !strings.Contains(err.Error(), fmt.Sprintf("in use by pid %d", os.Getpid())) {
			t.Errorf("%v does not name the holder, pid %d", err, os.Getpid())
		}
	}
	first.Close()
	again, _, _, err := AppendResults(path, false, nil)
	if err != nil {
		t.Fatalf("the file is still locked after Close: %v", err)
	}
	again.Close()

	h := Record{Kind: kindHeader, Header: &Header{Version: Version, Puzzle: "toy", Specs: []SpecRecord{{Text: "dfs"}}}}
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
				rec := Record{Kind: kindRun, Run: &RunRecord{Puzzle: "toy", Key: fmt.Sprintf("w%d-%d", w, i), Version: Version, Spec: "dfs", Run: Run{Result: Result{Answer: answer}}}}
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
	log, err := ReadResults(path)
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

// An output through a symbolic link that leads to no file yet (a link
// made to point where an output goes) writes that file and keeps the link;
// a loop of links is an error. Both replaced the link itself with a
// regular file.
func TestOutputThroughLinks(t *testing.T) {
	dir := t.TempDir()
	dangling := filepath.Join(dir, "out.txt")
	os.Symlink("made/later.txt", dangling)
	os.Mkdir(filepath.Join(dir, "made"), 0o755)
	loop := filepath.Join(dir, "loop1")
	os.Symlink("loop2", loop)
	os.Symlink("loop1", filepath.Join(dir, "loop2"))
	if err := WriteOutput(dangling, func(w io.Writer) error { _, err := io.WriteString(w, "new\n"); return err }); err != nil {
		t.Fatalf("through a dangling link: %v", err)
	}
	if got, _ := os.ReadFile(filepath.Join(dir, "made", "later.txt")); string(got) != "new\n" {
		t.Errorf("the link's target holds %q, want %q", got, "new\n")
	}
	err := WriteOutput(loop, func(w io.Writer) error { return nil })
	if err == nil || !strings.Contains(err.Error(), "loop of symbolic links") {
		t.Errorf("through a loop: %v, want a loop error", err)
	}
	for _, link := range []string{dangling, loop} {
		if st, err := os.Lstat(link); err != nil || st.Mode()&os.ModeSymlink == 0 {
			t.Errorf("%s is no longer a link", filepath.Base(link))
		}
	}
}
