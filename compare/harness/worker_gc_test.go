package harness

import (
	"context"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/gridsat/gridsat/compare"
)

// TestWorkerCollectorTarget: a worker runs its solves with the collector
// at WorkerGCPercent, or at GOGC when its environment sets it, and the
// machine record says which.
func TestWorkerCollectorTarget(t *testing.T) {
	var env []string
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "GOGC=") {
			env = append(env, kv)
		}
	}
	for _, c := range []struct {
		gogc string // "" for none
		want int
	}{
		{"", WorkerGCPercent},
		{"150", 150},
	} {
		p := toyPuzzle()
		src := toySource(t, "1\n")
		pool := testPool(0, 0)
		pool.Env = append(append([]string(nil), env...), "GRIDSAT_TEST_WORKER=1")
		if c.gogc != "" {
			pool.Env = append(pool.Env, "GOGC="+c.gogc)
		}
		rows := compareAll(context.Background(), compareConfig{Puzzle: p, Specs: specs(t, p, "gogc"), Sources: []*Source{src}, Exec: pool, Jobs: 1})
		pool.Close()
		if len(rows) != 1 || len(rows[0].Runs) != 1 {
			t.Fatalf("GOGC=%q: %d rows", c.gogc, len(rows))
		}
		run := rows[0].Runs[0]
		if run.Verdict != compare.VerdictOK {
			t.Fatalf("GOGC=%q: %s %s", c.gogc, run.Verdict, run.Detail)
		}
		if got, err := strconv.Atoi(run.Result.Witness); err != nil || got != c.want {
			t.Errorf("GOGC=%q: the run found the collector at %q, want %d", c.gogc, run.Result.Witness, c.want)
		}
	}
	t.Setenv("GOGC", "")
	os.Unsetenv("GOGC")
	if got := collectorText(); !strings.Contains(got, "GOGC="+strconv.Itoa(WorkerGCPercent)) {
		t.Errorf("collectorText without GOGC: %q", got)
	}
	t.Setenv("GOGC", "150")
	if got := collectorText(); !strings.Contains(got, "GOGC=150") || !strings.Contains(got, "environment") {
		t.Errorf("collectorText with GOGC=150: %q", got)
	}
}
