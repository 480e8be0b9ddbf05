package main

import (
	"encoding/csv"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gridsat/gridsat/compare"
	"github.com/gridsat/gridsat/compare/comparetest/toys"
	"github.com/gridsat/gridsat/compare/harness"
	"github.com/gridsat/gridsat/instances"
)

// A fourth puzzle proves that a puzzle is one registry entry: "coin"
// (compare/comparetest/toys, one file and one line in its list) is a
// one-cell toy whose cases are coins, "H", "T", "?" (either) or "-" (no
// face), one a line; the answer is the face shown. It has a DFS, a CNF of
// one variable solved by a backend of encode/sat, a verifier, a generator
// and a renderer, and TestCoinThroughTheRegistry runs gen, solve, dimacs, compare (in worker
// processes) and report on it through compare's registry alone; the bare
// coin, with the required core alone, runs too, each missing capability
// refused with a clear error.

// coinWorkerEnv, set for the test, makes the processes the test binary
// runs as gridsat (TestMain: compare's workers, and gridsat-cli for tests
// that need a real process) register the toys too: a worker finds the
// puzzle of the runs it is sent in the registry, by name.
const coinWorkerEnv = "GRIDSAT_TEST_COIN"

func init() {
	if os.Getenv(coinWorkerEnv) == "1" && len(os.Args) > 1 && (os.Args[1] == "worker" || os.Args[1] == "gridsat-cli") {
		for _, p := range toys.List() {
			if _, err := compare.Register(p); err != nil {
				panic(err)
			}
		}
	}
}

// registerToys registers the toys for t, taking them out when t ends.
func registerToys(t *testing.T) {
	t.Helper()
	for _, p := range toys.List() {
		unregister, err := compare.Register(p)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(unregister)
	}
}

// TestCoinThroughTheRegistry registers the coin and drives every command
// over it: nothing outside this file and the registry knows the coin.
func TestCoinThroughTheRegistry(t *testing.T) {
	registerToys(t)
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

	// The bare coin: solve and compare run its one solver; what it does
	// not offer is refused with an error naming the puzzle.
	if got := strings.Fields(must("solve", "bare", input)); len(got) != 4 || got[0] != "H" {
		t.Errorf("solve bare: %q", got)
	}
	if out, stderr, code := gridsat(t, "", "compare", "bare", input, "--solvers", "dfs", "--format", "csv", "--results", filepath.Join(dir, "bare.jsonl")); code != 0 {
		t.Errorf("compare bare: exit %d: %s\n%s", code, stderr, out)
	}
	usageError(t, "", "bare has no SAT encoding", "dimacs", "bare", input)
	usageError(t, "", "bare", "gen", "bare")

	// A wrong answer is caught: the coin's verifier runs in the harness.
	// The edited run is coins.txt#2's ("T": only tails), picked by case,
	// not as the file's first "T", which with -j 2 may be the "?" coin's,
	// where heads is right too.
	wrong := filepath.Join(dir, "wrong.jsonl")
	b, _ := os.ReadFile(results)
	os.WriteFile(wrong, b, 0o644)
	edited := 0
	editRecords(t, wrong, func(_ int, rec *harness.Record) {
		if rec.Kind == "run" && edited == 0 && filepath.Base(rec.Run.File) == "coins.txt" && rec.Run.Case == 2 && rec.Run.Run.Result.Answer == "T" {
			rec.Run.Run.Result.Answer = "H"
			edited++
		}
	})
	if edited != 1 {
		t.Fatalf("edited %d runs of coins.txt#2", edited)
	}
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
	p := toys.Coin()
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
			var again strings.Builder
			if err == nil && len(back) == 1 {
				err = p.FormatCase(&again, back[0])
			}
			if err != nil || len(back) != 1 || again.String() != b.String() {
				t.Fatalf("%q: coin %q came back as %q, %v", in, b.String(), again.String(), err)
			}
		}
	})
}
