package instances

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"
)

// maxLine bounds one input line; longer lines are bad input, not a crash.
const maxLine = 1 << 20

// Lines reads a judge-format input line by line, keeping line numbers so that
// parsers can report where input is wrong. Its zero value is not usable; make
// one with NewLines.
type Lines struct {
	file  string
	sc    *bufio.Scanner
	line  int    // number of the last line returned
	text  string // the last line returned
	err   error
	back  bool // Unread was called: Next returns text again
	limit int  // the longest line read
	// Case is put into errors made by Errorf; parsers set it as they go.
	Case int
}

// NewLines reads r, naming it file in errors ("" means standard input),
// with lines of at most maxLine bytes.
func NewLines(file string, r io.Reader) *Lines { return newLinesLimit(file, r, maxLine) }

// newLinesLimit is NewLines with lines of at most limit bytes.
func newLinesLimit(file string, r io.Reader, limit int) *Lines {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64*1024), limit)
	return &Lines{file: file, sc: sc, limit: limit}
}

// File is the name given to NewLines.
func (l *Lines) File() string { return l.file }

// Line is the number of the line last read.
func (l *Lines) Line() int { return l.line }

// Next returns the next line with its trailing "\r" removed; ok is false at
// end of input or on a read error (then Err says which).
func (l *Lines) Next() (text string, ok bool) {
	if l.back {
		l.back = false
		l.line++
		return l.text, true
	}
	if l.err != nil {
		return "", false // a scanner past an error would hand out the rest as a line
	}
	if !l.sc.Scan() {
		if err := l.sc.Err(); err != nil && l.err == nil {
			if err == bufio.ErrTooLong {
				l.err = l.errorAt(l.line+1, "line longer than %d bytes", l.limit)
			} else {
				l.err = fmt.Errorf("reading %s: %w", l.fileName(), err)
			}
		}
		return "", false
	}
	if text := l.sc.Bytes(); !utf8.Valid(text) {
		col := 0
		for len(text) > 0 {
			r, size := utf8.DecodeRune(text)
			if r == utf8.RuneError && size <= 1 {
				break
			}
			text, col = text[size:], col+1
		}
		l.err = l.errorAt(l.line+1, "not UTF-8 text: byte 0x%02X at column %d", text[0], col+1)
		return "", false
	}
	l.line++
	l.text = strings.TrimRight(l.sc.Text(), "\r")
	if l.line == 1 {
		l.text = strings.TrimPrefix(l.text, bom)
	}
	return l.text, true
}

// Unread puts the line last returned by Next back: the next call returns
// it again, with the same number. Only one line can be put back.
func (l *Lines) Unread() {
	if l.line > 0 && !l.back {
		l.back = true
		l.line--
	}
}

// bom is the UTF-8 byte order mark some editors put at the start of a
// file; every format skips it.
const bom = "\ufeff"

// isComment reports whether a line is a comment: its first non-blank
// character is '#'. Every judge format skips comment lines (no format
// has '#' in its data).
func isComment(line string) bool { return strings.HasPrefix(strings.TrimSpace(line), "#") }

// Fields returns the white-space separated fields of the next line that
// holds something other than white space or a comment; ok is false at end
// of input (then Err says whether a read failed). Every judge format is
// read this way, a row per line: a row that wraps or a line that holds two
// rows is bad input, caught at its own line, rather than a board silently
// shifted by a cell.
func (l *Lines) Fields() (fields []string, ok bool) {
	for {
		t, ok := l.Next()
		if !ok {
			return nil, false
		}
		if f := strings.Fields(t); len(f) > 0 && !isComment(t) {
			return f, true
		}
	}
}

// Want returns the fields of the next content line, which must hold
// exactly n of them; what names the line in errors ("the header \"N K\"").
func (l *Lines) Want(n int, what string) ([]string, error) {
	f, ok := l.Fields()
	if !ok {
		return nil, l.ErrorfEOF("expected %s", what)
	}
	if len(f) != n {
		return nil, l.Errorf("%s: want %d field%s on the line, got %d", what, n, plural(n), len(f))
	}
	return f, nil
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// Int reads tok, a field of the current line, as an integer in [lo, hi];
// what names the value in errors ("the board size n"). A number too large
// for any integer type is out of range too, not "not an integer".
func (l *Lines) Int(tok, what string, lo, hi int) (int, error) {
	v, err := strconv.Atoi(tok)
	if err != nil {
		if errors.Is(err, strconv.ErrRange) {
			return 0, l.Errorf("%s = %s is out of range %d..%d", what, clipToken(tok), lo, hi)
		}
		return 0, l.Errorf("%s: %q is not an integer", what, clipToken(tok))
	}
	if v < lo || v > hi {
		return 0, l.Errorf("%s = %d is out of range %d..%d", what, v, lo, hi)
	}
	return v, nil
}

// clipToken shortens a token for an error message.
func clipToken(tok string) string {
	if len(tok) > 40 {
		return tok[:37] + "..."
	}
	return tok
}

// End checks that nothing but blank and comment lines follows the end of
// the input's cases; after says what ended them. Every format refuses
// trailing data the same way, so that a concatenated or miscounted file is
// noticed rather than half read.
func (l *Lines) End(after string) error {
	if f, ok := l.Fields(); ok {
		l.Case = 0
		return l.Errorf("unexpected %q after %s (trailing data)", clipToken(f[0]), after)
	}
	return l.Err()
}

// NoCases is the error for an input that holds no case at all: bad input,
// since a run over nothing is surely a mistake.
func (l *Lines) NoCases() error {
	if l.err != nil {
		return l.err
	}
	return &InputError{File: l.file, Line: 0, Msg: "no cases in the input"}
}

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
