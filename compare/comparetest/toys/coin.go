// Package toys holds toy puzzles that prove a puzzle is one file plus one
// line in a list: each file here fills in a compare.Puzzle as the files of
// compare/puzzles do, and List is the list. Only tests import it: the
// registry-wide tests of compare/puzzles and the command line's tests run
// them as they run gridsat's own puzzles, with no golden file of theirs.
package toys

import (
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"strconv"
	"strings"
	"time"

	"github.com/gridsat/gridsat/compare"
	"github.com/gridsat/gridsat/encode/sat"
	"github.com/gridsat/gridsat/instances"
)

// The coin is a one-cell toy whose cases are coins, "H" (heads up), "T"
// (tails up), "?" (either) or "-" (no face: no solution), one a line; the
// answer is the face shown. It has a DFS, a CNF of one variable solved by a
// backend of encode/sat, a verifier, a generator and a renderer. Bare is
// the same coin with the required core alone.

// coinCase is one coin.
type coinCase struct {
	instances.Loc
	face byte // 'H', 'T', '?' or '-'
}

func (c *coinCase) Size() string { return "1x1" }
func (c *coinCase) Cells() int   { return 1 }

// allows reports whether the coin can show face f ('H' or 'T').
func (c *coinCase) allows(f byte) bool { return c.face == f || c.face == '?' }

// coinFace is the DFS's first face, an enumeration declared with its values.
type coinFace string

// Values lists the faces.
func (coinFace) Values() []string { return []string{"heads", "tails"} }

// coinDFSOptions are the DFS's options, declared once.
type coinDFSOptions struct {
	First coinFace `opt:"first" doc:"the face tried first"`
}

var coinDFSDecl = compare.DeclareOptions(coinDFSOptions{First: "heads"})

// Coin is the coin's registry entry: every capability of a puzzle.
func Coin() *compare.Puzzle {
	return &compare.Puzzle{
		Name:    "coin",
		Summary: "a coin: which face is up",
		DFS:     "dfs",
		SAT:     "sat",
		Formats: `one coin a line: H, T, ? (either) or - (no face). Answer: H or T.`,
		Parse:   parseCoins,
		FormatCase: func(w io.Writer, c instances.Case) error {
			_, err := fmt.Fprintf(w, "%c\n", c.(*coinCase).face)
			return err
		},
		Solvers: []compare.Solver{
			{Name: "dfs", Doc: "tries each face", Options: coinDFSDecl.Docs(), Solve: solveCoinDFS,
				Validate: func(o compare.Options) error { _, err := coinDFSDecl.Parse(o); return err }},
			{Name: "sat", Doc: "one variable, heads", Options: []compare.OptionDoc{backendDoc()}, Solve: solveCoinSAT},
		},
		Verify:     verifyCoin,
		Agree:      agreeCoin,
		CrossCheck: "answers must both verify",
		CNF: func(c instances.Case, _ compare.Options, _ bool) (compare.Formula, error) {
			return coinCNF(c.(*coinCase)), nil
		},
		CNFDoc:        "the one variable is heads",
		Generate:      generateCoins,
		GenDoc:        "--size 1; coins thrown at random",
		GenParams:     []compare.OptionDoc{{Name: "blank", Values: "true|false", Default: "false", Doc: "some coins are ?"}},
		GenSmall:      compare.GenConfig{Size: "1", Count: 4, Seed: 3},
		NoProofNeeded: "a coin",
		Render: func(w io.Writer, c instances.Case, r compare.Result) error {
			_, err := fmt.Fprintf(w, `<svg xmlns="http://www.w3.org/2000/svg" width="20" height="20"><circle cx="10" cy="10" r="9"/><text x="6" y="15">%s</text></svg>`+"\n", r.Answer)
			return err
		},
	}
}

func parseCoins(file string, r io.Reader) ([]instances.Case, error) {
	l := instances.NewLines(file, r)
	var cs []instances.Case
	for {
		f, ok := l.Fields()
		if !ok {
			if len(cs) == 0 && l.Err() == nil {
				return nil, l.NoCases()
			}
			return cs, l.Err()
		}
		l.Case = len(cs) + 1
		if len(f) != 1 || len(f[0]) != 1 || !strings.Contains("HT?-", f[0]) {
			return cs, l.Errorf("%q is not a coin: want H, T, ? or -", strings.Join(f, " "))
		}
		cs = append(cs, &coinCase{instances.Loc{File: file, Case: len(cs) + 1, Line: l.Line()}, f[0][0]})
	}
}

