package harness

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/gridsat/gridsat/compare"
)

// TestOnStartAndOnEnd: Compare tells Config.OnStart and OnEnd of every
// run, warm-ups too, each start before its end, in process and in
// workers (a progress line names the runs going on from them).
func TestOnStartAndOnEnd(t *testing.T) {
	p, err := compare.Lookup("slant")
	if err != nil {
		t.Fatal(err)
	}
	srcs, err := LoadBundled(p)
	if err != nil {
		t.Fatal(err)
	}
	srcs = srcs[:1]
	spec, err := p.ParseSpec("dfs", nil)
	if err != nil {
		t.Fatal(err)
	}
	pool := testPool(time.Minute, 0)
	defer pool.Close()
	for _, exec := range []executor{inProcess{}, pool} {
		var mu sync.Mutex
		going := map[[3]int]bool{}
		starts, ends := 0, 0
		key := func(t Task) [3]int { return [3]int{t.Index, t.Col, t.Repeat} }
		cfg := compareConfig{Puzzle: p, Specs: []compare.Spec{spec}, Sources: srcs, Exec: exec, Jobs: 2, Repeat: 2, Warmup: 1,
			OnStart: func(tk Task) { mu.Lock(); defer mu.Unlock(); starts++; going[key(tk)] = true },
			OnEnd: func(tk Task, _ compare.Run) {
				mu.Lock()
				defer mu.Unlock()
				ends++
				if !going[key(tk)] {
					t.Errorf("%T: run %v ended before it started", exec, key(tk))
				}
			}}
		compareAll(context.Background(), cfg)
		if want := len(srcs[0].Cases) * 3; starts != want || ends != want {
			t.Errorf("%T: %d starts, %d ends; want %d of each (2 repeats and a warm-up per case)", exec, starts, ends, want)
		}
	}
}
