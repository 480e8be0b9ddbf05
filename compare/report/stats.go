package report

import (
	"cmp"
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"slices"
	"sort"
	"strings"

	"gonum.org/v1/gonum/stat"
	"gonum.org/v1/gonum/stat/distuv"

	"github.com/gridsat/gridsat/compare"
)

// Statistics that say when a difference between two solvers is real: the
// geometric mean of their time ratios over the cases both solved, with a
// bootstrap confidence interval, and a paired Wilcoxon signed-rank test on
// the log ratios. gonum gives the means, quantiles and the normal
// distribution; the signed-rank statistic, its exact distribution and the
// bootstrap loop are written here (gonum has neither).

// signedRank is the Wilcoxon signed-rank test of paired differences d
// against a median of 0, two-sided, as R's wilcox.test and scipy's
// wilcoxon (zero_method "wilcox", correction on) compute it.
type signedRank struct {
	// N counts the differences that are not 0 (zeros are dropped, as
	// Wilcoxon did and R's wilcox.test does); Zeros the dropped ones.
	N     int `json:"n"`
	Zeros int `json:"zeros"`
	// Ties says two nonzero |d| are equal (their ranks are shared).
	Ties bool `json:"ties,omitempty"`
	// W is the sum of the ranks of the positive differences (W+), ties
	// given their mean rank.
	W float64 `json:"w_plus"`
	// Method is how P was found: methodExact (the distribution of W+ over
	// the 2^N sign patterns) when N < exactBelow and there are neither
	// zeros nor ties; methodExactTies (the same over the tied ranks) when
	// there are and N < fewPairs, where the normal approximation gives
	// p-values no sign pattern can; else methodNormal (the normal
	// approximation with the tie correction of the variance and a
	// continuity correction), or methodNone when no difference enters the
	// test (N = 0): then there is no P.
	Method string  `json:"method"`
	P      float64 `json:"p,omitempty"`
	Exact  bool    `json:"exact"`
}

// The methods of a signed-rank test.
const (
	methodExact     = "exact"
	methodExactTies = "exact, tied ranks"
	methodNormal    = "normal approx."
	methodNone      = "none"
)

// exactBelow bounds the N whose p-value signedRankTest computes exactly
// (R's wilcox.test: exact for N < 50).
const exactBelow = 50

// fewPairs is the fewest nonzero differences below which a summary warns
// that the test has little power.
const fewPairs = 10

// signedRankTest runs the Wilcoxon signed-rank test on d.
func signedRankTest(d []float64) signedRank {
	var abs []float64
	pos := map[int]bool{}
	res := signedRank{Method: methodNone}
	for _, x := range d {
		if x == 0 {
			res.Zeros++
			continue
		}
		pos[len(abs)] = x > 0
		abs = append(abs, math.Abs(x))
	}
	res.N = len(abs)
	if res.N == 0 {
		return res
	}
	ranks2, w2, ties := doubledRanks(abs, pos)
	res.W = float64(w2) / 2
	res.Ties = ties > 0
	switch {
	case res.N < exactBelow && !res.Ties && res.Zeros == 0:
		res.P, res.Exact, res.Method = exactSignedRankP(res.N, int(res.W)), true, methodExact
		return res
	case res.N < fewPairs:
		// With ties or zeros R's wilcox.test turns to the normal
		// approximation, which on a few pairs gives p-values below any
		// the sign patterns can: the exact test over the tied ranks.
		res.P, res.Exact, res.Method = exactRankP(ranks2, w2), true, methodExactTies
		return res
	}
	res.Method = methodNormal
	n := float64(res.N)
	z := res.W - n*(n+1)/4
	sd := math.Sqrt(n*(n+1)*(2*n+1)/24 - ties/48)
	if z == 0 || sd == 0 {
		res.P = 1
		return res
	}
	z = (z - math.Copysign(0.5, z)) / sd
	res.P = math.Min(1, 2*distuv.UnitNormal.Survival(math.Abs(z)))
	return res
}

