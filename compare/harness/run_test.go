package harness

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/gridsat/gridsat/compare"
)

// Run records every run in its results file and hands each puzzle's
// report over; run again with Resume, it takes every run from the file;
// a wrong answer fails the outcome; a results file that is no such file
// is refused before anything runs.
func TestRunRecordsResumesAndReports(t *testing.T) {
	p := toyPuzzle()
	out := filepath.Join(t.TempDir(), "runs.jsonl")
	plan := Plan{
		Puzzles: []PuzzlePlan{{Puzzle: p, Specs: specs(t, p, "good", "wrong"), Sources: []*Source{toySource(t, "1 3 -1\n")}}},
		Limits:  Limits{InProcess: true}, Jobs: 1, Seed: 1, Out: out,
	}
	var reports []compare.Report
	plan.Report = func(r compare.Report) error { reports = append(reports, r); return nil }
	got, err := Run(context.Background(), plan)
	if err != nil {
		t.Fatal(err)
	}
	if !got.Failed || got.Interrupted {
		t.Errorf("outcome %+v, want failed (wrong answers case 2), not interrupted", got)
	}
	if len(reports) != 1 || len(reports[0].Rows) != 3 || reports[0].Rerun != 6 || reports[0].Reused != 0 || len(reports[0].Machines) != 1 {
		t.Fatalf("reports %+v", reports)
	}
	plan.Resume = true
	reports = nil
	if _, err := Run(context.Background(), plan); err != nil {
		t.Fatal(err)
	}
	if len(reports) != 1 || reports[0].Reused != 6 || reports[0].Rerun != 0 {
		t.Errorf("resumed: %d reports, reused %d, rerun %d; want every run reused", len(reports), reports[0].Reused, reports[0].Rerun)
	}
	log, err := readResults(out)
	if err != nil || len(log.Headers) != 2 || len(log.Footers) != 2 {
		t.Fatalf("results file: %v, %+v", err, log)
	}
	plan.Out = filepath.Join(t.TempDir(), "not-results.jsonl")
	if err := os.WriteFile(plan.Out, []byte("garbage\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Run(context.Background(), plan); !IsRefused(err) {
		t.Errorf("a file that holds no results: %v, want refused", err)
	}
}
