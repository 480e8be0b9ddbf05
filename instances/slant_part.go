package instances

import (
	"fmt"
	"io"
	"strconv"
	"strings"
)

// A part of a slant case is the case with some cells' diagonals fixed, so
// that one hard board can be spread over many processes (gridsat split):
// the part asks for the solutions that hold those diagonals. The parts of
// one split case are the leaves of a tree of choices, one cell both ways
// at each branch (SplitSlant), so every solution of the case holds the
// fixed diagonals of exactly one part: the case has no solution when no
// part has one, and a unique one when exactly one part has solutions and
// its solution is unique.
//
// A part is written as a case preceded by a part line,
//
//	part I/N of PARENT fix CELLS sum SUM
//
// CELLS the fixed cells as "R.C\" or "R.C/" (1-based row and column, then
// the diagonal), comma-separated ("-" for none), PARENT the hash of the
// whole case (slantHash), which the parser recomputes, and SUM the hash of
// the part line before it and the board, so a part edited by hand or cut
// short is refused; an optional "split ID" after PARENT is the split's
// identity (splitID), the same on all its parts. The part line stands before the board size n in the
// judge format and before the game ID in the one-case-a-line formats: a
// plain UVa 11694 reader (it wants n) or game ID reader refuses it rather
// than silently solving the whole case.

// SlantPart is the fixed cells that make a case one part of a split case.
type SlantPart struct {
	// Index is the part's number, 1..Count, of the Count parts of the case
	// whose slantHash is Parent.
	Index, Count int
	Parent       string
	// Split is the split's identity (splitID), the same on every part
	// of one split; "" on parts written without one.
	Split string
	// Jobs is the --jobs the split was made with (0 on parts written
	// without it): a report splits the whole case again with it.
	Jobs int
	// Fixed holds the fixed cells, in the order the split chose them.
	Fixed []SlantCell
}

// SlantCell is a cell (row-major index, 0-based) and its diagonal, '\'
// or '/'.
type SlantCell struct {
	Cell int
	Diag byte
}

// Name names the part in reports: "part 3/64 of 1f2e3d4c5b6a7980".
func (p *SlantPart) Name() string {
	return fmt.Sprintf("part %d/%d of %s", p.Index, p.Count, p.Parent)
}

// Whole returns the case s is a part of (s itself, copied, when it is no
// part): the same board without the fixed cells.
func (s *Slant) Whole() *Slant {
	return &Slant{Loc: s.Loc, W: s.W, H: s.H, Clues: s.Clues, Name: s.Name, Expected: s.Expected}
}

// slantHash identifies a whole case by its clues: the first 16 hex digits
// of the SHA-256 of its game ID (SlantGameID), the same whichever format
// the case was read from.
func slantHash(s *Slant) string {
	return shortHash([]byte(SlantGameID(s)))
}

// partLine is the part line without its sum.
func (p *SlantPart) partLine(w int) string {
	cells := "-"
	if len(p.Fixed) > 0 {
		items := make([]string, len(p.Fixed))
		for i, f := range p.Fixed {
			items[i] = fmt.Sprintf("%d.%d%c", f.Cell/w+1, f.Cell%w+1, f.Diag)
		}
		cells = strings.Join(items, ",")
	}
	return withSplit(fmt.Sprintf("part %d/%d of %s", p.Index, p.Count, p.Parent), p.Split, p.Jobs) + " fix " + cells
}

// slantPartSum is the hash of the part line (without sum) and the board's
// game ID.
func slantPartSum(line string, s *Slant) string {
	return shortHash([]byte(line + "\n" + SlantGameID(s) + "\n"))
}

// SlantPartHead is s's part line with its sum and a newline, "" for a
// case that is no part: what stands before the case in any format.
func SlantPartHead(s *Slant) string {
	if s.Part == nil {
		return ""
	}
	line := s.Part.partLine(s.W)
	return line + " sum " + slantPartSum(line, s) + "\n"
}

// slantPartLine is a part line read but not yet checked against its board.
type slantPartLine struct {
	part  *SlantPart
	cells []string // the fixed cells' text, read once the size is known
	sum   string
	line  int
}

// parseSlantPartLine reads the fields of a part line (f[0] is "part"); the
// cells, hash and sum are checked once the board is read (checkSlantPart).
func parseSlantPartLine(l *Lines, f []string) (*slantPartLine, error) {
	split, jobs, f, err := cutSplitField(l, f)
	if err != nil {
		return nil, err
	}
	if len(f) != 8 || f[2] != "of" || f[4] != "fix" || f[6] != "sum" {
		return nil, l.Errorf(`part line: want "part I/N of PARENT [split ID [jobs J]] fix CELLS sum SUM", got %q`, clipToken(strings.Join(f, " ")))
	}
	is, ns, ok := strings.Cut(f[1], "/")
	if !ok {
		return nil, l.Errorf("part line: %q is not I/N", clipToken(f[1]))
	}
	n, err := l.Int(ns, "part count N", 1, MaxParts)
	if err != nil {
		return nil, err
	}
	i, err := l.Int(is, "part number I", 1, n)
	if err != nil {
		return nil, err
	}
	for _, h := range []string{f[3], f[7]} {
		if len(h) != 16 || strings.Trim(h, "0123456789abcdef") != "" {
			return nil, l.Errorf("part line: %q is not a hash of 16 hex digits", clipToken(h))
		}
	}
	p := &slantPartLine{part: &SlantPart{Index: i, Count: n, Parent: f[3], Split: split, Jobs: jobs}, sum: f[7], line: l.Line()}
	if f[5] != "-" {
		p.cells = strings.Split(f[5], ",")
	}
	return p, nil
}

