package instances

import (
	"fmt"
	"io"
	"strings"
)

// RenderQueensSVG draws q as an SVG picture with the queens of placement
// (which may be empty): targets that are attacked or occupied are green,
// targets left uncovered red, other squares a light chequer, queens dark
// discs marked Q.
func RenderQueensSVG(w io.Writer, q *Queens, placement []Square) error {
	const cell, margin = 24, 4
	width, height := q.Cols*cell+2*margin, q.Rows*cell+2*margin
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d">`+"\n", width, height, width, height)
	fmt.Fprintf(&b, "<title>queens %s, %d queen(s)</title>\n", q.Size(), len(placement))
	queen := map[Square]bool{}
	for _, p := range placement {
		queen[p] = true
	}
	for r := 0; r < q.Rows; r++ {
		for c := 0; c < q.Cols; c++ {
			s := Square{r, c}
			fill := "#f4f1ea"
			if (r+c)%2 == 1 {
				fill = "#e2dccd"
			}
			if q.IsTarget(s) {
				fill = "#e05a4f" // uncovered target
				for _, p := range placement {
					if QueensAttack(p, s) {
						fill = "#7cc47f" // covered target
						break
					}
				}
			}
			x, y := margin+c*cell, margin+r*cell
			fmt.Fprintf(&b, `<rect x="%d" y="%d" width="%d" height="%d" fill="%s" stroke="#999" stroke-width="0.5"/>`+"\n", x, y, cell, cell, fill)
			if q.IsTarget(s) && !queen[s] {
				fmt.Fprintf(&b, `<text x="%d" y="%d" font-size="12" text-anchor="middle" fill="#333">X</text>`+"\n", x+cell/2, y+cell/2+4)
			}
			if queen[s] {
				fmt.Fprintf(&b, `<circle cx="%d" cy="%d" r="%d" fill="#222"/>`+"\n", x+cell/2, y+cell/2, cell/2-3)
				fmt.Fprintf(&b, `<text x="%d" y="%d" font-size="13" font-weight="bold" text-anchor="middle" fill="#fff">Q</text>`+"\n", x+cell/2, y+cell/2+5)
			}
		}
	}
	b.WriteString("</svg>\n")
	if _, err := io.WriteString(w, b.String()); err != nil {
		return fmt.Errorf("writing SVG: %w", err)
	}
	return nil
}
