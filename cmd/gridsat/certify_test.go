package main

import (
	"encoding/csv"
	"fmt"
	"github.com/gridsat/gridsat/compare"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// compareCSV runs compare on one puzzle's bundled set in this process and
// returns its CSV rows by column name.
func compareCSV(t *testing.T, args ...string) []map[string]string {
	t.Helper()
	out, stderr, code := gridsat(t, "", append([]string{"compare", "--inproc", "--format", "csv"}, args...)...)
	if code != 0 {
		t.Fatalf("compare %v: exit %d\n%s\n%s", args, code, out, stderr)
	}
	recs, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	var rows []map[string]string
	for _, rec := range recs[1:] {
		row := map[string]string{}
		for i, name := range recs[0] {
			row[name] = rec[i]
		}
		rows = append(rows, row)
	}
	return rows
}

// TestCompareCertifyAgrees: with --certify every verdict and answer is the
// one compare gives without it, and the claims the sat solver makes are
// certified: every -1 and smallest path of the chain sets, every optimum of
// the queens sets (with a target), every uniqueness of the slant sets. In
// short mode, one set of each.
func TestCompareCertifyAgrees(t *testing.T) {
	sets := map[string]string{"chain": "", "queens": "", "slant": ""}
	if testing.Short() {
		sets = map[string]string{"chain": "minus1", "queens": "seed", "slant": "sample"}
	}
	with := func(puzzle string, more ...string) []string {
		args := []string{puzzle}
		if sets[puzzle] != "" {
			args = append(args, sets[puzzle])
		}
		return append(args, more...)
	}
	tests := []struct {
		args      []string
		certified func(row map[string]string) bool // the rows whose claim must be certified
	}{
		{with("chain"), func(map[string]string) bool { return true }},
		// A queens optimum a named bound settles needs no proof, and is
		// labelled by the bound, not certified.
		{with("queens"), func(r map[string]string) bool {
			return !strings.HasSuffix(r["sat.answer"], " 0") && r["sat.claim"] != compare.ClaimBound
		}},
		{with("slant", "--unique"), func(map[string]string) bool { return true }},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			plain := compareCSV(t, tt.args...)
			cert := compareCSV(t, append(tt.args, "--certify")...)
			if len(plain) != len(cert) || len(plain) == 0 {
				t.Fatalf("%d rows certified, %d plain", len(cert), len(plain))
			}
			claims := 0
			for i, r := range cert {
				for _, s := range []string{"dfs", "sat"} {
					for _, col := range []string{".verdict", ".answer"} {
						if r[s+col] != plain[i][s+col] {
							t.Errorf("case %s %s%s: %q with --certify, %q without", r["case"], s, col, r[s+col], plain[i][s+col])
						}
					}
				}
				if plain[i]["sat.certified"] != "false" {
					t.Errorf("case %s: certified without --certify", r["case"])
				}
				if tt.certified(r) {
					claims++
					if r["sat.certified"] != "true" || r["sat.check_us"] == "" {
						t.Errorf("case %s: sat %s not certified (%q)", r["case"], r["sat.verdict"], r["sat.certified"])
					}
				}
			}
			if claims == 0 {
				t.Errorf("no claim to certify")
			}
		})
	}
}

