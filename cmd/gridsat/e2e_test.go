package main

import (
	"encoding/csv"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/gridsat/gridsat/compare"
	"github.com/gridsat/gridsat/instances"
)

// genArgs are the gen flags of three cases of puzzle name's small
// generator config (Puzzle.GenSmall), seed aside.
func genArgs(name string) []string {
	p, _ := compare.Lookup(name)
	args := []string{"--size", p.GenSmall.Size, "--count", "3"}
	var params []string
	for k, v := range p.GenSmall.Params {
		params = append(params, k+"="+v)
	}
	sort.Strings(params)
	for _, kv := range params {
		args = append(args, "--param", kv)
	}
	return args
}

// puzzlesWithGen names the registered puzzles with a generator and a small
// config for it: every puzzle, as the registry's tests require.
func puzzlesWithGen(t *testing.T) []string {
	var names []string
	for _, p := range compare.Puzzles() {
		if p.Generate != nil && p.GenSmall.Size != "" {
			names = append(names, p.Name)
		}
	}
	if len(names) != len(compare.Puzzles()) || len(names) == 0 {
		t.Fatalf("puzzles with a generator and a small config: %v of %v", names, compare.PuzzleNames())
	}
	return names
}

// TestGenSolveCompare drives each puzzle through the command line the way
// people do: generate a file, solve it with each solver (flags after the
// file), and compare the two in worker processes.
func TestGenSolveCompare(t *testing.T) {
	for _, name := range puzzlesWithGen(t) {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			file := filepath.Join(dir, name+".txt")
			_, stderr, code := gridsat(t, "", append([]string{"gen", name, "--seed", "5", "-o", file}, genArgs(name)...)...)
			if code != 0 {
				t.Fatalf("gen: exit %d: %s", code, stderr)
			}
			dfsOut, stderr, code := gridsat(t, "", "solve", name, file, "--solver", "dfs", "--stats")
			if code != 0 {
				t.Fatalf("solve dfs: exit %d: %s", code, stderr)
			}
			if !strings.Contains(stderr, "case 3") {
				t.Errorf("--stats printed no line for case 3:\n%s", stderr)
			}
			// Flags before the puzzle name, input on stdin.
			data, _ := os.ReadFile(file)
			satOut, stderr, code := gridsat(t, string(data), "solve", "--solver=sat", name)
			if code != 0 {
				t.Fatalf("solve sat: exit %d: %s", code, stderr)
			}
			if name != "slant" && dfsOut != satOut {
				// Slant puzzles may have several solutions; the others
				// have one right answer.
				t.Errorf("dfs and sat print different answers:\n%s\n---\n%s", dfsOut, satOut)
			}
			out, stderr, code := gridsat(t, "", "compare", name, file, "--format", "csv", "--timeout", "60s", "-j", "2")
			if code != 0 {
				t.Fatalf("compare: exit %d: %s\n%s", code, stderr, out)
			}
			recs, err := csv.NewReader(strings.NewReader(out)).ReadAll()
			if err != nil || len(recs) != 4 {
				t.Fatalf("compare CSV: %v, %d records", err, len(recs))
			}
			for _, rec := range recs[1:] {
				if agree := rec[len(rec)-2]; agree != "yes" {
					t.Errorf("case %s: agree = %s", rec[2], agree)
				}
			}
		})
	}
}

// TestBadInputNamesFileAndLine cuts a generated file short: solve prints
// the answers to the whole cases before the cut, then exits 2 naming the
// file and a line.
func TestBadInputNamesFileAndLine(t *testing.T) {
	for _, name := range puzzlesWithGen(t) {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			file := filepath.Join(dir, "full.txt")
			if _, stderr, code := gridsat(t, "", append([]string{"gen", name, "-o", file}, genArgs(name)...)...); code != 0 {
				t.Fatalf("gen: %s", stderr)
			}
			data, _ := os.ReadFile(file)
			lines := strings.SplitAfter(string(data), "\n")
			cut := filepath.Join(dir, "cut.txt")
			os.WriteFile(cut, []byte(strings.Join(lines[:len(lines)-3], "")), 0o644)
			// A real process: a panic is a failed test naming the input.
			out, stderr, code := gridsatProc(t, "", nil, "solve", name, cut)
			if code != exitUsage {
				t.Fatalf("exit %d, want 2; stderr %s", code, stderr)
			}
			if !strings.Contains(stderr, "cut.txt") || !strings.Contains(stderr, "case 3") {
				t.Errorf("error does not name the file and case: %s", stderr)
			}
			if strings.TrimSpace(out) == "" && name != "chain" {
				t.Errorf("answers to the cases before the bad one were not printed")
			}
			if strings.Contains(stderr, "panic") || strings.Contains(stderr, "goroutine") {
				t.Errorf("panic: %s", stderr)
			}
		})
	}
}

