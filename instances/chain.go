package instances

import (
	"fmt"
	"io"
	"strconv"
	"strings"
)

// The chain puzzle (数字接龙, Lanqiao 2024): an N×N board carries a label
// 0..K-1 in every cell. A path starts at the top-left corner (0,0), ends at
// the bottom-right corner (N-1,N-1), visits every cell exactly once by king
// moves, reads the labels 0,1,..,K-1,0,1,.. in order, and never crosses
// itself: two diagonal moves through the same 2×2 block are forbidden. The
// answer is the lexicographically smallest such path as a string of
// directions, or -1 when there is none.

// Limits of the chain judge format as gridsat accepts it: the judge allows
// N, K <= 10; gridsat goes further.
const (
	ChainMaxN = 1000
	ChainMaxK = 100
)

// ChainNoPath is the judge's answer for a board with no path.
const ChainNoPath = "-1"

// ChainDR and ChainDC are the row and column steps of the eight directions,
// numbered as the judge does: 0 up, 1 up-right, 2 right, 3 down-right,
// 4 down, 5 down-left, 6 left, 7 up-left.
var (
	ChainDR = [8]int{-1, -1, 0, 1, 1, 1, 0, -1}
	ChainDC = [8]int{0, 1, 1, 1, 0, -1, -1, -1}
)

// Chain is one chain board.
type Chain struct {
	Loc
	N, K int
	// Labels holds the board row by row: the label of cell (r, c) is
	// Labels[r*N+c].
	Labels []int
	// Part, when set, makes the case one part of a split case: a fixed
	// path prefix (chain_part.go).
	Part *ChainPart
}

// Size returns "N=4 K=3".
func (c *Chain) Size() string { return fmt.Sprintf("N=%d K=%d", c.N, c.K) }

// Cells returns N*N.
func (c *Chain) Cells() int { return c.N * c.N }

// Label returns the label of cell (r, col).
func (c *Chain) Label(r, col int) int { return c.Labels[r*c.N+col] }

// Target is the index of the bottom-right corner, where every path ends.
func (c *Chain) Target() int { return c.N*c.N - 1 }

// Neighbour returns the cell one step from cell in direction d, and false
// when that step leaves the board.
func (c *Chain) Neighbour(cell, d int) (int, bool) {
	r, col := cell/c.N+ChainDR[d], cell%c.N+ChainDC[d]
	if r < 0 || r >= c.N || col < 0 || col >= c.N {
		return 0, false
	}
	return r*c.N + col, true
}

// Follows reports whether a path may step from cell a to cell b as far as
// labels go: b carries the label after a's.
func (c *Chain) Follows(a, b int) bool { return c.Labels[b] == (c.Labels[a]+1)%c.K }

// ChainBlock returns the 2×2 block a diagonal step from cell in direction d
// passes through (numbered by its top-left cell, r*(N-1)+c) and its slant:
// 1 for a "\" step (directions 3 and 7), 2 for a "/" step (1 and 5). Two
// steps through one block cross exactly when their slants differ. It returns
// slant 0 for a straight step.
func ChainBlock(n, cell, d int) (block, slant int) {
	if d%2 == 0 {
		return 0, 0
	}
	r, col := cell/n, cell%n
	r2, c2 := r+ChainDR[d], col+ChainDC[d]
	block = min(r, r2)*(n-1) + min(col, c2)
	if d == 3 || d == 7 {
		return block, 1
	}
	return block, 2
}

