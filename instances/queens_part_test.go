package instances

import (
	"bytes"
	"errors"
	"strings"
	"testing"
)

// partsText splits an all-X n x n board into jobs parts, bound b, and
// writes them.
func partsText(t testing.TB, n, jobs, b int) string {
	q := NewQueens(n, n)
	for i := range q.Target {
		q.Target[i] = true
	}
	parts, err := SplitQueens(q, jobs, b, nil)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := FormatQueens(&buf, parts); err != nil {
		t.Fatal(err)
	}
	return buf.String()
}

func TestQueensPartsRoundTrip(t *testing.T) {
	text := partsText(t, 6, 9, 3)
	parts, err := ParseQueens("parts", strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	if len(parts) != 9 {
		t.Fatalf("%d parts, want 9", len(parts))
	}
	var buf bytes.Buffer
	if err := FormatQueens(&buf, parts); err != nil {
		t.Fatal(err)
	}
	if buf.String() != text {
		t.Fatalf("round trip changed the parts:\n%s\nwant\n%s", buf.String(), text)
	}
	hash := queensHash(parts[0].Whole())
	for i, p := range parts {
		if p.Part == nil || p.Part.Index != i+1 || p.Part.Count != 9 || p.Part.Parent != hash || p.Part.Bound != 3 {
			t.Fatalf("case %d: part %+v, want %d/9 of %s bound 3", i+1, p.Part, i+1, hash)
		}
	}
}

// TestQueensPartCorrupted edits a part's text in ways a hand or a cut
// file would and checks that each is refused as bad input naming the
// file, the case and the line.
func TestQueensPartCorrupted(t *testing.T) {
	text := partsText(t, 5, 4, 3)
	lines := strings.Split(text, "\n")
	// Case 2 starts at the line after case 1's board (part line, header, 5 rows).
	second := 7
	if !strings.HasPrefix(lines[second], "part 2/4") {
		t.Fatalf("line %d is %q, want case 2's part line", second+1, lines[second])
	}
	edit := func(f func([]string)) string {
		ls := append([]string(nil), lines...)
		f(ls)
		return strings.Join(ls, "\n")
	}
	firstMark := func(ls []string, from, to byte) {
		for i := second + 2; i < second+7; i++ {
			if j := strings.IndexByte(ls[i], from); j >= 0 {
				ls[i] = ls[i][:j] + string(to) + ls[i][j+1:]
				return
			}
		}
		t.Fatalf("no %q in case 2", from)
	}
	for _, tc := range []struct {
		name, in, want string
		line           int
	}{
		{"forced dropped", edit(func(ls []string) { firstMark(ls, 'Q', 'X') }), "sum", second + 1},
		{"ban dropped", edit(func(ls []string) { firstMark(ls, 'x', 'X') }), "sum", second + 1},
		{"target dropped", edit(func(ls []string) { firstMark(ls, 'X', '.') }), "hashes to", second + 1},
		{"bound raised", edit(func(ls []string) { ls[second] = strings.Replace(ls[second], "bound 3", "bound 4", 1) }), "sum", second + 1},
		{"split changed", edit(func(ls []string) { ls[second] = strings.Replace(ls[second], " split ", " split 0123456789abcdef x", 1) }), "want \"part I/N", second + 1},
		{"split replaced", edit(func(ls []string) {
			f := strings.Fields(ls[second])
			f[5] = "0123456789abcdef"
			ls[second] = strings.Join(f, " ")
		}), "sum", second + 1},
		{"split dropped", edit(func(ls []string) {
			f := strings.Fields(ls[second])
			ls[second] = strings.Join(append(f[:4:4], f[6:]...), " ")
		}), "sum", second + 1},
		{"index changed", edit(func(ls []string) { ls[second] = strings.Replace(ls[second], "part 2/4", "part 3/4", 1) }), "sum", second + 1},
		{"count changed", edit(func(ls []string) { ls[second] = strings.Replace(ls[second], "part 2/4", "part 2/5", 1) }), "sum", second + 1},
		{"sum changed", edit(func(ls []string) {
			f := strings.Fields(ls[second])
			f[len(f)-1] = "0123456789abcdef"
			ls[second] = strings.Join(f, " ")
		}), "sum", second + 1},
		{"keyword changed", edit(func(ls []string) { ls[second] = strings.Replace(ls[second], " bound ", " bnd ", 1) }), "want \"part I/N", second + 1},
		{"index past count", edit(func(ls []string) { ls[second] = strings.Replace(ls[second], "part 2/4", "part 5/4", 1) }), "part number I", second + 1},
		{"bad hash", edit(func(ls []string) { ls[second] = strings.Replace(ls[second], " of ", " of zz", 1) }), "16 hex", second + 1},
		{"short line", edit(func(ls []string) { ls[second] = "part 2/4" }), "want \"part I/N", second + 1},
		{"bad character", edit(func(ls []string) { firstMark(ls, 'X', '?') }), "bad character", 0},
		{"cut after part line", strings.Join(lines[:second+1], "\n"), "truncated", second + 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParseQueens("parts.txt", strings.NewReader(tc.in))
			var ie *InputError
			if !errors.As(err, &ie) {
				t.Fatalf("error %v, want an input error", err)
			}
			if ie.File != "parts.txt" || ie.Case != 2 || (tc.line > 0 && ie.Line != tc.line) || !strings.Contains(ie.Msg, tc.want) {
				t.Fatalf("error %v: want parts.txt, case 2, line %d, %q", err, tc.line, tc.want)
			}
		})
	}
}