// TestCompareBundled runs the README's main command on every bundled set.
func TestCompareBundled(t *testing.T) {
	if testing.Short() {
		t.Skip("short mode")
	}
	if len(instances.Sets("")) == 0 || len(compare.PuzzleNames()) == 0 {
		t.Fatal("no bundled sets or no puzzles registered")
	}
	out, stderr, code := gridsat(t, "", "compare", "all", "--timeout", "60s")
	if code != 0 {
		t.Fatalf("compare all: exit %d\n%s\n%s", code, out, stderr)
	}
	for _, name := range compare.PuzzleNames() {
		if len(instances.Sets(name)) > 0 && !strings.Contains(out, "== "+name+" ==") {
			t.Errorf("no table for %s", name)
		}
	}
	if strings.Contains(out, "PROBLEMS") || strings.Contains(out, "WRONG") {
		t.Errorf("problems reported:\n%s", out)
	}
}

// TestDimacsWritesEachCase exports every generated case to its own file
// and checks each is DIMACS with a header naming the case; bad input
// exits 2.
func TestDimacsWritesEachCase(t *testing.T) {
	for _, name := range puzzlesWithGen(t) {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			file := filepath.Join(dir, "in.txt")
			if _, stderr, code := gridsat(t, "", append([]string{"gen", name, "-o", file}, genArgs(name)...)...); code != 0 {
				t.Fatalf("gen: %s", stderr)
			}
			outDir := filepath.Join(dir, "cnf") + string(filepath.Separator)
			if _, stderr, code := gridsat(t, "", "dimacs", name, file, "-o", outDir, "--refined"); code != 0 {
				t.Fatalf("dimacs: exit %d: %s", code, stderr)
			}
			for i := 1; i <= 3; i++ {
				b, err := os.ReadFile(filepath.Join(outDir, fmt.Sprintf("case-%03d.cnf", i)))
				if err != nil {
					t.Fatal(err)
				}
				text := string(b)
				if !strings.Contains(text, "p cnf ") || !strings.Contains(text, "in.txt") || !strings.HasPrefix(text, "c ") {
					t.Errorf("case %d: no header or no p line:\n%.400s", i, text)
				}
			}
			if _, stderr, code := gridsat(t, "1\n", "dimacs", name); code != exitUsage || !strings.Contains(stderr, "line") {
				t.Errorf("truncated input: exit %d, %s", code, stderr)
			}
		})
	}
}

// TestDimacsQueensCubes: with split=classes asked for, the queens CNF is
// incremental: "p inccnf" and one "a" line per way of sharing k queens
// among the four square classes, up to the board symmetries (on a 5x5
// board the transposes swap two classes: 7 of the 10 shares of k=2; the
// ring split starts at k=7); without it, a plain "p cnf".
func TestDimacsQueensCubes(t *testing.T) {
	board := "5 5\nXXXXX\nXXXXX\nXXXXX\nXXXXX\nXXXXX\n0\n"
	out, stderr, code := gridsat(t, board, "dimacs", "queens", "--opt", "k=2", "--opt", "split=classes")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if !strings.Contains(out, "\np inccnf\n") || strings.Count(out, "\na ") != 7 {
		t.Errorf("want p inccnf and 7 cubes for k=2:\n%.600s", out)
	}
	out, _, _ = gridsat(t, board, "dimacs", "queens", "--opt", "k=2")
	if !strings.Contains(out, "\np cnf ") || strings.Contains(out, "\na ") {
		t.Errorf("without split=classes, want a plain CNF:\n%.600s", out)
	}
}
