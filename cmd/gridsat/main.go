// Command gridsat solves grid puzzles (those package compare's registry
// lists) by depth-first search and by SAT encodings, and compares the two
// side by side.
//
// Run "gridsat help" for the commands and "gridsat CMD -h" for their flags.
package main

import (
	"errors"
	"fmt"
	"io"
	"os"

	// gridsat's puzzles register themselves in compare's registry, as a
	// database/sql driver does: the command line knows them only there.
	_ "github.com/gridsat/gridsat/compare/puzzles"
)

// exitError carries an exit status out of a command.
type exitError struct {
	code int
	err  error
}

func (e *exitError) Error() string { return e.err.Error() }
func (e *exitError) Unwrap() error { return e.err }

// Exit statuses.
const (
	exitFail  = 1 // an unsolvable case, a wrong answer, a disagreement, a failed solver
	exitUsage = 2 // bad input or bad usage
	// exitInterrupted is the shell's status for a program stopped by
	// SIGINT (128 + 2): compare returns it after Ctrl-C, having printed
	// the finished rows.
	exitInterrupted = 130
)

func main() {
	code := run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	// The last write to a file may fail only when it is closed (NFS).
	if err := os.Stdout.Close(); err != nil && code == 0 {
		fmt.Fprintln(os.Stderr, "gridsat: writing standard output:", err)
		code = exitFail
	}
	os.Exit(code)
}

// run executes the command line args and returns the exit status. A
// write to stdout that failed (a full disk, /dev/full, a closed pipe)
// makes a status of 0 an exit 1 naming standard output: what the
// command printed is lost.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	out := &checkedWriter{w: stdout}
	code := execute(args, stdin, out, stderr)
	if out.err != nil && code == 0 {
		fmt.Fprintln(stderr, "gridsat: writing standard output:", out.err)
		code = exitFail
	}
	return code
}

// checkedWriter is stdout, remembering its first write error (and
// failing every write after it).
type checkedWriter struct {
	w   io.Writer
	err error
}

func (c *checkedWriter) Write(p []byte) (int, error) {
	if c.err != nil {
		return 0, c.err
	}
	n, err := c.w.Write(p)
	if err != nil {
		c.err = err
	}
	return n, err
}

// writeOr is the exit status of a command whose writer c was: exitFail
// when a write through c failed (output lost is never bad input), else
// code.
func writeOr(c *checkedWriter, code int) int {
	if c.err != nil {
		return exitFail
	}
	return code
}

// Unwrap is the writer c checks: the file behind it, for terminals and
// the output guard.
func (c *checkedWriter) Unwrap() io.Writer { return c.w }

// execute runs the command line args with stdout and returns the exit
// status.
func execute(args []string, stdin io.Reader, stdout *checkedWriter, stderr io.Writer) int {
	root := newRoot()
	root.SetArgs(args)
	root.SetIn(stdin)
	root.SetOut(stdout)
	root.SetErr(stderr)
	err := root.Execute()
	if err == nil {
		return 0
	}
	code := exitUsage
	var ee *exitError
	if errors.As(err, &ee) {
		if ee.err != nil {
			fmt.Fprintln(stderr, "gridsat:", ee.err)
		}
		code = ee.code
	} else {
		// What is left are cobra's own errors (unknown flags, missing
		// arguments: usage errors like bad input) and the bare errors
		// of commands that only print (a write error).
		fmt.Fprintln(stderr, "gridsat:", err)
	}
	if code == exitUsage && stdout.err != nil {
		// Output was lost: a write error on standard output is never
		// bad input, whatever the command made of it (gen and split
		// see it as their generator's error).
		return exitFail
	}
	return code
}

func fail(code int, err error) error { return &exitError{code: code, err: err} }

// quiet is an exit status with nothing more to say (the reason was printed).
func quiet(code int) error { return &exitError{code: code} }
