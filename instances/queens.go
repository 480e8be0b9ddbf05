package instances

import (
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"
)

// The queens puzzle is UVa 11214, "Guarding the Chessboard": on an n x m
// board some squares are targets (marked X); place the fewest queens so that
// every target holds a queen or is attacked by one along its row, column or
// diagonals. Queens do not block each other.
//
// Judge input: cases "n m" followed by n rows of m characters '.' or 'X',
// ended by a line "0" or by the end of the input. Judge output: "Case k: v"
// per case, v the fewest queens.

// Board size limits of the queens puzzle (the judge allows fewer than 10).
const (
	QueensMinSize = 1
	QueensMaxSize = 32
)

// Square is a square of a queens board, 0-based.
type Square struct {
	Row, Col int
}

// String formats s as "(row,col)".
func (s Square) String() string { return fmt.Sprintf("(%d,%d)", s.Row, s.Col) }

// QueensAttack reports whether a queen on a covers square b: the same
// square, row, column or diagonal.
func QueensAttack(a, b Square) bool {
	dr, dc := a.Row-b.Row, a.Col-b.Col
	return dr == 0 || dc == 0 || dr == dc || dr == -dc
}

// Queens is one case of the queens puzzle: a Rows x Cols board whose target
// squares must each be occupied or attacked.
type Queens struct {
	Loc
	Rows, Cols int
	// Target holds the board row by row: Target[r*Cols+c] is true when
	// square (r, c) is a target (an X).
	Target []bool
	// Part, when set, makes the case one part of a split case: a
	// restriction on where queens stand and how many (queens_part.go).
	Part *QueensPart
}

// NewQueens returns an empty rows x cols board (no targets).
func NewQueens(rows, cols int) *Queens {
	return &Queens{Rows: rows, Cols: cols, Target: make([]bool, rows*cols)}
}

// Size is "NxM", rows by columns.
func (q *Queens) Size() string { return fmt.Sprintf("%dx%d", q.Rows, q.Cols) }

// Cells is the number of squares.
func (q *Queens) Cells() int { return q.Rows * q.Cols }

// IsTarget reports whether square s is a target.
func (q *Queens) IsTarget(s Square) bool { return q.Target[s.Row*q.Cols+s.Col] }

// Targets lists the target squares in row-major order.
func (q *Queens) Targets() []Square {
	var ts []Square
	for r := 0; r < q.Rows; r++ {
		for c := 0; c < q.Cols; c++ {
			if q.Target[r*q.Cols+c] {
				ts = append(ts, Square{r, c})
			}
		}
	}
	return ts
}

// Full reports whether every square is a target.
func (q *Queens) Full() bool {
	for _, t := range q.Target {
		if !t {
			return false
		}
	}
	return true
}

// OnBoard reports whether s lies on the board.
func (q *Queens) OnBoard(s Square) bool {
	return s.Row >= 0 && s.Row < q.Rows && s.Col >= 0 && s.Col < q.Cols
}

// Uncovered returns the targets that no queen in placement occupies or
// attacks, in row-major order.
func (q *Queens) Uncovered(placement []Square) []Square {
	// The lines some queen stands on (a queen off the board too: its
	// lines may cross it): rows, columns, diagonals by r-c+Cols-1 and
	// anti-diagonals by r+c.
	R, C := q.Rows, q.Cols
	lines := make([]bool, R+C+2*(R+C-1))
	row, col, diag, anti := lines[:R], lines[R:R+C], lines[R+C:2*R+2*C-1], lines[2*R+2*C-1:]
	mark := func(l []bool, i int) {
		if i >= 0 && i < len(l) {
			l[i] = true
		}
	}
	for _, p := range placement {
		mark(row, p.Row)
		mark(col, p.Col)
		mark(diag, p.Row-p.Col+C-1)
		mark(anti, p.Row+p.Col)
	}
	var left []Square
	for r := range R {
		for c := range C {
			if q.Target[r*C+c] && !row[r] && !col[c] && !diag[r-c+C-1] && !anti[r+c] {
				left = append(left, Square{r, c})
			}
		}
	}
	return left
}

