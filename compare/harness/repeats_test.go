package harness

import (
	"context"
	"fmt"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/gridsat/gridsat/compare"
)

// ranOrder runs specs on src in process with repeats and warm-ups and
// returns the recorded runs in the order they ran, as "case/solver/repeat",
// and the solver calls made.
func ranOrder(t *testing.T, src *Source, repeat, warmup int, seed uint64, solvers ...string) ([]string, int64) {
	t.Helper()
	p := toyPuzzle()
	var order []string
	toyCalls.Store(0)
	compareAll(context.Background(), compareConfig{Puzzle: p, Specs: specs(t, p, solvers...), Sources: []*Source{src},
		Repeat: repeat, Warmup: warmup, Seed: seed,
		OnRun: func(tk Task, run compare.Run) {
			if run.Repeat != tk.Repeat {
				t.Errorf("run of repeat %d says %d", tk.Repeat, run.Repeat)
			}
			order = append(order, fmt.Sprintf("%d/%s/%d", tk.Case().Location().Case, tk.Spec.Text, tk.Repeat))
		}})
	return order, toyCalls.Load()
}

func TestRepeatsShuffledAndInterleaved(t *testing.T) {
	src := toySource(t, "1 2 4 5 6 7\n")
	const n, w, cases = 3, 1, 6
	order, calls := ranOrder(t, src, n, w, 42, "good", "same")
	if len(order) != n*cases*2 || calls != (n+w)*cases*2 {
		t.Fatalf("%d runs recorded and %d solver calls; want %d and %d (warm-ups run, not recorded)", len(order), calls, n*cases*2, (n+w)*cases*2)
	}
	again, _ := ranOrder(t, src, n, w, 42, "good", "same")
	if !reflect.DeepEqual(order, again) {
		t.Errorf("one seed gave two orders:\n%v\n%v", order, again)
	}
	other, _ := ranOrder(t, src, n, w, 43, "good", "same")
	if reflect.DeepEqual(order, other) {
		t.Errorf("seeds 42 and 43 gave one order: %v", order)
	}
	shuffled := false
	for r := range n {
		// Round r holds repeat r of every (case, solver), once each.
		round := order[r*cases*2 : (r+1)*cases*2]
		seen := map[string]bool{}
		switches := 0
		for k, run := range round {
			c, solver, rep := splitRun(run)
			if rep != fmt.Sprint(r) || seen[c+"/"+solver] {
				t.Fatalf("round %d: %v", r, round)
			}
			seen[c+"/"+solver] = true
			if k > 0 {
				_, prev, _ := splitRun(round[k-1])
				if prev != solver {
					switches++
				}
			}
		}
		// Interleaved: not every run of one solver and then the other's.
		if switches < 2 {
			t.Errorf("round %d runs the solvers one after the other: %v", r, round)
		}
		unshuffled := true
		for k, run := range round {
			c, solver, _ := splitRun(run)
			want := fmt.Sprintf("%d/%s", k/2+1, []string{"good", "same"}[k%2])
			unshuffled = unshuffled && c+"/"+solver == want
		}
		shuffled = shuffled || !unshuffled
	}
	if !shuffled {
		t.Errorf("the runs went in input order: %v", order)
	}
	plain, _ := ranOrder(t, src, 1, 0, 42, "good", "same")
	if plain[0] != "1/good/0" || plain[1] != "1/same/0" || plain[2] != "2/good/0" {
		t.Errorf("without repeats the runs go in input order; got %v", plain)
	}
}

func splitRun(s string) (c, solver, rep string) {
	f := strings.Split(s, "/")
	return f[0], f[1], f[2]
}

func TestRepeatsThatDisagreeFailTheRow(t *testing.T) {
	p := toyPuzzle()
	src := toySource(t, "1 2\n")
	flakyCalls.Clear()
	rows := compareAll(context.Background(), compareConfig{Puzzle: p, Specs: specs(t, p, "good", "flaky"), Sources: []*Source{src}, Repeat: 2, Seed: 1})
	for _, row := range rows {
		if !row.Failed() || !strings.Contains(strings.Join(row.Problems, "; "), "flaky: repeats disagree") {
			t.Errorf("%s: problems %v", row.Where(), row.Problems)
		}
		if len(row.Repeats) != 2 || len(row.Repeats[1]) != 2 {
			t.Errorf("%s: repeats %v", row.Where(), row.Repeats)
		}
	}
}

// A comparison stopped after 2 of 5 repeats runs 3 more when resumed, and
// the file then reports all 5 of each run.
func TestResumeWithPartialRepeats(t *testing.T) {
	p := toyPuzzle()
	src := toySource(t, "1 2\n")
	out := filepath.Join(t.TempDir(), "results.jsonl")
	sp := specs(t, p, "good", "same")
	limits := Limits{InProcess: true}
	rf, err := OpenResults(out, nil)
	if err != nil {
		t.Fatal(err)
	}
	h := newHeader(p, sp, []*Source{src}, limits, "")
	h.Repeat, h.Seed = 2, 7
	rf.Header(h)
	add := func(tk Task, run compare.Run) {
		if err := rf.Add(tk, limits, run); err != nil {
			t.Error(err)
		}
	}
	compareAll(context.Background(), compareConfig{Puzzle: p, Specs: sp, Sources: []*Source{src}, Repeat: 2, Seed: 7, OnRun: add})
	log, err := readResults(out)
	if err != nil {
		t.Fatal(err)
	}
	done := newDone(log)
	h.Repeat = 5
	rf.Header(h)
	toyCalls.Store(0)
	reused := 0
	rows := compareAll(context.Background(), compareConfig{Puzzle: p, Specs: sp, Sources: []*Source{src}, Repeat: 5, Seed: 7, OnRun: add,
		Skip: func(tk Task) (compare.Run, bool) {
			run, ok, _ := done.Lookup(tk, limits)
			if ok {
				reused++
			}
			return run, ok
		}})
	rf.Close()
	if calls := toyCalls.Load(); calls != 2*2*3 || reused != 2*2*2 {
		t.Errorf("resumed: %d solver calls and %d runs reused; want 12 and 8", calls, reused)
	}
	defer registerToy(t, p)() // for the merge; the registry holds the toy in workers only
	merged, err := MergeResultsWith([]string{out}, MergeOptions{})
	if err != nil {
		t.Fatal(err)
	}
	m := merged[0]
	if m.Missing != 0 || m.Runs != 2*2*5 || len(m.Report.Rows) != 2 {
		t.Fatalf("merged: %d runs, %d missing, %d rows", m.Runs, m.Missing, len(m.Report.Rows))
	}
	for k, row := range m.Report.Rows {
		if row.Failed() || len(row.Repeats) != 2 || len(row.Repeats[0]) != 5 || row.Runs[0].Spread == nil || row.Runs[0].Spread.N != 5 {
			t.Errorf("row %s: problems %v, repeats %d", row.Where(), row.Problems, len(row.Repeats))
		}
		if len(rows) != 2 || len(rows[k].Repeats[1]) != 5 {
			t.Errorf("the resumed comparison's rows: %+v", rows)
		}
	}
}
