package instances

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// slantSample is a seed-style judge input made for these tests: a 3x3 with
// a unique solution and a 4x4 with its solution's every clue.
const slantSample = `2
3
.1..
1.3.
..1.
.0..
4
01.1.
.2.2.
12.31
.32..
.0.1.
`

func TestParseSlantJudgeSample(t *testing.T) {
	cases, err := ParseSlant("sample.txt", strings.NewReader(slantSample))
	if err != nil {
		t.Fatal(err)
	}
	if len(cases) != 2 {
		t.Fatalf("%d cases, want 2", len(cases))
	}
	tests := []struct {
		k          int
		size       string
		cells      int
		line       int
		clueR      int
		clueC      int
		clue       int
		cluesGiven int
	}{
		{0, "3x3", 9, 2, 1, 2, 3, 5},
		{1, "4x4", 16, 7, 2, 4, 1, 13},
	}
	for _, tt := range tests {
		s := cases[tt.k]
		if s.Size() != tt.size || s.Cells() != tt.cells {
			t.Errorf("case %d: size %s cells %d, want %s %d", tt.k+1, s.Size(), s.Cells(), tt.size, tt.cells)
		}
		if loc := s.Location(); loc.File != "sample.txt" || loc.Case != tt.k+1 || loc.Line != tt.line {
			t.Errorf("case %d: location %+v, want case %d line %d", tt.k+1, loc, tt.k+1, tt.line)
		}
		if got := s.Clue(tt.clueR, tt.clueC); got != tt.clue {
			t.Errorf("case %d: clue (%d,%d) = %d, want %d", tt.k+1, tt.clueR, tt.clueC, got, tt.clue)
		}
		given := 0
		for _, v := range s.Clues {
			if v >= 0 {
				given++
			}
		}
		if given != tt.cluesGiven {
			t.Errorf("case %d: %d clues, want %d", tt.k+1, given, tt.cluesGiven)
		}
	}
}

func TestParseSlantJudgeErrors(t *testing.T) {
	tests := []struct {
		name, input string
		caseNo      int
		line        int
		msg         string
	}{
		{"empty", "", 0, 0, "no cases"},
		{"bad count", "-1\n", 0, 1, "out of range"},
		{"bad n", "1\nx\n", 1, 2, "not an integer"},
		{"n zero", "1\n0\n.\n", 1, 2, "out of range"},
		{"n too big", "1\n99999999999\n", 1, 2, "out of range"},
		{"n past the corners", "1\n40000\n", 1, 2, "more than 1073741824 corners"},
		{"n big, row short", "1\n30000\n...\n", 1, 3, "want n+1 = 30001"},
		{"bad char", "1\n1\n.x\n..\n", 1, 3, "bad character"},
		{"clue five", "1\n1\n..\n.5\n", 1, 4, "out of range 0..4"},
		{"short row", "1\n2\n...\n..\n...\n", 1, 4, "has 2 characters"},
		{"long row", "1\n1\n...\n..\n", 1, 3, "has 3 characters"},
		{"accented corner", "1\n1\n.\u00e9\n..\n", 1, 3, "column 2: bad character '\u00e9'"},
		{"byte 0xFF", "1\n1\n.\xff\n..\n", 1, 3, "not UTF-8 text: byte 0xFF at column 2"},
		{"truncated rows", "1\n2\n...\n...\n", 1, 4, "truncated"},
		{"missing case", "2\n1\n..\n..\n", 2, 4, "truncated"},
		{"extra case", "1\n1\n..\n..\n1\n..\n..\n", 0, 5, "after the 1 cases announced (trailing data)"},
		{"no cases", "0\n", 0, 1, "no cases"},
		{"count huge", "99999999999999999999\n", 0, 1, "out of range"},
		{"two rows on a line", "1\n1\n.. ..\n", 1, 3, "want 1 field on the line, got 2"},
		{"only a BOM", "\ufeff", 0, 0, "no cases"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParseSlant("in.txt", strings.NewReader(tt.input))
			var ie *InputError
			if !errors.As(err, &ie) {
				t.Fatalf("error %v is not an *InputError", err)
			}
			if ie.File != "in.txt" || ie.Case != tt.caseNo || ie.Line != tt.line || !strings.Contains(ie.Msg, tt.msg) {
				t.Errorf("got %q (case %d line %d), want case %d line %d containing %q", err, ie.Case, ie.Line, tt.caseNo, tt.line, tt.msg)
			}
		})
	}
}

