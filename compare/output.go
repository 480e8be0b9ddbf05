package compare

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"

	"github.com/gridsat/gridsat/compare/outputs"
)

// Every file gridsat writes for a user (reports, plots, generated
// instances, CNF) is an Output: written to a temporary file in the
// target's folder and renamed onto the target only when complete (after
// an fsync), so that a run that fails, is refused or is killed leaves the
// old file as it was. A target that exists and is not a regular file (a
// device such as /dev/stdout or /dev/null, a FIFO) is written in place:
// there is nothing to replace atomically.

// Output is a file being written; see CreateOutput.
type Output struct {
	f      *os.File
	target string // the file Commit replaces
	tmp    string // the temporary file, "" when written in place
	mu     sync.Mutex
	done   bool
}

// live holds the Outputs neither committed nor aborted, for AbortOutputs.
var live = struct {
	sync.Mutex
	set map[*Output]bool
}{set: map[*Output]bool{}}

// AbortOutputs aborts every Output not yet committed: their temporary
// files are removed, their targets left as they were. A command stopped
// by a signal calls it before it exits (a Commit under way completes
// first).
func AbortOutputs() {
	live.Lock()
	outs := make([]*Output, 0, len(live.set))
	for o := range live.set {
		outs = append(outs, o)
	}
	live.Unlock()
	for _, o := range outs {
		o.Abort()
	}
}

// finish marks o done, once; it reports whether o was still open.
func (o *Output) finish() bool {
	if o.done {
		return false
	}
	o.done = true
	live.Lock()
	delete(live.set, o)
	live.Unlock()
	return true
}

// CreateOutput starts writing the file at path: a temporary file
// ".NAME.tmp-*" beside it (beside a symlink's target, for a symlink),
// with the mode of the file it replaces (0644 for a new file).
func CreateOutput(path string) (*Output, error) {
	if st, err := os.Stat(path); err == nil && !st.Mode().IsRegular() && !st.IsDir() {
		// A device or pipe, whatever links lead there (/dev/stdout to a
		// pipe, which no path names): written in place.
		f, err := os.OpenFile(path, os.O_WRONLY, 0)
		if err != nil {
			return nil, err
		}
		return &Output{f: f, target: path}, nil
	}
	target, err := ResolveLink(path)
	if err != nil {
		return nil, err
	}
	mode := os.FileMode(0o644)
	if st, err := os.Stat(target); err == nil {
		if st.IsDir() {
			return nil, fmt.Errorf("%s is a directory", path)
		}
		if !st.Mode().IsRegular() {
			f, err := os.OpenFile(target, os.O_WRONLY, 0)
			if err != nil {
				return nil, err
			}
			return &Output{f: f, target: target}, nil
		}
		mode = st.Mode().Perm()
		// Renaming over a file needs only its folder's write permission;
		// a file this user may not write is refused as a shell's ">"
		// refuses it, instead of replaced behind the permission, and so
		// is one no write bit allows at all (chmod a-w), even to root.
		if mode&0o222 == 0 {
			return nil, fmt.Errorf("cannot replace %s: it is read-only (mode %v)", target, mode)
		}
		f, err := os.OpenFile(target, os.O_WRONLY, 0)
		if err != nil {
			return nil, fmt.Errorf("cannot replace %s: %w", target, outputs.UnwrapPath(err))
		}
		f.Close()
	}
	removeStaleTemps(target)
	// o is registered, and locked, before its temporary file exists: a
	// signal that arrives between the two (AbortOutputs) waits for the
	// creation and then removes the file, instead of missing it.
	o := &Output{target: target}
	o.mu.Lock()
	defer o.mu.Unlock()
	live.Lock()
	live.set[o] = true
	live.Unlock()
	f, err := createTemp(filepath.Dir(target), tempPrefix(target)+strconv.Itoa(os.Getpid())+"-*")
	if err != nil {
		o.finish()
		// The temporary file's name would mislead.
		return nil, fmt.Errorf("cannot write a file in %s: %w", filepath.Dir(target), outputs.UnwrapPath(err))
	}
	o.f, o.tmp = f, f.Name()
	if err := f.Chmod(mode); err != nil {
		o.finish()
		f.Close()
		os.Remove(f.Name())
		return nil, err
	}
	return o, nil
}

