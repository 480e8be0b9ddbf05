package instances

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// RenderSlant draws s as an SVG picture: the grid, the diagonals of
// cells (row-major '\' and '/'; nil or empty draws the bare puzzle) and
// the clues as numbered circles on the corners.
func RenderSlant(w io.Writer, s *Slant, cells []byte) error {
	if len(cells) != 0 && len(cells) != s.W*s.H {
		return fmt.Errorf("rendering %s: solution has %d cells, want %d", s.Size(), len(cells), s.W*s.H)
	}
	const unit, margin = 32, 20
	bw := bufio.NewWriter(w)
	width, height := s.W*unit+2*margin, s.H*unit+2*margin
	fmt.Fprintf(bw, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d">`+"\n", width, height, width, height)
	fmt.Fprintf(bw, `<rect width="%d" height="%d" fill="white"/>`+"\n", width, height)
	x := func(c int) int { return margin + c*unit }
	y := func(r int) int { return margin + r*unit }
	// One path per layer, not an element per line, the clue layers
	// below, and relative moves in the diagonals: reports hold many
	// pictures, and each of these made a board's picture markedly
	// smaller.
	fmt.Fprint(bw, `<path fill="none" stroke="#bbb" stroke-width="1" d="`)
	for r := 0; r <= s.H; r++ {
		fmt.Fprintf(bw, "M%d %dH%d", x(0), y(r), x(s.W))
	}
	for c := 0; c <= s.W; c++ {
		fmt.Fprintf(bw, "M%d %dV%d", x(c), y(0), y(s.H))
	}
	fmt.Fprintln(bw, `"/>`)
	if len(cells) > 0 {
		// Relative moves, and none where a diagonal starts or ends where
		// the last one ended (a zigzag is drawn as one line).
		fmt.Fprint(bw, `<path fill="none" stroke="black" stroke-width="3" stroke-linecap="round" stroke-linejoin="round" d="`)
		for r := 0; r < s.H; r++ {
			px, py := -1, -1 // no pen yet
			for c := 0; c < s.W; c++ {
				ax, bx := x(c), x(c+1) // '\' from (ax, top) to (bx, bottom)
				if cells[r*s.W+c] != Back {
					ax, bx = bx, ax
				}
				ay, by := y(r), y(r+1)
				switch {
				case px < 0:
					fmt.Fprintf(bw, "M%d %d", ax, ay)
				case px == bx && py == by:
					ax, ay, bx, by = bx, by, ax, ay // drawn from its end
				case px != ax || py != ay:
					fmt.Fprintf(bw, "m%d %d", ax-px, ay-py)
				}
				fmt.Fprintf(bw, "l%d %d", bx-ax, by-ay)
				px, py = bx, by
			}
			fmt.Fprintln(bw)
		}
		fmt.Fprintln(bw, `"/>`)
	}
	// The clue circles are round caps of zero-length strokes, a black
	// layer and a narrower white one (a ring 1.5 wide, radius 9.75), and
	// the digits one text per row whose glyphs each have their own x: a
	// clue costs about 25 bytes, not 80.
	// Both layers are written straight out, not built in memory first (a
	// large board's are tens of megabytes each).
	clued := false
	for _, v := range s.Clues {
		clued = clued || v >= 0
	}
	for _, layer := range [2]string{`stroke="black" stroke-width="19.5"`, `stroke="white" stroke-width="16.5"`} {
		if !clued {
			break
		}
		fmt.Fprintf(bw, `<path fill="none" stroke-linecap="round" %s d="`, layer)
		for r := 0; r <= s.H; r++ {
			for c := 0; c <= s.W; c++ {
				if s.Clue(r, c) >= 0 {
					fmt.Fprintf(bw, "M%d %dh0", x(c), y(r))
				}
			}
		}
		fmt.Fprintln(bw, `"/>`)
	}
	fmt.Fprintln(bw, `<g font-family="sans-serif" font-size="13" text-anchor="middle" dominant-baseline="central">`)
	for r := 0; r <= s.H; r++ {
		var xs, digits []string
		for c := 0; c <= s.W; c++ {
			if v := s.Clue(r, c); v >= 0 {
				xs = append(xs, strconv.Itoa(x(c)))
				digits = append(digits, strconv.Itoa(v))
			}
		}
		if len(xs) > 0 {
			fmt.Fprintf(bw, `<text x="%s" y="%d">%s</text>`+"\n", strings.Join(xs, " "), y(r), strings.Join(digits, ""))
		}
	}
	fmt.Fprintln(bw, `</g>`)
	fmt.Fprintln(bw, `</svg>`)
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("writing SVG: %w", err)
	}
	return nil
}
