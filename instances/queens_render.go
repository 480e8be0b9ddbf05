package instances

import (
	"fmt"
	"io"
	"strconv"
	"strings"
)

// RenderQueens draws q as an SVG picture with the queens of placement
// (which may be empty): targets that are attacked or occupied are green and
// marked X, targets left uncovered red, other squares a light chequer,
// queens dark discs marked Q. The squares of one colour are one path and
// the X marks one text per row, which keeps a picture a fraction of the
// size an element per square makes.
func RenderQueens(w io.Writer, q *Queens, placement []Square) error {
	const cell, margin = 24, 4
	width, height := q.Cols*cell+2*margin, q.Rows*cell+2*margin
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d">`+"\n", width, height, width, height)
	fmt.Fprintf(&b, "<title>queens %s, %d queen(s)</title>\n", q.Size(), len(placement))
	queen := map[Square]bool{}
	for _, p := range placement {
		queen[p] = true
	}
	// fills[i] holds the squares of colour i as path moves.
	colours := []string{"#e2dccd", "#7cc47f", "#e05a4f"} // dark chequer, covered, uncovered
	var fills [3]strings.Builder
	var marks strings.Builder
	for r := 0; r < q.Rows; r++ {
		var xs []string
		for c := 0; c < q.Cols; c++ {
			s := Square{r, c}
			x, y := margin+c*cell, margin+r*cell
			colour := -1
			if (r+c)%2 == 1 {
				colour = 0
			}
			if q.IsTarget(s) {
				colour = 2
				for _, p := range placement {
					if QueensAttack(p, s) {
						colour = 1
						break
					}
				}
				if !queen[s] {
					xs = append(xs, strconv.Itoa(x+cell/2))
				}
			}
			if colour >= 0 {
				fmt.Fprintf(&fills[colour], "M%d %dh%dv%dh-%dz", x, y, cell, cell, cell)
			}
		}
		if len(xs) > 0 {
			fmt.Fprintf(&marks, `<text x="%s" y="%d">%s</text>`+"\n", strings.Join(xs, " "), margin+r*cell+cell/2+4, strings.Repeat("X", len(xs)))
		}
	}
	fmt.Fprintf(&b, `<rect x="%d" y="%d" width="%d" height="%d" fill="#f4f1ea"/>`+"\n", margin, margin, q.Cols*cell, q.Rows*cell)
	for i, f := range fills {
		if f.Len() > 0 {
			fmt.Fprintf(&b, `<path fill="%s" d="%s"/>`+"\n", colours[i], f.String())
		}
	}
	b.WriteString(`<path fill="none" stroke="#999" stroke-width="0.5" d="`)
	for r := 0; r <= q.Rows; r++ {
		fmt.Fprintf(&b, "M%d %dh%d", margin, margin+r*cell, q.Cols*cell)
	}
	for c := 0; c <= q.Cols; c++ {
		fmt.Fprintf(&b, "M%d %dv%d", margin+c*cell, margin, q.Rows*cell)
	}
	b.WriteString("\"/>\n")
	if marks.Len() > 0 {
		fmt.Fprintf(&b, "<g font-size=\"12\" text-anchor=\"middle\" fill=\"#333\">\n%s</g>\n", marks.String())
	}
	for _, p := range placement {
		if p.Row < 0 || p.Row >= q.Rows || p.Col < 0 || p.Col >= q.Cols {
			continue // off the board: nothing to draw (the verifier says so)
		}
		x, y := margin+p.Col*cell+cell/2, margin+p.Row*cell+cell/2
		fmt.Fprintf(&b, `<circle cx="%d" cy="%d" r="%d" fill="#222"/>`+"\n", x, y, cell/2-3)
		fmt.Fprintf(&b, `<text x="%d" y="%d" font-size="13" font-weight="bold" text-anchor="middle" fill="#fff">Q</text>`+"\n", x, y+5)
	}
	b.WriteString("</svg>\n")
	if _, err := io.WriteString(w, b.String()); err != nil {
		return fmt.Errorf("writing SVG: %w", err)
	}
	return nil
}
