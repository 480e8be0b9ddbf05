package main

import (
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/gridsat/gridsat/compare"
	"github.com/gridsat/gridsat/encode/sat"
	"github.com/gridsat/gridsat/instances"
)

// A fifth puzzle, in this file only, proves that a puzzle is one registry
// entry: "coin" is a one-cell toy whose cases are coins, "H" (heads up), "T"
// (tails up), "?" (either) or "-" (no face: no solution), one a line; the
// answer is the face shown. It has a DFS, a CNF of one variable solved by a
// backend of encode/sat, a verifier, a generator and a renderer, and
// TestCoinThroughTheRegistry runs gen, solve, dimacs, compare (in worker
// processes) and report on it through compare's registry alone.

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

// coinWorkerEnv, set for the test, makes the processes the test binary
// runs as gridsat (TestMain: compare's workers, and gridsat-cli for tests
// that need a real process) register the coin too: a worker finds the
// puzzle of the runs it is sent in the registry, by name.
const coinWorkerEnv = "GRIDSAT_TEST_COIN"

func init() {
	if os.Getenv(coinWorkerEnv) == "1" && len(os.Args) > 1 && (os.Args[1] == "worker" || os.Args[1] == "gridsat-cli") {
		compare.Register(coinPuzzle())
	}
}

