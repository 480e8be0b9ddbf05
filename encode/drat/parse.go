package drat

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
)

// MaxLine bounds a line of a text proof, and a clause of a binary one, in
// bytes: a clause over a million variables at eight digits and a sign
// each fits several times over, and a longer line is refused (wrapping
// bufio.ErrTooLong) before it is gathered whole.
const MaxLine = 16 << 20

// maxVar is the largest variable the parsers accept (literals fit an int32,
// and 2*v+1 fits the binary format's uint32).
const maxVar = math.MaxInt32 - 1

// ParseText reads a DRAT proof in text form: one clause per line as DIMACS
// literals ended by 0 ("1 -2 0"), a deletion prefixed by "d" ("d 1 -2 0"),
// comment lines starting with "c". A clause may span lines (it is then
// quoted by its first line). Malformed input is an error naming the line.
func ParseText(r io.Reader) ([]Step, error) {
	p := textParser{br: bufio.NewReaderSize(r, 1<<16)}
	return p.parse()
}

type textParser struct {
	br     *bufio.Reader
	line   int
	steps  []Step
	lits   []int // the clause being read
	slab   slab
	open   bool // inside a clause (or after "d")
	kind   StepKind
	start  int // line where the open clause began
	buffer []byte
}

func (p *textParser) parse() ([]Step, error) {
	for {
		b, err := p.readLine()
		if len(b) > 0 || err == nil {
			p.line++
			if perr := p.parseLine(b); perr != nil {
				return nil, perr
			}
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("drat: line %d: %w", p.line+1, err)
		}
	}
	if p.open {
		return nil, fmt.Errorf("drat: line %d: clause not terminated by 0 at the end of the proof", p.start)
	}
	return p.steps, nil
}

// readLine returns the next line without its newline; a line longer than the
// buffer is gathered in p.buffer.
func (p *textParser) readLine() ([]byte, error) {
	b, err := p.br.ReadSlice('\n')
	if err == bufio.ErrBufferFull {
		p.buffer = append(p.buffer[:0], b...)
		for err == bufio.ErrBufferFull {
			if len(p.buffer) > MaxLine {
				return nil, fmt.Errorf("longer than %d MiB: %w", MaxLine>>20, bufio.ErrTooLong)
			}
			b, err = p.br.ReadSlice('\n')
			p.buffer = append(p.buffer, b...)
		}
		if len(p.buffer) > MaxLine+1 { // its newline not counted
			return nil, fmt.Errorf("longer than %d MiB: %w", MaxLine>>20, bufio.ErrTooLong)
		}
		b = p.buffer
	}
	if n := len(b); n > 0 && b[n-1] == '\n' {
		b = b[:n-1]
	}
	return b, err
}

func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f'
}

func (p *textParser) parseLine(b []byte) error {
	i := 0
	for i < len(b) {
		c := b[i]
		switch {
		case isSpace(c):
			i++
			continue
		case c == 'c' && !p.open:
			return nil // a comment runs to the end of the line
		case c == 'd' && !p.open:
			if i+1 < len(b) && !isSpace(b[i+1]) {
				return fmt.Errorf("drat: line %d: %q after d: want a space", p.line, b[i+1])
			}
			p.open, p.kind, p.start, p.lits = true, Delete, p.line, p.lits[:0]
			i++
			continue
		case c == '-' || (c >= '0' && c <= '9'):
			n, j, err := parseInt(b, i)
			if err != nil {
				return fmt.Errorf("drat: line %d: %w", p.line, err)
			}
			i = j
			p.literal(n)
			continue
		}
		return fmt.Errorf("drat: line %d: unexpected character %q", p.line, c)
	}
	return nil
}

// literal adds n to the open clause or, when n is 0, closes it.
func (p *textParser) literal(n int) {
	if !p.open {
		p.open, p.kind, p.start, p.lits = true, Lemma, p.line, p.lits[:0]
	}
	if n != 0 {
		p.lits = append(p.lits, n)
		return
	}
	p.steps = append(p.steps, Step{Kind: p.kind, Lits: p.slab.copy(p.lits), Line: p.start})
	p.open, p.lits = false, p.lits[:0]
}

// parseInt reads a literal at b[i:], which must end at a space or the end of
// the line; it returns the literal and the index after it.
func parseInt(b []byte, i int) (int, int, error) {
	start := i
	neg := false
	if b[i] == '-' {
		neg = true
		i++
	}
	n, digits := 0, 0
	for ; i < len(b) && b[i] >= '0' && b[i] <= '9'; i++ {
		n = n*10 + int(b[i]-'0')
		digits++
		if n > maxVar {
			return 0, i, fmt.Errorf("literal %s... out of range (variables up to %d)", b[start:i+1], maxVar)
		}
	}
	if digits == 0 || (i < len(b) && !isSpace(b[i])) {
		end := i
		for end < len(b) && !isSpace(b[end]) {
			end++
		}
		return 0, i, fmt.Errorf("bad literal %q", b[start:end])
	}
	if neg {
		if n == 0 {
			return 0, i, errors.New("bad literal \"-0\"")
		}
		n = -n
	}
	return n, i, nil
}

