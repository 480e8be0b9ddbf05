package instances

import (
	"errors"
	"fmt"
)

// Loc says where a case came from: the file it was read from, its 1-based
// number in that file, and the 1-based line its text starts on.
type Loc struct {
	File string
	Case int
	Line int
}

// Location returns l; puzzle case types embed Loc to satisfy Case.
func (l Loc) Location() Loc { return l }

// SetLocation sets where the case came from: a case sent to a worker
// process as text and parsed there gets back the place it was read from.
func (l *Loc) SetLocation(loc Loc) { *l = loc }

// String formats l as "file: case N (line L)".
func (l Loc) String() string {
	file := l.File
	if file == "" {
		file = "<stdin>"
	}
	return fmt.Sprintf("%s: case %d (line %d)", file, l.Case, l.Line)
}

// InputError reports bad input: a wrong count, a bad character, a size out of
// range, a truncated file. It names the file, the case and the line, so that
// people can find the mistake; the command line turns it into exit status 2.
type InputError struct {
	File string
	Case int // 1-based; 0 when the error is not inside a case (say, the case count)
	Line int // 1-based; 0 at end of file
	Msg  string
}

func (e *InputError) Error() string {
	file := e.File
	if file == "" {
		file = "<stdin>"
	}
	where := file
	if e.Case > 0 {
		where += fmt.Sprintf(": case %d", e.Case)
	}
	if e.Line > 0 {
		where += fmt.Sprintf(": line %d", e.Line)
	} else {
		where += ": at end of file"
	}
	return where + ": " + e.Msg
}

// IsInputError reports whether err is, or wraps, an *InputError.
func IsInputError(err error) bool {
	var ie *InputError
	return errors.As(err, &ie)
}

// Case is one puzzle instance read from a file, whatever the puzzle.
type Case interface {
	// Location says where the case was read from.
	Location() Loc
	// SetLocation changes it (Loc provides both).
	SetLocation(Loc)
	// Size is the size as people write it: "7x7", "8x8", "N=10 K=3".
	Size() string
	// Cells is the number of cells, the x axis of size-against-time plots.
	Cells() int
}
