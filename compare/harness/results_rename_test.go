package harness

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gridsat/gridsat/compare"
)

// A results file written before a statistic was renamed (queens' dfs
// "bound", now "lower", as its sat solver calls it) reads under the new
// name: Puzzle.RenamedStats, applied as runs are read.
func TestResultsReadRenamedStats(t *testing.T) {
	p, err := compare.Lookup("queens")
	if err != nil {
		t.Fatal(err)
	}
	if p.RenamedStats["bound"] != "lower" {
		t.Fatalf("queens renames %v, want bound to lower", p.RenamedStats)
	}
	srcs, err := LoadPath(p, "seed", nil)
	if err != nil {
		t.Fatal(err)
	}
	src := srcs[0]
	src.Cases = src.Cases[:1]
	out := filepath.Join(t.TempDir(), "results.jsonl")
	record(t, out, p, specs(t, p, "dfs"), src, Limits{InProcess: true}, 0)
	b, err := os.ReadFile(out)
	if err != nil || !strings.Contains(string(b), `"name":"lower"`) || strings.Contains(string(b), `"name":"bound"`) {
		t.Fatalf("the dfs writes no lower stat (%v):\n%s", err, b)
	}
	old := strings.ReplaceAll(string(b), `"name":"lower"`, `"name":"bound"`)
	if err := os.WriteFile(out, []byte(old), 0o644); err != nil {
		t.Fatal(err)
	}
	log, err := readResults(out)
	if err != nil || len(log.Runs) != 1 {
		t.Fatalf("%d runs, %v", len(log.Runs), err)
	}
	res := log.Runs[0].Run.Result
	if _, ok := res.Stat("lower"); !ok {
		t.Errorf("the old bound stat is not read as lower: %v", res.Stats)
	}
	if _, ok := res.Stat("bound"); ok {
		t.Errorf("the old name is still there: %v", res.Stats)
	}
}