// ParseBinary reads a DRAT proof in binary form: each step is a byte 'a'
// (lemma) or 'd' (deletion), then its literals, each written as the unsigned
// number 2v (for v) or 2v+1 (for -v) in 7-bit groups, low group first, the
// high bit set on every byte but a number's last, and a 0 byte. Steps are
// numbered from 1 in Step.Line. Malformed or truncated input is an error
// naming the step and byte offset.
func ParseBinary(r io.Reader) ([]Step, error) {
	br := bufio.NewReaderSize(r, 1<<16)
	var steps []Step
	var lits []int
	var sl slab
	off := 0
	for {
		c, err := br.ReadByte()
		if err == io.EOF {
			return steps, nil
		}
		if err != nil {
			return nil, fmt.Errorf("drat: byte %d: %w", off, err)
		}
		n := len(steps) + 1
		var kind StepKind
		switch c {
		case 'a':
			kind = Lemma
		case 'd':
			kind = Delete
		default:
			return nil, fmt.Errorf("drat: step %d (byte %d): want 'a' or 'd', found byte 0x%02x", n, off, c)
		}
		off++
		var m int
		lits, m, err = readBinaryClause(br, lits[:0])
		off += m
		if err != nil {
			return nil, fmt.Errorf("drat: step %d (byte %d): %w", n, off, err)
		}
		steps = append(steps, Step{Kind: kind, Lits: sl.copy(lits), Line: n})
	}
}

// readBinaryClause reads varint literals up to the 0 that ends the clause,
// appending them to lits; it returns them and the number of bytes read.
func readBinaryClause(br *bufio.Reader, lits []int) ([]int, int, error) {
	read := 0
	for {
		var u uint64
		for shift := 0; ; shift += 7 {
			c, err := br.ReadByte()
			if err != nil {
				if err == io.EOF {
					err = errors.New("truncated: the proof ends inside a clause")
				}
				return nil, read, err
			}
			read++
			if read > MaxLine {
				return nil, read, fmt.Errorf("a clause longer than %d MiB: %w", MaxLine>>20, bufio.ErrTooLong)
			}
			if shift > 28 {
				return nil, read, errors.New("literal too long for 32 bits")
			}
			u |= uint64(c&0x7f) << shift
			if c < 0x80 {
				break
			}
		}
		if u == 0 {
			return lits, read, nil
		}
		v := u >> 1
		if v == 0 || v > maxVar {
			return nil, read, fmt.Errorf("bad literal code %d (variable %d)", u, v)
		}
		if u&1 == 1 {
			lits = append(lits, -int(v))
		} else {
			lits = append(lits, int(v))
		}
	}
}

// Parse reads a DRAT proof in either form, told apart by its first step. A
// binary step starts with 'a', or with 'd' and a literal's byte; a text
// proof starts with a digit, '-', a comment ('c'), white space, or 'd' and
// white space. A proof starting with 'd' and a byte that is white space in
// text and a literal in binary is binary if it reads as binary and ends with
// a 0 byte, else text. (drat-trim calls a proof binary when one of its first ten bytes is
// not a character of the text form, which misreads a text proof opening
// with a comment such as "c k=6"; the two agree on the proofs solvers
// write.)
func Parse(r io.Reader) ([]Step, error) {
	br := bufio.NewReaderSize(r, 1<<16)
	head, err := br.Peek(2)
	if err != nil && err != io.EOF {
		return nil, fmt.Errorf("drat: %w", err)
	}
	switch form(head) {
	case formBinary:
		return ParseBinary(br)
	case formEither:
		data, err := io.ReadAll(br)
		if err != nil {
			return nil, fmt.Errorf("drat: %w", err)
		}
		if eitherIsBinary(data) {
			return ParseBinary(bytes.NewReader(data))
		}
		return ParseText(bytes.NewReader(data))
	}
	return ParseText(br)
}

// eitherIsBinary tells the form of a proof that starts with 'd' and white
// space: binary when it reads as binary and ends with the 0 byte that ends
// every binary step (a text proof ends otherwise, but in a comment).
func eitherIsBinary(data []byte) bool {
	if data[len(data)-1] != 0 {
		return false
	}
	_, err := ParseBinary(bytes.NewReader(data))
	return err == nil
}

const (
	formText = iota
	formBinary
	formEither
)

// form tells the form of a proof from its first two bytes.
func form(head []byte) int {
	switch {
	case len(head) == 0:
		return formText
	case head[0] == 'a':
		return formBinary
	case head[0] != 'd' || len(head) == 1:
		return formText
	case isSpace(head[1]) || head[1] == '\n':
		return formEither
	}
	return formBinary
}

// IsBinary reports whether Parse reads proof as a binary proof.
func IsBinary(proof []byte) bool {
	switch form(proof[:min(2, len(proof))]) {
	case formBinary:
		return true
	case formEither:
		return eitherIsBinary(proof)
	}
	return false
}

// slab hands out the parsed clauses' literals from large shared blocks, so
// that a proof of a million clauses is not a million allocations. Each
// clause's slice has its length as capacity: appending to it copies.
type slab []int

func (s *slab) copy(lits []int) []int {
	if len(lits) == 0 {
		return nil
	}
	if cap(*s)-len(*s) < len(lits) {
		*s = make([]int, 0, max(1<<14, len(lits)))
	}
	n := len(*s)
	*s = append(*s, lits...)
	return (*s)[n : n+len(lits) : n+len(lits)]
}
