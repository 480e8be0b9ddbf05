package measure

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// shell is a Measurer whose "gridsat" is sh, so that a step is a
// script: {"-c", "echo ..."}.
func shell(t *testing.T) *Measurer {
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skip("no sh here")
	}
	return &Measurer{Binary: sh, Dir: t.TempDir()}
}

// TestMeasurePrinted reads a printed number off the measured step, runs
// a preparing step once for two figures that share it, and the measured
// step Repeat times.
func TestMeasurePrinted(t *testing.T) {
	m := shell(t)
	prep := []string{"-c", "echo x >> {dir}/prepared"}
	fig := Figure{ID: "f", Steps: [][]string{prep, {"-c", "echo run >> {dir}/runs; echo 'sat vs dfs: geomean time ratio 2.50x, 95% CI'"}},
		Metric: Printed, Pattern: geomean, Repeat: 3}
	for range 2 {
		v, err := m.Measure(context.Background(), fig)
		if err != nil {
			t.Fatal(err)
		}
		if v.Median != 2.5 || v.Min != 2.5 || v.Max != 2.5 || v.Repeats != 3 {
			t.Errorf("value %+v, want 2.5 three times", v)
		}
	}
	if b, _ := os.ReadFile(filepath.Join(m.Dir, "prepared")); string(b) != "x\n" {
		t.Errorf("the preparing step ran %d times, want once", strings.Count(string(b), "x"))
	}
	if b, _ := os.ReadFile(filepath.Join(m.Dir, "runs")); strings.Count(string(b), "run") != 6 {
		t.Errorf("the measured step ran %d times, want 6", strings.Count(string(b), "run"))
	}
}

// TestMeasureFailures: a failing step, a run that prints no match and an
// unknown metric are errors naming the figure.
func TestMeasureFailures(t *testing.T) {
	m := shell(t)
	for _, fig := range []Figure{
		{ID: "exits", Steps: [][]string{{"-c", "echo broken >&2; exit 3"}}, Metric: CPU},
		{ID: "prep-exits", Steps: [][]string{{"-c", "exit 1"}, {"-c", "true"}}, Metric: CPU},
		{ID: "silent", Steps: [][]string{{"-c", "echo nothing"}}, Metric: Printed, Pattern: geomean},
		{ID: "metric", Steps: [][]string{{"-c", "true"}}, Metric: "joules"},
		{ID: "empty", Metric: CPU},
	} {
		if _, err := m.Measure(context.Background(), fig); err == nil || !strings.Contains(err.Error(), "figure "+fig.ID) {
			t.Errorf("%s: error %v, want one naming the figure", fig.ID, err)
		}
	}
}

// TestMeasureCPU: a step that spins has a positive CPU time, wall time
// and peak memory (no figure that depends on the machine's speed is
// asserted).
func TestMeasureCPU(t *testing.T) {
	m := shell(t)
	for _, metric := range []Metric{CPU, Wall, PeakRSS} {
		v, err := m.Measure(context.Background(), Figure{ID: "spin", Steps: [][]string{{"-c", "i=0; while [ $i -lt 20000 ]; do i=$((i+1)); done"}}, Metric: metric})
		if err != nil {
			t.Fatal(err)
		}
		if v.Median <= 0 {
			t.Errorf("%s: %g, want a positive figure", metric, v.Median)
		}
	}
}

// TestMarkdownRoundTrip: the values Markdown writes, Records reads back,
// each figure once with its commit and load.
func TestMarkdownRoundTrip(t *testing.T) {
	values := []Value{
		{Figure: Figure{ID: "a-cpu", What: "a", Metric: CPU, Repeat: 5, Steps: [][]string{{"compare", "all"}}}, Median: 1.07, Min: 1, Max: 1.3, Repeats: 5},
		{Figure: Figure{ID: "b-ratio", What: "b", Metric: Printed, Pattern: geomean, Steps: [][]string{{"compare", "x"}}}, Median: 3.456, Min: 3.456, Max: 3.456, Repeats: 1},
		{Figure: Figure{ID: "c-rss", What: "c", Metric: PeakRSS, Steps: [][]string{{"solve", "x"}}}, Median: 321 << 20, Min: 321 << 20, Max: 321 << 20, Repeats: 1},
	}
	var b strings.Builder
	if err := Markdown(&b, values, []float64{0.5, 1.25, 2}, "abc1234", "a machine", "2026-12-05"); err != nil {
		t.Fatal(err)
	}
	recs, err := Records(b.String())
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"a-cpu": "1.07 s", "b-ratio": "3.46x", "c-rss": "321 MiB"}
	for id, text := range want {
		r, ok := recs[id]
		if !ok || r.Text != text || r.Commit != "abc1234" || r.Date != "2026-12-05" {
			t.Errorf("%s: record %+v, want %q at abc1234", id, r, text)
		}
	}
	if len(recs) != len(want) {
		t.Errorf("%d records, want %d", len(recs), len(want))
	}
	if r := Ratio(values[2], recs["c-rss"]); r != 1 {
		t.Errorf("peak memory against its own record: ratio %g, want 1", r)
	}
	if _, err := Records(b.String() + "| `a-cpu` | again | 2 s | - | 1 | x | 1 | d |\n"); err == nil {
		t.Error("a figure recorded twice was accepted")
	}
	if _, err := Records("| `a-cpu` | bad | fast | - | 1 | x | 1 | d |\n"); err == nil {
		t.Error("a value that is no number was accepted")
	}
}

// TestEveryFigureRecorded: MEASUREMENTS.md records every figure once and
// no other, each with a value, and says how each is made.
func TestEveryFigureRecorded(t *testing.T) {
	recs, err := Records(Recorded)
	if err != nil {
		t.Fatal(err)
	}
	id := regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)
	var ids []string
	for _, f := range Figures {
		if !id.MatchString(f.ID) || slices.Contains(ids, f.ID) {
			t.Errorf("figure ID %q: not unique lower-case words joined by hyphens", f.ID)
		}
		ids = append(ids, f.ID)
		if _, ok := recs[f.ID]; !ok {
			t.Errorf("figure %s is not in MEASUREMENTS.md: record it (gridsat measure --markdown)", f.ID)
		}
		if !strings.Contains(Recorded, "\n### "+f.ID+"\n") {
			t.Errorf("MEASUREMENTS.md does not say how %s is made", f.ID)
		}
		if f.Metric == Printed {
			if _, err := regexp.Compile(f.Pattern); err != nil {
				t.Errorf("figure %s: %v", f.ID, err)
			}
		}
	}
	for rid := range recs {
		if !slices.Contains(ids, rid) {
			t.Errorf("MEASUREMENTS.md records %s, which is no figure", rid)
		}
	}
}
