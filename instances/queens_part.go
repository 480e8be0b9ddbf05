package instances

import (
	"fmt"
	"strconv"
	"strings"
)

// A part of a queens case is the case restricted, so that one hard case
// can be spread over many processes (gridsat split): some squares must
// hold a queen (forced), some must not (banned), and the part asks only
// for placements of at most Bound queens. The parts of one split case
// together hold a copy, up to a symmetry of the board, of each of its
// placements (SplitQueens), so the case's fewest queens is the least of
// its parts' answers.
//
// A part is written as a case preceded by a part line,
//
//	part I/N of PARENT split ID bound B sum SUM
//
// and its board uses four more characters: 'Q' a target that must hold a
// queen, 'q' a square that is no target and must hold one, 'x' a target no
// queen may stand on, '-' a square that is no target and holds no queen.
// PARENT is the hash of the whole case's text (queensHash), which the
// parser recomputes from the board, and SUM the hash of the part line
// before it and the board, so a restriction edited by hand or cut short
// is refused; ID is the split's identity (splitID), the same on all its
// parts. A plain UVa 11214 reader refuses the part line (it wants
// "n m") rather than silently solving the whole case.

// Part characters: restriction squares on the board of a part.
const (
	partForcedTarget = 'Q'
	partForcedPlain  = 'q'
	partBannedTarget = 'x'
	partBannedPlain  = '-'
)

// QueensPart is the restriction that makes a case one part of a split case.
type QueensPart struct {
	// Index is the part's number, 1..Count, of the Count parts of the case
	// whose queensHash is Parent.
	Index, Count int
	Parent       string
	// Split is the split's identity (splitID), the same on every part
	// of one split; "" on parts written without one.
	Split string
	// Jobs is the --jobs the split was made with (0 on parts written
	// without it): a report splits the whole case again with it.
	Jobs int
	// Bound is the most queens a placement of the part may hold: the
	// part's answer is its fewest queens if that is at most Bound, else
	// none.
	Bound int
	// Cover, when not nil, is a cover of the whole case of Bound+1 queens
	// that the split found (checked by the parser): when no part has an
	// answer, the whole case's fewest queens is Bound+1.
	Cover []Square
	// Forced and Banned hold, square by square (r*cols+c), where a queen
	// must stand and where none may.
	Forced, Banned []bool
}

// Name names the part in reports: "part 3/64 of 1f2e3d4c5b6a7980".
func (p *QueensPart) Name() string {
	return fmt.Sprintf("part %d/%d of %s", p.Index, p.Count, p.Parent)
}

// ForcedSquares lists the squares that must hold a queen, row-major.
func (q *Queens) ForcedSquares() []Square {
	var fs []Square
	if q.Part == nil {
		return nil
	}
	for s, f := range q.Part.Forced {
		if f {
			fs = append(fs, Square{s / q.Cols, s % q.Cols})
		}
	}
	return fs
}

// Banned reports whether no queen may stand on s.
func (q *Queens) Banned(s Square) bool {
	return q.Part != nil && q.Part.Banned[s.Row*q.Cols+s.Col]
}

// Whole returns the case q is a part of (q itself when it is no part): the
// same board without the restriction.
func (q *Queens) Whole() *Queens {
	w := NewQueens(q.Rows, q.Cols)
	w.Loc = q.Loc
	copy(w.Target, q.Target)
	return w
}

// queensHash identifies a whole case by its text: the first 16 hex digits
// of the SHA-256 of its judge format ("n m" and its rows, restriction
// left out).
func queensHash(q *Queens) string {
	b := strconv.AppendInt(nil, int64(q.Rows), 10)
	b = append(b, ' ')
	b = strconv.AppendInt(b, int64(q.Cols), 10)
	b = append(b, '\n')
	return shortHash(q.appendBoard(b, false))
}

