package report

import (
	"bytes"
	"encoding/json"
	"math"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/gridsat/gridsat/compare"
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
	// tie and continuity corrections. On 9 pairs the test is exact over
	// the tied ranks: 162 of the 512 sign patterns are as extreme, by
	// brute force, p = 0.6328125.
	x1 := []float64{125, 115, 130, 140, 140, 115, 140, 125, 140, 135}
	x2 := []float64{110, 122, 125, 120, 140, 124, 123, 137, 135, 145}
	d := make([]float64, len(x1))
	for i := range d {
		d[i] = x1[i] - x2[i]
	}
	got := signedRankTest(d)
	if got.N != 9 || got.Zeros != 1 || got.W != 27 || !got.Exact || got.P != 0.6328125 {
		t.Errorf("textbook example: %+v, want N 9, 1 zero, W+ 27, p 0.6328125 (exact, tied ranks)", got)
	}
	tests := []struct {
		d     []float64
		w     float64
		p     float64
		exact bool
	}{
		{[]float64{1, 2, 3, 4, 5, 6}, 21, 2.0 / 64, true},
		{[]float64{-1, -2, -3, -4, -5, -6}, 0, 2.0 / 64, true},
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

// signedRankFixture is the differences (i+1), the second of every four
// negated, for i < n: no ties, no zeros.
func signedRankFixture(n int) []float64 {
	d := make([]float64, n)
	for i := range d {
		d[i] = float64(i + 1)
		if i%4 == 1 {
			d[i] = -d[i]
		}
	}
	return d
}

// The signed-rank test against scipy 1.10.1's stats.wilcoxon(d) with
// mode="exact" (the exact rows) or mode="approx", correction=True (the
// others); W+ is the sum of scipy.stats.rankdata(|d|) over the positive
// d. Exact below 50 pairs without zeros or ties, as R's wilcox.test: at
// n = 49 scipy's approximation would give 0.00127, at n = 50 its exact
// test 0.00331.
func TestSignedRankAgainstScipy(t *testing.T) {
	ln := math.Log
	tests := []struct {
		name   string
		d      []float64
		w, p   float64
		method string
	}{
		{"n=1", signedRankFixture(1), 1, 1, methodExact},
		{"n=2", signedRankFixture(2), 1, 1, methodExact},
		{"n=3", signedRankFixture(3), 4, 0.75, methodExact},
		{"n=5", signedRankFixture(5), 13, 0.1875, methodExact},
		{"n=10", signedRankFixture(10), 37, 0.375, methodExact},
		{"n=49", signedRankFixture(49), 937, 0.000948836474645276, methodExact},
		{"n=50", signedRankFixture(50), 937, 0.0038976284546326594, methodNormal},
		{"n=51", signedRankFixture(51), 988, 0.0023525404148499475, methodNormal},
		// Below 10 pairs with zeros or ties, the exact test over the tied
		// ranks (p by brute force over the sign patterns; scipy's and R's
		// normal approximations give 0.181, 0.0369, 0.179 and 1, the second
		// below the 2/32 every sign alike gives). Ratios 1, 1, 3, 4, 5:
		{"zeros", []float64{0, 0, ln(3), ln(4), ln(5)}, 6, 0.25, methodExactTies},
		// Five ratios of 2: all tied.
		{"all tied", []float64{ln(2), ln(2), ln(2), ln(2), ln(2)}, 15, 0.0625, methodExactTies},
		{"ties", []float64{1, 1, 2, -2, 3, -4, 4, 4, 5, 6, -6, 7}, 57, 0.1686594701095, methodNormal},
		{"ties and zeros", []float64{0, 1, 1, -1, 2, 0, 3, -3, 3, 4}, 28, 0.21875, methodExactTies},
		{"n=2 tied", []float64{1, -1}, 1.5, 1, methodExactTies},
	}
	for _, tt := range tests {
		got := signedRankTest(tt.d)
		if got.W != tt.w || math.Abs(got.P-tt.p) > 1e-9*math.Max(1, tt.p) || got.Method != tt.method || got.Exact != (tt.method != methodNormal) {
			t.Errorf("%s: %+v, want W+ %g, p %.10g (%s)", tt.name, got, tt.w, tt.p, tt.method)
		}
		if !strings.Contains(got.String(), "("+tt.method) {
			t.Errorf("%s: %q does not name the method %s", tt.name, got, tt.method)
		}
		if warn := strings.Contains(got.String(), "little power"); warn != (got.N < 10) {
			t.Errorf("%s: %d pairs, %q: little-power warning %v", tt.name, got.N, got, warn)
		}
	}
}

// No pair enters the test when every difference is 0: no p-value.
func TestSignedRankNoPair(t *testing.T) {
	got := signedRankTest(make([]float64, 5))
	if got.Method != methodNone || got.P != 0 || got.N != 0 || got.Zeros != 5 || got.String() != "no test: every pair equal (5 pairs)" {
		t.Errorf("5 equal pairs: %+v, %q", got, got)
	}
	js, err := json.Marshal(got)
	if err != nil || strings.Contains(string(js), `"p"`) {
		t.Errorf("5 equal pairs: JSON %s (%v) gives a p-value", js, err)
	}
}

// pairRows are rows of two solvers a and b on toy.txt, b's time ratio[k]
// times a's 1ms; a ratio of 0 is a timeout of b.
func pairRows(ratios ...float64) []compare.Row {
	ms := time.Millisecond
	var rows []compare.Row
	for k, x := range ratios {
		b := compare.Run{Verdict: compare.VerdictTimeout}
		if x > 0 {
			b = compare.Run{Verdict: compare.VerdictOK, Result: compare.Result{Solved: true, Time: time.Duration(x * float64(ms))}}
		}
		rows = append(rows, compare.Row{CaseInfo: compare.CaseInfo{File: "toy.txt", Case: k + 1},
			Runs: []compare.Run{{Verdict: compare.VerdictOK, Result: compare.Result{Solved: true, Time: ms}}, b}})
	}
	return rows
}

// Under five pairs a pair gives the range of its ratios, labelled as a
// range, not a 95% interval; from five on, the interval. Either way the
// pairs are counted and the cases left out named beside the ratio, in
// the pair's line and in the solver's summary line.
func TestPairIntervalsAndLeftOut(t *testing.T) {
	r := compare.Report{Specs: []string{"a", "b"}, Rows: pairRows(2, 0, 3, 4)}
	ps := resolve(r).pairs()
	if len(ps) != 1 {
		t.Fatalf("pairs %+v", ps)
	}
	line := ps[0].String()
	for _, want := range []string{"over 3 pairs (1 left out: toy.txt#2: b timeout)", "range 2x-4x (too few pairs for a 95% interval"} {
		if !strings.Contains(line, want) {
			t.Errorf("3 pairs: %q lacks %q", line, want)
		}
	}
	if strings.Contains(line, "CI") || ps[0].Low != 0 || ps[0].High != 0 || ps[0].Min != 2 || ps[0].Max != 4 {
		t.Errorf("3 pairs: %+v, %q: an interval", ps[0], line)
	}
	lines, _ := summaryLines(resolve(r))
	if all := strings.Join(lines, "\n"); !strings.Contains(all, "geomean time ratio vs a 2.88x over 3 pairs (1 left out: toy.txt#2: b timeout)") {
		t.Errorf("summary does not name the case left out:\n%s", all)
	}
	var page bytes.Buffer
	if err := WriteHTML(&page, []compare.Report{r}, Options{}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(page.String(), `title="toy.txt#2: b timeout">2.88x vs a (3 pairs, 1 left out)`) {
		t.Errorf("the HTML summary does not count and name the case its ratio leaves out")
	}
	r.Rows = pairRows(2, 3, 4, 2.5, 3.5)
	ps = resolve(r).pairs()
	if line := ps[0].String(); strings.Contains(line, "95% CI") || !strings.Contains(line, "too few pairs for a 95% interval: under 8") {
		t.Errorf("5 pairs: %q: an interval that cannot reach 95%%", line)
	}
	r.Rows = pairRows(2, 3, 4, 2.5, 3.5, 2.2, 3.3, 2.8)
	ps = resolve(r).pairs()
	if line := ps[0].String(); !strings.Contains(line, "95% CI") || strings.Contains(line, "range") || strings.Contains(line, "left out") {
		t.Errorf("8 pairs: %q", line)
	}
}

// A solver that solved nothing has no total or median: "-", not 0.
func TestSummaryOfNothing(t *testing.T) {
	r := compare.Report{Specs: []string{"a", "b"}, Rows: pairRows(0, 0)}
	lines, _ := summaryLines(resolve(r))
	all := strings.Join(lines, "\n")
	if !strings.Contains(all, "solved 0/2, 2 out of limits, total -, median -") || strings.Contains(all, "total 0") {
		t.Errorf("summary of a solver that solved nothing:\n%s", all)
	}
	var page bytes.Buffer
	if err := WriteHTML(&page, []compare.Report{r}, Options{}); err != nil {
		t.Fatal(err)
	}
	_, row, _ := strings.Cut(page.String(), "<tr><td>b</td>")
	row, _, _ = strings.Cut(row, "</tr>")
	if !strings.Contains(row, "<td>-</td><td>-</td>") {
		t.Errorf("HTML summary of a solver that solved nothing: %s", row)
	}
}

// The interval's coverage on few cases: over 400 samples of n normal log
// ratios (mean 0: a geomean ratio of 1), the share whose 95% interval
// holds 1. With these seeds the plain percentile bootstrap d15c04a gave
// holds it in 0.835 at n = 5 and 0.882 at n = 10, the expanded
// percentile interval in 0.940 and 0.932. Seeds are fixed: the counts
// do not vary between runs.
func TestGeomeanCICoverage(t *testing.T) {
	for _, tt := range []struct {
		n    int
		want float64
	}{{minCICases, 0.92}, {10, 0.92}} {
		rng := rand.New(rand.NewPCG(uint64(tt.n), 1))
		const samples = 400
		held := 0
		ratios := make([]float64, tt.n)
		for s := range samples {
			for i := range ratios {
				ratios[i] = math.Exp(rng.NormFloat64())
			}
			if _, lo, hi := geomeanCI(ratios, uint64(s+1)); lo <= 1 && 1 <= hi {
				held++
			}
		}
		if got := float64(held) / samples; got < tt.want {
			t.Errorf("n = %d: the 95%% interval holds the true ratio in %.3f of samples, want at least %.2f", tt.n, got, tt.want)
		} else {
			t.Logf("n = %d: coverage %.3f", tt.n, got)
		}
	}
}

// A run never made (no results file holds it, or the harness failed) is
// charged to no solver: not a failure, not twice the limit in PAR-2, not
// a case of the virtual best (audit: "1 FAILED", PAR-2 2.5 s for a shard
// nobody gave).
func TestRunsNeverMadeChargeNoSolver(t *testing.T) {
	r := compare.Report{Specs: []string{"a", "b"}, Rows: pairRows(2, 2, 2), Timeout: time.Second}
	r.Rows[0].Runs[1] = compare.Run{Solver: "b", Verdict: compare.VerdictMissing}
	r.Rows[1].Runs[1] = compare.Run{Solver: "b", Verdict: compare.VerdictHarness}
	solvers, best := scores(resolve(r))
	b := solvers[1]
	if b.Runs != 1 || b.NotRun != 2 || b.Failed != 0 || b.Solved != 1 || b.PAR2 >= time.Second || best.Runs != 3 || best.Failed != 0 {
		t.Errorf("b: %+v; virtual best %+v", b, best)
	}
	if !strings.Contains(b.String(), "2 not run") {
		t.Errorf("summary line %q does not say 2 runs were not made", b)
	}
}

// PAR-2 never wraps around: a limit past half the longest duration (a
// results file's limit can be any number; compare takes at most a year)
// saturates the score of an unsolved run instead of making it 1ns, the
// best of the table (red-team pass).
func TestPar2Saturates(t *testing.T) {
	huge := time.Duration(math.MaxInt64/2 + 1)
	if got := par2(nil, 1, huge); got != math.MaxInt64 {
		t.Errorf("one unsolved run under a %v limit: PAR-2 %v, want the longest duration", huge, got)
	}
	if got := par2([]time.Duration{time.Second}, 1, 10*time.Second); got != 10500*time.Millisecond {
		t.Errorf("a 1 s run and an unsolved one under 10 s: PAR-2 %v, want 10.5s", got)
	}
}
