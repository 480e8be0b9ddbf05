package compare

import (
	"math"
	"slices"
	"time"
)

// One rule for every median and quartile gridsat prints (summaries,
// repeat cells, exports, plots): the sample quantile that numpy's
// percentile and R's quantile compute by default (Hyndman and Fan's type
// 7, linear interpolation between the order statistics). The median of an
// even count is then the mean of the two middle values.

// Quantile is the p-quantile (0 <= p <= 1) of sorted, an ascending
// sample: the value at position p*(n-1), interpolated linearly between
// its two neighbours; NaN for an empty sample.
func Quantile(sorted []float64, p float64) float64 {
	n := len(sorted)
	if n == 0 {
		return math.NaN()
	}
	h := p * float64(n-1)
	lo := int(math.Floor(h))
	if lo >= n-1 {
		return sorted[n-1]
	}
	if lo < 0 {
		return sorted[0]
	}
	return sorted[lo] + (h-float64(lo))*(sorted[lo+1]-sorted[lo])
}

// MedianFloat is the median of xs (Quantile 0.5 of them sorted); NaN for
// none. xs is not changed.
func MedianFloat(xs []float64) float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	return Quantile(s, 0.5)
}

// Median is the median of ds as MedianFloat gives it, rounded to the
// nanosecond; 0 for none (callers print "-" for an empty sample, never
// this 0).
func Median(ds []time.Duration) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	return QuartilesOf(ds).Median
}

// QuartilesOf is the minimum, quartiles, median and maximum of ds, each a
// Quantile rounded to the nanosecond; zero for none.
func QuartilesOf(ds []time.Duration) Quartiles {
	if len(ds) == 0 {
		return Quartiles{}
	}
	x := make([]float64, len(ds))
	for i, d := range ds {
		x[i] = float64(d)
	}
	slices.Sort(x)
	q := func(p float64) time.Duration { return time.Duration(math.Round(Quantile(x, p))) }
	return Quartiles{Min: time.Duration(x[0]), Q1: q(0.25), Median: q(0.5), Q3: q(0.75), Max: time.Duration(x[len(x)-1])}
}