// VerifyQueens checks a placement against q without trusting whoever made
// it: every queen on the board, no two on one square, and every target
// occupied or attacked. It does not (cannot cheaply) check that the
// placement is the smallest.
func VerifyQueens(q *Queens, placement []Square) error {
	seen := map[Square]bool{}
	for _, p := range placement {
		if !q.OnBoard(p) {
			return fmt.Errorf("queen %v is off the %s board", p, q.Size())
		}
		if seen[p] {
			return fmt.Errorf("two queens on square %v", p)
		}
		seen[p] = true
	}
	if left := q.Uncovered(placement); len(left) > 0 {
		return fmt.Errorf("%d target(s) neither occupied nor attacked, first %v", len(left), left[0])
	}
	return verifyQueensPart(q, placement)
}

// Board draws q in the judge's characters, with 'Q' on the squares of
// placement: rows separated by newlines, no trailing newline. It is the
// witness the solvers print under --show and the verifier reads back.
func (q *Queens) Board(placement []Square) string {
	grid := make([][]byte, q.Rows)
	for r := range grid {
		grid[r] = make([]byte, q.Cols)
		for c := range grid[r] {
			grid[r][c] = '.'
			if q.Target[r*q.Cols+c] {
				grid[r][c] = 'X'
			}
		}
	}
	for _, p := range placement {
		if q.OnBoard(p) {
			grid[p.Row][p.Col] = 'Q'
		}
	}
	rows := make([]string, q.Rows)
	for r := range grid {
		rows[r] = string(grid[r])
	}
	return strings.Join(rows, "\n")
}

// ParseQueensBoard reads a placement back from a board drawn by Board: it
// must have q's shape, and every square other than a 'Q' must match q ('X'
// on targets, '.' elsewhere). Queens are returned in row-major order.
func ParseQueensBoard(q *Queens, board string) ([]Square, error) {
	rows := strings.Split(strings.TrimRight(board, "\n"), "\n")
	if len(rows) != q.Rows {
		return nil, fmt.Errorf("board has %d rows, want %d", len(rows), q.Rows)
	}
	var placement []Square
	for r, row := range rows {
		row = strings.TrimRight(row, "\r")
		if len(row) != q.Cols {
			return nil, fmt.Errorf("board row %d has %d squares, want %d", r+1, len(row), q.Cols)
		}
		for c := 0; c < q.Cols; c++ {
			want := byte('.')
			if q.Target[r*q.Cols+c] {
				want = 'X'
			}
			switch ch := row[c]; {
			case ch == 'Q':
				placement = append(placement, Square{r, c})
			case ch != want:
				return nil, fmt.Errorf("board square %v is %q, the case has %q", Square{r, c}, ch, want)
			}
		}
	}
	return placement, nil
}

// FormatQueensAnswer formats the judge's answer line, "Case k: v".
func FormatQueensAnswer(caseNo, queens int) string {
	return fmt.Sprintf("Case %d: %d", caseNo, queens)
}

// ParseQueensAnswer reads "Case k: v" back, exactly as the judge prints
// it (FormatQueensAnswer): no sign, no leading zero, single spaces.
func ParseQueensAnswer(s string) (caseNo, queens int, err error) {
	caseNo, queens, err = parseQueensAnswer(s)
	if err == nil && FormatQueensAnswer(caseNo, queens) != s {
		return 0, 0, fmt.Errorf("answer %q is not as the judge prints it (%q)", s, FormatQueensAnswer(caseNo, queens))
	}
	return caseNo, queens, err
}

// parseQueensAnswer reads the numbers of "Case k: v".
func parseQueensAnswer(s string) (caseNo, queens int, err error) {
	rest, ok := strings.CutPrefix(s, "Case ")
	if !ok {
		return 0, 0, fmt.Errorf("answer %q does not start with \"Case \"", s)
	}
	k, v, ok := strings.Cut(rest, ": ")
	if !ok {
		return 0, 0, fmt.Errorf("answer %q has no \": \"", s)
	}
	if caseNo, err = strconv.Atoi(k); err != nil {
		return 0, 0, fmt.Errorf("answer %q: case number: %w", s, err)
	}
	if queens, err = strconv.Atoi(v); err != nil || queens < 0 {
		return 0, 0, fmt.Errorf("answer %q: %q is not a queen count", s, v)
	}
	return caseNo, queens, nil
}

