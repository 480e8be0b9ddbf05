package drat

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestParseText(t *testing.T) {
	tests := []struct {
		name, in string
		want     []Step
		wantErr  string
	}{
		{"empty", "", nil, ""},
		{"lemmas", "1 -2 0\n3 0\n0\n", []Step{{Lemma, []int{1, -2}, 1}, {Lemma, []int{3}, 2}, {Lemma, nil, 3}}, ""},
		{"delete and comment", "c hi\nd 1 2 0\n  2 0", []Step{{Delete, []int{1, 2}, 2}, {Lemma, []int{2}, 3}}, ""},
		{"spans lines", "1\n2 0 3 0\n", []Step{{Lemma, []int{1, 2}, 1}, {Lemma, []int{3}, 2}}, ""},
		{"crlf", "1 0\r\nd 1 0\r\n", []Step{{Lemma, []int{1}, 1}, {Delete, []int{1}, 2}}, ""},
		{"unterminated", "1 2 0\n3 4\n", nil, "line 2: clause not terminated"},
		{"bad token", "1 x 0\n", nil, "line 1: unexpected character 'x'"},
		{"glued", "1 2-3 0\n", nil, `line 1: bad literal "2-3"`},
		{"minus zero", "1 -0\n", nil, `bad literal "-0"`},
		{"huge", "99999999999 0\n", nil, "out of range"},
		{"d inside", "1 d 2 0\n", nil, "unexpected character 'd'"},
		{"d glued", "d1 0\n", nil, "after d"},
		{"lone minus", "- 1 0\n", nil, `bad literal "-"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ParseText(strings.NewReader(tt.in))
			checkParsed(t, got, err, tt.want, tt.wantErr)
		})
	}
}

// checkParsed fails t unless a parse gave err containing wantErr (when set)
// or exactly the steps want; it reports whether the parse succeeded, so
// that a caller may check more.
func checkParsed(t *testing.T, got []Step, err error, want []Step, wantErr string) bool {
	t.Helper()
	if wantErr != "" {
		if err == nil || !strings.Contains(err.Error(), wantErr) {
			t.Fatalf("err = %v, want %q", err, wantErr)
		}
		return false
	}
	if err != nil {
		t.Fatal(err)
	}
	if !sameSteps(got, want, true) {
		t.Fatalf("got %v, want %v", got, want)
	}
	return true
}

func TestParseBinary(t *testing.T) {
	tests := []struct {
		name    string
		in      []byte
		want    []Step
		wantErr string
	}{
		{"lemma and delete", []byte{'a', 2, 5, 0, 'd', 2, 0}, []Step{{Lemma, []int{1, -2}, 1}, {Delete, []int{1}, 2}}, ""},
		{"two byte literal", []byte{'a', 0x80 | 0x10, 0x01, 0}, []Step{{Lemma, []int{(0x10 | 0x80) >> 1}, 1}}, ""},
		{"empty clause", []byte{'a', 0}, []Step{{Lemma, nil, 1}}, ""},
		{"truncated", []byte{'a', 2, 4}, nil, "step 1 (byte 3): truncated"},
		{"bad lead", []byte{'a', 2, 0, 'x', 0}, nil, "step 2 (byte 3): want 'a' or 'd'"},
		{"var zero", []byte{'a', 1, 0}, nil, "bad literal code 1"},
		{"too long", []byte{'a', 0xff, 0xff, 0xff, 0xff, 0xff, 0x01, 0}, nil, "too long"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ParseBinary(bytes.NewReader(tt.in))
			if !checkParsed(t, got, err, tt.want, tt.wantErr) {
				return
			}
			back, err := Parse(bytes.NewReader(tt.in))
			if err != nil || !sameSteps(back, tt.want, true) {
				t.Fatalf("Parse did not detect binary: %v, %v", back, err)
			}
		})
	}
}

func TestParseDetects(t *testing.T) {
	tests := []struct {
		name   string
		in     string
		binary bool
		want   []Step
	}{
		{"empty", "", false, nil},
		{"text", "1 -2 0\n", false, []Step{lemma(1, -2)}},
		{"comment with punctuation", "c k=6 (cube 3 of 84)\n1 0\n", false, []Step{lemma(1)}},
		{"text deletion first", "d 1 0\n2 0\n", false, []Step{del(1), lemma(2)}},
		{"text deletion spanning lines", "d\n1 0\n", false, []Step{del(1)}},
		{"binary lemma", "a\x02\x00", true, []Step{lemma(1)}},
		{"binary deletion", "d\x02\x00", true, []Step{del(1)}},
		{"binary deletion of 16 and 5", "d \n\x00", true, []Step{del(16, 5)}},
		{"binary deletion of 16 reading as text", "d 0 c\x00", true, []Step{del(16, 24, 16, -49)}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := IsBinary([]byte(tt.in)); got != tt.binary {
				t.Errorf("IsBinary = %v, want %v", got, tt.binary)
			}
			got, err := Parse(strings.NewReader(tt.in))
			if err != nil || !sameSteps(got, tt.want, false) {
				t.Fatalf("Parse = %v, %v, want %v", got, err, tt.want)
			}
		})
	}
}

func TestWriteRefusesInput(t *testing.T) {
	steps := []Step{lemma(1), input(2)}
	for name, write := range map[string]func(*bytes.Buffer, []Step) error{
		"text":   func(b *bytes.Buffer, s []Step) error { return WriteText(b, s) },
		"binary": func(b *bytes.Buffer, s []Step) error { return WriteBinary(b, s) },
	} {
		var b bytes.Buffer
		if err := write(&b, steps); err == nil || !strings.Contains(err.Error(), "step 1") {
			t.Errorf("%s: err = %v, want a refusal of step 1", name, err)
		}
		proof, inputs := SplitInputs(steps)
		if err := write(&b, proof); err != nil || len(inputs) != 1 {
			t.Errorf("%s: after SplitInputs: %v, %v", name, err, inputs)
		}
		if !sameSteps(proof, []Step{lemma(1), lemma()}, false) {
			t.Errorf("%s: SplitInputs gave %v, want the lemma and the empty clause", name, proof)
		}
	}
}

// sameSteps compares kinds and literals (and lines when asked).
func sameSteps(a, b []Step, lines bool) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].Kind != b[i].Kind || !slices.Equal(a[i].Lits, b[i].Lits) || (lines && a[i].Line != b[i].Line) {
			return false
		}
	}
	return true
}

// seeds adds testdata/*.drat (text) and *.bdrat (binary) as fuzz seeds.
func seeds(f *testing.F, pattern string) {
	files, _ := filepath.Glob(filepath.Join("testdata", pattern))
	if len(files) == 0 {
		f.Fatalf("no seeds testdata/%s", pattern)
	}
	for _, p := range files {
		data, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
}

func FuzzParseText(f *testing.F) {
	seeds(f, "*.drat")
	f.Fuzz(func(t *testing.T, data []byte) {
		steps, err := ParseText(bytes.NewReader(data))
		if err != nil {
			return
		}
		roundTrip(t, steps)
	})
}

func FuzzParseBinary(f *testing.F) {
	seeds(f, "*.bdrat")
	f.Fuzz(func(t *testing.T, data []byte) {
		steps, err := ParseBinary(bytes.NewReader(data))
		if err != nil {
			return
		}
		roundTrip(t, steps)
		if _, err := Parse(bytes.NewReader(data)); err != nil && len(steps) > 0 && data[0] == 'd' {
			return // a binary deletion may read as text; Parse's guess, not an error of ParseBinary
		}
	})
}

// roundTrip writes steps in both forms and reads them back unchanged.
func roundTrip(t *testing.T, steps []Step) {
	var text, bin bytes.Buffer
	if err := WriteText(&text, steps); err != nil {
		t.Fatalf("WriteText: %v", err)
	}
	if err := WriteBinary(&bin, steps); err != nil {
		t.Fatalf("WriteBinary: %v", err)
	}
	fromText, err := Parse(bytes.NewReader(text.Bytes()))
	if err != nil || !sameSteps(fromText, steps, false) {
		t.Fatalf("text round trip: %v, %v, want %v", fromText, err, steps)
	}
	fromBin, err := Parse(bytes.NewReader(bin.Bytes()))
	if err != nil || !sameSteps(fromBin, steps, false) {
		t.Fatalf("binary round trip: %v, %v, want %v", fromBin, err, steps)
	}
}