// TestProofsKeptAndRechecked: compare --certify --proofs DIR keeps every
// checked claim; report --proofs DIR checks them again and labels the runs
// certified; a tampered proof fails the report.
func TestProofsKeptAndRechecked(t *testing.T) {
	dir := t.TempDir()
	proofs, runs := filepath.Join(dir, "proofs"), filepath.Join(dir, "runs.jsonl")
	out, stderr, code := gridsat(t, "", "compare", "chain", "minus1", "--inproc", "--certify", "--proofs", proofs, "--results", runs)
	if code != 0 {
		t.Fatalf("compare: exit %d\n%s\n%s", code, out, stderr)
	}
	kept, _ := filepath.Glob(filepath.Join(proofs, "*.json"))
	drats, _ := filepath.Glob(filepath.Join(proofs, "*.drat"))
	cnfs, _ := filepath.Glob(filepath.Join(proofs, "*.cnf"))
	if len(kept) == 0 || len(drats) != len(kept) || len(cnfs) != len(kept) {
		t.Fatalf("kept %d claims, %d proofs, %d CNFs", len(kept), len(drats), len(cnfs))
	}
	out, stderr, code = gridsat(t, "", "report", runs, "--proofs", proofs)
	if code != 0 || !strings.Contains(stderr, fmt.Sprintf("%d kept proofs checked again", len(kept))) || !strings.Contains(stderr, " 0 failed") || !strings.Contains(out, "unsat✓✓") {
		t.Fatalf("report --proofs: exit %d\n%s\n%s", code, out, stderr)
	}
	// Without --proofs the file's word that the runs were certified when
	// run is not taken: no mark of a proof, and the summary says why.
	if out, _, _ = gridsat(t, "", "report", runs); strings.Contains(withoutLegend(out), "✓") || !strings.Contains(out, "certified when run, by the results file's word alone") {
		t.Errorf("report without --proofs:\n%s", out)
	}
	// A kept claim's JSON cut short is a failure naming the file, never
	// skipped as another puzzle's.
	cut, err := os.ReadFile(kept[0])
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(kept[0], cut[:len(cut)/2], 0o644); err != nil {
		t.Fatal(err)
	}
	if _, stderr, code = gridsat(t, "", "report", runs, "--proofs", proofs); code != exitFail || !strings.Contains(stderr, " 1 failed") || !strings.Contains(stderr, filepath.Base(kept[0])) {
		t.Errorf("report with a kept claim cut short: exit %d\n%s", code, stderr)
	}
	if err := os.WriteFile(kept[0], cut, 0o644); err != nil {
		t.Fatal(err)
	}
	// A formula emptied (its header kept) is refuted by no proof.
	if err := os.WriteFile(cnfs[0], []byte("p cnf 1 0\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, stderr, code = gridsat(t, "", "report", runs, "--proofs", proofs); code != exitFail || !strings.Contains(stderr, " 1 failed") {
		t.Errorf("report with a tampered proof: exit %d\n%s", code, stderr)
	}
	usageError(t, "", "needs --certify", "compare", "chain", "minus1", "--proofs", proofs)
}

// TestProofsIncompleteNotCertified: a run that made several claims (chain's
// smallest path: one per smaller step) is certified by report --proofs only
// when every one of them is kept and checks; with one claim's files gone
// the fact it proved is not kept, and the run is labelled by what else
// backs it: the dfs agrees, cross-checked.
func TestProofsIncompleteNotCertified(t *testing.T) {
	dir := t.TempDir()
	proofs, runs := filepath.Join(dir, "proofs"), filepath.Join(dir, "runs.jsonl")
	out, stderr, code := gridsat(t, "", "compare", "chain", "sample", "--inproc", "--certify", "--proofs", proofs, "--results", runs)
	if code != 0 {
		t.Fatalf("compare: exit %d\n%s\n%s", code, out, stderr)
	}
	kept, _ := filepath.Glob(filepath.Join(proofs, "*.json"))
	if len(kept) < 2 {
		t.Fatalf("chain sample kept %d claims; want several (one per smaller step)", len(kept))
	}
	if out, stderr, code = gridsat(t, "", "report", runs, "--proofs", proofs); code != 0 || !strings.Contains(withoutLegend(out), "✓✓") {
		t.Fatalf("report --proofs, every claim kept: exit %d\n%s\n%s", code, out, stderr)
	}
	stem := strings.TrimSuffix(kept[len(kept)-1], ".json")
	for _, ext := range []string{".json", ".cnf", ".drat"} {
		if err := os.Remove(stem + ext); err != nil {
			t.Fatal(err)
		}
	}
	out, stderr, code = gridsat(t, "", "report", runs, "--proofs", proofs)
	if code != 0 || strings.Contains(withoutLegend(out), "✓") || !strings.Contains(out, "sat 1 cross-checked") || !strings.Contains(stderr, "1 run saying certified when run with some needed fact not kept") {
		t.Errorf("report --proofs, one claim's files removed: exit %d\n%s\n%s", code, out, stderr)
	}
}

// --proofs naming a file, not a folder, is refused before anything runs
// (every sat run of compare was an error, and solve failed at its first
// claim).
func TestProofsFileRefused(t *testing.T) {
	file := filepath.Join(t.TempDir(), "a-file")
	if err := os.WriteFile(file, []byte("mine\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	usageError(t, "", "not a folder", "compare", "slant", "sample", "--unique", "--inproc", "--certify", "--proofs", file)
	usageError(t, "", "not a folder", "solve", "slant", "--solver", "sat", "--unique", "--certify", "--proofs", file, filepath.Join("..", "..", "instances", "sets", "slant", "sample.txt"))
	if b, err := os.ReadFile(file); err != nil || string(b) != "mine\n" {
		t.Errorf("the file named by --proofs changed: %q, %v", b, err)
	}
}

// solve --certify says why an answer needed no proof in its own puzzle's
// terms (it named both queens' and chain's reasons at once): the bound
// that settles it, checked from the board, never "certified".
func TestCertifiedWithoutProofSaysWhy(t *testing.T) {
	seed := filepath.Join("..", "..", "instances", "sets", "queens", "seed.txt")
	_, stderr, code := gridsat(t, "", "solve", "queens", "--solver", "sat", "--certify", seed)
	if code != 0 || !strings.Contains(stderr, "settled by the reach bound") || strings.Contains(stderr, "certified (no SAT proof") || strings.Contains(stderr, "chain") {
		t.Errorf("solve queens seed --certify: exit %d\n%s", code, stderr)
	}
}

// withoutLegend drops the marks the legend names from a report (the legend
// quotes every mark, "✓✓" among them, whenever any claim is marked, and
// may wrap), so that a test can ask which marks the runs themselves carry.
func withoutLegend(out string) string {
	return strings.NewReplacer(`"✓✓"`, "", `"✓"`, "", `"?"`, "").Replace(out)
}
