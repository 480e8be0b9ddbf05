package instances

import (
	"bufio"
	"fmt"
	"html"
	"io"
)

// RenderChain draws board c as an SVG picture: the grid with every
// cell's label, the start and target corners shaded, and, when answer is a
// path on the board (its form is checked, not its validity), the path as a
// line through the cell centres with a dot at the start. An answer of ""
// on a bigger board, or ChainNoPath, draws the bare board.
func RenderChain(w io.Writer, c *Chain, answer string) error {
	const cell, margin = 40, 10
	size := c.N*cell + 2*margin
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d">`+"\n", size, size, size, size)
	fmt.Fprintf(bw, "<title>%s</title>\n", html.EscapeString(fmt.Sprintf("chain %s %s", c.Size(), c.Location())))
	fmt.Fprintf(bw, `<rect x="0" y="0" width="%d" height="%d" fill="white"/>`+"\n", size, size)
	for _, corner := range []int{0, c.Target()} {
		fmt.Fprintf(bw, `<rect x="%d" y="%d" width="%d" height="%d" fill="#e8f0ff"/>`+"\n",
			margin+corner%c.N*cell, margin+corner/c.N*cell, cell, cell)
	}
	for i := 0; i <= c.N; i++ {
		p := margin + i*cell
		fmt.Fprintf(bw, `<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="#999" stroke-width="1"/>`+"\n", p, margin, p, margin+c.N*cell)
		fmt.Fprintf(bw, `<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="#999" stroke-width="1"/>`+"\n", margin, p, margin+c.N*cell, p)
	}
	centre := func(cl int) (int, int) { return margin + cl%c.N*cell + cell/2, margin + cl/c.N*cell + cell/2 }
	if answer != ChainNoPath && len(answer) == c.N*c.N-1 {
		if cells, err := ParseChainAnswer(c, answer); err == nil && len(cells) > 1 {
			fmt.Fprint(bw, `<polyline fill="none" stroke="#c0392b" stroke-width="3" stroke-opacity="0.6" points="`)
			for i, cl := range cells {
				x, y := centre(cl)
				if i > 0 {
					fmt.Fprint(bw, " ")
				}
				fmt.Fprintf(bw, "%d,%d", x, y)
			}
			fmt.Fprint(bw, `"/>`+"\n")
			x, y := centre(0)
			fmt.Fprintf(bw, `<circle cx="%d" cy="%d" r="5" fill="#c0392b"/>`+"\n", x, y)
		}
	}
	for cl, v := range c.Labels {
		x, y := centre(cl)
		fmt.Fprintf(bw, `<text x="%d" y="%d" font-family="sans-serif" font-size="16" text-anchor="middle" dominant-baseline="central">%d</text>`+"\n", x, y, v)
	}
	fmt.Fprintln(bw, "</svg>")
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("writing chain SVG: %w", err)
	}
	return nil
}