func TestParseSlantReturnsCasesBeforeError(t *testing.T) {
	cases, err := ParseSlant("f", strings.NewReader("3\n1\n..\n..\n1\n.1\n..\n1\n..\n"))
	if err == nil || !IsInputError(err) {
		t.Fatalf("err = %v, want an input error", err)
	}
	if len(cases) != 2 {
		t.Errorf("%d cases before the error, want 2", len(cases))
	}
}

func TestParseSlantIDs(t *testing.T) {
	input := "# comment\n" +
		"3x2:a1b2b3d\n" +
		"\n" +
		"2x2de:0h\n" +
		"2dh:i\n" +
		"s1\t2\t1\tb1c\t\\/\t# givens=1\n" +
		"s2\t1\t1\t1c\t\t# no answer\n"
	cases, err := ParseSlant("ids.txt", strings.NewReader(input))
	if err != nil {
		t.Fatal(err)
	}
	if len(cases) != 5 {
		t.Fatalf("%d cases, want 5", len(cases))
	}
	if s := cases[0]; s.Size() != "3x2" || s.Clue(0, 1) != 1 || s.Clue(1, 0) != 2 || s.Clue(1, 3) != 3 || s.Location().Line != 2 {
		t.Errorf("case 1 = %+v", s)
	}
	if s := cases[1]; s.Size() != "2x2" || s.Clue(0, 0) != 0 || s.Clue(2, 2) != -1 {
		t.Errorf("case 2 = %+v", s)
	}
	if s := cases[2]; s.Size() != "2x2" || s.Location().Case != 3 {
		t.Errorf("case 3 = %+v", s)
	}
	if s := cases[3]; s.Name != "s1" || s.Size() != "2x1" || s.Clue(0, 2) != 1 || s.Expected != "\\/" {
		t.Errorf("case 4 = %+v", s)
	}
	if s := cases[4]; s.Name != "s2" || s.Expected != "" || s.Clue(0, 0) != 1 {
		t.Errorf("case 5 = %+v", s)
	}
}

func TestParseSlantIDErrors(t *testing.T) {
	tests := []struct{ name, input, msg string }{
		{"no colon", "3x3\n", "want WxH:description"},
		{"short desc", "2x2:a1\n", "covers 2 of the 9"},
		{"long desc", "1x1:e\n", "more than the 4 corners"},
		{"bad char", "1x1:a!b\n", "bad character"},
		{"clue six", "1x1:6c\n", "out of range 0..4"},
		{"size zero", "0x3:a\n", "out of range"},
		{"size big", "99999999999x1:a\n", "out of range"},
		{"size past the corners", "40000x40000:a\n", "more than 1073741824 corners"},
		{"size past the description", "201x1:a\n", "cannot cover the 404 corners"},
		{"suite size past the description", "n\t3000\t3000\tzz\t\n", "cannot cover"},
		{"bad suffix", "2x2dx:i\n", "unknown suffix"},
		{"suite few fields", "n\t2\t2\n", "tab-separated fields"},
		{"suite answer length", "n\t1\t1\td\t\\/\n", "answer has 2"},
		{"suite answer char", "n\t1\t1\td\tx\n", "bad character"},
		{"suite answer no solution", "p1\t2\t2\td4d\t////\n", "no solution of the clues"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParseSlant("ids", strings.NewReader("1x1:d\n"+tt.input))
			var ie *InputError
			if !errors.As(err, &ie) {
				t.Fatalf("error %v is not an *InputError", err)
			}
			if ie.Case != 2 || ie.Line != 2 || !strings.Contains(ie.Msg, tt.msg) {
				t.Errorf("got %q, want case 2 line 2 containing %q", err, tt.msg)
			}
		})
	}
}

func TestSlantFormatsRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	var squares []*Slant
	for _, n := range []int{1, 2, 5, 9} {
		s, _ := PlantSlant(rng, n, n, 0.5)
		squares = append(squares, s)
		back, err := ParseSlant("id", strings.NewReader(SlantGameID(s)+"\n"))
		if err != nil {
			t.Fatalf("game ID %q: %v", SlantGameID(s), err)
		}
		if !bytes.Equal(int8Bytes(back[0].Clues), int8Bytes(s.Clues)) {
			t.Errorf("game ID %q round trip changed the clues", SlantGameID(s))
		}
	}
	var buf bytes.Buffer
	if err := FormatSlant(&buf, squares); err != nil {
		t.Fatal(err)
	}
	back, err := ParseSlant("judge", &buf)
	if err != nil || len(back) != len(squares) {
		t.Fatalf("judge round trip: %d cases, %v", len(back), err)
	}
	for i := range back {
		if !bytes.Equal(int8Bytes(back[i].Clues), int8Bytes(squares[i].Clues)) {
			t.Errorf("case %d: judge round trip changed the clues", i+1)
		}
	}
	if err := FormatSlant(io.Discard, []*Slant{NewSlant(2, 3)}); err == nil {
		t.Error("FormatSlant accepted a 2x3 board")
	}
}

func int8Bytes(v []int8) []byte {
	b := make([]byte, len(v))
	for i, x := range v {
		b[i] = byte(x)
	}
	return b
}

func TestVerifySlant(t *testing.T) {
	// 2x2 board; the diamond "/\ \/" closes a loop round the centre.
	full := func(cells string) *Slant {
		s := NewSlant(2, 2)
		s.Clues = SlantClues(2, 2, []byte(cells))
		return s
	}
	good := `\\/\`
	tests := []struct {
		name  string
		s     *Slant
		cells string
		msg   string
	}{
		{"valid", full(good), good, ""},
		{"valid no clues", NewSlant(2, 2), `////`, ""},
		{"loop", NewSlant(2, 2), `/\\/`, "closes a loop"},
		{"wrong count", full(good), `\\//`, "touches"},
		{"bad char", NewSlant(2, 2), `/x//`, "holds"},
		{"short", NewSlant(2, 2), `///`, "has 3 cells"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := VerifySlant(tt.s, []byte(tt.cells))
			if tt.msg == "" {
				if err != nil {
					t.Fatalf("valid solution rejected: %v", err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tt.msg) {
				t.Errorf("err = %v, want one containing %q", err, tt.msg)
			}
		})
	}
}

func TestParseSlantAnswer(t *testing.T) {
	s := NewSlant(3, 2)
	tests := []struct {
		text, want, msg string
	}{
		{"\\//\n/\\/", `\///\/`, ""},
		{"\\//\r\n/\\/\n", `\///\/`, ""},
		{"\\//", "", "1 lines, want 2"},
		{"", "", "0 lines, want 2"},
		{"\\/\n/\\/", "", "line 1 has 2"},
		{"\\/|\n/\\/", "", "bad character"},
		// A "\r" that ends no line, and blank lines after the answer,
		// are not what the judge prints (red-team pass).
		{"\r\\//\n/\\/", "", "ends no line"},
		{"\\/\r/\n/\\/", "", "ends no line"},
		{"\\//\n/\\/\n\n", "", "3 lines, want 2"},
		{"\\//\r\n/\\/\r\n", `\///\/`, ""},
	}
	for _, tt := range tests {
		got, err := ParseSlantAnswer(s, tt.text)
		if tt.msg == "" {
			if err != nil || string(got) != tt.want {
				t.Errorf("ParseSlantAnswer(%q) = %q, %v; want %q", tt.text, got, err, tt.want)
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), tt.msg) {
			t.Errorf("ParseSlantAnswer(%q) err = %v, want %q", tt.text, err, tt.msg)
		}
	}
	if got := FormatSlantAnswer(3, 2, []byte(`\///\/`)); got != "\\//\n/\\/" {
		t.Errorf("FormatSlantAnswer = %q", got)
	}
}

// bruteCountSlant is BruteSlant as a SlantCounter.
func bruteCountSlant(s *Slant, limit int) int {
	n, err := BruteSlant(s, limit)
	if err != nil {
		panic(err)
	}
	return n
}

func TestRandomSlantFillIsLoopFree(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for _, sz := range [][2]int{{1, 1}, {3, 7}, {10, 10}, {40, 25}} {
		for k := 0; k < 5; k++ {
			cells := RandomSlantFill(rng, sz[0], sz[1])
			s := NewSlant(sz[0], sz[1])
			s.Clues = SlantClues(sz[0], sz[1], cells)
			if err := VerifySlant(s, cells); err != nil {
				t.Fatalf("%dx%d fill: %v", sz[0], sz[1], err)
			}
		}
	}
}