// doubledRanks ranks abs (ties given their mean rank) and returns each
// one's rank doubled, so that the halves of mean ranks stay integers, the
// doubled sum W+ of the ranks where pos holds, and ties, the sum of
// t^3 - t over the groups of t equal values (the variance's correction).
func doubledRanks(abs []float64, pos map[int]bool) (ranks2 []int, w2 int, ties float64) {
	order := make([]int, len(abs))
	for i := range order {
		order[i] = i
	}
	sort.Slice(order, func(i, j int) bool { return abs[order[i]] < abs[order[j]] })
	for i := 0; i < len(order); {
		j := i
		for j < len(order) && abs[order[j]] == abs[order[i]] {
			j++
		}
		for k := i; k < j; k++ {
			ranks2 = append(ranks2, i+1+j) // twice the mean of ranks i+1..j
			if pos[order[k]] {
				w2 += i + 1 + j
			}
		}
		t := float64(j - i)
		ties += t*t*t - t
		i = j
	}
	return ranks2, w2, ties
}

// String says the test's outcome, how it was found and what it cannot
// say: "Wilcoxon signed-rank p = 0.18 (normal approx., 2 zero
// differences, 3 pairs: little power, ...)".
func (t signedRank) String() string {
	if t.Method == methodNone {
		return fmt.Sprintf("no test: every pair equal (%s)", compare.Count(t.Zeros, "pair"))
	}
	var notes []string
	if t.Method == methodNormal {
		notes = append(notes, "normal approx.")
		if t.Zeros > 0 {
			notes = append(notes, fmt.Sprintf("%d zero differences dropped", t.Zeros))
		}
		if t.Ties {
			notes = append(notes, "ties")
		}
	} else {
		notes = append(notes, t.Method)
		if t.Zeros > 0 {
			notes = append(notes, fmt.Sprintf("%d zero differences dropped", t.Zeros))
		}
	}
	if t.N < fewPairs {
		notes = append(notes, fmt.Sprintf("%s: little power, no exact p below %.3g", pairsText(t.N), minExactP(t.N)))
	}
	return fmt.Sprintf("Wilcoxon signed-rank p = %.2g (%s)", t.P, strings.Join(notes, ", "))
}

// minExactP is the smallest two-sided p-value the exact test can give on
// n pairs: every sign the same, 2 of the 2^n patterns.
func minExactP(n int) float64 { return math.Min(1, math.Ldexp(2, -n)) }

// exactSignedRankP is the two-sided p-value of W+ = w among n untied
// ranks: twice the smaller tail of its distribution, where each of the
// 2^n sign patterns is equally likely, counted exactly.
func exactSignedRankP(n, w int) float64 {
	ranks := make([]int, n)
	for i := range ranks {
		ranks[i] = i + 1
	}
	return exactRankP(ranks, w)
}

// exactRankP is the two-sided p-value of W+ = w, the sum of the ranks of
// the positive differences, over the given ranks (integers: tied ranks,
// which are means, doubled by the caller together with w): twice the
// smaller tail of its distribution over the 2^n equally likely sign
// patterns, counted exactly. With ties it is the exact test conditional
// on the ranks, as R's exactRankTests and coin compute it.
func exactRankP(ranks []int, w int) float64 {
	n, maxSum := len(ranks), 0
	for _, r := range ranks {
		maxSum += r
	}
	counts := make([]*big.Int, maxSum+1) // counts[s]: sign patterns with W+ = s
	for s := range counts {
		counts[s] = new(big.Int)
	}
	counts[0].SetInt64(1)
	for _, r := range ranks {
		for s := maxSum; s >= r; s-- {
			counts[s].Add(counts[s], counts[s-r])
		}
	}
	lower, upper := new(big.Int), new(big.Int)
	for s, c := range counts {
		if s <= w {
			lower.Add(lower, c)
		}
		if s >= w {
			upper.Add(upper, c)
		}
	}
	tail := lower
	if upper.Cmp(lower) < 0 {
		tail = upper
	}
	p, _ := new(big.Rat).SetFrac(new(big.Int).Lsh(tail, 1), new(big.Int).Lsh(big.NewInt(1), uint(n))).Float64()
	return math.Min(p, 1)
}

