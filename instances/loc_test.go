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

func TestLinesTokensAcrossLines(t *testing.T) {
	l := NewLines("f", strings.NewReader("3 4\r\n\n 5\nx\n"))
	for _, want := range []int{3, 4, 5} {
		got, err := l.Int("v", 0, 9)
		if err != nil || got != want {
			t.Fatalf("Int = %d, %v; want %d", got, err, want)
		}
	}
	if l.Line() != 3 {
		t.Errorf("Line = %d, want 3", l.Line())
	}
	_, err := l.Int("v", 0, 9)
	if err == nil || !strings.Contains(err.Error(), "line 4") || !strings.Contains(err.Error(), "not an integer") {
		t.Errorf("bad token error = %v", err)
	}
	_, err = l.Int("the size", 0, 9)
	if err == nil || !strings.Contains(err.Error(), "truncated") {
		t.Errorf("EOF error = %v", err)
	}
}

func TestLinesRangeError(t *testing.T) {
	l := NewLines("f", strings.NewReader("12"))
	l.Case = 4
	_, err := l.Int("n", 1, 7)
	if err == nil || err.Error() != "f: case 4: line 1: n = 12 is out of range 1..7" {
		t.Errorf("got %v", err)
	}
}
