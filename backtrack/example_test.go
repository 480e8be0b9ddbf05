package backtrack_test

import (
	"fmt"
	"strings"

	"github.com/gridsat/gridsat/backtrack"
	"github.com/gridsat/gridsat/instances"
)

// A slant case in the judge's format is parsed, solved by the DFS and
// checked by the independent verifier before it is printed.
func ExampleSolveSlant() {
	cases, err := instances.ParseSlant("sample", strings.NewReader("1\n3\n....\n..4.\n.22.\n.2..\n"))
	if err != nil {
		fmt.Println(err)
		return
	}
	s := cases[0]
	res := backtrack.SolveSlant(s, backtrack.SlantOptions{})
	if len(res.Solutions) == 0 {
		fmt.Println("no solution")
		return
	}
	if err := instances.VerifySlant(s, res.Solutions[0]); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(instances.FormatSlantAnswer(s.W, s.H, res.Solutions[0]))
	// Output:
	// \\/
	// \/\
	// \/\
}

// The fewest queens covering every X of a queens case, with the placement
// checked by the verifier.
func ExampleSolveQueens() {
	cases, err := instances.ParseQueens("sample", strings.NewReader("3 3\nXXX\nXXX\nXXX\n0\n"))
	if err != nil {
		fmt.Println(err)
		return
	}
	q := cases[0]
	res, err := backtrack.SolveQueens(q, backtrack.QueensOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	if err := instances.VerifyQueens(q, res.Placement); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(instances.FormatQueensAnswer(1, len(res.Placement)))
	// Output: Case 1: 1
}

// The lexicographically smallest path of a chain board, as directions,
// checked by the verifier.
func ExampleSolveChain() {
	cases, err := instances.ParseChain("sample", strings.NewReader("3 3\n0 2 0\n1 1 1\n2 0 2\n"))
	if err != nil {
		fmt.Println(err)
		return
	}
	c := cases[0]
	res, err := backtrack.SolveChain(c, backtrack.ChainOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	if err := instances.VerifyChain(c, res.Answer); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(res.Answer)
	// Output: 41255214
}
