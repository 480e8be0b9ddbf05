package instances

import (
	"fmt"
	"strings"
	"testing"
)

func TestInputErrorNamesFileCaseLine(t *testing.T) {
	tests := []struct {
		err  *InputError
		want string
	}{
		{&InputError{File: "a.txt", Case: 2, Line: 7, Msg: "bad"}, "a.txt: case 2: line 7: bad"},
		{&InputError{File: "", Case: 0, Line: 1, Msg: "bad"}, "<stdin>: line 1: bad"},
		{&InputError{File: "b", Case: 3, Line: 0, Msg: "short"}, "b: case 3: at end of file: short"},
	}
	for _, tt := range tests {
		if got := tt.err.Error(); got != tt.want {
			t.Errorf("Error() = %q, want %q", got, tt.want)
		}
		if !IsInputError(fmt.Errorf("wrapped: %w", tt.err)) {
			t.Errorf("IsInputError lost a wrapped %v", tt.err)
		}
	}
}

func TestLinesFields(t *testing.T) {
	l := NewLines("f", strings.NewReader("\ufeff3 4\r\n\n  # a comment\n 5\nx\n"))
	f, err := l.Want(2, "the header")
	if err != nil || f[0] != "3" || f[1] != "4" {
		t.Fatalf("Want(2) = %q, %v (the BOM must be skipped)", f, err)
	}
	if _, err := l.Want(2, "the header"); err == nil || !strings.Contains(err.Error(), "line 4: the header: want 2 fields on the line, got 1") {
		t.Errorf("short line: %v (the comment line must be skipped)", err)
	}
	f, ok := l.Fields()
	if !ok || l.Line() != 5 {
		t.Fatalf("Fields = %q, %v at line %d", f, ok, l.Line())
	}
	if _, err := l.Int(f[0], "v", 0, 9); err == nil || !strings.Contains(err.Error(), "line 5: v: \"x\" is not an integer") {
		t.Errorf("bad token error = %v", err)
	}
	if _, err := l.Want(1, "the size"); err == nil || !strings.Contains(err.Error(), "truncated input: expected the size") {
		t.Errorf("EOF error = %v", err)
	}
}

func TestLinesInt(t *testing.T) {
	tests := []struct{ tok, want string }{
		{"12", "f: case 4: line 1: n = 12 is out of range 1..7"},
		{"-3", "f: case 4: line 1: n = -3 is out of range 1..7"},
		{"99999999999999999999", "f: case 4: line 1: n = 99999999999999999999 is out of range 1..7"},
		{"1e3", `f: case 4: line 1: n: "1e3" is not an integer`},
	}
	for _, tt := range tests {
		l := NewLines("f", strings.NewReader(tt.tok))
		l.Case = 4
		l.Fields()
		if _, err := l.Int(tt.tok, "n", 1, 7); err == nil || err.Error() != tt.want {
			t.Errorf("Int(%q): got %v, want %s", tt.tok, err, tt.want)
		}
	}
}

func TestLinesEndAndNoCases(t *testing.T) {
	l := NewLines("f", strings.NewReader("1\n\n# done\n"))
	l.Fields()
	if err := l.End("the cases"); err != nil {
		t.Errorf("blank and comment lines after the end: %v", err)
	}
	l = NewLines("f", strings.NewReader("1\n\n2 3\n"))
	l.Fields()
	l.Case = 3
	if err := l.End("the cases"); err == nil || err.Error() != `f: line 3: unexpected "2" after the cases (trailing data)` {
		t.Errorf("trailing data: %v", err)
	}
	if err := NewLines("f", strings.NewReader("")).NoCases(); err == nil || err.Error() != "f: at end of file: no cases in the input" {
		t.Errorf("NoCases: %v", err)
	}
}
