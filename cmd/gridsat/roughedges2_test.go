package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Red-team pass (exit statuses): each case failed on the old code.
//   - dimacs -o DIR/ that cannot create a case file once writing has begun
//     (here a folder in the way of case 2's) is a failure naming the case,
//     exit 1, not bad input, and keeps case 1's file;
//   - dimacs --case N, N at or past a bad case, names the bad input (file,
//     case, line), not the count of cases before it;
//   - --timeout past a year is refused (twice the limit wrapped around
//     and made a failed run's PAR-2 1ns, the best of the table);
//   - an option only dimacs reads (queens sat's k) is refused by solve
//     and compare, an empty --only by measure, and a single-valued flag
//     given twice by every command (flagonce.go);
//   - every output's writability is checked before anything runs.
func TestExitStatusRoughEdges(t *testing.T) {
	dir := t.TempDir()
	seed := filepath.Join("..", "..", "instances", "sets", "queens", "seed.txt")
	out := filepath.Join(dir, "cnf")
	if err := os.MkdirAll(filepath.Join(out, "case-002.cnf"), 0o755); err != nil {
		t.Fatal(err)
	}
	_, stderr, code := gridsat(t, "", "dimacs", "queens", seed, "-o", out+"/")
	if _, err := os.Stat(filepath.Join(out, "case-001.cnf")); code != exitFail || !strings.Contains(stderr, "case 2") || err != nil {
		t.Errorf("dimacs -o DIR/ with a folder in the way of case 2: exit %d, case 1's file %v: %s; want exit 1 naming case 2, case 1 kept", code, err, stderr)
	}

	bad := filepath.Join(dir, "bad.txt")
	os.WriteFile(bad, []byte("2 2\nXX\nXX\n2 2\nX.\n.X\n2 2\nX?\nXX\n0\n"), 0o644)
	_, stderr, code = gridsat(t, "", "dimacs", "queens", bad, "--case", "3")
	if code != exitUsage || !strings.Contains(stderr, "case 3") || !strings.Contains(stderr, "line 8") {
		t.Errorf("dimacs --case 3, case 3 bad at line 8: exit %d: %s; want exit 2 naming case 3, line 8", code, stderr)
	}

	for _, cmd := range []string{"compare", "solve"} {
		_, stderr, code = gridsat(t, "", cmd, "queens", seed, "--timeout", "1300000h")
		if code != exitUsage || !strings.Contains(stderr, "--timeout") {
			t.Errorf("%s --timeout 1300000h: exit %d: %s; want exit 2 refusing the limit", cmd, code, stderr)
		}
	}

	// An option only dimacs reads was ignored by solve (sat:k=3 answered
	// the optimum); an empty --only measured every figure.
	for _, args := range [][]string{
		{"solve", "queens", seed, "--solver", "sat:k=3"},
		{"compare", "queens", seed, "--solvers", "dfs,sat:k=3"},
		{"compare", "queens", seed, "--opt", "k=3"},
		{"measure", "--only", ""},
		// A single-valued flag given twice ran with the last value.
		{"solve", "queens", seed, "--solver", "sat", "--solver", "dfs"},
		{"compare", "queens", seed, "--export-csv", filepath.Join(dir, "x.csv"), "--export-csv", filepath.Join(dir, "y.csv")},
		{"gen", "queens", "--size", "4", "--seed", "1", "--seed", "2"},
	} {
		stdout, stderr, code := gridsat(t, "", args...)
		if code != exitUsage || stdout != "" {
			t.Errorf("gridsat %q: exit %d, stdout %q, stderr %s; want exit 2 before anything runs", args, code, stdout, stderr)
		}
	}
	// Every output is checked before anything runs: a read-only export
	// target failed only after the whole comparison (exit 1), where -o
	// was refused at once.
	ro := filepath.Join(dir, "ro.csv")
	if err := os.WriteFile(ro, []byte("kept\n"), 0o444); err != nil {
		t.Fatal(err)
	}
	stdout, stderr, code := gridsat(t, "", "compare", "queens", seed, "--solvers", "dfs", "--export-csv", ro)
	if b, _ := os.ReadFile(ro); code != exitUsage || stdout != "" || !strings.Contains(stderr, "read-only") || string(b) != "kept\n" {
		t.Errorf("--export-csv onto a read-only file: exit %d, stdout %q, stderr %s; want exit 2 before the run, the file kept", code, stdout, stderr)
	}

	// The flag given twice is the whole message: no hint on its value's form.
	if _, stderr, code := gridsat(t, "", "compare", "queens", seed, "--unique", "--unique"); code != exitUsage || !strings.Contains(stderr, "given twice") || strings.Contains(stderr, "takes no value") {
		t.Errorf("--unique --unique: exit %d: %s; want exit 2, given twice, no hint", code, stderr)
	}

	// Flags that collect values still repeat.
	if _, stderr, code := gridsat(t, "", "compare", "queens", seed, "--solvers", "dfs", "--opt", "symmetry=true", "--opt", "weakley=true"); code != 0 {
		t.Errorf("compare with --opt twice: exit %d: %s", code, stderr)
	}
}