// checkSlantPart reads the fixed cells of p on board s, checks the parent
// hash and the sum, and makes s the part.
func checkSlantPart(l *Lines, s *Slant, p *slantPartLine) error {
	seen := map[int]bool{}
	for _, text := range p.cells {
		c, err := parseSlantCell(s, text)
		if err != nil {
			return l.errorAt(p.line, "part line: fixed cell %q: %v", clipToken(text), err)
		}
		if seen[c.Cell] {
			return l.errorAt(p.line, "part line: cell %q is fixed twice", clipToken(text))
		}
		seen[c.Cell] = true
		p.part.Fixed = append(p.part.Fixed, c)
	}
	if h := slantHash(s); h != p.part.Parent {
		return l.errorAt(p.line, "part line: the board's whole case hashes to %s, the part line says %s (not a part of that case, or its clues were edited)", h, p.part.Parent)
	}
	if got := slantPartSum(p.part.partLine(s.W), s); got != p.sum {
		return l.errorAt(p.line, "part line: sum %s does not match the part (its fixed cells or number were edited or cut)", p.sum)
	}
	s.Part, s.Loc.Line = p.part, p.line
	return nil
}

// parseSlantCell reads "R.C\" or "R.C/" on board s.
func parseSlantCell(s *Slant, text string) (SlantCell, error) {
	if len(text) < 4 {
		return SlantCell{}, fmt.Errorf(`want ROW.COLUMN and a diagonal, as 3.4\ or 3.4/`)
	}
	d := text[len(text)-1]
	if d != Back && d != Forward {
		return SlantCell{}, fmt.Errorf("%q is no diagonal (want / or \\)", d)
	}
	rs, cs, ok := strings.Cut(text[:len(text)-1], ".")
	r, err1 := strconv.Atoi(rs)
	c, err2 := strconv.Atoi(cs)
	if !ok || err1 != nil || err2 != nil {
		return SlantCell{}, fmt.Errorf(`want ROW.COLUMN and a diagonal, as 3.4\ or 3.4/`)
	}
	if r < 1 || r > s.H || c < 1 || c > s.W {
		return SlantCell{}, fmt.Errorf("off the %s board", s.Size())
	}
	return SlantCell{Cell: (r-1)*s.W + c - 1, Diag: d}, nil
}

// readSlantPartLine reads a part line if the next content line is one
// (nil, and the line put back, if it is not); a part line with no board
// after it, or followed by a second part line, is an error.
func readSlantPartLine(l *Lines) (*slantPartLine, error) {
	f, ok := l.Fields()
	if !ok {
		return nil, nil
	}
	if f[0] != "part" {
		l.Unread()
		return nil, nil
	}
	p, err := parseSlantPartLine(l, f)
	if err != nil {
		return nil, err
	}
	f, ok = l.Fields()
	if !ok {
		if err := l.Err(); err != nil {
			return nil, err
		}
		return nil, l.ErrorfEOF("expected a board after the part line")
	}
	if f[0] == "part" {
		return nil, l.Errorf("a second part line: want a board after the part line")
	}
	l.Unread()
	return p, nil
}

// verifySlantPart checks that cells hold the fixed diagonals of s's part;
// it is nil for a case that is no part.
func verifySlantPart(s *Slant, cells []byte) error {
	if s.Part == nil {
		return nil
	}
	for _, f := range s.Part.Fixed {
		if cells[f.Cell] != f.Diag {
			return fmt.Errorf("cell (%d,%d) holds %c, the %s fixes %c", f.Cell/s.W+1, f.Cell%s.W+1, cells[f.Cell], s.Part.Name(), f.Diag)
		}
	}
	return nil
}

// FormatSlantIDs writes cases as Tatham game IDs, one a line, each part's
// line before it (ParseSlant reads them back): the format of boards that
// are not square.
func FormatSlantIDs(w io.Writer, cases []*Slant) error {
	var b strings.Builder
	for _, s := range cases {
		b.WriteString(SlantPartHead(s))
		b.WriteString(SlantGameID(s))
		b.WriteByte('\n')
	}
	if _, err := io.WriteString(w, b.String()); err != nil {
		return fmt.Errorf("writing slant game IDs: %w", err)
	}
	return nil
}
