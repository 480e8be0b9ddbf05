package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/gridsat/gridsat/encode"
	"github.com/gridsat/gridsat/encode/kept"
	"github.com/gridsat/gridsat/encode/lemma"
	"github.com/gridsat/gridsat/instances"
)

// report --proofs showed a run certified (✓✓) when its kept proof refuted
// its kept CNF, whatever that CNF was: another unsatisfiable formula, a
// cut lemma replaced by any clause, the blocking clause of another
// assignment. The kept CNF of a slant claim must now be the case's
// encoding, rebuilt, plus cuts the lemma checkers accept and the blocking
// clause of the run's answer; each mutation makes the run not certified
// and a problem of its row, and the untouched folder still certifies.
func TestKeptSlantCNFTiedToCase(t *testing.T) {
	dir := t.TempDir()
	proofs, runs := filepath.Join(dir, "proofs"), filepath.Join(dir, "runs.jsonl")
	if out, stderr, code := gridsat(t, "", "compare", "slant", "sample", "--unique", "--solvers", "sat", "--inproc", "--certify", "--proofs", proofs, "--results", runs); code != 0 {
		t.Fatalf("compare: exit %d\n%s\n%s", code, out, stderr)
	}
	if out, stderr, code := gridsat(t, "", "report", runs, "--proofs", proofs); code != 0 || !strings.Contains(withoutLegend(out), "✓✓") || !strings.Contains(stderr, " 0 failed") {
		t.Fatalf("report --proofs, untouched: exit %d\n%s\n%s", code, out, stderr)
	}
	stem, meta := keptClaimWithCuts(t, proofs)
	tests := []struct {
		name   string
		mutate func(clauses []string) []string
		// drat replaces the proof when set; proofOK says the mutated
		// claim must still check without the tie to its case (the proof
		// alone does not catch it); otherwise the test logs whether it
		// does.
		drat    string
		proofOK bool
	}{
		{"another unsatisfiable CNF", func([]string) []string { return []string{"1 0", "-1 0"} }, "0\n", true},
		{"a cut replaced by the empty clause", func(cs []string) []string {
			cs[firstCut(cs, meta)] = "0"
			return cs
		}, "", true},
		{"a cut replaced by a unit clause", func(cs []string) []string {
			cs[firstCut(cs, meta)] = "-1 0"
			return cs
		}, "", false},
		{"the blocking clause of another assignment", func(cs []string) []string {
			i := blockClause(t, cs, meta)
			cs[i] = otherBlock(t, meta, cs[i])
			return cs
		}, "", false},
	}
	cnf, _ := os.ReadFile(stem + ".cnf")
	drat, _ := os.ReadFile(stem + ".drat")
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			defer os.WriteFile(stem+".cnf", cnf, 0o644)
			defer os.WriteFile(stem+".drat", drat, 0o644)
			cs := tt.mutate(cnfClauses(string(cnf)))
			text := fmt.Sprintf("p cnf %d %d\n%s\n", meta.Vars, len(cs), strings.Join(cs, "\n"))
			os.WriteFile(stem+".cnf", []byte(text), 0o644)
			if tt.drat != "" {
				os.WriteFile(stem+".drat", []byte(tt.drat), 0o644)
			}
			if _, _, err := kept.Recheck(stem + ".json"); err != nil && tt.proofOK {
				t.Fatalf("the proof alone, against the mutated CNF: %v (want it to check)", err)
			} else {
				t.Logf("the proof alone, against the mutated CNF: %v", err)
			}
			out, stderr, code := gridsat(t, "", "report", runs, "--proofs", proofs)
			row := fmt.Sprintf("slant/sample#%d ", meta.Case)
			if code != exitFail || !strings.Contains(out, row) || strings.Contains(lineOf(out, row), "✓✓") || !strings.Contains(stderr, " 1 failed") ||
				!strings.Contains(out, "not the case's formula") {
				t.Errorf("exit %d\n%s\n%s", code, out, stderr)
			}
		})
	}
	if out, stderr, code := gridsat(t, "", "report", runs, "--proofs", proofs); code != 0 || !strings.Contains(withoutLegend(out), "✓✓") {
		t.Errorf("report --proofs, restored: exit %d\n%s\n%s", code, out, stderr)
	}
}

