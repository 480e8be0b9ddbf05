package report

import (
	"math"
	"testing"
)

// The exact signed-rank distribution against the published table of
// critical values (the largest T = min(W+, W-) significant two-sided at
// alpha; e.g. Zar, Biostatistical Analysis, table B.12): p(T) <= alpha <
// p(T+1).
func TestSignedRankCriticalValues(t *testing.T) {
	tables := []struct {
		alpha float64
		crit  map[int]int
	}{
		{0.05, map[int]int{6: 0, 7: 2, 8: 3, 9: 5, 10: 8, 11: 10, 12: 13, 13: 17, 14: 21, 15: 25, 16: 29, 17: 34, 18: 40, 19: 46, 20: 52,
			21: 58, 22: 65, 23: 73, 24: 81, 25: 89, 26: 98, 27: 107, 28: 116, 29: 126, 30: 137}},
		{0.01, map[int]int{8: 0, 9: 1, 10: 3, 11: 5, 12: 7, 13: 9, 14: 12, 15: 15, 16: 19, 17: 23, 18: 27, 19: 32, 20: 37}},
	}
	for _, tab := range tables {
		for n, crit := range tab.crit {
			if p := exactSignedRankP(n, crit); p > tab.alpha {
				t.Errorf("n=%d: p(T=%d) = %.5f, want <= %g", n, crit, p, tab.alpha)
			}
			if p := exactSignedRankP(n, crit+1); p <= tab.alpha {
				t.Errorf("n=%d: p(T=%d) = %.5f, want > %g", n, crit+1, p, tab.alpha)
			}
		}
	}
	// Every sign pattern of n=5 positive: W+ = 15, p = 2/32.
	if p := exactSignedRankP(5, 15); p != 2.0/32 {
		t.Errorf("n=5, W+=15: p %g, want %g", p, 2.0/32)
	}
}

func TestSignedRankTest(t *testing.T) {
	// The textbook example (Wikipedia, "Wilcoxon signed-rank test"): ten
	// pairs, one zero dropped, one tie; R's wilcox.test(x2, x1, paired =
	// TRUE) gives V = 27, p = 0.6353 by the normal approximation with the
	// tie and continuity corrections.
	x1 := []float64{125, 115, 130, 140, 140, 115, 140, 125, 140, 135}
	x2 := []float64{110, 122, 125, 120, 140, 124, 123, 137, 135, 145}
	d := make([]float64, len(x1))
	for i := range d {
		d[i] = x1[i] - x2[i]
	}
	got := signedRankTest(d)
	if got.N != 9 || got.Zeros != 1 || got.W != 27 || got.Exact || math.Abs(got.P-0.6353) > 5e-5 {
		t.Errorf("textbook example: %+v, want N 9, 1 zero, W+ 27, p 0.6353 (normal)", got)
	}
	tests := []struct {
		d     []float64
		w     float64
		p     float64
		exact bool
	}{
		{[]float64{1, 2, 3, 4, 5, 6}, 21, 2.0 / 64, true},
		{[]float64{-1, -2, -3, -4, -5, -6}, 0, 2.0 / 64, true},
		{[]float64{0, 0}, 0, 1, false},
		// W+ = 2+3+5+6 = 16; 10 of the 64 sign patterns give W+ <= 5
		// (hence >= 16): {}, {1}..{5}, {1,2}, {1,3}, {1,4}, {2,3}.
		{[]float64{-1.5, 2, 3.5, -4, 5, 6}, 16, 20.0 / 64, true},
	}
	for _, tt := range tests {
		got := signedRankTest(tt.d)
		if got.W != tt.w || math.Abs(got.P-tt.p) > 1e-12 || got.Exact != tt.exact {
			t.Errorf("%v: %+v, want W+ %g, p %g, exact %v", tt.d, got, tt.w, tt.p, tt.exact)
		}
	}
}

func TestGeomeanBootstrap(t *testing.T) {
	ratios := []float64{2, 3, 2.5, 4, 2.2, 3.1, 2.8, 3.5, 2.9, 3.3}
	m, lo, hi := geomeanCI(ratios, 7)
	m2, lo2, hi2 := geomeanCI(ratios, 7)
	if m != m2 || lo != lo2 || hi != hi2 {
		t.Errorf("one seed, two intervals: %g-%g, %g-%g", lo, hi, lo2, hi2)
	}
	logSum := 0.0
	for _, r := range ratios {
		logSum += math.Log(r)
	}
	if want := math.Exp(logSum / float64(len(ratios))); math.Abs(m-want) > 1e-12 {
		t.Errorf("geomean %g, want %g", m, want)
	}
	if !(lo < m && m < hi) || lo < 2 || hi > 4 {
		t.Errorf("CI %g-%g around %g", lo, hi, m)
	}
	if _, lo, hi := geomeanCI([]float64{3, 3, 3}, 1); math.Abs(lo-3) > 1e-12 || math.Abs(hi-3) > 1e-12 {
		t.Errorf("equal ratios: CI %g-%g, want 3-3", lo, hi)
	}
	// Twice the spread of log ratios about the same centre, a wider interval.
	wide := make([]float64, len(ratios))
	for i, r := range ratios {
		wide[i] = m * math.Pow(r/m, 2)
	}
	if _, wlo, whi := geomeanCI(wide, 7); whi/wlo <= hi/lo {
		t.Errorf("wider ratios, CI %g-%g not wider than %g-%g", wlo, whi, lo, hi)
	}
}
