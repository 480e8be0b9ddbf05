package instances

import (
	"fmt"
	"strings"
)

// A part of a chain case is the case with a fixed path prefix, so that one
// hard board can be spread over many processes (gridsat split): the part
// asks for the smallest path that begins with the prefix's moves. The
// parts of one split case hold prefixes none of which begins another and
// which every path of the case begins with one of (SplitChain), so the
// case's smallest path is the smallest of its parts' answers.
//
// A part is written as a case preceded by a part line,
//
//	part I/N of PARENT split ID prefix DIRS sum SUM
//
// DIRS the prefix's directions as digits 0..7 ("-" for none), PARENT the
// hash of the whole case's text (chainHash), which the parser recomputes,
// and SUM the hash of the part line before it and the board, so a prefix
// edited by hand or cut short is refused; ID is the split's identity
// (splitID), the same on all its parts. A plain judge reader refuses the
// part line (it wants "N K") rather than silently solving the whole case.

// ChainPart is the prefix that makes a case one part of a split case.
type ChainPart struct {
	// Index is the part's number, 1..Count, of the Count parts of the case
	// whose chainHash is Parent.
	Index, Count int
	Parent       string
	// Split is the split's identity (splitID), the same on every part
	// of one split; "" on parts written without one.
	Split string
	// Jobs is the --jobs the split was made with (0 on parts written
	// without it): a report splits the whole case again with it.
	Jobs int
	// Prefix holds the directions every path of the part begins with.
	Prefix []int
}

// Name names the part in reports: "part 3/64 of 1f2e3d4c5b6a7980".
func (p *ChainPart) Name() string {
	return fmt.Sprintf("part %d/%d of %s", p.Index, p.Count, p.Parent)
}

// Prefix returns the directions every path of c begins with: none for a
// case that is no part.
func (c *Chain) Prefix() []int {
	if c.Part == nil {
		return nil
	}
	return c.Part.Prefix
}

// Whole returns the case c is a part of (c itself, copied, when it is no
// part): the same board without the prefix.
func (c *Chain) Whole() *Chain {
	return &Chain{Loc: c.Loc, N: c.N, K: c.K, Labels: c.Labels}
}

// chainHash identifies a whole case by its text: the first 16 hex digits
// of the SHA-256 of its judge format (the part line left out).
func chainHash(c *Chain) string {
	return shortHash([]byte(chainBoardText(c)))
}