// ParseQueens reads every case of a judge-format input; file names it in
// errors. A line "0" or the end of the input ends it. On bad input it
// returns the cases read so far with an error wrapping *InputError.
func ParseQueens(file string, r io.Reader) ([]*Queens, error) {
	in := NewLines(file, r)
	var cases []*Queens
	wrap := func(err error) ([]*Queens, error) { return cases, fmt.Errorf("parsing queens: %w", err) }
	for caseNo := 1; ; caseNo++ {
		in.Case = caseNo
		f, ok := in.Fields()
		if !ok {
			if err := in.Err(); err != nil {
				return wrap(err)
			}
			if len(cases) == 0 {
				return wrap(in.NoCases())
			}
			return cases, nil // end of input ends the cases, as for the judge
		}
		line := in.Line()
		var part *QueensPart
		var partSum string
		partAt := line
		if f[0] == "part" {
			var err error
			if part, partSum, err = parsePartLine(in, f); err != nil {
				return wrap(err)
			}
			if f, ok = in.Fields(); !ok {
				return wrap(in.ErrorfEOF(`expected a header "n m" after the part line`))
			}
			line = in.Line()
		}
		if len(f) == 1 && f[0] == "0" && part == nil {
			if len(cases) == 0 {
				return wrap(in.NoCases())
			}
			if err := in.End(`the line "0" that ends the cases`); err != nil {
				return wrap(err)
			}
			return cases, nil
		}
		if len(f) != 2 {
			return wrap(in.Errorf(`want a header "n m" (or "0" to end the input), got %d fields`, len(f)))
		}
		n, err := in.Int(f[0], "board height n", QueensMinSize, QueensMaxSize)
		if err != nil {
			return wrap(err)
		}
		m, err := in.Int(f[1], "board width m", QueensMinSize, QueensMaxSize)
		if err != nil {
			return wrap(err)
		}
		q := NewQueens(n, m)
		q.Loc = Loc{File: file, Case: caseNo, Line: line}
		if part != nil {
			q.Loc.Line = partAt
			part.Forced, part.Banned = make([]bool, n*m), make([]bool, n*m)
			q.Part = part
		}
		if err := q.parseRows(in); err != nil {
			return wrap(err)
		}
		if q.Part != nil {
			if err := q.checkPart(in, partAt, partSum); err != nil {
				return wrap(err)
			}
		}
		cases = append(cases, q)
	}
}

// parseRows reads q's board, row by row: 'X' a target, '.' not, and in a
// part the restriction characters (partSquare). A square is a character,
// whatever its bytes.
func (q *Queens) parseRows(in *Lines) error {
	n, m := q.Rows, q.Cols
	for row := 0; row < n; row++ {
		f, ok := in.Fields()
		if !ok {
			return in.ErrorfEOF("expected row %d of %d", row+1, n)
		}
		if len(f) != 1 {
			return in.Errorf("row %d of %d: want 1 field on the line, got %d", row+1, n, len(f))
		}
		if k := utf8.RuneCountInString(f[0]); k != m {
			return in.Errorf("row %d has %d squares, want %d", row+1, k, m)
		}
		c := 0
		for _, ch := range f[0] {
			switch ch {
			case 'X':
				q.Target[row*m+c] = true
			case '.':
			default:
				if q.Part == nil || !q.partSquare(row*m+c, ch) {
					return in.Errorf("row %d, column %d: bad character %q (want '.' or 'X'%s)", row+1, c+1, ch, partChars(q.Part))
				}
			}
			c++
		}
	}
	return nil
}

// FormatQueens writes cases in the judge format, ended by a line "0",
// a case at a time (a split's parts can run to gigabytes).
func FormatQueens(w io.Writer, cases []*Queens) error {
	for _, q := range cases {
		if err := WriteQueensCase(w, q); err != nil {
			return err
		}
	}
	if _, err := io.WriteString(w, "0\n"); err != nil {
		return fmt.Errorf("writing queens cases: %w", err)
	}
	return nil
}