// TestQueensPartVerify checks that the verifier holds a placement to the
// part's restriction.
func TestQueensPartVerify(t *testing.T) {
	parts, err := ParseQueens("parts", strings.NewReader(partsText(t, 5, 4, 3)))
	if err != nil {
		t.Fatal(err)
	}
	p := parts[1] // forces one square, bans others
	forced := p.ForcedSquares()
	if len(forced) != 1 {
		t.Fatalf("part 2 forces %v, want one square", forced)
	}
	var banned Square
	for s := range p.Cells() {
		if p.Part.Banned[s] {
			banned = Square{s / p.Cols, s % p.Cols}
			break
		}
	}
	// A cover of the whole board: a queen on every square of row 2, and
	// the forced one.
	cover := append([]Square{}, forced...)
	for c := 0; c < p.Cols; c++ {
		if s := (Square{2, c}); s != forced[0] && !p.Banned(s) {
			cover = append(cover, s)
		}
	}
	for _, tc := range []struct {
		name      string
		placement []Square
		want      string
	}{
		{"too many", cover, "allows at most 3"},
		{"banned", append([]Square{banned}, forced...), "bans"},
		{"forced missing", nil, "forces"},
	} {
		err := verifyQueensPart(p, tc.placement)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want %q", tc.name, err, tc.want)
		}
	}
	if err := verifyQueensPart(p, forced); err != nil {
		t.Errorf("the forced queens alone: %v", err)
	}
}

func FuzzParseQueensPart(f *testing.F) {
	f.Add(partsText(f, 4, 3, 2))
	f.Add(partsText(f, 5, 6, 3))
	f.Add("part 1/1 of 0123456789abcdef bound 1 sum 0123456789abcdef\n1 1\nQ\n")
	q := NewQueens(4, 5)
	q.Target[3], q.Target[17] = true, true
	if parts, err := SplitQueens(q, 3, 0, QueensGreedy(q)); err == nil {
		var buf bytes.Buffer
		if FormatQueens(&buf, parts) == nil {
			f.Add(buf.String())
		}
	}
	f.Add("part 1/2 of x bound 1 sum y\n1 2\nq-\n0\n")
	f.Fuzz(func(t *testing.T, in string) {
		cases, err := ParseQueens("fuzz", strings.NewReader(in))
		if err != nil {
			if !IsInputError(err) {
				t.Fatalf("error %v is not an input error", err)
			}
			return
		}
		var buf bytes.Buffer
		if err := FormatQueens(&buf, cases); err != nil {
			t.Fatal(err)
		}
		again, err := ParseQueens("again", bytes.NewReader(buf.Bytes()))
		if err != nil || len(again) != len(cases) {
			t.Fatalf("round trip: %d cases, %v; want %d", len(again), err, len(cases))
		}
		for i, c := range cases {
			if (c.Part == nil) != (again[i].Part == nil) || c.caseText() != again[i].caseText() {
				t.Fatalf("case %d changed in the round trip", i+1)
			}
			if c.Part != nil && queensHash(c) != c.Part.Parent {
				t.Fatalf("case %d: parent %s, its board hashes to %s", i+1, c.Part.Parent, queensHash(c))
			}
		}
	})
}

// TestQueensPartCover: a split with a cover writes it in every part line
// (the bound one less), reads it back, and refuses a cover that is no
// cover of the whole case, of the wrong size, or misspelt.
func TestQueensPartCover(t *testing.T) {
	q := NewQueens(5, 5)
	for i := range q.Target {
		q.Target[i] = true
	}
	cover := QueensGreedy(q)
	parts, err := SplitQueens(q, 3, 99, cover)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := FormatQueens(&buf, parts); err != nil {
		t.Fatal(err)
	}
	text := buf.String()
	again, err := ParseQueens("parts", strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range again {
		if p.Part.Bound != len(cover)-1 || len(p.Part.Cover) != len(cover) {
			t.Fatalf("%s: bound %d, cover %v; want bound %d, cover %v", p.Part.Name(), p.Part.Bound, p.Part.Cover, len(cover)-1, cover)
		}
	}
	line, _, _ := strings.Cut(text, "\n")
	_, list, _ := strings.Cut(line, " cover ")
	list, _, _ = strings.Cut(list, " ")
	_, rest, _ := strings.Cut(list, ",")
	for _, tc := range []struct{ name, list, want string }{
		{"no cover", strings.Repeat("1.1,", len(cover)-1) + "1.2", "none of the whole case"},
		{"too few", rest, "a cover of"},
		{"misspelt", "1:1," + rest, "ROW.COLUMN"},
		{"off the board", "6.1," + rest, "off the 5x5 board"},
	} {
		bad := strings.Replace(text, list, tc.list, 1)
		_, err := ParseQueens("parts.txt", strings.NewReader(bad))
		var ie *InputError
		if !errors.As(err, &ie) || ie.Case != 1 || ie.Line != 1 || !strings.Contains(ie.Msg, tc.want) {
			t.Errorf("%s: %v, want an input error at case 1, line 1 saying %q", tc.name, err, tc.want)
		}
	}
}