// partLine is the part line without its sum.
func (p *QueensPart) partLine() string {
	line := withSplit(fmt.Sprintf("part %d/%d of %s", p.Index, p.Count, p.Parent), p.Split, p.Jobs) + fmt.Sprintf(" bound %d", p.Bound)
	if p.Cover != nil {
		sq := make([]string, len(p.Cover))
		for i, s := range p.Cover {
			sq[i] = fmt.Sprintf("%d.%d", s.Row+1, s.Col+1)
		}
		line += " cover " + strings.Join(sq, ",")
	}
	return line
}

// partSum is the hash of the part line (without sum) and the board
// (appendBoard's rows, each ended by a newline).
func partSum(line string, board []byte) string {
	return shortHash([]byte(line+"\n"), board)
}

// appendBoard appends q's board to b, each row ended by a newline: 'X' on
// targets, '.' elsewhere, and with restriction (a part's) the restriction
// characters on its forced and banned squares.
func (q *Queens) appendBoard(b []byte, restriction bool) []byte {
	p := q.Part
	if p == nil {
		restriction = false
	}
	for r := 0; r < q.Rows; r++ {
		for c := 0; c < q.Cols; c++ {
			s := r*q.Cols + c
			ch := byte('.')
			switch {
			case restriction && p.Forced[s] && q.Target[s]:
				ch = partForcedTarget
			case restriction && p.Forced[s]:
				ch = partForcedPlain
			case restriction && p.Banned[s] && q.Target[s]:
				ch = partBannedTarget
			case restriction && p.Banned[s]:
				ch = partBannedPlain
			case q.Target[s]:
				ch = 'X'
			}
			b = append(b, ch)
		}
		b = append(b, '\n')
	}
	return b
}

// caseText is q in the judge format, with its part line and restriction
// characters when q is a part.
func (q *Queens) caseText() string {
	board := q.appendBoard(make([]byte, 0, q.Cells()+q.Rows), true)
	head := fmt.Sprintf("%d %d\n", q.Rows, q.Cols)
	if q.Part != nil {
		line := q.Part.partLine()
		head = line + " sum " + partSum(line, board) + "\n" + head
	}
	return head + string(board)
}

// parsePartLine reads the fields of a part line (f[0] is "part"); the
// board size and sum are checked once the board is read (checkPart).
func parsePartLine(in *Lines, f []string) (*QueensPart, string, error) {
	split, jobs, f, err := cutSplitField(in, f)
	if err != nil {
		return nil, "", err
	}
	var cover string
	if len(f) == 10 && f[6] == "cover" {
		cover, f = f[7], append(f[:6:6], f[8:]...)
	}
	if len(f) != 8 || f[2] != "of" || f[4] != "bound" || f[6] != "sum" {
		return nil, "", in.Errorf(`part line: want "part I/N of PARENT [split ID [jobs J]] bound B [cover R.C,...] sum SUM", got %q`, clipToken(strings.Join(f, " ")))
	}
	is, ns, ok := strings.Cut(f[1], "/")
	if !ok {
		return nil, "", in.Errorf("part line: %q is not I/N", clipToken(f[1]))
	}
	n, err := in.Int(ns, "part count N", 1, MaxParts)
	if err != nil {
		return nil, "", err
	}
	i, err := in.Int(is, "part number I", 1, n)
	if err != nil {
		return nil, "", err
	}
	for _, h := range []string{f[3], f[7]} {
		if len(h) != 16 || strings.Trim(h, "0123456789abcdef") != "" {
			return nil, "", in.Errorf("part line: %q is not a hash of 16 hex digits", clipToken(h))
		}
	}
	bound, err := in.Int(f[5], "part bound B", 0, QueensMaxSize*QueensMaxSize)
	if err != nil {
		return nil, "", err
	}
	p := &QueensPart{Index: i, Count: n, Parent: f[3], Split: split, Jobs: jobs, Bound: bound}
	if cover != "" {
		if p.Cover, err = parseCover(in, cover, bound); err != nil {
			return nil, "", err
		}
	}
	return p, f[7], nil
}