// tempPrefix starts the names of target's temporary files:
// ".NAME.tmp-", then the writer's pid, a dash and a random part.
func tempPrefix(target string) string { return "." + filepath.Base(target) + ".tmp-" }

// removeStaleTemps removes the temporary files of target that a writer
// killed outright (SIGKILL: no cleanup ran) left, each once the pid in
// its name is gone.
func removeStaleTemps(target string) {
	prefix := tempPrefix(target)
	entries, _ := os.ReadDir(filepath.Dir(target))
	for _, e := range entries {
		rest, ok := strings.CutPrefix(e.Name(), prefix)
		pid, _, ok2 := strings.Cut(rest, "-")
		n, err := strconv.Atoi(pid)
		if ok && ok2 && err == nil && n > 0 && n != os.Getpid() && e.Type().IsRegular() && !processAlive(n) {
			os.Remove(filepath.Join(filepath.Dir(target), e.Name()))
		}
	}
}

// ResolveLink is outputs.ResolveLink, with the path named in its error.
func ResolveLink(path string) (string, error) {
	target, err := outputs.ResolveLink(path)
	if err != nil {
		return "", fmt.Errorf("%s: %w", path, err)
	}
	return target, nil
}

// Write writes to the temporary file; an error names the target (the
// temporary file's name would mislead).
func (o *Output) Write(p []byte) (int, error) {
	n, err := o.f.Write(p)
	return n, o.named(err)
}

// named is err with the temporary file's name replaced by the target's.
func (o *Output) named(err error) error {
	var pe *os.PathError
	if err != nil && o.tmp != "" && errors.As(err, &pe) && pe.Path == o.tmp {
		return &os.PathError{Op: pe.Op, Path: o.target, Err: pe.Err}
	}
	return err
}

// Name is the file the output replaces when committed.
func (o *Output) Name() string { return o.target }

// Commit makes the output the target's content: flushed to disk, closed
// and renamed onto the target. After an error the target is unchanged
// and the temporary file removed.
func (o *Output) Commit() error {
	o.mu.Lock()
	defer o.mu.Unlock()
	if !o.finish() {
		return nil
	}
	if o.tmp == "" {
		return o.f.Close()
	}
	err := o.named(o.f.Sync())
	err = errors.Join(err, o.named(o.f.Close()))
	if err == nil {
		err = os.Rename(o.tmp, o.target)
	}
	if err != nil {
		os.Remove(o.tmp)
		return err
	}
	if d, err := os.Open(filepath.Dir(o.target)); err == nil {
		d.Sync() // the rename itself, on file systems that need it
		d.Close()
	}
	return nil
}

// Abort drops the output: the target is left as it was. It does nothing
// after Commit, so that it can be deferred.
func (o *Output) Abort() {
	o.mu.Lock()
	defer o.mu.Unlock()
	if !o.finish() {
		return
	}
	o.f.Close()
	if o.tmp != "" {
		os.Remove(o.tmp)
	}
}

// WriteOutput writes the file at path with write, as an Output: the
// target is replaced only when write and the flush succeed.
func WriteOutput(path string, write func(io.Writer) error) error {
	o, err := CreateOutput(path)
	if err != nil {
		return err
	}
	bw := bufio.NewWriterSize(o, 64<<10)
	if err := write(bw); err != nil {
		o.Abort()
		return err
	}
	if err := bw.Flush(); err != nil {
		o.Abort()
		return err
	}
	return o.Commit()
}

// createTemp is os.CreateTemp; a test puts a signal right after it.
var createTemp = os.CreateTemp
