package report

import (
	"encoding/binary"
	"io"
	"math"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/gridsat/gridsat/compare"
)

// plotVerdicts are the verdicts fuzzed reports draw from ("" included: a
// run a report never filled in).
var plotVerdicts = []compare.Verdict{compare.VerdictOK, compare.VerdictUnsat, compare.VerdictTimeout, compare.VerdictMemout, compare.VerdictError, compare.VerdictWrong, compare.VerdictMissing, ""}

// fuzzedReport makes a two-solver report from bytes: per row, its cells
// and, per run, a verdict and a time of any size and sign.
func fuzzedReport(data []byte, timeout int64) compare.Report {
	r := compare.Report{Specs: []string{"dfs", "sat"}, Timeout: time.Duration(timeout)}
	for len(data) >= 11 && len(r.Rows) < 200 {
		row := compare.Row{CaseInfo: compare.CaseInfo{Case: len(r.Rows) + 1, Cells: int(int8(data[0])) * int(data[0]%7+1)}}
		for k := range 2 {
			b := data[1+5*k : 6+5*k]
			t := time.Duration(int32(binary.LittleEndian.Uint32(b[1:]))) << (b[0] % 33)
			row.Runs = append(row.Runs, compare.Run{Verdict: plotVerdicts[int(b[0])%len(plotVerdicts)], Result: compare.Result{Time: t}, Wall: t})
		}
		r.Rows = append(r.Rows, row)
		data = data[11:]
	}
	return r
}

// degenerateReports are the reports whose time axis has one value, or none
// that a log axis can show: the plots that never ended in 0.13.0.
func degenerateReports() map[string]compare.Report {
	one := func(v compare.Verdict, cells int, t time.Duration) compare.Row {
		return compare.Row{CaseInfo: compare.CaseInfo{Case: 1, Cells: cells}, Runs: []compare.Run{{Verdict: v, Result: compare.Result{Time: t}, Wall: t}}}
	}
	return map[string]compare.Report{
		"one solved run":  {Specs: []string{"dfs"}, Rows: []compare.Row{one(compare.VerdictOK, 25, 3*time.Millisecond)}},
		"equal values":    {Specs: []string{"dfs"}, Rows: []compare.Row{one(compare.VerdictOK, 25, time.Second), one(compare.VerdictUnsat, 25, time.Second)}},
		"zero time":       {Specs: []string{"dfs"}, Rows: []compare.Row{one(compare.VerdictOK, 1, 0), one(compare.VerdictOK, 1, 0)}},
		"negative time":   {Specs: []string{"dfs"}, Rows: []compare.Row{one(compare.VerdictOK, 4, -time.Second)}, Timeout: -1},
		"one ns limit":    {Specs: []string{"dfs"}, Rows: []compare.Row{one(compare.VerdictOK, 4, time.Nanosecond)}, Timeout: 1},
		"all timeouts":    {Specs: []string{"dfs"}, Rows: []compare.Row{one(compare.VerdictTimeout, 9, 0), one(compare.VerdictTimeout, 9, 0)}, Timeout: time.Second},
		"no solved run":   {Specs: []string{"dfs"}, Rows: []compare.Row{one(compare.VerdictError, 9, 5)}},
		"zero cells":      {Specs: []string{"dfs"}, Rows: []compare.Row{one(compare.VerdictOK, 0, 5)}},
		"huge times":      {Specs: []string{"dfs"}, Rows: []compare.Row{one(compare.VerdictOK, 1<<40, math.MaxInt64), one(compare.VerdictOK, 1, 1)}, Timeout: math.MaxInt64},
		"no rows at all":  {Specs: []string{"dfs"}},
		"one row no runs": {Specs: []string{"dfs"}, Rows: []compare.Row{{}}},
	}
}

// drawAll draws every kind of plot of r (a scatter plot when r has two
// solvers) and fails t on a panic, on an error other than "nothing to
// draw", or on more than 256 MiB allocated for one plot.
func drawAll(t *testing.T, name string, r compare.Report) {
	t.Helper()
	kinds := []string{"scaling", "cactus"}
	if len(r.Specs) > 1 {
		kinds = append(kinds, "scatter")
	}
	for _, kind := range kinds {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		err := writePlot(io.Discard, "svg", resolve(r), PlotOptions{Kind: kind})
		runtime.ReadMemStats(&after)
		if err != nil && !strings.Contains(err.Error(), "no solved runs") && !strings.Contains(err.Error(), "no case has runs") {
			t.Errorf("%s: %s plot: %v", name, kind, err)
		}
		if got := after.TotalAlloc - before.TotalAlloc; got > 256<<20 {
			t.Errorf("%s: %s plot allocated %s", name, kind, compare.FormatBytes(int64(got)))
		}
	}
}

// TestPlotDegenerateData: every plot of degenerate data ends (0.13.0 sent
// the log axis's tick loop from the smallest int and never returned), with
// a bounded allocation. The watchdog only turns a hang into a failure.
func TestPlotDegenerateData(t *testing.T) {
	for name, r := range degenerateReports() {
		done := make(chan struct{})
		go func() {
			defer close(done)
			drawAll(t, name, r)
		}()
		select {
		case <-done:
		case <-time.After(time.Minute):
			t.Fatalf("%s: the plot never ended", name)
		}
	}
}

// TestDecadeTicksBounded: a log axis's ticks of any range are few (none
// for a range a log axis cannot have).
func TestDecadeTicksBounded(t *testing.T) {
	for _, rg := range [][2]float64{{-0.997, 1.003}, {0, 1}, {math.NaN(), 1}, {1, math.NaN()}, {1e-6, 1e-6},
		{math.SmallestNonzeroFloat64, math.MaxFloat64}, {1, math.Inf(1)}, {2, 1}, {-3, -1}} {
		done := make(chan int)
		go func() { done <- len((decadeTicks{time: true}).Ticks(rg[0], rg[1])) }()
		select {
		case n := <-done:
			if n > 9*640 {
				t.Errorf("Ticks(%v, %v): %d ticks", rg[0], rg[1], n)
			}
		case <-time.After(time.Minute):
			t.Fatalf("Ticks(%v, %v) never ended", rg[0], rg[1])
		}
	}
}

// FuzzPlot: every plot of random results (any verdicts, sizes, times and
// limit, with the degenerate cases as seeds) ends without a panic, an
// unexpected error or a huge allocation.
func FuzzPlot(f *testing.F) {
	f.Add([]byte{}, int64(0))
	f.Add([]byte{5, 0, 1, 0, 0, 0, 2, 0, 0, 0, 0}, int64(time.Second))
	f.Add([]byte{5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}, int64(0))
	f.Add([]byte{200, 2, 9, 9, 9, 9, 2, 9, 9, 9, 9}, int64(1))
	f.Add([]byte{7, 0, 0xff, 0xff, 0xff, 0xff, 32, 0xff, 0xff, 0xff, 0x7f}, int64(-5))
	f.Fuzz(func(t *testing.T, data []byte, timeout int64) {
		drawAll(t, "fuzzed", fuzzedReport(data, timeout))
	})
}
