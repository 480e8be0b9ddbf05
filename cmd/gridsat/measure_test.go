package main

import (
	"strings"
	"testing"

	"github.com/gridsat/gridsat/compare/measure"
)

// TestMeasureCommand: --list names every figure with its record, an
// unknown --only is a usage error naming the known figures, and a figure
// measured now (the quickest: the bundled queens sets) prints beside its
// record with a ratio.
func TestMeasureCommand(t *testing.T) {
	out, errb, code := gridsat(t, "", "measure", "--list")
	if code != 0 {
		t.Fatalf("measure --list: exit %d\n%s", code, errb)
	}
	for _, f := range measure.Figures {
		if !strings.Contains(out, f.ID) {
			t.Errorf("measure --list does not name %s:\n%s", f.ID, out)
		}
	}
	_, errb, code = gridsat(t, "", "measure", "--only", "nosuch")
	if code != exitUsage || !strings.Contains(errb, "main-job-cpu") {
		t.Errorf("measure --only nosuch: exit %d, want 2 and the known figures:\n%s", code, errb)
	}
}

// TestMeasureRuns measures two quick figures through the command, with
// this binary as gridsat (a preparing step writing into {dir}, then a
// printed number; a CPU time), each beside a record it does not have;
// --markdown records them, with how each is made.
func TestMeasureRuns(t *testing.T) {
	figs := []measure.Figure{
		{ID: "queens-3", What: "the fewest queens on a 3x3 board", Steps: [][]string{{"gen", "queens", "--size", "3", "--seed", "1", "-o", "{dir}/q.txt"}, {"solve", "queens", "{dir}/q.txt"}},
			Metric: measure.Printed, Pattern: `Case 1: ([0-9]+)`, Repeat: 2},
		{ID: "puzzles-cpu", What: "gridsat puzzles", Steps: [][]string{{"puzzles"}}, Metric: measure.CPU, Repeat: 1},
	}
	cmd := newMeasureCmdOf(figs)
	var out, errb strings.Builder
	cmd.SetOut(&out)
	cmd.SetErr(&errb)
	cmd.SetArgs(nil)
	if err := cmd.Execute(); err != nil {
		t.Fatalf("measure: %v\n%s", err, errb.String())
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 3 || !strings.HasPrefix(lines[1], "queens-3") || !strings.Contains(lines[1], ".00x") || !strings.HasPrefix(lines[2], "puzzles-cpu") {
		t.Errorf("measure printed:\n%s", out.String())
	}
	cmd = newMeasureCmdOf(figs)
	out.Reset()
	cmd.SetOut(&out)
	cmd.SetErr(&errb)
	cmd.SetArgs([]string{"--markdown", "--only", "queens-3"})
	if err := cmd.Execute(); err != nil {
		t.Fatalf("measure --markdown: %v", err)
	}
	recs, err := measure.Records(out.String())
	if err != nil || !strings.HasSuffix(recs["queens-3"].Text, ".00x") || !strings.Contains(out.String(), "### queens-3") {
		t.Errorf("measure --markdown (%v):\n%s", err, out.String())
	}
}

// lastLineOf is the last non-empty line of s.
func lastLineOf(s string) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	return lines[len(lines)-1]
}
