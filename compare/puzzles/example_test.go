package puzzles_test

import (
	"fmt"
	"strings"

	"github.com/gridsat/gridsat/compare"
	"github.com/gridsat/gridsat/compare/puzzles"
)

// The explicit list of puzzles, which importing the package registers:
// each puzzle with its hand-written search and its SAT solver.
func ExampleList() {
	for _, p := range puzzles.List() {
		var names []string
		for _, s := range p.Solvers {
			names = append(names, s.Name)
		}
		fmt.Printf("%s: solvers %s (dfs %q, sat %q)\n", p.Name, strings.Join(names, ","), p.DFS, p.SAT)
	}
	// Output:
	// slant: solvers dfs,sat (dfs "dfs", sat "sat")
	// queens: solvers dfs,sat (dfs "dfs", sat "sat")
	// chain: solvers dfs,sat (dfs "dfs", sat "sat")
}

// A solver spec is checked against the options the solver declares:
// values outside a declared set are refused before anything runs, and
// the resolved options (defaults filled in, booleans spelled out) are a
// run's identity in results files.
func ExamplePuzzle_ParseSpec() {
	p, err := compare.Lookup("queens")
	if err != nil {
		fmt.Println(err)
		return
	}
	spec, err := p.ParseSpec("sat:card=seq:certify=1", nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	o := spec.Resolved()
	fmt.Println(spec.Solver.Name, "card="+o["card"], "certify="+o["certify"], "backend="+o["backend"])
	card, _ := spec.Solver.Option("card")
	fmt.Println("card takes", card.Values)
	if _, err := p.ParseSpec("sat:card=ladder", nil); err != nil {
		fmt.Println("refused:", err != nil)
	}
	// Output:
	// sat card=seq certify=true backend=gophersat
	// card takes totalizer|seq|mtotalizer|cardnet|sortnet|pb
	// refused: true
}
