package harness

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/gridsat/gridsat/compare"
	"github.com/gridsat/gridsat/instances"
)

// TestMemoryEstimateRefusesUpFront: under --mem, a chain board whose
// estimate passes the limit is refused before any worker runs it
// (memout, the estimate in the detail), and a small board runs; with no
// limit nothing is refused. The estimates grow with the board.
func TestMemoryEstimateRefusesUpFront(t *testing.T) {
	p := puzzle(t, "chain")
	big := &instances.Chain{Loc: instances.Loc{File: "big", Case: 1, Line: 1}, N: 64, K: 1, Labels: make([]int, 64*64)}
	small := &instances.Chain{Loc: instances.Loc{File: "small", Case: 2, Line: 1}, N: 4, K: 1, Labels: make([]int, 16)}
	src := &Source{File: "boards", Cases: []instances.Case{big, small}}
	if err := src.prepare(p); err != nil {
		t.Fatal(err)
	}
	pool := testPool(time.Minute, 96<<20)
	defer pool.Close()
	for _, sp := range specs(t, p, "dfs", "sat") {
		if sp.Solver.Memory(small, sp.Options) >= sp.Solver.Memory(big, sp.Options) {
			t.Errorf("%s: the 4x4 board's estimate is not below the 64x64 board's", sp.Text)
		}
		if why := memoryRefusal(Task{Puzzle: p, Source: src, Index: 0, Spec: sp}, 0); why != "" {
			t.Errorf("%s: refused with no limit: %s", sp.Text, why)
		}
		run := pool.Execute(context.Background(), Task{Puzzle: p, Source: src, Index: 0, Spec: sp})
		if run.Verdict != compare.VerdictMemout || !strings.Contains(run.Detail, "estimated peak memory") || run.Wall != 0 {
			t.Errorf("%s on N=64 under 96 MiB: %s (%s) after %v; want refused up front", sp.Text, run.Verdict, run.Detail, run.Wall)
		}
		run = pool.Execute(context.Background(), Task{Puzzle: p, Source: src, Index: 1, Spec: sp})
		if run.Verdict == compare.VerdictMemout || run.Result.Answer == "" {
			t.Errorf("%s on N=4 under 96 MiB: %s (%s) %q", sp.Text, run.Verdict, run.Detail, run.Result.Answer)
		}
	}
}

// A 1000x1000 slant board whose SAT estimate passes the default 2 GiB
// limit is refused up front (memout, the estimate named), while the
// DFS's passes.
func TestSlantRefusedUpFront(t *testing.T) {
	p := puzzle(t, "slant")
	big := instances.NewSlant(1000, 1000)
	big.Loc = instances.Loc{File: "big", Case: 1, Line: 1}
	src := &Source{File: "boards", Cases: []instances.Case{big}}
	if err := src.prepare(p); err != nil {
		t.Fatal(err)
	}
	sp := specs(t, p, "dfs", "sat", "sat:rootcuts=false")
	for _, s := range sp[:2] {
		if why := memoryRefusal(Task{Puzzle: p, Source: src, Index: 0, Spec: s}, 2<<30); why != "" {
			t.Errorf("%s on 1000x1000 refused under 2GiB: %s", s.Text, why)
		}
	}
	if why := memoryRefusal(Task{Puzzle: p, Source: src, Index: 0, Spec: sp[2]}, 2<<30); !strings.Contains(why, "estimated peak memory") || !strings.Contains(why, "2GiB limit") {
		t.Errorf("sat:rootcuts=false on 1000x1000 under 2GiB: %q; want refused with the estimate", why)
	}
}
