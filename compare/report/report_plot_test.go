package report

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gridsat/gridsat/compare"
	"github.com/gridsat/gridsat/compare/comparetest"
	"gonum.org/v1/plot"
)

// plotReport is a hand-made report with every kind of verdict.
func plotReport() compare.Report {
	var rows []compare.Row
	verdicts := [][2]compare.Verdict{
		{compare.VerdictOK, compare.VerdictOK}, {compare.VerdictOK, compare.VerdictOK}, {compare.VerdictUnsat, compare.VerdictUnsat},
		{compare.VerdictOK, compare.VerdictTimeout}, {compare.VerdictMemout, compare.VerdictOK}, {compare.VerdictOK, compare.VerdictWrong},
	}
	for i, v := range verdicts {
		row := compare.Row{CaseInfo: compare.CaseInfo{Set: "toy/set", Case: i + 1, Size: "n", Cells: 10 * (i + 1)}, Agree: "yes"}
		for k, verdict := range v {
			row.Runs = append(row.Runs, run(verdict, (i+1)*(k+1)*10))
		}
		rows = append(rows, row)
	}
	return compare.Report{Specs: []string{"dfs", "sat"}, Rows: rows, Timeout: time.Second}
}

func TestPlotFilesWritten(t *testing.T) {
	dir := t.TempDir()
	r := plotReport()
	magic := map[string]string{".svg": "<?xml", ".png": "\x89PNG", ".pdf": "%PDF"}
	for _, kind := range PlotKinds {
		for ext, m := range magic {
			file := filepath.Join(dir, kind+ext)
			if err := PlotReport(file, r, PlotOptions{Kind: kind}); err != nil {
				t.Fatalf("%s: %v", file, err)
			}
			b, err := os.ReadFile(file)
			if err != nil || !bytes.HasPrefix(b, []byte(m)) {
				t.Errorf("%s: %v, starts %q", file, err, b[:min(8, len(b))])
			}
		}
	}
	// What each kind shows, read from its SVG.
	for _, tt := range []struct {
		opt  PlotOptions
		want []string
	}{
		{PlotOptions{Kind: "scaling"}, []string{"time against size", "dfs (median line)"}},
		{PlotOptions{Kind: "cactus"}, []string{"cases solved", "dfs (5 solved)", "sat (4 solved)", "virtual best (6 solved)", "time limit 1s"}},
		{PlotOptions{Kind: "scatter"}, []string{"sat against dfs", "same time", "not solved (limit 1s: off axis)",
			"both ok (2)", "both unsat (1)", "timeout or memout (2)", "WRONG, error or disagreement (1)"}},
		{PlotOptions{Kind: "scatter", Pair: [2]string{"sat", "dfs"}}, []string{"dfs against sat", "sat: solve time"}},
	} {
		var buf bytes.Buffer
		if err := writePlot(&buf, "svg", resolve(r), tt.opt); err != nil {
			t.Fatalf("%+v: %v", tt.opt, err)
		}
		if err := comparetest.WellFormedSVG(buf.Bytes()); err != nil {
			t.Errorf("%+v: %v", tt.opt, err)
		}
		for _, w := range tt.want {
			if !strings.Contains(buf.String(), w) {
				t.Errorf("%+v: the plot does not say %q", tt.opt, w)
			}
		}
	}
}

func TestPlotRefusals(t *testing.T) {
	dir := t.TempDir()
	r := plotReport()
	if err := os.WriteFile(filepath.Join(dir, "file"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		template string
		puzzles  []string
		want     string
	}{
		{filepath.Join(dir, "p.gif"), []string{"slant"}, "want a file name ending in .svg"},
		{filepath.Join(dir, "p"), []string{"slant"}, "want a file name ending in .svg"},
		{filepath.Join(dir, "p.svg"), []string{"slant", "chain"}, "2 puzzles would overwrite one file"},
		{filepath.Join(dir, "no", "p.svg"), []string{"slant"}, "there is no folder"},
		{filepath.Join(dir, "%s", "p.svg"), []string{"slant"}, "there is no folder " + filepath.Join(dir, "slant")},
		{filepath.Join(dir, "file", "p.svg"), []string{"slant"}, "is not a folder"},
		{filepath.Join(dir, "%s.SVG"), []string{"slant", "chain"}, ""},
	} {
		err := CheckPlotPath(tt.template, tt.puzzles)
		if tt.want == "" && err != nil || tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)) {
			t.Errorf("CheckPlotPath(%q, %v) = %v, want %q", tt.template, tt.puzzles, err, tt.want)
		}
	}
	if got := PlotPath("out/%s-cactus.svg", "chain"); got != "out/chain-cactus.svg" {
		t.Errorf("PlotPath = %q", got)
	}
	for _, tt := range []struct {
		opt  PlotOptions
		want string
	}{
		{PlotOptions{Kind: "pie"}, "unknown plot kind"},
		{PlotOptions{Kind: "cactus", Pair: [2]string{"dfs", "sat"}}, "only a scatter plot"},
		{PlotOptions{Kind: "scatter", Pair: [2]string{"dfs", "gini"}}, `"gini" is not one of the solvers`},
		{PlotOptions{Kind: "scatter", Pair: [2]string{"dfs", "dfs"}}, "two different solvers"},
	} {
		if err := CheckPlotOptions(tt.opt, r.Specs); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("CheckPlotOptions(%+v) = %v, want %q", tt.opt, err, tt.want)
		}
		file := filepath.Join(dir, "refused.svg")
		if err := PlotReport(file, r, tt.opt); err == nil {
			t.Errorf("PlotReport(%+v) drew a plot", tt.opt)
		}
		if _, err := os.Stat(file); err == nil {
			t.Errorf("PlotReport(%+v) left a file behind", tt.opt)
		}
	}
	if err := CheckPlotOptions(PlotOptions{Kind: "scatter"}, []string{"dfs"}); err == nil {
		t.Error("a scatter plot of one solver accepted")
	}
	if err := PlotReport(filepath.Join(dir, "no", "p.svg"), r, PlotOptions{}); err == nil {
		t.Error("a plot into a missing folder succeeded")
	}
	empty := compare.Report{Specs: []string{"dfs", "sat"}, Rows: []compare.Row{{Runs: []compare.Run{run(compare.VerdictTimeout, 0), run(compare.VerdictError, 0)}}}}
	for _, kind := range []string{"scaling", "cactus"} {
		if err := writePlot(&bytes.Buffer{}, "svg", resolve(empty), PlotOptions{Kind: kind}); err == nil || !strings.Contains(err.Error(), "no solved runs") {
			t.Errorf("%s plot of nothing solved: %v", kind, err)
		}
	}
	// A scatter plot of nothing solved still shows where the cases are.
	if err := writePlot(&bytes.Buffer{}, "svg", resolve(empty), PlotOptions{Kind: "scatter"}); err != nil {
		t.Errorf("scatter plot of nothing solved: %v", err)
	}
}

