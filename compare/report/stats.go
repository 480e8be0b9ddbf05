package report

import (
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"sort"

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
// against a median of 0, two-sided.
type signedRank struct {
	// N counts the differences that are not 0 (zeros are dropped, as
	// Wilcoxon did and R's wilcox.test does); Zeros the dropped ones.
	N     int `json:"n"`
	Zeros int `json:"zeros"`
	// W is the sum of the ranks of the positive differences (W+), ties
	// given their mean rank.
	W float64 `json:"w_plus"`
	// P is the two-sided p-value: exact (the distribution of W+ over the
	// 2^N sign patterns) when N <= exactMaxN and no two |d| tie, else the
	// normal approximation with the tie correction of the variance and a
	// continuity correction.
	P     float64 `json:"p"`
	Exact bool    `json:"exact"`
}

// exactMaxN is the largest N whose p-value signedRankTest computes
// exactly.
const exactMaxN = 50

// signedRankTest runs the Wilcoxon signed-rank test on d.
func signedRankTest(d []float64) signedRank {
	type diff struct {
		abs float64
		pos bool
	}
	var ds []diff
	res := signedRank{}
	for _, x := range d {
		if x == 0 {
			res.Zeros++
			continue
		}
		ds = append(ds, diff{math.Abs(x), x > 0})
	}
	res.N = len(ds)
	if res.N == 0 {
		res.P = 1
		return res
	}
	sort.Slice(ds, func(i, j int) bool { return ds[i].abs < ds[j].abs })
	ties := 0.0 // sum of t^3 - t over groups of t equal |d|
	for i := 0; i < len(ds); {
		j := i
		for j < len(ds) && ds[j].abs == ds[i].abs {
			j++
		}
		rank := float64(i+1+j) / 2 // mean of ranks i+1..j
		for k := i; k < j; k++ {
			if ds[k].pos {
				res.W += rank
			}
		}
		t := float64(j - i)
		ties += t*t*t - t
		i = j
	}
	n := float64(res.N)
	if res.N <= exactMaxN && ties == 0 {
		res.P, res.Exact = exactSignedRankP(res.N, int(res.W)), true
		return res
	}
	mean := n * (n + 1) / 4
	sd := math.Sqrt(n*(n+1)*(2*n+1)/24 - ties/48)
	if sd == 0 {
		res.P = 1
		return res
	}
	z := math.Max(math.Abs(res.W-mean)-0.5, 0) / sd
	res.P = math.Min(1, 2*distuv.UnitNormal.Survival(z))
	return res
}

// exactSignedRankP is the two-sided p-value of W+ = w among n untied
// ranks: twice the smaller tail of its distribution, where each of the
// 2^n sign patterns is equally likely, counted exactly.
func exactSignedRankP(n, w int) float64 {
	maxSum := n * (n + 1) / 2
	counts := make([]*big.Int, maxSum+1) // counts[s]: sign patterns with W+ = s
	for s := range counts {
		counts[s] = new(big.Int)
	}
	counts[0].SetInt64(1)
	for r := 1; r <= n; r++ {
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

// geomeanCI is the geometric mean of ratios and a percentile bootstrap
// confidence interval for it: the cases resampled with replacement
// bootstrapResamples times with a generator seeded by seed.
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
	alpha := (1 - confidence) / 2
	return mean, math.Exp(compare.Quantile(means, alpha)), math.Exp(compare.Quantile(means, 1-alpha))
}

// PairStat compares solver B's times with solver A's over the cases both
// solved.
type PairStat struct {
	A     string `json:"a"`
	B     string `json:"b"`
	Cases int    `json:"cases"`
	// Ratio is the geometric mean of B's time over A's; Low and High the
	// 95% bootstrap confidence interval (Seed seeds the resampling), 0
	// (and left out of the JSON) over fewer than minCICases cases, where
	// resampling one ratio would give an interval of no width.
	Ratio float64 `json:"geomean_ratio"`
	Low   float64 `json:"ci_low,omitempty"`
	High  float64 `json:"ci_high,omitempty"`
	Seed  uint64  `json:"bootstrap_seed"`
	// Test is the signed-rank test of the log ratios.
	Test signedRank `json:"wilcoxon"`
}

// String is the pair's line in a summary.
func (ps PairStat) String() string {
	how := "normal approx."
	if ps.Test.Exact {
		how = "exact"
	}
	ci := fmt.Sprintf("95%% CI %.3gx-%.3gx (bootstrap, seed %d)", ps.Low, ps.High, ps.Seed)
	if ps.Cases < minCICases {
		ci = fmt.Sprintf("no CI (%d case: one ratio says nothing of its spread)", ps.Cases)
	}
	return fmt.Sprintf("%s vs %s: geomean time ratio %.3gx, %s, Wilcoxon signed-rank p = %.2g (%s), %d cases",
		ps.B, ps.A, ps.Ratio, ci, ps.Test.P, how, ps.Cases)
}

// minCICases is the fewest cases a pair's confidence interval is given
// for.
const minCICases = 2

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
			var ratios, diffs []float64
			for _, row := range r.Rows {
				if b >= len(row.Runs) || !row.Runs[a].Verdict.Solved() || !row.Runs[b].Verdict.Solved() {
					continue
				}
				ta, tb := r.timeOf(row.Runs[a]), r.timeOf(row.Runs[b])
				if ta <= 0 || tb <= 0 {
					continue
				}
				ratios = append(ratios, float64(tb)/float64(ta))
				diffs = append(diffs, math.Log(float64(tb))-math.Log(float64(ta)))
			}
			if len(ratios) == 0 {
				continue
			}
			ps := PairStat{A: r.Specs[a], B: r.Specs[b], Cases: len(ratios), Seed: seed, Test: signedRankTest(diffs)}
			ps.Ratio, ps.Low, ps.High = geomeanCI(ratios, seed)
			if len(ratios) < minCICases {
				ps.Low, ps.High = 0, 0
			}
			out = append(out, ps)
		}
	}
	return out
}