// coinPuzzle is the coin's registry entry.
func coinPuzzle() *compare.Puzzle {
	return &compare.Puzzle{
		Name:    "coin",
		Summary: "a coin: which face is up",
		Formats: `one coin a line: H, T, ? (either) or - (no face). Answer: H or T.`,
		Parse:   parseCoins,
		FormatCase: func(w io.Writer, c instances.Case) error {
			_, err := fmt.Fprintf(w, "%c\n", c.(*coinCase).face)
			return err
		},
		Solvers: []compare.Solver{
			{Name: "dfs", Doc: "tries each face", Options: coinDFSDecl.Docs(), Solve: solveCoinDFS,
				Validate: func(o compare.Options) error { _, err := coinDFSDecl.Parse(o); return err }},
			{Name: "sat", Doc: "one variable, heads", Options: []compare.OptionDoc{compare.BackendOption}, Solve: solveCoinSAT},
		},
		Verify:     verifyCoin,
		Agree:      agreeCoin,
		CrossCheck: "answers must both verify",
		CNF: func(c instances.Case, _ compare.Options, _ bool) (*sat.CNF, error) {
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

// TestCoinThroughTheRegistry registers the coin and drives every command
// over it: nothing outside this file and the registry knows the coin.
func TestCoinThroughTheRegistry(t *testing.T) {
	t.Cleanup(compare.Register(coinPuzzle()))
	t.Setenv(coinWorkerEnv, "1")
	dir := t.TempDir()
	must := func(args ...string) string {
		t.Helper()
		out, stderr, code := gridsat(t, "", args...)
		if code != 0 {
			t.Fatalf("gridsat %v: exit %d: %s", args, code, stderr)
		}
		return out
	}

	// gen: the same seed, the same bytes; parameters as declared.
	gen := filepath.Join(dir, "gen.txt")
	must("gen", "coin", "--size", "1", "--count", "8", "--seed", "5", "--param", "blank=true", "-o", gen)
	again := must("gen", "coin", "--size", "1", "--count", "8", "--seed", "5", "--param", "blank=true")
	if b, _ := os.ReadFile(gen); string(b) != again || strings.Count(again, "\n") != 8 {
		t.Fatalf("gen wrote %q to the file and %q to stdout", b, again)
	}
	usageError(t, "", "coin has no generator parameter \"density\": it takes blank", "gen", "coin", "--param", "density=1")
	usageError(t, "", "blank", "gen", "coin", "--param", "blank=maybe")

	// The help texts and the puzzle list come from the registry.
	for _, args := range [][]string{{"gen", "-h"}, {"compare", "-h"}, {"dimacs", "-h"}, {"puzzles"}, {"help"}} {
		if out := must(args...); !strings.Contains(out, "coin") {
			t.Errorf("gridsat %v does not speak of the coin:\n%s", args, out)
		}
	}

	// solve: each solver's answers are faces of their coins (solve runs
	// the verifier; this checks again against the input).
	input := filepath.Join(dir, "coins.txt")
	os.WriteFile(input, []byte("H\nT\n?\n# a comment\nT\n"), 0o644)
	for _, solver := range []string{"dfs", "sat", "dfs:first=tails", "sat:backend=gini"} {
		out := must("solve", "coin", input, "--solver", solver, "--svg", filepath.Join(dir, "coin.svg"))
		got := strings.Fields(out)
		if len(got) != 4 || got[0] != "H" || got[1] != "T" || got[3] != "T" || (got[2] != "H" && got[2] != "T") {
			t.Errorf("solve --solver %s: %q", solver, out)
		}
		if _, err := os.Stat(filepath.Join(dir, "coin-3.svg")); err != nil {
			t.Errorf("solve --svg drew no coin: %v", err)
		}
	}
	if got := must("solve", "coin", input, "--solver", "dfs:first=tails"); strings.Fields(got)[2] != "T" {
		t.Errorf("first=tails answers %q for ?", got)
	}
	usageError(t, "", "first", "solve", "coin", input, "--solver", "dfs:first=edge")
	nothing := filepath.Join(dir, "nothing.txt")
	os.WriteFile(nothing, []byte("-\nH\n"), 0o644)
	for _, solver := range []string{"dfs", "sat"} {
		out, stderr, code := gridsat(t, "", "solve", "coin", nothing, "--solver", solver)
		if code != exitFail || strings.TrimSpace(out) != "H" || !strings.Contains(stderr, "case 1 (line 1): no solution") {
			t.Errorf("solve %s of a coin with no face: exit %d, %q, %q", solver, code, out, stderr)
		}
	}
	bad := filepath.Join(dir, "bad.txt")
	os.WriteFile(bad, []byte("H\nX\n"), 0o644)
	if _, stderr, code := gridsat(t, "", "solve", "coin", bad); code != exitUsage || !strings.Contains(stderr, "bad.txt: case 2: line 2") {
		t.Errorf("solve of bad input: exit %d, %s", code, stderr)
	}

	// dimacs: one variable, a unit clause for a coin with one face.
	cnfDir := filepath.Join(dir, "cnf") + string(filepath.Separator)
	must("dimacs", "coin", input, "-o", cnfDir)
	for i, want := range []string{"p cnf 1 1\n1 0\n", "p cnf 1 1\n-1 0\n", "p cnf 1 0\n"} {
		b, err := os.ReadFile(filepath.Join(cnfDir, fmt.Sprintf("case-%03d.cnf", i+1)))
		if err != nil || !strings.Contains(string(b), "puzzle coin") || !strings.HasSuffix(string(b), want) {
			t.Errorf("case %d's CNF, want it to end %q: %v\n%s", i+1, want, err, b)
		}
	}

	// compare in worker processes (the test binary stands in for gridsat,
	// the coin registered there too), then report from the results file.
	results := filepath.Join(dir, "results.jsonl")
	out, stderr, code := gridsat(t, "", "compare", "coin", input, nothing, "--solvers", "dfs,sat,sat:backend=gini", "--format", "csv", "--results", results, "-j", "2")
	if code != 0 {
		t.Fatalf("compare: exit %d: %s\n%s", code, stderr, out)
	}
	checkCoinCSV(t, "compare", out, 6)
	if out, stderr, code := gridsat(t, "", "compare", "coin", input, "--inproc", "--format", "csv"); code != 0 {
		t.Errorf("compare --inproc: exit %d: %s", code, stderr)
	} else {
		checkCoinCSV(t, "compare --inproc", out, 4)
	}
	checkCoinCSV(t, "report", must("report", results, "--format", "csv"), 6)
	if out := must("report", results); !strings.Contains(out, "coins.txt") || strings.Contains(out, "WRONG") {
		t.Errorf("report's table:\n%s", out)
	}
	html := filepath.Join(dir, "report.html")
	must("report", results, "--format", "html", "--output", html)
	if b, _ := os.ReadFile(html); !strings.Contains(string(b), "<circle") {
		t.Errorf("the html report draws no coin")
	}

	// A wrong answer is caught: the coin's verifier runs in the harness.
	wrong := filepath.Join(dir, "wrong.jsonl")
	b, _ := os.ReadFile(results)
	os.WriteFile(wrong, []byte(strings.Replace(string(b), `"answer":"T"`, `"answer":"H"`, 1)), 0o644)
	if out, _, code := gridsat(t, "", "report", wrong); code != exitFail || !strings.Contains(out, "WRONG") {
		t.Errorf("report of an edited answer: exit %d:\n%s", code, out)
	}
}

// checkCoinCSV checks a CSV report of coins: rows of the coins, every
// solver ok or unsat and the solvers agreeing.
func checkCoinCSV(t *testing.T, what, out string, rows int) {
	t.Helper()
	recs, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	if err != nil || len(recs) != rows+1 {
		t.Fatalf("%s: %d records, %v:\n%s", what, len(recs), err, out)
	}
	verdicts := 0
	for i, h := range recs[0] {
		if !strings.HasSuffix(h, "verdict") {
			continue
		}
		for _, rec := range recs[1:] {
			verdicts++
			if v := rec[i]; v != "ok" && v != "unsat" {
				t.Errorf("%s: %s = %q in %v", what, h, v, rec)
			}
		}
	}
	if verdicts == 0 {
		t.Errorf("%s: no verdict column in %v", what, recs[0])
	}
	for _, rec := range recs[1:] {
		if agree := rec[len(rec)-2]; agree != "yes" {
			t.Errorf("%s: agree = %q in %v", what, agree, rec)
		}
	}
}

// FuzzParseCoins: any input parses to coins or to an input error naming
// the file, and every coin read is written back as itself.
func FuzzParseCoins(f *testing.F) {
	for _, seed := range []string{"H\nT\n?\n-\n", "# c\n\nH\r\n", "X\n", "H T\n", "", "\xff\n"} {
		f.Add(seed)
	}
	p := coinPuzzle()
	f.Fuzz(func(t *testing.T, in string) {
		cases, err := p.Parse("in.txt", strings.NewReader(in))
		if err != nil && (!instances.IsInputError(err) || !strings.Contains(err.Error(), "in.txt")) {
			t.Fatalf("%q: %v", in, err)
		}
		for _, c := range cases {
			var b strings.Builder
			if err := p.FormatCase(&b, c); err != nil {
				t.Fatal(err)
			}
			back, err := p.Parse("back", strings.NewReader(b.String()))
			if err != nil || len(back) != 1 || back[0].(*coinCase).face != c.(*coinCase).face {
				t.Fatalf("%q: coin %c came back as %v, %v", in, c.(*coinCase).face, back, err)
			}
		}
	})
}
