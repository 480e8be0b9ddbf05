package instances

import (
	"bufio"
	"fmt"
	"io"
)

// RenderSlantSVG draws s as an SVG picture: the grid, the diagonals of
// cells (row-major '\' and '/'; nil or empty draws the bare puzzle) and
// the clues as numbered circles on the corners.
func RenderSlantSVG(w io.Writer, s *Slant, cells []byte) error {
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
	// One path per layer, not an element per line: a 50x50 board's
	// picture went from 245 KB to about 60 KB, and reports hold many.
	fmt.Fprint(bw, `<path fill="none" stroke="#bbb" stroke-width="1" d="`)
	for r := 0; r <= s.H; r++ {
		fmt.Fprintf(bw, "M%d %dH%d", x(0), y(r), x(s.W))
	}
	for c := 0; c <= s.W; c++ {
		fmt.Fprintf(bw, "M%d %dV%d", x(c), y(0), y(s.H))
	}
	fmt.Fprintln(bw, `"/>`)
	if len(cells) > 0 {
		fmt.Fprint(bw, `<path fill="none" stroke="black" stroke-width="3" stroke-linecap="round" d="`)
		for r := 0; r < s.H; r++ {
			for c := 0; c < s.W; c++ {
				if cells[r*s.W+c] == Back {
					fmt.Fprintf(bw, "M%d %dl%d %d", x(c), y(r), unit, unit)
				} else {
					fmt.Fprintf(bw, "M%d %dl%d %d", x(c+1), y(r), -unit, unit)
				}
			}
			fmt.Fprintln(bw)
		}
		fmt.Fprintln(bw, `"/>`)
	}
	fmt.Fprintln(bw, `<g fill="white" stroke="black" stroke-width="1.5">`)
	for r := 0; r <= s.H; r++ {
		for c := 0; c <= s.W; c++ {
			if s.Clue(r, c) >= 0 {
				fmt.Fprintf(bw, `<circle cx="%d" cy="%d" r="9"/>`, x(c), y(r))
			}
		}
	}
	fmt.Fprintln(bw, `</g>`)
	fmt.Fprintln(bw, `<g font-family="sans-serif" font-size="13" text-anchor="middle" dominant-baseline="central">`)
	for r := 0; r <= s.H; r++ {
		for c := 0; c <= s.W; c++ {
			if v := s.Clue(r, c); v >= 0 {
				fmt.Fprintf(bw, `<text x="%d" y="%d">%d</text>`, x(c), y(r), v)
			}
		}
	}
	fmt.Fprintln(bw, `</g>`)
	fmt.Fprintln(bw, `</svg>`)
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("writing SVG: %w", err)
	}
	return nil
}