func TestGenerateSlantUniqueAndMinimal(t *testing.T) {
	for _, sz := range [][2]int{{2, 2}, {3, 3}, {4, 3}} {
		rng := rand.New(rand.NewPCG(7, uint64(sz[0])))
		s, sol, err := GenerateSlant(rng, sz[0], sz[1], true, bruteCountSlant)
		if err != nil {
			t.Fatal(err)
		}
		if err := VerifySlant(s, sol); err != nil {
			t.Fatalf("%s: generated solution invalid: %v", s.Size(), err)
		}
		if n := bruteCountSlant(s, 3); n != 1 {
			t.Fatalf("%s: %d solutions, want 1", s.Size(), n)
		}
		// Minimal: removing any clue left allows a second solution.
		for p, v := range s.Clues {
			if v < 0 {
				continue
			}
			s.Clues[p] = -1
			if bruteCountSlant(s, 2) != 2 {
				t.Errorf("%s: clue at corner %d is not needed", s.Size(), p)
			}
			s.Clues[p] = v
		}
		rng2 := rand.New(rand.NewPCG(7, uint64(sz[0])))
		s2, _, _ := GenerateSlant(rng2, sz[0], sz[1], true, bruteCountSlant)
		if SlantGameID(s) != SlantGameID(s2) {
			t.Errorf("%s: same seed, different puzzles %s and %s", s.Size(), SlantGameID(s), SlantGameID(s2))
		}
	}
	if _, _, err := GenerateSlant(rand.New(rand.NewPCG(1, 1)), 0, 3, true, bruteCountSlant); err == nil {
		t.Error("GenerateSlant accepted size 0x3")
	}
}