// Infeasible reports a reason that c has no path which needs no search: a
// corner carries the wrong label, or the labels are not used as often as a
// path of N*N cells uses them (label v sits on exactly as many cells as
// there are steps t < N*N with t mod K = v). It returns "" when these
// counts allow a path.
func (c *Chain) Infeasible() string {
	n2 := c.N * c.N
	if c.Labels[0] != 0 {
		return fmt.Sprintf("the start corner is labelled %d, not 0", c.Labels[0])
	}
	if want := (n2 - 1) % c.K; c.Labels[n2-1] != want {
		return fmt.Sprintf("the target corner is labelled %d, not %d", c.Labels[n2-1], want)
	}
	have := make([]int, c.K)
	for _, v := range c.Labels {
		have[v]++
	}
	for v := 0; v < c.K; v++ {
		want := n2 / c.K
		if v < n2%c.K {
			want++
		}
		if have[v] != want {
			return fmt.Sprintf("label %d is on %d cells, a path needs it on %d", v, have[v], want)
		}
	}
	return ""
}

// ParseChain reads chain boards in the judge format, one after another
// until the end of the input: a line "N K", then N lines of N labels in
// 0..K-1. Blank lines and '#' comment lines are skipped anywhere. On bad
// input it returns the boards read before the bad one together with an
// error wrapping an *InputError.
func ParseChain(file string, r io.Reader) ([]*Chain, error) {
	l := NewLines(file, r)
	var boards []*Chain
	for {
		l.Case = len(boards) + 1
		head, ok := l.Fields()
		if !ok {
			if err := l.Err(); err != nil {
				return boards, fmt.Errorf("parsing chain boards: %w", err)
			}
			if len(boards) == 0 {
				return nil, fmt.Errorf("parsing chain boards: %w", l.NoCases())
			}
			return boards, nil
		}
		b, err := parseChainBoard(l, head)
		if err != nil {
			return boards, fmt.Errorf("parsing chain boards: %w", err)
		}
		boards = append(boards, b)
	}
}

// parseChainBoard reads one board whose header line was just read.
func parseChainBoard(l *Lines, head []string) (*Chain, error) {
	if len(head) > 0 && head[0] == "part" {
		return parseChainPart(l, head)
	}
	b := &Chain{Loc: Loc{File: l.File(), Case: l.Case, Line: l.Line()}}
	if len(head) != 2 {
		return nil, l.Errorf("want a header line \"N K\", got %d fields", len(head))
	}
	var err error
	if b.N, err = l.Int(head[0], "the board size N", 1, ChainMaxN); err != nil {
		return nil, err
	}
	if b.K, err = l.Int(head[1], "the label count K", 1, ChainMaxK); err != nil {
		return nil, err
	}
	b.Labels = make([]int, 0, b.N*b.N)
	for r := 0; r < b.N; r++ {
		f, ok := l.Fields()
		if !ok {
			if err := l.Err(); err != nil {
				return nil, err
			}
			return nil, l.ErrorfEOF("board of size %d ends after %d of its %d rows", b.N, r, b.N)
		}
		if len(f) != b.N {
			return nil, l.Errorf("row %d has %d labels, want %d", r+1, len(f), b.N)
		}
		for col, tok := range f {
			v, err := l.Int(tok, fmt.Sprintf("the label of cell (%d,%d)", r, col), 0, b.K-1)
			if err != nil {
				return nil, err
			}
			b.Labels = append(b.Labels, v)
		}
	}
	return b, nil
}

// FormatChain writes cases in the judge format, one board after another
// (ParseChain reads them back), a case at a time.
func FormatChain(w io.Writer, cases []*Chain) error {
	var b strings.Builder
	for _, c := range cases {
		b.Reset()
		b.WriteString(chainPartHead(c))
		fmt.Fprintf(&b, "%d %d\n", c.N, c.K)
		for r := 0; r < c.N; r++ {
			for col := 0; col < c.N; col++ {
				if col > 0 {
					b.WriteByte(' ')
				}
				b.WriteString(strconv.Itoa(c.Label(r, col)))
			}
			b.WriteByte('\n')
		}
		if _, err := io.WriteString(w, b.String()); err != nil {
			return err
		}
	}
	return nil
}

// FormatChainAnswer formats a path given by its directions as the judge's answer.
func FormatChainAnswer(dirs []int) string {
	b := make([]byte, len(dirs))
	for i, d := range dirs {
		b[i] = byte('0' + d)
	}
	return string(b)
}

