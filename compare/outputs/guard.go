package outputs

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
)

// ResultsPrefix starts every gridsat results file (compare --results): its
// first record is a header, written with these fields first.
const ResultsPrefix = `{"kind":"header",`

// kind is what a guarded file is to the command.
type kind int

const (
	input     kind = iota // a file read
	inputDir              // a folder whose files are read
	output                // a file written
	results               // the results file a run appends to (--results)
	outputDir             // a folder written into
)

// entry is one file or folder a command named.
type entry struct {
	kind kind
	role string      // the flag or argument, for errors: "-o", "--out", "input"
	path string      // as given
	real string      // absolute, symbolic links resolved; "" for a descriptor
	info os.FileInfo // nil when it does not exist (yet)
	peek string      // where its content can be read: real, or a descriptor's /proc/self/fd/N
}

// name is how errors name e: "-o report.txt", "input q.txt",
// "standard input".
func (e entry) name() string {
	if e.real == "" {
		return e.role
	}
	return e.role + " " + e.path
}

// isOutput reports whether e is written.
func (e entry) isOutput() bool { return e.kind >= output }

// isDir reports whether e is a folder.
func (e entry) isDir() bool { return e.kind == inputDir || e.kind == outputDir }

// Guard collects the files a command reads and writes; Check refuses the
// outputs that would lose a file. The zero Guard is ready to use.
type Guard struct {
	files []entry
	errs  []error
}

// add records the file at path; "" and "-" (standard input or output,
// named by Stdin and Stdout) are skipped.
func (g *Guard) add(k kind, role, path string) {
	if path == "" || path == "-" {
		return
	}
	e := entry{kind: k, role: role, path: path}
	target, err := ResolveLink(path)
	if err != nil {
		g.errs = append(g.errs, fmt.Errorf("%s %s: %w", role, path, err))
		return
	}
	if st, err := os.Stat(target); err == nil {
		e.info = st
	} else if st, err := os.Stat(path); err == nil {
		e.info = st // a link the kernel follows elsewhere: /dev/stdout to a pipe
	} else if target != path && k != input && k != inputDir {
		g.errs = append(g.errs, fmt.Errorf("%s %s is a symbolic link to %s, which does not exist: refusing to write through it (name %s itself, or remove the link)", role, path, target, target))
		return
	}
	e.real = realPath(target)
	e.peek = e.real
	g.files = append(g.files, e)
}

// Input names a file the command reads.
func (g *Guard) Input(role, path string) { g.add(input, role, path) }

// InputDir names a folder whose files the command reads (report
// --proofs): no output may be inside it.
func (g *Guard) InputDir(role, path string) { g.add(inputDir, role, path) }

// Output names a file the command writes.
func (g *Guard) Output(role, path string) { g.add(output, role, path) }

// Results names the results file a run appends to (compare --results): the
// one output that may be a results file (harness checks its lock).
func (g *Guard) Results(role, path string) { g.add(results, role, path) }

// OutputDir names a folder the command writes files into (compare
// --proofs): no other output may be it or inside it.
func (g *Guard) OutputDir(role, path string) { g.add(outputDir, role, path) }

// Stdin names standard input as an input, when the command reads it:
// whatever its name ("-", /dev/stdin, a redirection), the file behind
// it is an input. A terminal, a pipe or a device is no file to guard.
func (g *Guard) Stdin(r io.Reader) { g.descriptor(input, "standard input", r) }

// Stdout names standard output as an output, when the command writes
// it: the file behind a redirection (>> runs.jsonl) is guarded as any
// output.
func (g *Guard) Stdout(w io.Writer) { g.descriptor(output, "standard output", w) }

// descriptor records the file behind v, if v is one (or wraps one) and
// it is a regular file or a named pipe.
func (g *Guard) descriptor(k kind, role string, v any) {
	if u, ok := v.(interface{ Unwrap() io.Writer }); ok {
		v = u.Unwrap()
	}
	f, ok := v.(interface{ Stat() (os.FileInfo, error) })
	if !ok {
		return
	}
	st, err := f.Stat()
	if err != nil || !(st.Mode().IsRegular() || st.Mode()&os.ModeNamedPipe != 0) {
		return
	}
	e := entry{kind: k, role: role, info: st}
	if fd, ok := v.(interface{ Fd() uintptr }); ok {
		e.peek = fmt.Sprintf("/proc/self/fd/%d", fd.Fd()) // "" where there is none
		if _, err := os.Stat(e.peek); err != nil {
			e.peek = ""
		}
	}
	g.files = append(g.files, e)
}

// IsInput reports whether the file at path is one of the inputs named.
func (g *Guard) IsInput(path string) bool {
	st, err := os.Stat(path)
	if err != nil {
		return false
	}
	for _, e := range g.files {
		if e.kind == input && e.info != nil && os.SameFile(e.info, st) {
			return true
		}
	}
	return false
}

