package instances

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// slantSplitBoards are the boards the split tests cut, each of at most 12
// cells (allSlantSolutions's reach): planted ones (often many
// solutions), unique ones, and ones with no solution (a clue of a unique
// one changed), square and not.
func slantSplitBoards(t testing.TB) []*Slant {
	t.Helper()
	rng := rand.New(rand.NewPCG(29, 3))
	brute := func(s *Slant, limit int) int {
		n, err := BruteSlant(s, limit)
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	var bs []*Slant
	for _, size := range [][2]int{{1, 1}, {2, 2}, {3, 3}, {4, 3}, {2, 6}, {3, 4}} {
		w, h := size[0], size[1]
		for _, density := range []float64{0, 0.3, 0.7} {
			s, _ := PlantSlant(rng, w, h, density)
			bs = append(bs, s)
		}
		u, _, err := GenerateSlant(rng, w, h, true, brute)
		if err != nil {
			t.Fatal(err)
		}
		bs = append(bs, u)
		none := u.Whole()
		none.Clues = slices.Clone(u.Clues)
		for p, v := range none.Clues {
			if v >= 0 {
				none.Clues[p] = (v + 1) % 5
				break
			}
		}
		bs = append(bs, none)
	}
	return bs
}

// allSlantSolutions lists every solution of s (exponential: at most 12
// cells).
func allSlantSolutions(s *Slant) [][]byte {
	var out [][]byte
	n := s.W * s.H
	for mask := 0; mask < 1<<n; mask++ {
		cells := make([]byte, n)
		for i := range cells {
			cells[i] = Forward
			if mask>>i&1 == 1 {
				cells[i] = Back
			}
		}
		if VerifySlant(s, cells) == nil {
			out = append(out, cells)
		}
	}
	return out
}

// slantPartsText splits s into jobs parts and writes them: in the judge
// format for a square board, as game IDs for another.
func slantPartsText(t testing.TB, s *Slant, jobs int) string {
	t.Helper()
	parts, err := SplitSlant(s, jobs)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if s.W == s.H {
		err = FormatSlant(&buf, parts)
	} else {
		err = FormatSlantIDs(&buf, parts)
	}
	if err != nil {
		t.Fatal(err)
	}
	return buf.String()
}

// TestSplitSlantPartitions: the parts read back as written, in both
// formats, there are at most jobs of them, and every solution of the
// board holds the fixed cells of exactly one part (and verifies there;
// a part's solutions are the board's, as the verifier checks the board's
// clues and loops before the part's cells).
func TestSplitSlantPartitions(t *testing.T) {
	seen := map[int]int{} // boards by solutions: 0, 1, more
	for i, b := range slantSplitBoards(t) {
		sols := allSlantSolutions(b)
		seen[min(len(sols), 2)]++
		for _, jobs := range []int{1, 2, 5, 16} {
			text := slantPartsText(t, b, jobs)
			parts, err := ParseSlant("parts", strings.NewReader(text))
			if err != nil {
				t.Fatalf("board %d, %d jobs: %v\n%s", i, jobs, err, text)
			}
			if len(parts) < 1 || len(parts) > jobs {
				t.Fatalf("board %d: %d parts for %d jobs", i, len(parts), jobs)
			}
			var again bytes.Buffer
			if err := FormatSlantIDs(&again, parts); err != nil {
				t.Fatal(err)
			}
			ids, err := ParseSlant("ids", &again)
			if err != nil || !sameSlantParts(ids, parts) {
				t.Fatalf("board %d: the parts as game IDs do not read back (%v)", i, err)
			}
			for j, p := range parts {
				if p.Part.Index != j+1 || p.Part.Count != len(parts) || p.Part.Parent != slantHash(b) {
					t.Fatalf("board %d: part %+v, want %d/%d of %s", i, p.Part, j+1, len(parts), slantHash(b))
				}
			}
			for _, sol := range sols {
				in := 0
				for _, p := range parts {
					if VerifySlant(p, sol) == nil {
						in++
					}
				}
				if in != 1 {
					t.Fatalf("board %d, %d jobs: solution %s in %d parts", i, jobs, sol, in)
				}
			}
		}
	}
	if seen[0] == 0 || seen[1] == 0 || seen[2] == 0 {
		t.Fatalf("boards by solutions (0, 1, more): %v, want each", seen)
	}
}

// sameSlantParts reports whether a and b hold the same boards and parts.
func sameSlantParts(a, b []*Slant) bool {
	return slices.EqualFunc(a, b, func(x, y *Slant) bool {
		return x.W == y.W && x.H == y.H && slices.Equal(x.Clues, y.Clues) &&
			x.Part.Name() == y.Part.Name() && slices.Equal(x.Part.Fixed, y.Part.Fixed)
	})
}

// TestSplitSlantCuts: a board with many solutions is cut into exactly
// jobs parts (a binary tree with no part dropped fills any count), and
// a part is refused as a board to split.
func TestSplitSlantCuts(t *testing.T) {
	s := NewSlant(6, 6)
	for _, jobs := range []int{1, 2, 3, 7, 64} {
		parts, err := SplitSlant(s, jobs)
		if err != nil || len(parts) != jobs {
			t.Fatalf("%d jobs: %d parts (%v)", jobs, len(parts), err)
		}
		if _, err := SplitSlant(parts[0], 2); err == nil || !strings.Contains(err.Error(), "already a part") {
			t.Fatalf("splitting a part: %v", err)
		}
	}
	if _, err := SplitSlant(s, 0); err == nil {
		t.Fatal("0 jobs accepted")
	}
}

// TestSlantPartCorrupted edits a part's text in ways a hand or a cut file
// would and checks that each is refused as bad input naming the file, the
// case and the line, in both formats.
func TestSlantPartCorrupted(t *testing.T) {
	s := NewSlant(4, 4) // no clue: every cut keeps both sides
	for _, format := range []string{"judge", "ids"} {
		parts, err := SplitSlant(s, 4)
		if err != nil || len(parts) != 4 {
			t.Fatalf("%d parts (%v)", len(parts), err)
		}
		var buf bytes.Buffer
		second, board, edited := 8, 10, "1...." // T, part line, n, 5 rows; then part 2's line, n, a row
		if format == "ids" {
			second, board, edited = 2, 3, "4x4:1x"
			err = FormatSlantIDs(&buf, parts)
		} else {
			err = FormatSlant(&buf, parts)
		}
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(buf.String(), "\n")
		if !strings.HasPrefix(lines[second], "part 2/") {
			t.Fatalf("line %d is %q, want case 2's part line\n%s", second+1, lines[second], buf.String())
		}
		edit := func(f func([]string)) string {
			ls := slices.Clone(lines)
			f(ls)
			return strings.Join(ls, "\n")
		}
		field := func(ls []string, i int, to string) {
			f := strings.Fields(ls[second])
			f[i] = to
			ls[second] = strings.Join(f, " ")
		}
		fix := strings.Fields(lines[second])[9]
		flip := strings.NewReplacer(`\`, "/", "/", `\`).Replace(fix)
		clue := func(ls []string) { ls[board] = edited }
		for _, tc := range []struct {
			name, in, want string
			line           int
		}{
			{"cell flipped", edit(func(ls []string) { field(ls, 9, flip) }), "sum", second + 1},
			{"cell dropped", edit(func(ls []string) { field(ls, 9, "-") }), "sum", second + 1},
			{"cell off the board", edit(func(ls []string) { field(ls, 9, `9.1\`) }), "off the", second + 1},
			{"cell no diagonal", edit(func(ls []string) { field(ls, 9, "1.1x") }), "no diagonal", second + 1},
			{"cell twice", edit(func(ls []string) { field(ls, 9, `1.1\,1.1/`) }), "twice", second + 1},
			{"split changed", edit(func(ls []string) { field(ls, 5, "0123456789abcdef") }), "sum", second + 1},
			{"split not a hash", edit(func(ls []string) { field(ls, 5, "zz") }), "split", second + 1},
			{"jobs changed", edit(func(ls []string) { field(ls, 7, "3") }), "sum", second + 1},
			{"jobs not a count", edit(func(ls []string) { field(ls, 7, "x") }), "split jobs", second + 1},
			{"index changed", edit(func(ls []string) { field(ls, 1, "3/4") }), "sum", second + 1},
			{"index past count", edit(func(ls []string) { field(ls, 1, "5/4") }), "part number I", second + 1},
			{"count changed", edit(func(ls []string) { field(ls, 1, "2/5") }), "sum", second + 1},
			{"sum changed", edit(func(ls []string) { field(ls, 11, "0123456789abcdef") }), "sum", second + 1},
			{"keyword changed", edit(func(ls []string) { field(ls, 10, "sun") }), `want "part I/N`, second + 1},
			{"clue edited", edit(clue), "hashes to", second + 1},
			{"bad hash", edit(func(ls []string) { field(ls, 3, "zz") }), "16 hex", second + 1},
			{"short line", edit(func(ls []string) { ls[second] = "part 2/4" }), `want "part I/N`, second + 1},
			{"two part lines", edit(func(ls []string) { ls[second+1] = ls[second] }), "second part line", second + 2},
			{"cut after part line", strings.Join(lines[:second+1], "\n"), "truncated", 0},
		} {
			t.Run(format+"/"+tc.name, func(t *testing.T) {
				_, err := ParseSlant("parts.txt", strings.NewReader(tc.in))
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
}

// TestSlantPartVerify: the verifier refuses a solution of the whole board
// that does not hold a part's fixed cells, naming the part.
func TestSlantPartVerify(t *testing.T) {
	s := NewSlant(2, 2)
	parts, err := SplitSlant(s, 4)
	if err != nil || len(parts) != 4 {
		t.Fatalf("%d parts (%v)", len(parts), err)
	}
	for _, sol := range allSlantSolutions(s) {
		for _, p := range parts {
			err := VerifySlant(p, sol)
			holds := true
			for _, f := range p.Part.Fixed {
				holds = holds && sol[f.Cell] == f.Diag
			}
			if holds != (err == nil) || (err != nil && !strings.Contains(err.Error(), p.Part.Name())) {
				t.Errorf("%s: solution %s: %v", p.Part.Name(), sol, err)
			}
		}
	}
}

func FuzzParseSlantPart(f *testing.F) {
	for _, b := range slantSplitBoards(f)[:12] {
		f.Add(slantPartsText(f, b, 3))
	}
	f.Add("1\npart 1/1 of 0123456789abcdef fix - sum 0123456789abcdef\n1\n..\n..\n")
	f.Add("part 1/2 of x fix 1.1\\ sum y\n1x1:d\n")
	f.Add("part 1/1 of 0123456789abcdef fix 1.1\\,1.2/,9.9/ sum 0123456789abcdef\n2x1:f\n")
	f.Add("part 1/1 of 0123456789abcdef fix 1.1\\\n\n# c\npart 1/1\n")
	f.Fuzz(func(t *testing.T, in string) {
		cases, err := ParseSlant("fuzz", strings.NewReader(in))
		if err != nil && !IsInputError(err) {
			t.Fatalf("error %v is not an input error", err)
		}
		var buf bytes.Buffer
		if err := FormatSlantIDs(&buf, cases); err != nil {
			t.Fatal(err)
		}
		again, err := ParseSlant("again", &buf)
		if len(cases) > 0 && (err != nil || len(again) != len(cases)) {
			t.Fatalf("the %d cases read do not read back: %d, %v", len(cases), len(again), err)
		}
		for i, s := range cases {
			if (s.Part == nil) != (again[i].Part == nil) || s.Part != nil && !sameSlantParts([]*Slant{s}, again[i:i+1]) {
				t.Fatalf("case %d: part %+v reads back as %+v", i+1, s.Part, again[i].Part)
			}
			if s.Part != nil && VerifySlant(s, make([]byte, s.W*s.H)) == nil {
				t.Fatalf("case %d: an empty filling verifies", i+1)
			}
		}
	})
}
