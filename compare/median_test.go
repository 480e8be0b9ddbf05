package compare

import (
	"math"
	"testing"
	"time"
)

// Medians and quartiles against numpy 1.24.2: np.median(x) and
// np.percentile(x, [0, 25, 50, 75, 100]) (its default, linear), run on
// each sample below; the values are numpy's output.
func TestQuantileAgainstNumpy(t *testing.T) {
	tests := []struct {
		x      []float64
		median float64
		pct    [5]float64
	}{
		{[]float64{7}, 7, [5]float64{7, 7, 7, 7, 7}},
		{[]float64{3, 1}, 2, [5]float64{1, 1.5, 2, 2.5, 3}},
		{[]float64{5, 1, 9, 3}, 4, [5]float64{1, 2.5, 4, 6, 9}},
		{[]float64{10, 20, 30, 40, 50, 60}, 35, [5]float64{10, 22.5, 35, 47.5, 60}},
		{[]float64{636395, 847037, 700001, 512000, 900000, 1000000, 2, 3, 4, 5}, 574197.5, [5]float64{2, 4.25, 574197.5, 810278, 1000000}},
		{[]float64{1, 2, 3, 4, 5}, 3, [5]float64{1, 2, 3, 4, 5}},
		{[]float64{4, 4, 4, 1}, 4, [5]float64{1, 3.25, 4, 4, 4}},
	}
	for _, tt := range tests {
		if got := MedianFloat(tt.x); math.Abs(got-tt.median) > 1e-9 {
			t.Errorf("median %v = %g, numpy %g", tt.x, got, tt.median)
		}
		ds := make([]time.Duration, len(tt.x))
		for i, x := range tt.x {
			ds[i] = time.Duration(x)
		}
		q := QuartilesOf(ds)
		got := [5]time.Duration{q.Min, q.Q1, q.Median, q.Q3, q.Max}
		for i, want := range tt.pct {
			if got[i] != time.Duration(math.Round(want)) {
				t.Errorf("quartiles of %v: %v, numpy %v (rounded to the ns)", tt.x, got, tt.pct)
				break
			}
		}
		if Median(ds) != q.Median {
			t.Errorf("Median %v = %v, QuartilesOf's %v", tt.x, Median(ds), q.Median)
		}
	}
	if !math.IsNaN(MedianFloat(nil)) || Median(nil) != 0 || QuartilesOf(nil) != (Quartiles{}) {
		t.Error("empty sample: want NaN, 0 and zero quartiles")
	}
}

// An even number of repeats stands for the mean of the two middle ones,
// as the summary's median does (one rule: numpy's).
func TestRepeatsEvenMedian(t *testing.T) {
	var reps []Run
	for k, ms := range []time.Duration{4, 1, 10, 2} {
		d := ms * time.Millisecond
		reps = append(reps, Run{Solver: "a", Verdict: VerdictOK, Wall: d, CPU: d, Repeat: k, Result: Result{Solved: true, Answer: "x", Time: d}})
	}
	run, _ := mergeRepeats(reps)
	want := 3 * time.Millisecond // numpy.median([4, 1, 10, 2]) = 3.0
	if run.Wall != want || run.CPU != want || run.Result.Time != want {
		t.Errorf("4 repeats: wall %v, cpu %v, time %v; want the median %v", run.Wall, run.CPU, run.Result.Time, want)
	}
}