// Check refuses, naming both files, an output that is an input or
// another output, a file or folder inside a folder read or written, a
// gridsat results file or a locked file given as a report, plot or
// other output, and a path through a dangling or looping symbolic link.
func (g *Guard) Check() error {
	if len(g.errs) > 0 {
		return g.errs[0]
	}
	for i, o := range g.files {
		if !o.isOutput() {
			continue
		}
		for j, x := range g.files {
			if j == i || (x.isOutput() && j > i) {
				continue // each pair of outputs once: meet is symmetric
			}
			if err := meet(o, x); err != nil {
				return err
			}
		}
	}
	for _, o := range g.files {
		if !o.isOutput() {
			continue
		}
		if err := checkContent(o); err != nil {
			return err
		}
		if err := checkWritable(o); err != nil {
			return err
		}
	}
	return nil
}

// checkWritable refuses, before anything runs, a file output that could
// not be written when its time comes: a file no write bit allows (as
// CreateOutput refuses it), or an existing folder where no file can be
// made (read only, a full inode table); an existing results file, which
// is appended to in place, must open for writing instead. Every output
// is checked alike: an
// --export-csv into a read-only folder failed only after the whole
// comparison, where -o was refused at once (red-team pass). Folders
// written into, devices and descriptors are left to their writers.
func checkWritable(o entry) error {
	if (o.kind != output && o.kind != results) || o.real == "" {
		return nil
	}
	if o.info != nil {
		if !o.info.Mode().IsRegular() {
			return nil // /dev/null, a pipe: opened as they are
		}
		if o.info.Mode().Perm()&0o222 == 0 {
			return fmt.Errorf("%s is read-only (mode %v): refusing to write over it", o.name(), o.info.Mode().Perm())
		}
		if o.kind == results {
			// A results file is appended to in place: the file must
			// open for writing, its folder need not take new files.
			f, err := os.OpenFile(o.real, os.O_WRONLY|os.O_APPEND, 0)
			if err != nil {
				return fmt.Errorf("%s cannot be written: %w", o.name(), UnwrapPath(err))
			}
			return f.Close()
		}
	}
	dir := filepath.Dir(o.real)
	if st, err := os.Stat(dir); err != nil || !st.IsDir() {
		return nil // a folder to be made (dimacs -o DIR/), or its writer's message
	}
	probe, err := os.CreateTemp(dir, ".gridsat-probe-*")
	if err != nil {
		return fmt.Errorf("%s cannot be written: %w", o.name(), UnwrapPath(err))
	}
	probe.Close()
	os.Remove(probe.Name())
	return nil
}

// UnwrapPath is err without the *os.PathError around it (its cause, "read-only
// file system"; the path is named by the caller).
func UnwrapPath(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// meet refuses output o if it is x, or if either is inside the other
// where that one is a folder.
func meet(o, x entry) error {
	if isChar(o.info) || isChar(x.info) {
		return nil // /dev/null, a terminal: never the same file as anything
	}
	same := (o.info != nil && x.info != nil && os.SameFile(o.info, x.info)) || (o.real != "" && o.real == x.real)
	switch {
	case same && o.path == x.path && o.real != "":
		return fmt.Errorf("%s is also given as %s: refusing to write over it", o.name(), x.role)
	case same:
		return fmt.Errorf("%s is the same file as %s: refusing to write over it", o.name(), x.name())
	case x.isDir() && within(o.real, x.real):
		return fmt.Errorf("%s is inside the folder of %s: refusing to write over it", o.name(), x.name())
	case o.isDir() && within(x.real, o.real):
		return fmt.Errorf("%s is inside the folder of %s: refusing to write over it", x.name(), o.name())
	}
	return nil
}

// checkContent refuses an output that is a gridsat results file, other
// than the one a run appends to, or a file another process holds locked.
func checkContent(o entry) error {
	if o.info == nil || !o.info.Mode().IsRegular() || o.kind == results {
		return nil
	}
	if pid, locked := lockedBy(o.peek, o.info); locked {
		holder := "another process"
		if pid > 0 {
			holder = fmt.Sprintf("pid %d", pid)
		}
		return fmt.Errorf("%s is locked by %s (as a running gridsat compare --results locks its results file): refusing to write over it", o.name(), holder)
	}
	if o.peek != "" && isResultsFile(o.peek) {
		return fmt.Errorf("%s is a gridsat results file (compare --results's runs): refusing to write over it; name another file", o.name())
	}
	return nil
}

// isResultsFile reports whether the file at path starts as a gridsat
// results file does.
func isResultsFile(path string) bool {
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	buf := make([]byte, len(ResultsPrefix))
	n, err := io.ReadFull(f, buf)
	if errors.Is(err, io.ErrUnexpectedEOF) {
		return n > 0 && strings.HasPrefix(ResultsPrefix, string(buf[:n])) // a header cut by a crash
	}
	return err == nil && string(buf) == ResultsPrefix
}

func isChar(st os.FileInfo) bool { return st != nil && st.Mode()&os.ModeCharDevice != 0 }

// within reports whether path is inside the folder dir.
func within(path, dir string) bool {
	if path == "" || dir == "" {
		return false
	}
	rel, err := filepath.Rel(dir, path)
	return err == nil && rel != "." && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}