func TestRenderSlant(t *testing.T) {
	cases, err := ParseSlant("", strings.NewReader(slantSample))
	if err != nil {
		t.Fatal(err)
	}
	s := cases[0]
	for _, cells := range [][]byte{nil, []byte(`\\\///\\\`)} {
		var buf bytes.Buffer
		if err := RenderSlant(&buf, s, cells); err != nil {
			t.Fatal(err)
		}
		d := xml.NewDecoder(&buf)
		var grid, diagonals, digits, xs int
		var rings []int // clue dots per circle layer
		inText := false
		for {
			tok, err := d.Token()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatalf("SVG not well formed: %v", err)
			}
			switch tok := tok.(type) {
			case xml.StartElement:
				attr := attrMap(tok)
				switch tok.Name.Local {
				case "path":
					if attr["stroke-linecap"] == "round" && strings.Contains(attr["d"], "h0") {
						rings = append(rings, strings.Count(attr["d"], "h0"))
						continue
					}
					grid += strings.Count(attr["d"], "H") + strings.Count(attr["d"], "V")
					diagonals += strings.Count(attr["d"], "l")
				case "text":
					inText = true
					xs += len(strings.Fields(attr["x"]))
				}
			case xml.CharData:
				if inText {
					digits += len(strings.TrimSpace(string(tok)))
				}
			case xml.EndElement:
				inText = false
			}
		}
		clues := 0
		for _, v := range s.Clues {
			if v >= 0 {
				clues++
			}
		}
		// Each digit has its own x, and each clue a ring in both layers.
		if grid != 4+4 || diagonals != len(cells) || len(rings) != 2 || rings[0] != clues || rings[1] != clues || digits != clues || xs != clues {
			t.Errorf("%d grid lines, %d diagonals, clue rings %v, %d digits at %d x values; want 8, %d, [%d %d], %d", grid, diagonals, rings, digits, xs, len(cells), clues, clues, clues)
		}
	}
	if err := RenderSlant(io.Discard, s, []byte(`\`)); err == nil {
		t.Error("RenderSlant accepted a 1-cell solution for a 3x3")
	}
}

// The bundled slant sets and the test fixtures parse, and every case has
// the size its file name promises.
func TestSlantFixturesParse(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("testdata", "slant*.txt"))
	for _, set := range Sets("slant") {
		files = append(files, set.Path)
	}
	if len(files) == 0 {
		t.Skip("no slant fixtures")
	}
	for _, f := range files {
		var data []byte
		var err error
		if strings.HasPrefix(f, "sets/") {
			data, err = ReadSet(f)
		} else {
			data, err = os.ReadFile(f)
		}
		if err != nil {
			t.Fatal(err)
		}
		cases, err := ParseSlant(f, bytes.NewReader(data))
		if err != nil {
			t.Errorf("%s: %v", f, err)
		}
		if len(cases) == 0 {
			t.Errorf("%s: no cases", f)
		}
	}
}

// checkParsedSlant holds the invariants of every parsed case.
func checkParsedSlant(t *testing.T, cases []*Slant, err error) {
	if err != nil && !IsInputError(err) {
		t.Fatalf("error %v is not an input error", err)
	}
	for _, s := range cases {
		if CheckSlantSize(s.W, s.H) != nil || len(s.Clues) != (s.W+1)*(s.H+1) {
			t.Fatalf("bad case %+v", s)
		}
		for _, v := range s.Clues {
			if v < -1 || v > 4 {
				t.Fatalf("clue %d out of range", v)
			}
		}
		if s.Expected != "" {
			if _, err := ParseSlantAnswer(s, s.Expected); err != nil {
				t.Fatalf("expected answer %q unreadable: %v", s.Expected, err)
			}
		}
	}
}

func FuzzParseSlantJudge(f *testing.F) {
	f.Add(slantSample)
	f.Add("1\n1\n..\n.4\n")
	f.Add("2\n1\n..\n..\n")
	f.Add("# c\n1\n2 ... ... ...")
	f.Fuzz(func(t *testing.T, input string) {
		cases, err := slantJudge("fuzz", strings.NewReader(input))
		checkParsedSlant(t, cases, err)
		if err == nil && len(cases) > 0 && cases[0].W == cases[0].H {
			var buf bytes.Buffer
			if err := FormatSlant(&buf, cases); err != nil {
				t.Fatal(err)
			}
			back, err := slantJudge("again", &buf)
			if err != nil || len(back) != len(cases) {
				t.Fatalf("re-reading the formatted cases: %v", err)
			}
		}
	})
}

func FuzzParseSlantIDs(f *testing.F) {
	f.Add("3x2:a1b2b3d\n")
	f.Add("2x2de:0h\n2dh:i\n")
	f.Add("s1\t2\t1\tb1c\t\\/\t# givens=1\n")
	f.Add("n\t1\t1\td\t\t# none\n")
	f.Fuzz(func(t *testing.T, input string) {
		cases, err := slantIDs("fuzz", strings.NewReader(input))
		checkParsedSlant(t, cases, err)
		for _, s := range cases {
			back, err := slantIDs("again", strings.NewReader(SlantGameID(s)))
			if err != nil || len(back) != 1 || !bytes.Equal(int8Bytes(back[0].Clues), int8Bytes(s.Clues)) {
				t.Fatalf("game ID %q does not round trip: %v", SlantGameID(s), err)
			}
		}
	})
}

// countingZeros yields zero bytes, up to left, counting what was read.
type countingZeros struct{ left, read int64 }

func (z *countingZeros) Read(p []byte) (int, error) {
	if z.left <= 0 {
		return 0, io.EOF
	}
	n := int64(len(p))
	if n > z.left {
		n = z.left
	}
	clear(p[:n])
	z.left -= n
	z.read += n
	return int(n), nil
}

// ParseSlant reads like the queens and chain parsers, a bounded line at a
// time: /dev/zero (one endless line) is bad input at line 1 after little
// more than the line limit, not a read of the whole stream.
func TestParseSlantBoundedLine(t *testing.T) {
	for _, prefix := range []string{"", "# a comment\n\n", "3x3:"} {
		z := &countingZeros{left: 64 << 20}
		cases, err := ParseSlant("zeros", io.MultiReader(strings.NewReader(prefix), z))
		var ie *InputError
		if !errors.As(err, &ie) || ie.File != "zeros" || !strings.Contains(ie.Msg, "longer than") {
			t.Fatalf("prefix %q: %v, %v; want an input error naming the file and an overlong line", prefix, cases, err)
		}
		if want := strings.Count(prefix, "\n") + 1; ie.Line != want {
			t.Errorf("prefix %q: error at line %d, want %d", prefix, ie.Line, want)
		}
		if z.read > 2*maxSlantLine {
			t.Errorf("prefix %q: read %d MiB of an endless line, limit %d MiB", prefix, z.read>>20, maxSlantLine>>20)
		}
	}
}

// Boards past the old cap of 200 read back as written, in both formats:
// a 250x7 game ID, a 300x300 judge case, and a 1100x1000 game ID longer
// than the 1 MiB lines of the other formats, planted, with their planted
// fillings verified against the boards read.
func TestParseSlantPast200(t *testing.T) {
	rng := rand.New(rand.NewPCG(23, 1))
	tests := []struct {
		w, h    int
		judge   bool
		density float64
	}{{250, 7, false, 0.5}, {7, 250, false, 0.5}, {300, 300, true, 0.5}, {300, 300, false, 0.5}, {1100, 1000, false, 1}}
	for _, tt := range tests {
		s, cells := PlantSlant(rng, tt.w, tt.h, tt.density)
		var buf bytes.Buffer
		if tt.judge {
			if err := FormatSlant(&buf, []*Slant{s}); err != nil {
				t.Fatal(err)
			}
		} else {
			buf.WriteString(SlantGameID(s) + "\n")
		}
		if tt.w == 1100 && buf.Len() <= maxLine {
			t.Fatalf("the 1100x1000 game ID is %d bytes, no longer than %d", buf.Len(), maxLine)
		}
		cases, err := ParseSlant("big", &buf)
		if err != nil {
			t.Fatalf("%s judge=%v: %v", s.Size(), tt.judge, err)
		}
		got := cases[0]
		if got.W != tt.w || got.H != tt.h || !bytes.Equal(int8Bytes(got.Clues), int8Bytes(s.Clues)) {
			t.Fatalf("%s judge=%v: read back as %s with other clues", s.Size(), tt.judge, got.Size())
		}
		if err := VerifySlant(got, cells); err != nil {
			t.Fatalf("%s: planted filling fails: %v", s.Size(), err)
		}
	}
}

// FuzzParseSlant: the sniffing entry point gives what the parser of the
// format it picks gives.
func FuzzParseSlant(f *testing.F) {
	f.Add(slantSample)
	f.Add("# c\n\n3x2:a1b2b3d\n")
	f.Add("\ufeff1\n1\n..\n.4\n")
	f.Add("s1\t2\t1\tb1c\t\\/\t# givens=1\n")
	f.Add("-1\n")
	f.Fuzz(func(t *testing.T, input string) {
		cases, err := ParseSlant("fuzz", strings.NewReader(input))
		checkParsedSlant(t, cases, err)
		judge, jerr := slantJudge("fuzz", strings.NewReader(input))
		ids, ierr := slantIDs("fuzz", strings.NewReader(input))
		if !(sameSlants(cases, judge) && fmt.Sprint(err) == fmt.Sprint(jerr)) && !(sameSlants(cases, ids) && fmt.Sprint(err) == fmt.Sprint(ierr)) {
			t.Fatalf("ParseSlant gives %d cases, %v; the judge parser %d, %v; the ID parser %d, %v", len(cases), err, len(judge), jerr, len(ids), ierr)
		}
	})
}

func sameSlants(a, b []*Slant) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].W != b[i].W || a[i].H != b[i].H || !bytes.Equal(int8Bytes(a[i].Clues), int8Bytes(b[i].Clues)) || a[i].Loc != b[i].Loc {
			return false
		}
	}
	return true
}

// slantJudge reads the judge format alone, as ParseSlant does once it has
// seen a judge file's first line.
func slantJudge(file string, r io.Reader) ([]*Slant, error) {
	return parseSlantJudge(newLinesLimit(file, r, maxSlantLine))
}

// slantIDs reads game IDs and suite lines alone, as ParseSlant does once
// it has seen one.
func slantIDs(file string, r io.Reader) ([]*Slant, error) {
	return parseSlantIDs(newLinesLimit(file, r, maxSlantLine))
}

// FuzzParseSlantAnswer: the answer reader never panics, and an answer it
// accepts holds W*H diagonals that format back to text it reads alike.
func FuzzParseSlantAnswer(f *testing.F) {
	f.Add(3, 2, "\\//\n/\\/")
	f.Add(3, 2, "\\//\r\n/\\/\r\n")
	f.Add(2, 2, "\r\\\\\n\\\\")
	f.Add(1, 1, "/\n\n")
	f.Fuzz(func(t *testing.T, w, h int, text string) {
		if w < 1 || h < 1 || w > 8 || h > 8 {
			return
		}
		s := NewSlant(w, h)
		cells, err := ParseSlantAnswer(s, text)
		if err != nil {
			return
		}
		if len(cells) != w*h {
			t.Fatalf("%q: %d cells, want %d", text, len(cells), w*h)
		}
		again, err := ParseSlantAnswer(s, FormatSlantAnswer(w, h, cells))
		if err != nil || string(again) != string(cells) {
			t.Fatalf("%q: formatted back, read %q, %v", text, again, err)
		}
	})
}
