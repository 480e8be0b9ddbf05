package instances

import (
	"bytes"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// Slant is one Gokigen Naname (slant) case: a W x H board of cells, each to
// be filled with a diagonal, '\' or '/', so that every clue on a corner
// equals the number of diagonals touching it and the diagonals form no
// loop. Corners are numbered row-major over (H+1) rows of W+1.
type Slant struct {
	Loc
	W, H int
	// Clues holds one entry per corner, row-major over the (W+1)x(H+1)
	// corners: 0..4, or -1 for no clue.
	Clues []int8
	// Name is the case's name in a suite file ("gen_5x5_1"), "" otherwise.
	Name string
	// Expected is the answer a suite file gives (judge text, H lines of W
	// diagonals), "" when it gives none; the parser checks it is a
	// solution, and a run's claim of no solution, or of a unique one that
	// is not it, is wrong (compare's verifier).
	Expected string
	// Part, when set, makes the case one part of a split case: some cells'
	// diagonals fixed (slant_part.go).
	Part *SlantPart
}

// The two diagonals a cell can hold, as printed in answers.
const (
	Back    = '\\' // joins the cell's top-left and bottom-right corners
	Forward = '/'  // joins the cell's top-right and bottom-left corners
)

// maxSlantCorners bounds a board's (W+1)*(H+1) corners: the solvers index
// cells, corners and diagonals (two per cell) with 32-bit integers. It is
// a bound of the data structures, far past any board memory allows; what
// a machine can take is the solvers' memory estimate's to say.
const maxSlantCorners = 1 << 30

// CheckSlantSize refuses a W x H board the solvers cannot index: a side
// under 1, or more than maxSlantCorners corners.
func CheckSlantSize(w, h int) error {
	if w < 1 || h < 1 {
		return fmt.Errorf("slant size %dx%d: sides must be at least 1", w, h)
	}
	if w >= maxSlantCorners || h >= maxSlantCorners || (w+1) > maxSlantCorners/(h+1) {
		return fmt.Errorf("slant size %dx%d: more than %d corners", w, h, maxSlantCorners)
	}
	return nil
}

// Size returns "WxH".
func (s *Slant) Size() string { return fmt.Sprintf("%dx%d", s.W, s.H) }

// Cells returns W*H.
func (s *Slant) Cells() int { return s.W * s.H }

// Corner returns the index of corner (r, c), 0 <= r <= H, 0 <= c <= W.
func (s *Slant) Corner(r, c int) int { return r*(s.W+1) + c }

// Clue returns the clue on corner (r, c), or -1.
func (s *Slant) Clue(r, c int) int { return int(s.Clues[s.Corner(r, c)]) }

// DiagonalCorners returns the two corners that diagonal d ('\' or '/') in
// cell (r, c) joins.
func (s *Slant) DiagonalCorners(r, c int, d byte) (int, int) {
	if d == Back {
		return s.Corner(r, c), s.Corner(r+1, c+1)
	}
	return s.Corner(r, c+1), s.Corner(r+1, c)
}

// NewSlant returns a W x H case with no clues.
func NewSlant(w, h int) *Slant {
	clues := make([]int8, (w+1)*(h+1))
	for i := range clues {
		clues[i] = -1
	}
	return &Slant{W: w, H: h, Clues: clues}
}

// SlantClues returns every clue of solution cells (row-major '\' and '/'
// over a W x H board), as a clue slice for Slant.Clues.
func SlantClues(w, h int, cells []byte) []int8 {
	clues := make([]int8, (w+1)*(h+1))
	for r := 0; r < h; r++ {
		for c := 0; c < w; c++ {
			if cells[r*w+c] == Back {
				clues[r*(w+1)+c]++
				clues[(r+1)*(w+1)+c+1]++
			} else {
				clues[r*(w+1)+c+1]++
				clues[(r+1)*(w+1)+c]++
			}
		}
	}
	return clues
}

// ParseSlant reads slant cases in any of the accepted formats, detected
// from the first line that is neither blank nor a '#' comment: a lone
// integer starts the judge format (UVa 11694); otherwise every line is a
// Simon Tatham game ID ("5x5:b1a2...", "5x5de:...") or a zigzag suite line
// (tab-separated name, w, h, description, answer, "# comment"), blank and
// '#' lines skipped. On bad input it returns the cases read before the
// error together with an error wrapping an *InputError.
func ParseSlant(file string, r io.Reader) ([]*Slant, error) {
	// One line at a time, each bounded (maxSlantLine: a game ID is one line):
	// the first content line says the format and is put back for its
	// parser.
	l := newLinesLimit(file, r, maxSlantLine)
	judge := true // empty input: let the judge parser say what is missing
	for {
		t, ok := l.Next()
		if !ok {
			break
		}
		if t = strings.TrimSpace(t); t == "" || strings.HasPrefix(t, "#") {
			continue
		}
		judge = judgeLine(t)
		l.Unread()
		break
	}
	if judge {
		return parseSlantJudge(l)
	}
	return parseSlantIDs(l)
}

// judgeLine reports whether the first content line t (trimmed, neither
// blank nor a comment) starts the judge format: a lone integer.
func judgeLine(t string) bool {
	for _, r := range t {
		if r < '0' || r > '9' {
			return r == '-' || r == '+' // a sign: let the judge parser say what is wrong
		}
	}
	return true
}

// parseSlantJudge reads the UVa 11694 format: the number of cases T on a
// line, then per case the board size n on a line and n+1 lines of n+1
// corners, each a clue digit 0..4 or '.'. Blank lines and '#' comment lines
// are skipped anywhere; anything after the T-th case is trailing data.
func parseSlantJudge(l *Lines) ([]*Slant, error) {
	f, ok := l.Fields()
	if !ok {
		return nil, l.NoCases()
	}
	if len(f) != 1 {
		return nil, l.Errorf("the number of cases T: want 1 field on the line, got %d", len(f))
	}
	count, err := l.Int(f[0], "the number of cases T", 0, 1_000_000)
	if err != nil {
		return nil, err
	}
	if count == 0 {
		return nil, l.Errorf("no cases in the input (the number of cases is 0)")
	}
	var cases []*Slant
	for k := 1; k <= count; k++ {
		l.Case = k
		s, err := readSlantJudgeCase(l)
		if err != nil {
			return cases, err
		}
		s.Loc.Case = k
		cases = append(cases, s)
	}
	if err := l.End(fmt.Sprintf("the %d cases announced", count)); err != nil {
		return cases, err
	}
	return cases, nil
}

func readSlantJudgeCase(l *Lines) (*Slant, error) {
	part, err := readSlantPartLine(l)
	if err != nil {
		return nil, err
	}
	s, err := readSlantJudgeBoard(l)
	if err != nil || part == nil {
		return s, err
	}
	return s, checkSlantPart(l, s, part)
}

// readSlantJudgeBoard reads the board size n and the n+1 corner rows.
func readSlantJudgeBoard(l *Lines) (*Slant, error) {
	f, err := l.Want(1, "the board size n")
	if err != nil {
		return nil, err
	}
	n, err := l.Int(f[0], "the board size n", 1, maxSlantSide)
	if err != nil {
		return nil, err
	}
	if err := CheckSlantSize(n, n); err != nil {
		return nil, l.Errorf("the board size n: %v", err)
	}
	s := &Slant{W: n, H: n, Loc: Loc{File: l.File(), Line: l.Line()}}
	// The corners grow row by row, so that memory follows the input read,
	// not the size a header claims.
	for r := 0; r <= n; r++ {
		f, err := l.Want(1, fmt.Sprintf("corner row %d of %d", r+1, n+1))
		if err != nil {
			return nil, err
		}
		row := []rune(f[0]) // a corner is a character, whatever its bytes
		if len(row) != n+1 {
			return nil, l.Errorf("corner row %d has %d characters, want n+1 = %d", r+1, len(row), n+1)
		}
		for c := 0; c <= n; c++ {
			v, err := slantClueChar(row[c])
			if err != nil {
				return nil, l.Errorf("corner row %d, column %d: %v", r+1, c+1, err)
			}
			s.Clues = append(s.Clues, v)
		}
	}
	return s, nil
}

func slantClueChar(b rune) (int8, error) {
	switch {
	case b == '.':
		return -1, nil
	case b >= '0' && b <= '4':
		return int8(b - '0'), nil
	case b >= '5' && b <= '9':
		return 0, fmt.Errorf("clue %c is out of range 0..4", b)
	}
	return 0, fmt.Errorf("bad character %q (want a clue 0..4 or '.')", b)
}

// parseSlantIDs reads one case per line: Simon Tatham game IDs
// ("WxH:desc", "WxHde:desc", "WxHdh:desc", or "N:desc" for a square) and
// zigzag suite lines (tab-separated name, w, h, desc, answer and an
// optional "# comment"; the answer may be empty). desc lists the corners
// row-major: a digit is a clue, a letter a..z a run of 1..26 empty corners.
// Blank lines and lines starting with '#' are skipped.
func parseSlantIDs(l *Lines) ([]*Slant, error) {
	file := l.File()
	var cases []*Slant
	for {
		t, ok := l.Next()
		if !ok {
			break
		}
		trimmed := strings.TrimSpace(t)
		if trimmed == "" || strings.HasPrefix(trimmed, "#") {
			continue
		}
		l.Case = len(cases) + 1
		var part *slantPartLine
		if f := strings.Fields(trimmed); f[0] == "part" && !strings.Contains(t, "\t") {
			l.Unread()
			var err error
			if part, err = readSlantPartLine(l); err != nil {
				return cases, err
			}
			t, _ = l.Next()
			trimmed = strings.TrimSpace(t)
		}
		var s *Slant
		var err error
		if strings.Contains(t, "\t") {
			s, err = parseSlantSuiteLine(t)
		} else {
			s, err = parseSlantGameID(trimmed)
		}
		if err != nil {
			return cases, l.Errorf("%v", err)
		}
		s.Loc = Loc{File: file, Case: l.Case, Line: l.Line()}
		if part != nil {
			if err := checkSlantPart(l, s, part); err != nil {
				return cases, err
			}
		}
		cases = append(cases, s)
	}
	if err := l.Err(); err != nil {
		return cases, err
	}
	if len(cases) == 0 {
		return nil, l.NoCases()
	}
	return cases, nil
}

// parseSlantGameID reads "WxH[dX]:desc".
func parseSlantGameID(id string) (*Slant, error) {
	params, desc, ok := strings.Cut(id, ":")
	if !ok {
		return nil, fmt.Errorf("game ID %q: want WxH:description", clip(id))
	}
	// Difficulty suffix "de" / "dh" (Tatham's easy / hard), ignored.
	if i := strings.IndexByte(params, 'd'); i >= 0 {
		switch params[i:] {
		case "de", "dh":
		default:
			return nil, fmt.Errorf("game ID parameters %q: unknown suffix %q (want de or dh)", params, params[i:])
		}
		params = params[:i]
	}
	ws, hs, square := strings.Cut(params, "x")
	if !square {
		hs = ws
	}
	w, err := sizeField("width", ws)
	if err != nil {
		return nil, err
	}
	h, err := sizeField("height", hs)
	if err != nil {
		return nil, err
	}
	s, err := newSlantForDesc(w, h, desc)
	if err != nil {
		return nil, err
	}
	if err := decodeSlantDesc(s, desc); err != nil {
		return nil, err
	}
	return s, nil
}

func sizeField(what, v string) (int, error) {
	n, err := strconv.Atoi(strings.TrimSpace(v))
	if err != nil {
		return 0, fmt.Errorf("%s %q is not an integer", what, clip(v))
	}
	if n < 1 || n > maxSlantSide {
		return 0, fmt.Errorf("%s = %d is out of range 1..%d", what, n, maxSlantSide)
	}
	return n, nil
}

// maxSlantLine bounds a line of slant input: a game ID holds a
// character per corner at most, so the bound sets the largest board a
// game ID can give with every clue shown (README.md, input rules; the
// judge format's rows are shorter).
const maxSlantLine = 16 << 20

// maxSlantSide is the longest side a board of at most maxSlantCorners
// corners can have.
const maxSlantSide = maxSlantCorners/2 - 1

// newSlantForDesc returns a W x H board for desc, refusing a size the
// solvers cannot index or that desc cannot cover (a letter stands for at
// most 26 corners) before allocating its corners.
func newSlantForDesc(w, h int, desc string) (*Slant, error) {
	if err := CheckSlantSize(w, h); err != nil {
		return nil, err
	}
	if corners := (w + 1) * (h + 1); corners > 26*len(desc) {
		return nil, fmt.Errorf("description of %d characters cannot cover the %d corners of a %dx%d board", len(desc), corners, w, h)
	}
	return NewSlant(w, h), nil
}

// decodeSlantDesc fills s.Clues from a Tatham description.
func decodeSlantDesc(s *Slant, desc string) error {
	want := len(s.Clues)
	i := 0
	for k := 0; k < len(desc); k++ {
		b := desc[k]
		switch {
		case b >= 'a' && b <= 'z':
			i += int(b-'a') + 1
		case b >= '0' && b <= '4':
			if i < want {
				s.Clues[i] = int8(b - '0')
			}
			i++
		case b >= '5' && b <= '9':
			return fmt.Errorf("description position %d: clue %c is out of range 0..4", k+1, b)
		default:
			return fmt.Errorf("description position %d: bad character %q (want 0..4 or a..z)", k+1, b)
		}
		if i > want {
			return fmt.Errorf("description covers more than the %d corners of a %dx%d board", want, s.W, s.H)
		}
	}
	if i < want {
		return fmt.Errorf("description covers %d of the %d corners of a %dx%d board", i, want, s.W, s.H)
	}
	return nil
}

// parseSlantSuiteLine reads "name\tw\th\tdesc\tanswer\t# comment".
func parseSlantSuiteLine(line string) (*Slant, error) {
	f := strings.Split(line, "\t")
	if len(f) < 4 {
		return nil, fmt.Errorf("suite line has %d tab-separated fields, want name, w, h, description[, answer[, comment]]", len(f))
	}
	w, err := sizeField("width", f[1])
	if err != nil {
		return nil, err
	}
	h, err := sizeField("height", f[2])
	if err != nil {
		return nil, err
	}
	desc := strings.TrimSpace(f[3])
	s, err := newSlantForDesc(w, h, desc)
	if err != nil {
		return nil, err
	}
	s.Name = strings.TrimSpace(f[0])
	if err := decodeSlantDesc(s, desc); err != nil {
		return nil, err
	}
	if len(f) >= 5 {
		ans := strings.TrimSpace(f[4])
		if strings.HasPrefix(ans, "#") {
			ans = ""
		}
		if ans != "" {
			if len(ans) != w*h {
				return nil, fmt.Errorf("answer has %d diagonals, want %d", len(ans), w*h)
			}
			for k := 0; k < len(ans); k++ {
				if ans[k] != Back && ans[k] != Forward {
					return nil, fmt.Errorf("answer position %d: bad character %q (want / or \\)", k+1, ans[k])
				}
			}
			// The suite's answer is a claim of the file: checked here, so
			// that a wrong one is bad input, not a silent pass.
			if err := VerifySlant(s, []byte(ans)); err != nil {
				return nil, fmt.Errorf("the answer field is no solution of the clues: %w", err)
			}
			s.Expected = FormatSlantAnswer(w, h, []byte(ans))
		}
	}
	for _, extra := range f[min(len(f), 5):] {
		if e := strings.TrimSpace(extra); e != "" && !strings.HasPrefix(e, "#") {
			return nil, fmt.Errorf("unexpected field %q after the answer (comments start with #)", clip(e))
		}
	}
	return s, nil
}

func clip(s string) string {
	if len(s) > 40 {
		return s[:40] + "..."
	}
	return s
}

// FormatSlantAnswer prints cells (row-major, W*H bytes of '\' and '/') as
// the judge does: H lines of W diagonals, no trailing newline.
func FormatSlantAnswer(w, h int, cells []byte) string {
	var b strings.Builder
	b.Grow((w + 1) * h)
	for r := 0; r < h; r++ {
		if r > 0 {
			b.WriteByte('\n')
		}
		b.Write(cells[r*w : (r+1)*w])
	}
	return b.String()
}

// ParseSlantAnswer reads answer text for s (H lines of W characters '\'
// or '/'; lines may end in "\r\n", and one final line end is allowed)
// into row-major cells. A "\r" anywhere else, or blank lines after the
// answer, are no part of what the judge prints, and refused.
func ParseSlantAnswer(s *Slant, text string) ([]byte, error) {
	text = strings.ReplaceAll(text, "\r\n", "\n")
	if strings.Contains(text, "\r") {
		return nil, fmt.Errorf("answer has a \\r that ends no line")
	}
	text = strings.TrimSuffix(text, "\n")
	lines := strings.Split(text, "\n")
	if text == "" {
		lines = nil
	}
	if len(lines) != s.H {
		return nil, fmt.Errorf("answer has %d lines, want %d", len(lines), s.H)
	}
	cells := make([]byte, 0, s.W*s.H)
	for r, line := range lines {
		if len(line) != s.W {
			return nil, fmt.Errorf("answer line %d has %d characters, want %d", r+1, len(line), s.W)
		}
		for c := 0; c < s.W; c++ {
			if line[c] != Back && line[c] != Forward {
				return nil, fmt.Errorf("answer line %d, column %d: bad character %q (want / or \\)", r+1, c+1, line[c])
			}
		}
		cells = append(cells, line...)
	}
	return cells, nil
}

// VerifySlant checks cells (row-major '\' and '/') against s on its own,
// trusting no solver: every clue equals its count of touching diagonals,
// and the diagonals close no loop (union-find over corners).
func VerifySlant(s *Slant, cells []byte) error {
	if len(cells) != s.W*s.H {
		return fmt.Errorf("solution has %d cells, want %d", len(cells), s.W*s.H)
	}
	touch := make([]int, len(s.Clues))
	uf := NewUnionFind(len(s.Clues))
	for r := 0; r < s.H; r++ {
		for c := 0; c < s.W; c++ {
			d := cells[r*s.W+c]
			if d != Back && d != Forward {
				return fmt.Errorf("cell (%d,%d) holds %q, want / or \\", r+1, c+1, d)
			}
			a, b := s.DiagonalCorners(r, c, d)
			touch[a]++
			touch[b]++
			if !uf.Union(a, b) {
				return fmt.Errorf("the diagonal in cell (%d,%d) closes a loop", r+1, c+1)
			}
		}
	}
	for i, clue := range s.Clues {
		if clue >= 0 && int(clue) != touch[i] {
			return fmt.Errorf("clue %d on corner (%d,%d) touches %d diagonals", clue, i/(s.W+1)+1, i%(s.W+1)+1, touch[i])
		}
	}
	return verifySlantPart(s, cells)
}

// FormatSlant writes cases in the judge input format. Every case must
// be square (the judge format has one size n).
func FormatSlant(w io.Writer, cases []*Slant) error {
	for _, s := range cases {
		if s.W != s.H {
			return fmt.Errorf("case %s is %s: the judge format needs a square board", s.Location(), s.Size())
		}
	}
	// A case at a time: a split's parts can run to gigabytes.
	if _, err := fmt.Fprintln(w, len(cases)); err != nil {
		return fmt.Errorf("writing slant cases: %w", err)
	}
	var b bytes.Buffer
	for _, s := range cases {
		b.Reset()
		b.WriteString(SlantPartHead(s))
		fmt.Fprintln(&b, s.W)
		for r := 0; r <= s.H; r++ {
			for c := 0; c <= s.W; c++ {
				if v := s.Clue(r, c); v >= 0 {
					b.WriteByte(byte('0' + v))
				} else {
					b.WriteByte('.')
				}
			}
			b.WriteByte('\n')
		}
		if _, err := w.Write(b.Bytes()); err != nil {
			return fmt.Errorf("writing slant cases: %w", err)
		}
	}
	return nil
}

// SlantGameID returns s as a Tatham game ID, "WxH:desc".
func SlantGameID(s *Slant) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%dx%d:", s.W, s.H)
	run := 0
	flush := func() {
		for run > 0 {
			k := min(run, 26)
			b.WriteByte(byte('a' + k - 1))
			run -= k
		}
	}
	for _, v := range s.Clues {
		if v < 0 {
			run++
			continue
		}
		flush()
		b.WriteByte(byte('0' + v))
	}
	flush()
	return b.String()
}

// MaxBruteSlantCells bounds the boards BruteSlant accepts.
const MaxBruteSlantCells = 20

// BruteSlant counts the solutions of s up to limit by trying all
// 2^(W*H) fillings against VerifySlant: an oracle for tests, independent
// of every solver. It fails on boards of more than MaxBruteSlantCells cells.
func BruteSlant(s *Slant, limit int) (int, error) {
	n := s.W * s.H
	if n > MaxBruteSlantCells {
		return 0, fmt.Errorf("brute force on %s: more than %d cells", s.Size(), MaxBruteSlantCells)
	}
	cells := make([]byte, n)
	count := 0
	for mask := 0; mask < 1<<n; mask++ {
		for i := range cells {
			if mask>>i&1 == 1 {
				cells[i] = Back
			} else {
				cells[i] = Forward
			}
		}
		if VerifySlant(s, cells) == nil {
			count++
			if count >= limit {
				break
			}
		}
	}
	return count, nil
}