// parseCover reads a part line's cover, "R.C,R.C,...", 1-based squares,
// bound+1 of them (on the board: checkPart checks).
func parseCover(in *Lines, text string, bound int) ([]Square, error) {
	items := strings.Split(text, ",")
	if len(items) != bound+1 {
		return nil, in.Errorf("part line: a cover of %d queens with bound %d (want %d)", len(items), bound, bound+1)
	}
	cover := make([]Square, len(items))
	for i, it := range items {
		r, c, ok := strings.Cut(it, ".")
		row, err1 := strconv.Atoi(r)
		col, err2 := strconv.Atoi(c)
		if !ok || err1 != nil || err2 != nil || row < 1 || col < 1 || row > QueensMaxSize || col > QueensMaxSize {
			return nil, in.Errorf("part line: cover square %q is not ROW.COLUMN (1-based)", clipToken(it))
		}
		cover[i] = Square{row - 1, col - 1}
	}
	return cover, nil
}

// partSquare reads a restriction character of a part's board into q at
// square s; it reports false for a character that is none.
func (q *Queens) partSquare(s int, ch rune) bool {
	switch ch {
	case partForcedTarget, partForcedPlain:
		q.Part.Forced[s] = true
	case partBannedTarget, partBannedPlain:
		q.Part.Banned[s] = true
	default:
		return false
	}
	q.Target[s] = ch == partForcedTarget || ch == partBannedTarget
	return true
}

// checkPart checks a part just read against its part line: the parent
// hash and the sum. line is the line number of the part line.
func (q *Queens) checkPart(in *Lines, line int, sum string) error {
	p := q.Part
	if h := queensHash(q); h != p.Parent {
		return in.errorAt(line, "part line: the board's whole case hashes to %s, the part line says %s (not a part of that case, or its targets were edited)", h, p.Parent)
	}
	if p.Cover != nil {
		if err := VerifyQueens(q.Whole(), p.Cover); err != nil {
			return in.errorAt(line, "part line: the cover is none of the whole case: %v", err)
		}
	}
	if got := partSum(p.partLine(), q.appendBoard(nil, true)); got != sum {
		return in.errorAt(line, "part line: sum %s does not match the part (its restriction or bound was edited or cut)", sum)
	}
	return nil
}

// FormatQueensPartAnswer is the answer line of a part with no placement of
// at most its bound: "Case k: -1".
func FormatQueensPartAnswer(caseNo int) string { return "Case " + strconv.Itoa(caseNo) + ": -1" }

// verifyQueensPart checks that placement respects q's restriction: every
// forced square holds a queen, no banned one does, and there are at most
// Bound queens. It is nil for a case that is no part.
func verifyQueensPart(q *Queens, placement []Square) error {
	if q.Part == nil {
		return nil
	}
	on := map[Square]bool{}
	for _, p := range placement {
		if q.OnBoard(p) && q.Banned(p) {
			return fmt.Errorf("queen %v stands on a square the %s bans", p, q.Part.Name())
		}
		on[p] = true
	}
	for _, f := range q.ForcedSquares() {
		if !on[f] {
			return fmt.Errorf("no queen on %v, which the %s forces", f, q.Part.Name())
		}
	}
	if len(placement) > q.Part.Bound {
		return fmt.Errorf("%d queens, the %s allows at most %d", len(placement), q.Part.Name(), q.Part.Bound)
	}
	return nil
}

// partChars names, for a bad character's error, the restriction
// characters a part's board may hold besides '.' and 'X'.
func partChars(p *QueensPart) string {
	if p == nil {
		return ""
	}
	return fmt.Sprintf(", or in a part %q %q %q %q", partForcedTarget, partForcedPlain, partBannedTarget, partBannedPlain)
}