func TestDecadeTicks(t *testing.T) {
	var labels []string
	for _, tick := range (decadeTicks{time: true}).Ticks(1e-6, 10) {
		if tick.Label != "" {
			labels = append(labels, tick.Label)
		}
	}
	if got, want := strings.Join(labels, " "), "1µs 10µs 100µs 1ms 10ms 100ms 1s 10s"; got != want {
		t.Errorf("time ticks %q, want %q", got, want)
	}
	ticks := (decadeTicks{}).Ticks(3e-5, 250)
	labels = nil
	for _, tick := range ticks {
		if tick.Value < 3e-5 || tick.Value > 250 {
			t.Errorf("tick %v outside the axis", tick.Value)
		}
		if tick.Label != "" {
			labels = append(labels, tick.Label)
		}
	}
	if got, want := strings.Join(labels, " "), "1e-4 1e-3 1e-2 1e-1 1 10 100"; got != want {
		t.Errorf("ticks %q, want %q", got, want)
	}
	if ticks[0].Value != 3e-5 || len(ticks) != 7+9*6+2 {
		t.Errorf("%d ticks from %v", len(ticks), ticks[0].Value)
	}
}

// A plot path through a loop of symbolic links is refused before anything
// runs.
func TestCheckPlotPathThroughLoop(t *testing.T) {
	dir := t.TempDir()
	os.Symlink("loop2", filepath.Join(dir, "loop1"))
	os.Symlink("loop1", filepath.Join(dir, "loop2"))
	os.Symlink("loop1", filepath.Join(dir, "loop1.svg"))
	if err := CheckPlotPath(filepath.Join(dir, "loop1.svg"), []string{"slant"}); err == nil {
		t.Errorf("CheckPlot through a loop: no error")
	}
}

// TestCactusOrientationAndAxes (issue 32, item 9): the cactus plot puts
// the cases solved on x and the time on a log y axis (the SAT
// competitions' way; TimeOnX swaps them); the time axis fits the data,
// the limit drawn as a line when near them and marked at the edge
// otherwise.
func TestCactusOrientationAndAxes(t *testing.T) {
	for _, tc := range []struct {
		timeout time.Duration
		onX     bool
		edge    bool // the limit is far past the data: marked at the edge
	}{{300 * time.Millisecond, false, false}, {time.Hour, false, true}, {time.Hour, true, true}} {
		r := plotReport()
		r.Timeout = tc.timeout
		v := resolve(r)
		p, err := cactusPlot(v, PlotOptions{TimeOnX: tc.onX})
		if err != nil {
			t.Fatal(err)
		}
		count, tm := p.X, p.Y
		if tc.onX {
			count, tm = p.Y, p.X
		}
		if count.Label.Text != "cases solved" || tm.Label.Text != v.timeLabel() {
			t.Errorf("%+v: x %q, y %q", tc, p.X.Label.Text, p.Y.Label.Text)
		}
		if _, ok := tm.Scale.(plot.LogScale); !ok {
			t.Errorf("%+v: the time axis is not logarithmic", tc)
		}
		slowest := 0.0
		for _, ts := range func() [][]float64 { ts, _ := cactusTimes(v); return ts }() {
			for _, x := range ts {
				slowest = max(slowest, x)
			}
		}
		limit := tc.timeout.Seconds()
		if tc.edge && tm.Max > slowest*limitReach {
			t.Errorf("%+v: the time axis runs to %gs for data up to %gs: stretched to the limit", tc, tm.Max, slowest)
		}
		if !tc.edge && tm.Max < limit {
			t.Errorf("%+v: the time axis ends at %gs, before the limit %gs near the data", tc, tm.Max, limit)
		}
		var svg bytes.Buffer
		if err := writePlot(&svg, "svg", v, PlotOptions{Kind: "cactus", TimeOnX: tc.onX}); err != nil {
			t.Fatal(err)
		}
		if strings.Contains(svg.String(), "(off axis)") != tc.edge {
			t.Errorf("%+v: the limit's legend does not say whether it is off the axis", tc)
		}
	}
}
