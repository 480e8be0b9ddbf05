package encode_test

import (
	"fmt"
	"strings"

	"github.com/gridsat/gridsat/encode"
	"github.com/gridsat/gridsat/instances"
)

// A slant case solved by SAT on the default backend (gophersat): the
// clue encoding, then loop cuts added until a model has no loop; with
// Unique, the solution is blocked and the search goes on to prove there
// is no second one. The verifier checks the answer.
func ExampleSolveSlant() {
	cases, err := instances.ParseSlant("sample", strings.NewReader("1\n3\n....\n..4.\n.22.\n.2..\n"))
	if err != nil {
		fmt.Println(err)
		return
	}
	s := cases[0]
	res, err := encode.SolveSlant(s, encode.SlantOptions{Unique: true})
	if err != nil {
		fmt.Println(err)
		return
	}
	if err := instances.VerifySlant(s, res.Solution); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(res.Status)
	fmt.Println(instances.FormatSlantAnswer(s.W, s.H, res.Solution))
	fmt.Println("unique:", res.UniqueChecked && res.Second == nil)
	// Output:
	// SAT
	// \\/
	// \/\
	// \/\
	// unique: true
}