// ParseChainAnswer turns an answer for c into the cells it visits,
// starting at (0,0). It checks the form only: digits 0..7 and steps that
// stay on the board.
func ParseChainAnswer(c *Chain, answer string) ([]int, error) {
	cells := []int{0}
	cur := 0
	for i := 0; i < len(answer); i++ {
		ch := answer[i]
		if ch < '0' || ch > '7' {
			return nil, fmt.Errorf("step %d: %q is not a direction 0..7", i+1, ch)
		}
		next, ok := c.Neighbour(cur, int(ch-'0'))
		if !ok {
			return nil, fmt.Errorf("step %d: direction %c leaves the board at (%d,%d)", i+1, ch, cur/c.N, cur%c.N)
		}
		cur = next
		cells = append(cells, cur)
	}
	return cells, nil
}

// VerifyChain checks that answer is a valid path for c: every cell once,
// from (0,0) to (N-1,N-1), labels 0,1,..,K-1,0,.. in order, no two
// diagonal steps crossing. It does not check that the path is the smallest.
func VerifyChain(c *Chain, answer string) error {
	n2 := c.N * c.N
	if len(answer) != n2-1 {
		return fmt.Errorf("the path has %d steps, a %dx%d board needs %d", len(answer), c.N, c.N, n2-1)
	}
	cells, err := ParseChainAnswer(c, answer)
	if err != nil {
		return err
	}
	if err := verifyChainPart(c, answer); err != nil {
		return err
	}
	seen := make([]bool, n2)
	slants := make([]int, max(1, (c.N-1)*(c.N-1)))
	for t, cell := range cells {
		r, col := cell/c.N, cell%c.N
		if seen[cell] {
			return fmt.Errorf("step %d: cell (%d,%d) is visited twice", t, r, col)
		}
		seen[cell] = true
		if want := t % c.K; c.Labels[cell] != want {
			return fmt.Errorf("step %d: cell (%d,%d) is labelled %d, the path needs %d", t, r, col, c.Labels[cell], want)
		}
		if t == 0 {
			continue
		}
		if block, slant := ChainBlock(c.N, cells[t-1], int(answer[t-1]-'0')); slant != 0 {
			if slants[block] != 0 && slants[block] != slant {
				return fmt.Errorf("step %d: the diagonal step into (%d,%d) crosses an earlier one", t, r, col)
			}
			slants[block] = slant
		}
	}
	if end := cells[len(cells)-1]; end != n2-1 {
		return fmt.Errorf("the path ends at (%d,%d), not at the corner (%d,%d)", end/c.N, end%c.N, c.N-1, c.N-1)
	}
	return nil
}

// BruteChain enumerates every path of c that follows the labels and
// visits every cell once, checks each complete one with VerifyChain, and
// returns the smallest answer, or ChainNoPath. It takes exponential time;
// it is the reference oracle tests hold the solvers to on boards of up to
// 16 cells, and it shares no search code with them.
func BruteChain(c *Chain) string {
	n2 := c.N * c.N
	if c.Labels[0] != 0 {
		return ChainNoPath
	}
	best := ""
	found := false
	seen := make([]bool, n2)
	dirs := make([]byte, 0, n2)
	var walk func(cell int)
	walk = func(cell int) {
		if len(dirs) == n2-1 {
			ans := string(dirs)
			if VerifyChain(c, ans) == nil && (!found || ans < best) {
				best, found = ans, true
			}
			return
		}
		for d := 0; d < 8; d++ {
			next, ok := c.Neighbour(cell, d)
			if !ok || seen[next] || !c.Follows(cell, next) {
				continue
			}
			seen[next] = true
			dirs = append(dirs, byte('0'+d))
			walk(next)
			dirs = dirs[:len(dirs)-1]
			seen[next] = false
		}
	}
	seen[0] = true
	walk(0)
	if !found {
		return ChainNoPath
	}
	return best
}
