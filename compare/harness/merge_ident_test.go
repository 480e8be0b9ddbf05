package harness

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/gridsat/gridsat/compare"
)

// recordSources runs specs on srcs in process into a new results file at
// path, stopping after stopAfter rows (0: all), with the runs path holds
// already reused (done, when not nil) as --resume does.
func recordSources(t *testing.T, path string, p *compare.Puzzle, sp []compare.Spec, srcs []*Source, stopAfter int, done *doneRuns) {
	t.Helper()
	limits := Limits{InProcess: true}
	rf, err := OpenResults(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer rf.Close()
	if err := rf.Header(newHeader(p, sp, srcs, limits, "")); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	rows := 0
	cfg := compareConfig{Puzzle: p, Specs: sp, Sources: srcs,
		OnRun: func(tk Task, run compare.Run) {
			if err := rf.Add(tk, limits, run); err != nil {
				t.Error(err)
			}
		},
		OnRow: func(compare.Row) {
			if rows++; rows == stopAfter {
				cancel()
			}
		}}
	if done != nil {
		cfg.Skip = func(tk Task) (compare.Run, bool) {
			run, ok, _ := done.Lookup(tk, limits)
			return run, ok
		}
	}
	compareAll(ctx, cfg)
}

// The same board at the same case number in two files is two cases, as
// compare shows them: report merges them into two rows, no duplicates and
// no case missing, whether the runs were written in one go or resumed
// after the first file's row.
func TestMergeSameBoardInTwoFiles(t *testing.T) {
	p := toyPuzzle()
	defer registerToy(t, p)()
	sp := specs(t, p, "good")
	for _, stop := range []int{0, 1} {
		srcs := []*Source{toySource(t, "3\n"), toySource(t, "3\n")}
		out := filepath.Join(t.TempDir(), "results.jsonl")
		recordSources(t, out, p, sp, srcs, stop, nil)
		if stop > 0 {
			log, err := readResults(out)
			if err != nil {
				t.Fatal(err)
			}
			recordSources(t, out, p, sp, srcs, 0, newDone(log))
		}
		merged, err := MergeResultsWith([]string{out}, MergeOptions{})
		if err != nil {
			t.Fatal(err)
		}
		m := merged[0]
		if m.MissingCases != 0 || m.Missing != 0 || m.Duplicates != 0 || m.Runs != 2 || len(m.Report.Rows) != 2 {
			t.Fatalf("stop after %d: %d rows, %d runs, %d missing runs, %d missing cases, %d duplicates; want 2 rows of 2 runs, none missing or duplicated",
				stop, len(m.Report.Rows), m.Runs, m.Missing, m.MissingCases, m.Duplicates)
		}
		for i, row := range m.Report.Rows {
			if row.Failed() || row.File != srcs[i].File {
				t.Errorf("stop after %d: row %d of %s (want %s): %v", stop, i, row.File, srcs[i].File, row.Problems)
			}
		}
	}
}