// WriteQueensCase writes one case in the judge format, without the "0"
// line that ends a file (FormatQueens(w, nil) writes that alone).
func WriteQueensCase(w io.Writer, q *Queens) error {
	if _, err := io.WriteString(w, q.caseText()); err != nil {
		return fmt.Errorf("writing queens cases: %w", err)
	}
	return nil
}

// QueensSymmetry is one symmetry of the board (a rotation or reflection),
// as a map of squares.
type QueensSymmetry struct {
	Name string
	Map  func(Square) Square
}

// Symmetries returns the board symmetries, other than the identity, that
// map q's target set onto itself: up to 7 on a square board (rotations and
// reflections), up to 3 on an oblong one. Queen moves are preserved by all
// of them, so each maps covers of q to covers of the same size.
func (q *Queens) Symmetries() []QueensSymmetry {
	n, m := q.Rows, q.Cols
	all := []QueensSymmetry{
		{"flip rows", func(s Square) Square { return Square{n - 1 - s.Row, s.Col} }},
		{"flip columns", func(s Square) Square { return Square{s.Row, m - 1 - s.Col} }},
		{"rotate 180", func(s Square) Square { return Square{n - 1 - s.Row, m - 1 - s.Col} }},
	}
	if n == m {
		all = append(all,
			QueensSymmetry{"transpose", func(s Square) Square { return Square{s.Col, s.Row} }},
			QueensSymmetry{"anti-transpose", func(s Square) Square { return Square{n - 1 - s.Col, n - 1 - s.Row} }},
			QueensSymmetry{"rotate 90", func(s Square) Square { return Square{s.Col, n - 1 - s.Row} }},
			QueensSymmetry{"rotate 270", func(s Square) Square { return Square{n - 1 - s.Col, s.Row} }},
		)
	}
	var keep []QueensSymmetry
	for _, g := range all {
		ok := true
		for r := 0; r < n && ok; r++ {
			for c := 0; c < m; c++ {
				if q.IsTarget(Square{r, c}) != q.IsTarget(g.Map(Square{r, c})) {
					ok = false
					break
				}
			}
		}
		if ok {
			keep = append(keep, g)
		}
	}
	return keep
}

// QueensCoverBound is a lower bound on the queens q needs: the fewest k such
// that the k queens attacking the most targets (each counted alone) could
// together reach every target.
func QueensCoverBound(q *Queens) int {
	targets := q.Targets()
	if len(targets) == 0 {
		return 0
	}
	reach := make([]int, 0, q.Cells())
	for r := 0; r < q.Rows; r++ {
		for c := 0; c < q.Cols; c++ {
			n := 0
			for _, t := range targets {
				if QueensAttack(Square{r, c}, t) {
					n++
				}
			}
			reach = append(reach, n)
		}
	}
	sort.Sort(sort.Reverse(sort.IntSlice(reach)))
	sum := 0
	for k, n := range reach {
		sum += n
		if sum >= len(targets) {
			return k + 1
		}
	}
	return len(reach)
}

// QueensGreedy places queens one at a time, each on the square that covers
// the most targets still uncovered (ties to the first in row-major order),
// until every target is covered: an upper bound on the answer and a
// starting point for searches.
func QueensGreedy(q *Queens) []Square {
	left := q.Targets()
	var placement []Square
	for len(left) > 0 {
		best, bestN := Square{}, -1
		for r := 0; r < q.Rows; r++ {
			for c := 0; c < q.Cols; c++ {
				n := 0
				for _, t := range left {
					if QueensAttack(Square{r, c}, t) {
						n++
					}
				}
				if n > bestN {
					best, bestN = Square{r, c}, n
				}
			}
		}
		placement = append(placement, best)
		kept := left[:0]
		for _, t := range left {
			if !QueensAttack(best, t) {
				kept = append(kept, t)
			}
		}
		left = kept
	}
	return placement
}
