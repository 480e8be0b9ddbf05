package drat_test

import (
	"errors"
	"fmt"
	"strings"

	"github.com/gridsat/gridsat/encode/drat"
)

// A DRAT proof in text form refuting the four clauses over two variables:
// the lemma "1" is implied by unit propagation (RUP) and, added, makes
// the clauses conflict, so the empty clause after it is not needed. A proof whose lemma does not follow is refused, naming the step.
func ExampleCheck() {
	formula := [][]int{{1, 2}, {1, -2}, {-1, 2}, {-1, -2}}
	steps, err := drat.ParseText(strings.NewReader("1 0\n0\n"))
	if err != nil {
		fmt.Println(err)
		return
	}
	res, err := drat.Check(2, formula, steps)
	fmt.Println("lemmas:", res.Lemmas, "core:", res.Core, "RUP:", res.RUP, "error:", err)

	bad, err := drat.ParseText(strings.NewReader("1 0\n0\n"))
	if err != nil {
		fmt.Println(err)
		return
	}
	_, err = drat.Check(2, formula[:3], bad) // without (-1 or -2): satisfiable
	fmt.Println("refused:", err)
	fmt.Println(errors.Is(err, drat.ErrNotImplied))
	// Output:
	// lemmas: 2 core: 1 RUP: 1 error: <nil>
	// refused: drat: step 1 (line 2): lemma []: neither RUP nor RAT: the empty clause is not RUP (unit propagation on the clauses live there finds no conflict), and it has no pivot for RAT
	// true
}
