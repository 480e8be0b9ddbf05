package compare

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
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

// A file made read-only is not replaced behind its permission (renaming
// over it needs only the folder's): the output is refused, naming it, and
// the file keeps its text; made writable again, it is replaced. A file
// with no write bit at all is refused to root too, so the test holds for
// every user (red-team pass: gen -o ro.txt replaced a chmod 444 file).
func TestOutputRefusesReadOnlyFiles(t *testing.T) {
	path := filepath.Join(t.TempDir(), "ro.txt")
	if err := os.WriteFile(path, []byte("keep\n"), 0o444); err != nil {
		t.Fatal(err)
	}
	write := func() error {
		return WriteOutput(path, func(w io.Writer) error { _, err := io.WriteString(w, "new\n"); return err })
	}
	if err := write(); err == nil || !strings.Contains(err.Error(), "cannot replace "+path) {
		t.Errorf("over a read-only file: %v, want refused", err)
	}
	if got := readFile(t, path); got != "keep\n" {
		t.Errorf("the read-only file holds %q", got)
	}
	os.Chmod(path, 0o644)
	if err := write(); err != nil || readFile(t, path) != "new\n" {
		t.Errorf("over the file made writable: %v, holds %q", err, readFile(t, path))
	}
}

// Issue 30: a writer killed outright (SIGKILL) leaves its temporary file;
// the next output to the same file removes it once its writer's pid is
// gone, and leaves a live writer's and other files alone.
func TestOutputRemovesStaleTemps(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "g.txt")
	gone := exec.Command("true")
	if err := gone.Run(); err != nil {
		t.Skip("no true to make a dead pid")
	}
	dead := filepath.Join(dir, fmt.Sprintf(".g.txt.tmp-%d-123", gone.Process.Pid))
	live := filepath.Join(dir, fmt.Sprintf(".g.txt.tmp-%d-456", os.Getppid()))
	other := filepath.Join(dir, fmt.Sprintf(".h.txt.tmp-%d-789", gone.Process.Pid))
	for _, f := range []string{dead, live, other} {
		os.WriteFile(f, []byte("half"), 0o644)
	}
	if err := WriteOutput(target, func(w io.Writer) error { _, err := io.WriteString(w, "new\n"); return err }); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(dead); err == nil {
		t.Error("a dead writer's temporary file was left")
	}
	for _, f := range []string{live, other} {
		if _, err := os.Stat(f); err != nil {
			t.Errorf("%s was removed", filepath.Base(f))
		}
	}
}
