package report

import (
	"bytes"
	"strings"
	"testing"

	"github.com/gridsat/gridsat/compare"
)

// noisyReport is plotReport with every finished run standing for five
// repeats that spread around it, and a machine record.
func noisyReport() compare.Report {
	r := plotReport()
	for i := range r.Rows {
		for k := range r.Rows[i].Runs {
			run := &r.Rows[i].Runs[k]
			t := compare.RunTime(*run)
			run.Spread = &compare.Spread{N: 5, Wall: compare.Quartiles{Min: t / 2, Q1: t * 3 / 4, Median: t, Q3: t * 5 / 4, Max: t * 2}}
		}
	}
	r.Machines = []compare.MachineRun{{Machine: &compare.Machine{CPUModel: "Test CPU 3000", LogicalCPUs: 2, OS: "linux/amd64", GoVersion: "go1.26",
		Gridsat: compare.Version, Revision: "unknown", TimeSource: "cpu: getrusage around the solve", LoadStart: []float64{1, 2, 3}}, LoadEnd: []float64{4, 5, 6}}}
	return r
}

// The scatter and scaling plots draw each spread as an error bar (a
// bar is a line with two caps); the HTML page shows the machine record,
// and each time's spread and IQR.
func TestNoiseShown(t *testing.T) {
	quiet, noisy := plotReport(), noisyReport()
	for _, kind := range []string{"scaling", "scatter"} {
		var a, b bytes.Buffer
		if err := writePlot(&a, "svg", resolve(quiet), PlotOptions{Kind: kind}); err != nil {
			t.Fatal(err)
		}
		if err := writePlot(&b, "svg", resolve(noisy), PlotOptions{Kind: kind}); err != nil {
			t.Fatal(err)
		}
		if pa, pb := strings.Count(a.String(), "<path"), strings.Count(b.String(), "<path"); pb < pa+3*4 {
			t.Errorf("%s plot: %d paths with repeats, %d without: no error bars?", kind, pb, pa)
		}
		if !strings.Contains(b.String(), "min-max of the repeats") {
			t.Errorf("%s plot: no legend for the bars", kind)
		}
	}
	var js bytes.Buffer
	if err := WriteReport(&js, noisy, Options{Format: "json"}); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`"pairs": [`, `"ratio_min":`, `"wilcoxon": {`, `"machines": [`, `"cpu_model": "Test CPU 3000"`, `"spread": {`} {
		if !strings.Contains(js.String(), want) {
			t.Errorf("the JSON report lacks %s", want)
		}
	}
	var page bytes.Buffer
	if err := WriteHTML(&page, []compare.Report{noisy}, Options{}); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"machine: Test CPU 3000, 2 logical CPUs", "load average: 1.00 2.00 3.00 at start, 4.00 5.00 6.00 at end",
		"median of 5 repeats; min-max 5ms-20ms; IQR 7.5ms-12.5ms", "sat vs dfs: geomean time ratio"} {
		if !strings.Contains(page.String(), want) {
			t.Errorf("the HTML page lacks %q", want)
		}
	}
}

// A pair over one case has no confidence interval: bootstrapping one ratio
// gives an interval of no width, which reads as certainty; its range is
// given instead, labelled as one.
func TestPairOneCaseNoCI(t *testing.T) {
	r := noisyReport()
	r.Rows = r.Rows[:1]
	pairs := resolve(r).pairs()
	if len(pairs) == 0 || pairs[0].Cases != 1 {
		t.Fatalf("pairs over one case: %+v", pairs)
	}
	if ps := pairs[0]; ps.Low != 0 || ps.High != 0 || !strings.Contains(ps.String(), "range 2x-2x (too few pairs") || strings.Contains(ps.String(), "95% CI") {
		t.Errorf("one case: CI %g-%g, %q", ps.Low, ps.High, ps.String())
	}
	var js bytes.Buffer
	if err := WriteReport(&js, r, Options{Format: "json"}); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(js.String(), `"ci_low"`) {
		t.Errorf("one case: the JSON gives a CI:\n%s", js.String())
	}
}

// A report mixing machines names each run's machine in the CSV (the JSON
// does, per run) and labels each machine record once.
func TestMixedMachinesInCSV(t *testing.T) {
	r := noisyReport()
	other := *r.Machines[0].Machine
	other.CPUModel = "Other CPU 1000"
	r.Machines = []compare.MachineRun{{Machine: r.Machines[0].Machine, Label: "machine 1"}, {Machine: &other, Label: "machine 2"}}
	for i := range r.Rows {
		for k := range r.Rows[i].Runs {
			r.Rows[i].Runs[k].Machine = r.Machines[(i+k)%2].Label
		}
	}
	var csv bytes.Buffer
	if err := WriteReport(&csv, r, Options{Format: "csv"}); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(csv.String(), "\n")
	if !strings.Contains(lines[0], "dfs.machine") || !strings.Contains(lines[0], "sat.machine") || !strings.Contains(lines[1], "machine 1") || !strings.Contains(lines[1], "machine 2") {
		t.Errorf("CSV of two machines:\n%s", csv.String())
	}
	var table bytes.Buffer
	if err := WriteReport(&table, r, Options{Format: "table"}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(table.String(), "machine 2: Other CPU 1000") || strings.Contains(table.String(), "machine 1: machine:") {
		t.Errorf("machine records:\n%s", table.String())
	}
}