// chainBoardText is c's board in the judge format, without a part line.
func chainBoardText(c *Chain) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d %d\n", c.N, c.K)
	for r := 0; r < c.N; r++ {
		for col := 0; col < c.N; col++ {
			if col > 0 {
				b.WriteByte(' ')
			}
			fmt.Fprint(&b, c.Label(r, col))
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// partLine is the part line without its sum.
func (p *ChainPart) partLine() string {
	dirs := FormatChainAnswer(p.Prefix)
	if dirs == "" {
		dirs = "-"
	}
	return withSplit(fmt.Sprintf("part %d/%d of %s", p.Index, p.Count, p.Parent), p.Split, p.Jobs) + " prefix " + dirs
}

// chainPartSum is the hash of the part line (without sum) and the board.
func chainPartSum(line, board string) string {
	return shortHash([]byte(line+"\n"), []byte(board))
}

// chainPartHead is c's part line with its sum and a newline, "" for a case
// that is no part.
func chainPartHead(c *Chain) string {
	if c.Part == nil {
		return ""
	}
	line := c.Part.partLine()
	return line + " sum " + chainPartSum(line, chainBoardText(c)) + "\n"
}

// parseChainPart reads a part line (head, its fields) and the board after
// it.
func parseChainPart(l *Lines, head []string) (*Chain, error) {
	at := l.Line()
	p, sum, err := parseChainPartLine(l, head)
	if err != nil {
		return nil, err
	}
	f, ok := l.Fields()
	if !ok {
		if err := l.Err(); err != nil {
			return nil, err
		}
		return nil, l.ErrorfEOF(`expected a header "N K" after the part line`)
	}
	if f[0] == "part" {
		return nil, l.Errorf(`a second part line: want a header "N K" after the part line`)
	}
	c, err := parseChainBoard(l, f)
	if err != nil {
		return nil, err
	}
	c.Loc.Line, c.Part = at, p
	if h := chainHash(c); h != p.Parent {
		return nil, l.errorAt(at, "part line: the board's whole case hashes to %s, the part line says %s (not a part of that case, or its labels were edited)", h, p.Parent)
	}
	if got := chainPartSum(p.partLine(), chainBoardText(c)); got != sum {
		return nil, l.errorAt(at, "part line: sum %s does not match the part (its prefix or number was edited or cut)", sum)
	}
	if err := c.walkPrefix(p.Prefix); err != nil {
		return nil, l.errorAt(at, "part line: the prefix: %v", err)
	}
	return c, nil
}

// parseChainPartLine reads the fields of a part line (f[0] is "part"); the
// hash, sum and prefix are checked once the board is read.
func parseChainPartLine(l *Lines, f []string) (*ChainPart, string, error) {
	split, jobs, f, err := cutSplitField(l, f)
	if err != nil {
		return nil, "", err
	}
	if len(f) != 8 || f[2] != "of" || f[4] != "prefix" || f[6] != "sum" {
		return nil, "", l.Errorf(`part line: want "part I/N of PARENT [split ID [jobs J]] prefix DIRS sum SUM", got %q`, clipToken(strings.Join(f, " ")))
	}
	is, ns, ok := strings.Cut(f[1], "/")
	if !ok {
		return nil, "", l.Errorf("part line: %q is not I/N", clipToken(f[1]))
	}
	n, err := l.Int(ns, "part count N", 1, MaxParts)
	if err != nil {
		return nil, "", err
	}
	i, err := l.Int(is, "part number I", 1, n)
	if err != nil {
		return nil, "", err
	}
	for _, h := range []string{f[3], f[7]} {
		if len(h) != 16 || strings.Trim(h, "0123456789abcdef") != "" {
			return nil, "", l.Errorf("part line: %q is not a hash of 16 hex digits", clipToken(h))
		}
	}
	p := &ChainPart{Index: i, Count: n, Parent: f[3], Split: split, Jobs: jobs, Prefix: []int{}}
	if f[5] != "-" {
		for k := 0; k < len(f[5]); k++ {
			ch := f[5][k]
			if ch < '0' || ch > '7' {
				return nil, "", l.Errorf("part line: prefix %q: %q is not a direction 0..7", clipToken(f[5]), ch)
			}
			p.Prefix = append(p.Prefix, int(ch-'0'))
		}
	}
	return p, f[7], nil
}

// walkPrefix walks dirs from the start corner by the step rules (the
// labels, no cell twice, no crossing) and returns an error naming the
// first step they refuse.
func (c *Chain) walkPrefix(dirs []int) error {
	if len(dirs) > 0 && c.Labels[0] != 0 {
		return fmt.Errorf("the start corner is labelled %d, not 0", c.Labels[0])
	}
	w := NewChainWalk(c)
	for i, d := range dirs {
		if _, ok := w.CanStep(d); !ok {
			return fmt.Errorf("step %d (direction %d from (%d,%d)) breaks the rules", i+1, d, w.Cur()/c.N, w.Cur()%c.N)
		}
		w.Step(d)
	}
	return nil
}

// verifyChainPart checks that answer begins with the prefix of c's part;
// it is nil for a case that is no part.
func verifyChainPart(c *Chain, answer string) error {
	if c.Part == nil {
		return nil
	}
	if want := FormatChainAnswer(c.Part.Prefix); !strings.HasPrefix(answer, want) {
		return fmt.Errorf("the path does not begin with the %s's prefix %s", c.Part.Name(), want)
	}
	return nil
}