// lineOf is the first line of out holding s.
func lineOf(out, s string) string {
	for _, line := range strings.Split(out, "\n") {
		if strings.Contains(line, s) {
			return line
		}
	}
	return ""
}

// otherBlock is block (a clause line) with one literal negated: the
// blocking clause of another assignment, chosen so that it is no loop or
// border cut either (such a clause is implied by the puzzle, so accepting
// it would be right).
func otherBlock(t *testing.T, meta kept.Claim, block string) string {
	t.Helper()
	fh, err := os.Open(filepath.Join("..", "..", "instances", "sets", "slant", "sample.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer fh.Close()
	boards, err := instances.ParseSlant("sample.txt", fh)
	if err != nil || len(boards) < meta.Case {
		t.Fatalf("sample: %d boards, %v", len(boards), err)
	}
	_, enc, err := encode.SlantCNF(boards[meta.Case-1], encode.SlantOptions{})
	if err != nil {
		t.Fatal(err)
	}
	k, err := lemma.NewSlantLemmas(enc.Layout())
	if err != nil {
		t.Fatal(err)
	}
	fields := strings.Fields(block)
	lits := make([]int, len(fields)-1)
	for i := range lits {
		lits[i], _ = strconv.Atoi(fields[i])
	}
	for i := range lits {
		lits[i] = -lits[i]
		if k.Loop(lits) != nil && k.Enclose(lits) != nil {
			return strings.Trim(fmt.Sprint(lits), "[]") + " 0"
		}
		lits[i] = -lits[i]
	}
	t.Fatal("every one-literal change of the blocking clause is a cut")
	return ""
}

// keptClaimWithCuts returns the stem and JSON of a kept claim in dir
// whose CNF has a cut besides the blocking clause.
func keptClaimWithCuts(t *testing.T, dir string) (string, kept.Claim) {
	t.Helper()
	// The claim of the first case that has one: kept claims are named by
	// their case's content key, not in case order.
	files, _ := filepath.Glob(filepath.Join(dir, "*.json"))
	best, bestMeta := "", kept.Claim{}
	for _, f := range files {
		var meta kept.Claim
		data, err := os.ReadFile(f)
		if err == nil && json.Unmarshal(data, &meta) == nil && meta.Inputs >= 2 && (best == "" || meta.Case < bestMeta.Case) {
			best, bestMeta = strings.TrimSuffix(f, ".json"), meta
		}
	}
	if best == "" {
		t.Fatalf("no kept claim in %s has a cut and a blocking clause", dir)
	}
	return best, bestMeta
}

// cnfClauses are the clause lines of a DIMACS text (one clause a line,
// as encode writes them).
func cnfClauses(text string) []string {
	var cs []string
	for _, line := range strings.Split(text, "\n") {
		if line != "" && line[0] != 'c' && line[0] != 'p' {
			cs = append(cs, line)
		}
	}
	return cs
}

// firstCut is the index of the first input clause that is not the
// blocking clause (which has a literal of every variable).
func firstCut(cs []string, meta kept.Claim) int {
	for i := len(cs) - meta.Inputs; i < len(cs); i++ {
		if len(strings.Fields(cs[i]))-1 != meta.Vars {
			return i
		}
	}
	return len(cs) - meta.Inputs
}

// blockClause is the index of the blocking clause among the inputs.
func blockClause(t *testing.T, cs []string, meta kept.Claim) int {
	t.Helper()
	for i := len(cs) - meta.Inputs; i < len(cs); i++ {
		if len(strings.Fields(cs[i]))-1 == meta.Vars {
			return i
		}
	}
	t.Fatal("no blocking clause among the kept inputs")
	return 0
}