// Bootstrap settings: resamples of the cases, and the confidence level.
const (
	bootstrapResamples = 10000
	confidence         = 0.95
)

// geomeanCI is the geometric mean of ratios and a bootstrap confidence
// interval for it: the cases resampled with replacement
// bootstrapResamples times with a generator seeded by seed, the interval
// the expanded percentile one (ciMethod).
func geomeanCI(ratios []float64, seed uint64) (mean, low, high float64) {
	logs := make([]float64, len(ratios))
	for i, r := range ratios {
		logs[i] = math.Log(r)
	}
	mean = math.Exp(stat.Mean(logs, nil))
	rng := rand.New(rand.NewPCG(seed, 0x5eed))
	means := make([]float64, bootstrapResamples)
	sample := make([]float64, len(logs))
	for b := range means {
		for i := range sample {
			sample[i] = logs[rng.IntN(len(logs))]
		}
		means[b] = stat.Mean(sample, nil)
	}
	sort.Float64s(means)
	alpha := expandedAlpha((1-confidence)/2, len(logs))
	return mean, math.Exp(compare.Quantile(means, alpha)), math.Exp(compare.Quantile(means, 1-alpha))
}

// ciMethod names the interval geomeanCI gives. A plain percentile
// bootstrap of a mean is too narrow on few cases (its spread is the
// sample's, divided by n where an unbiased one divides by n-1, and it
// takes normal where Student's t belongs): on normal log ratios its 95%
// intervals hold the true mean too rarely on 5 or 10 cases
// (TestGeomeanCICoverage). The expanded percentile interval (Hesterberg,
// "What teachers should know about the bootstrap", 2015) reads the
// bootstrap's percentiles at expandedAlpha instead, nearer 95%.
const ciMethod = "expanded percentile bootstrap"

// expandedAlpha is the tail probability at which the expanded percentile
// interval reads the bootstrap distribution for a two-sided interval of
// tail alpha over n cases: Phi(-sqrt(n/(n-1)) t(1-alpha, n-1)).
func expandedAlpha(alpha float64, n int) float64 {
	if n < 2 {
		return alpha
	}
	t := distuv.StudentsT{Mu: 0, Sigma: 1, Nu: float64(n - 1)}.Quantile(1 - alpha)
	return distuv.UnitNormal.CDF(-math.Sqrt(float64(n)/float64(n-1)) * t)
}

// PairStat compares solver B's times with solver A's over the cases both
// solved.
type PairStat struct {
	A string `json:"a"`
	B string `json:"b"`
	// Cases counts the pairs: the cases both solved in a nonzero time.
	Cases int `json:"cases"`
	// Ratio is the geometric mean of B's time over A's, Min and Max the
	// smallest and largest ratio; Low and High the 95% bootstrap
	// confidence interval (Seed seeds the resampling), 0 (and left out of
	// the JSON) over fewer than minCICases pairs, where the resampled
	// means cannot leave the range of a few ratios and the interval would
	// claim a coverage it does not have.
	Ratio float64 `json:"geomean_ratio"`
	Min   float64 `json:"ratio_min"`
	Max   float64 `json:"ratio_max"`
	Low   float64 `json:"ci_low,omitempty"`
	High  float64 `json:"ci_high,omitempty"`
	// CIMethod names the interval (ciMethod), "" with none.
	CIMethod string `json:"ci_method,omitempty"`
	Seed     uint64 `json:"bootstrap_seed"`
	// Test is the signed-rank test of the log ratios.
	Test signedRank `json:"wilcoxon"`
	// LeftOut names the report's cases that are not pairs, each with why
	// ("toy.txt#2: b timeout").
	LeftOut []string `json:"left_out,omitempty"`
}

