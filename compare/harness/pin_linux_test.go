package harness

import (
	"context"
	"strconv"
	"strings"
	"testing"

	"github.com/gridsat/gridsat/compare"
)

func TestPinnedWorkers(t *testing.T) {
	cpus, err := PinCPUs()
	if err != nil || len(cpus) == 0 {
		t.Fatalf("PinCPUs: %v, %v", cpus, err)
	}
	seen := map[int]bool{}
	for _, c := range cpus {
		if seen[c] {
			t.Fatalf("CPU %d twice in %v", c, cpus)
		}
		seen[c] = true
	}
	// The last CPU allowed: not the one the kernel would start on.
	cpu := cpus[len(cpus)-1]
	p := toyPuzzle()
	src := toySource(t, "1 2 3\n")
	pool := testPool(0, 0)
	pool.CPUs = []int{cpu}
	defer pool.Close()
	rows := compareAll(context.Background(), compareConfig{Puzzle: p, Specs: specs(t, p, "cpus"), Sources: []*Source{src}, Exec: pool, Jobs: 1})
	if len(rows) != 3 {
		t.Fatalf("%d rows", len(rows))
	}
	for _, row := range rows {
		run := row.Runs[0]
		if run.Verdict != compare.VerdictOK || run.OnCPU == nil || *run.OnCPU != cpu {
			t.Fatalf("%s: %s %s, on CPU %v; want ok on %d", row.Where(), run.Verdict, run.Detail, run.OnCPU, cpu)
		}
		f := strings.Fields(run.Result.Witness)
		if len(f) < 2 || f[0] != "1" {
			t.Errorf("%s: GOMAXPROCS and thread CPUs %q, want 1 and %d for every thread", row.Where(), run.Result.Witness, cpu)
		}
		for _, list := range f[1:] {
			if list != strconv.Itoa(cpu) {
				t.Errorf("%s: a thread of the worker may run on CPUs %s, want %d only", row.Where(), list, cpu)
			}
		}
	}
}
