package instances

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// maxLine bounds one input line; longer lines are bad input, not a crash.
const maxLine = 1 << 20

// Lines reads a judge-format input line by line, keeping line numbers so that
// parsers can report where input is wrong. Its zero value is not usable; make
// one with NewLines.
type Lines struct {
	file string
	sc   *bufio.Scanner
	line int    // number of the last line returned
	text string // the last line returned
	err  error
	// pending holds the fields of the current line not yet taken by Token.
	pending []string
	// Case is put into errors made by Errorf; parsers set it as they go.
	Case int
}

// NewLines reads r, naming it file in errors ("" means standard input).
func NewLines(file string, r io.Reader) *Lines {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64*1024), maxLine)
	return &Lines{file: file, sc: sc}
}

// File is the name given to NewLines.
func (l *Lines) File() string { return l.file }

// Line is the number of the line last read.
func (l *Lines) Line() int { return l.line }

// Next returns the next line with its trailing "\r" removed; ok is false at
// end of input or on a read error (then Err says which).
func (l *Lines) Next() (text string, ok bool) {
	l.pending = nil
	if !l.sc.Scan() {
		if err := l.sc.Err(); err != nil && l.err == nil {
			if err == bufio.ErrTooLong {
				l.err = l.errorAt(l.line+1, "line longer than %d bytes", maxLine)
			} else {
				l.err = fmt.Errorf("reading %s: %w", l.fileName(), err)
			}
		}
		return "", false
	}
	l.line++
	l.text = strings.TrimRight(l.sc.Text(), "\r")
	return l.text, true
}

// NextNonBlank is Next, skipping lines that hold only white space.
func (l *Lines) NextNonBlank() (string, bool) {
	for {
		t, ok := l.Next()
		if !ok || strings.TrimSpace(t) != "" {
			return t, ok
		}
	}
}

// Token returns the next white-space separated field, reading further lines
// as needed (the judges read with scanf, so line breaks between numbers do
// not matter); ok is false at end of input.
func (l *Lines) Token() (string, bool) {
	for len(l.pending) == 0 {
		t, ok := l.Next()
		if !ok {
			return "", false
		}
		l.pending = strings.Fields(t)
	}
	tok := l.pending[0]
	l.pending = l.pending[1:]
	return tok, true
}

// Int reads the next token as an integer in [lo, hi]; what names the value
// in errors ("the board size n").
func (l *Lines) Int(what string, lo, hi int) (int, error) {
	tok, ok := l.Token()
	if !ok {
		if err := l.Err(); err != nil {
			return 0, err
		}
		return 0, l.Errorf("truncated input: expected %s", what)
	}
	v, err := strconv.Atoi(tok)
	if err != nil {
		return 0, l.Errorf("%s: %q is not an integer", what, tok)
	}
	if v < lo || v > hi {
		return 0, l.Errorf("%s = %d is out of range %d..%d", what, v, lo, hi)
	}
	return v, nil
}

// RestOfLine reports whether fields remain unread on the current line.
func (l *Lines) RestOfLine() []string { return l.pending }

// Err is the read error met so far, if any (an *InputError for an overlong
// line).
func (l *Lines) Err() error { return l.err }

// Errorf makes an *InputError at the current line and case.
func (l *Lines) Errorf(format string, args ...any) error {
	return l.errorAt(l.line, format, args...)
}

// ErrorfEOF makes an *InputError for input that ended too soon; it names
// the last line read.
func (l *Lines) ErrorfEOF(format string, args ...any) error {
	if l.err != nil {
		return l.err
	}
	return l.errorAt(l.line, "truncated input: "+format, args...)
}

func (l *Lines) errorAt(line int, format string, args ...any) error {
	return &InputError{File: l.file, Case: l.Case, Line: line, Msg: fmt.Sprintf(format, args...)}
}

func (l *Lines) fileName() string {
	if l.file == "" {
		return "<stdin>"
	}
	return l.file
}