// String is the pair's line in a summary.
func (ps PairStat) String() string {
	ci := fmt.Sprintf("95%% CI %.3gx-%.3gx (bootstrap, seed %d, expanded percentile)", ps.Low, ps.High, ps.Seed)
	if ps.Cases < minCICases {
		ci = fmt.Sprintf("range %.3gx-%.3gx (too few pairs for a 95%% interval: under %d)", ps.Min, ps.Max, minCICases)
	}
	return fmt.Sprintf("%s vs %s: geomean time ratio %.3gx over %s%s, %s, %s",
		ps.B, ps.A, ps.Ratio, pairsText(ps.Cases), leftOutNote(ps.LeftOut), ci, ps.Test)
}

// pairsText counts pairs: "1 pair", "5 pairs".
func pairsText(n int) string {
	return compare.Count(n, "pair")
}

// leftOutNote says how many cases a ratio leaves out and names the first
// few: " (2 cases left out: a.txt#1: b timeout, a.txt#4: a error)".
func leftOutNote(left []string) string {
	if len(left) == 0 {
		return ""
	}
	const named = 4
	names := strings.Join(left[:min(named, len(left))], ", ")
	if len(left) > named {
		names += fmt.Sprintf(" and %d more", len(left)-named)
	}
	return fmt.Sprintf(" (%d left out: %s)", len(left), names)
}

// leftOutCount is leftOutNote's count alone, for a cell whose title
// names the cases: ", 2 left out".
func leftOutCount(left []string) string {
	if len(left) == 0 {
		return ""
	}
	return fmt.Sprintf(", %d left out", len(left))
}

// minCICases is the fewest pairs a confidence interval is given for.
// Resampled means stay within the range of the ratios, which misses the
// true ratio with probability 2 x 2^-n for a symmetric spread: under 8
// pairs no interval of them can reach 95% (TestGeomeanCICoverage).
const minCICases = 8

// pairRatios are the time ratios of solver b over solver a on the cases
// both solved in a nonzero time, their log differences, and the other
// cases, named with why they were left out.
func (r view) pairRatios(a, b int) (ratios, diffs []float64, left []string) {
	for _, row := range r.Rows {
		var why []string
		for _, i := range []int{a, b} {
			switch {
			case i >= len(row.Runs):
				why = append(why, r.Specs[i]+" no run")
			case !row.Runs[i].Verdict.Solved():
				why = append(why, r.Specs[i]+" "+cmp.Or(string(row.Runs[i].Verdict), "no verdict"))
			case r.timeOf(row.Runs[i]) <= 0:
				why = append(why, r.Specs[i]+" no time")
			}
		}
		if len(why) == 0 && row.Runs[a].Machine != row.Runs[b].Machine {
			// Merged from machines of other CPU models (--mixed-machines):
			// their times do not compare.
			why = append(why, fmt.Sprintf("measured on %s and %s", row.Runs[a].Machine, row.Runs[b].Machine))
		}
		if len(why) > 0 {
			left = append(left, row.Where()+": "+strings.Join(why, ", "))
			continue
		}
		ta, tb := r.timeOf(row.Runs[a]), r.timeOf(row.Runs[b])
		ratios = append(ratios, float64(tb)/float64(ta))
		diffs = append(diffs, math.Log(float64(tb))-math.Log(float64(ta)))
	}
	return ratios, diffs, left
}

// pairs compares every two solvers of the report (each later one against
// each earlier one) over the cases both solved, in the report's time.
func (r view) pairs() []PairStat {
	var out []PairStat
	seed := r.Seed
	if seed == 0 {
		seed = 1
	}
	for a := range r.Specs {
		for b := a + 1; b < len(r.Specs); b++ {
			ratios, diffs, left := r.pairRatios(a, b)
			if len(ratios) == 0 {
				continue
			}
			ps := PairStat{A: r.Specs[a], B: r.Specs[b], Cases: len(ratios), Seed: seed, Test: signedRankTest(diffs), LeftOut: left}
			ps.Ratio, ps.Low, ps.High = geomeanCI(ratios, seed)
			ps.Min, ps.Max = slices.Min(ratios), slices.Max(ratios)
			if len(ratios) < minCICases {
				ps.Low, ps.High = 0, 0
			} else {
				ps.CIMethod = ciMethod
			}
			out = append(out, ps)
		}
	}
	return out
}