func solveCoinDFS(c instances.Case, o compare.Options) (compare.Result, error) {
	opt, err := coinDFSDecl.Parse(o)
	if err != nil {
		return compare.Result{}, err
	}
	start := time.Now()
	faces := []byte("HT")
	if opt.First == "tails" {
		faces = []byte("TH")
	}
	nodes := int64(0)
	for _, f := range faces {
		nodes++
		if c.(*coinCase).allows(f) {
			return compare.Result{Solved: true, Answer: string(f), Time: time.Since(start), Stats: []compare.Stat{{Name: "nodes", Value: nodes}}}, nil
		}
	}
	return compare.Result{Time: time.Since(start), Stats: []compare.Stat{{Name: "nodes", Value: nodes}}}, nil
}

// coinCNF is the coin's formula: variable 1 is heads.
func coinCNF(c *coinCase) *sat.CNF {
	f := &sat.CNF{}
	heads := f.NewVar()
	if !c.allows('H') {
		f.Add(-heads)
	}
	if !c.allows('T') {
		f.Add(heads)
	}
	f.Comments = []string{"coin " + strconv.Quote(string(c.face)) + ": variable 1 is heads"}
	return f
}

func solveCoinSAT(c instances.Case, o compare.Options) (compare.Result, error) {
	b, err := sat.LookupBackend(o.Get("backend", ""))
	if err != nil {
		return compare.Result{}, err
	}
	start := time.Now()
	f := coinCNF(c.(*coinCase))
	s, err := b.New(f)
	if err != nil {
		return compare.Result{}, err
	}
	st, err := s.Solve(time.Time{})
	if err != nil {
		return compare.Result{}, err
	}
	r := compare.Result{Time: time.Since(start), Stats: []compare.Stat{{Name: "vars", Value: int64(f.NumVars)}, {Name: "clauses", Value: int64(len(f.Clauses))}}}
	switch st {
	case sat.Satisfiable:
		r.Solved, r.Answer = true, map[bool]string{true: "H", false: "T"}[s.Model()[1]]
	case sat.Unsatisfiable:
	default:
		return r, fmt.Errorf("the backend answered %v", st)
	}
	return r, nil
}

// verifyCoin checks r by brute force over the two faces.
func verifyCoin(c instances.Case, r compare.Result) error {
	coin := c.(*coinCase)
	if !r.Solved {
		if r.Answer != "" {
			return fmt.Errorf("no solution, yet the answer %q", r.Answer)
		}
		if coin.allows('H') || coin.allows('T') {
			return errors.New("no solution claimed, but the coin has a face")
		}
		return nil
	}
	if len(r.Answer) != 1 || !strings.Contains("HT", r.Answer) || !coin.allows(r.Answer[0]) {
		return fmt.Errorf("%q is not a face of coin %c", r.Answer, coin.face)
	}
	return nil
}

func agreeCoin(_ instances.Case, a, b compare.Result) error {
	if a.Solved != b.Solved {
		return fmt.Errorf("solved %v against %v", a.Solved, b.Solved)
	}
	return nil
}

func generateCoins(w io.Writer, g compare.GenConfig) error {
	if g.Size != "1" && g.Size != "" {
		return fmt.Errorf("coin size %q: a coin is 1", g.Size)
	}
	blank, err := g.Params.BoolOr("blank", false)
	if err != nil {
		return err
	}
	faces := "HT"
	if blank {
		faces = "HT?"
	}
	rng := rand.New(rand.NewPCG(uint64(g.Seed), 1))
	for range max(g.Count, 1) {
		if _, err := fmt.Fprintf(w, "%c\n", faces[rng.IntN(len(faces))]); err != nil {
			return err
		}
	}
	return nil
}

// Bare is the coin with the required core of a puzzle alone: no SAT
// solver, CNF, generator, split, optimum or renderer. The registry-wide
// tests skip each capability it lacks.
func Bare() *compare.Puzzle {
	c := Coin()
	return &compare.Puzzle{
		Name: "bare", Summary: "a coin with the required core alone", Formats: c.Formats,
		Parse: c.Parse, FormatCase: c.FormatCase, Solvers: c.Solvers[:1], DFS: "dfs",
		Verify: c.Verify, Agree: c.Agree, CrossCheck: c.CrossCheck,
	}
}

// backendDoc documents the coin's backend option: encode/sat's backends.
func backendDoc() compare.OptionDoc {
	def, err := sat.LookupBackend("")
	if err != nil {
		panic(err)
	}
	return compare.OptionDoc{Name: compare.BackendOption, Values: strings.Join(sat.BackendNames(), "|"), Default: def.Name(), Doc: "SAT backend"}
}
