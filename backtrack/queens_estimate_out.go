package backtrack

import (
	"fmt"
	"io"
	"math"
	"slices"
	"strings"

	"github.com/gridsat/gridsat/instances"
)

// WriteQueensEstimates estimates each case's search (EstimateQueens) and
// writes a line for each: its expected nodes, the spread of its batches'
// estimates (10%, 50% and 90% of them), and the CPU time those nodes take
// at the rate of a short real search (measured once for each whole case,
// on its first part); then, for the parts of each whole case, their
// total. Lines start with "estimate"; the header with "#".
func WriteQueensEstimates(w io.Writer, cases []*instances.Queens, opt QueensOptions, cfg QueensEstimateConfig) error {
	cfg.Probes, cfg.Batches = max(cfg.Probes, 0), max(cfg.Batches, 0)
	if cfg.Probes == 0 {
		cfg.Probes = 4096
	}
	if cfg.Batches == 0 {
		cfg.Batches = 16
	}
	fmt.Fprintf(w, "# Knuth's estimate of the dfs search, up from the root bound (look-aheads not counted): %d probes a k in %d batches, seed %d; CPU at the rate of the real search's first %d nodes\n",
		cfg.Probes, cfg.Batches, cfg.Seed, cfg.RateNodes)
	type group struct {
		name   string
		parts  int
		nodes  float64
		totals []float64
		cpu    float64
	}
	var groups []*group
	rates := map[string]float64{}
	for _, q := range cases {
		key := fmt.Sprintf("case %d", q.Location().Case)
		name := key
		if q.Part != nil {
			key = fmt.Sprintf("case %d (%d parts of %s)", q.Location().Case, q.Part.Count, q.Part.Parent)
			name = fmt.Sprintf("case %d (%s)", q.Location().Case, q.Part.Name())
		}
		c := cfg
		rate, known := rates[key]
		if known {
			c.RateNodes = 0
		}
		e := EstimateQueens(q, opt, c)
		if !known {
			rate = e.Rate
			rates[key] = rate
		}
		if _, err := fmt.Fprintln(w, estimateLine(name, e, rate)); err != nil {
			return err
		}
		if q.Part == nil {
			continue
		}
		if len(groups) == 0 || groups[len(groups)-1].name != key {
			groups = append(groups, &group{name: key, totals: make([]float64, cfg.Batches)})
		}
		g := groups[len(groups)-1]
		g.parts++
		g.nodes += e.Nodes()
		for i, b := range e.BatchTotals() {
			g.totals[i] += b
		}
		g.cpu += cpuAt(e.Nodes(), rate)
	}
	for _, g := range groups {
		lo, mid, hi := spread(g.totals)
		if _, err := fmt.Fprintf(w, "estimate %s, %d here: %.3g nodes (batches 10%%/50%%/90%%: %.3g/%.3g/%.3g), %s CPU\n",
			g.name, g.parts, g.nodes, lo, mid, hi, seconds(g.cpu)); err != nil {
			return err
		}
	}
	return nil
}

// estimateLine is one case's line.
func estimateLine(name string, e QueensEstimate, rate float64) string {
	var b strings.Builder
	lo, mid, hi := spread(e.BatchTotals())
	fmt.Fprintf(&b, "estimate %s: %.3g nodes (batches 10%%/50%%/90%%: %.3g/%.3g/%.3g), %s CPU at %.3g nodes/s;",
		name, e.Nodes(), lo, mid, hi, seconds(cpuAt(e.Nodes(), rate)), rate)
	if len(e.Steps) == 0 {
		b.WriteString(" no k to search")
	}
	for _, st := range e.Steps {
		fmt.Fprintf(&b, " k=%d %.3g", st.K, st.Nodes)
		if st.Found {
			b.WriteString(" (a probe found a cover: the search stops there)")
		}
	}
	return b.String()
}

// cpuAt is the CPU seconds nodes take at rate nodes a second (NaN when
// the rate is unknown).
func cpuAt(nodes, rate float64) float64 {
	if rate <= 0 {
		return math.NaN()
	}
	return nodes / rate
}

// seconds writes a CPU time, "?" when unknown.
func seconds(s float64) string {
	if math.IsNaN(s) {
		return "? s"
	}
	return fmt.Sprintf("%.3g s", s)
}

// spread is the 10%, 50% and 90% nearest-rank quantiles of xs.
func spread(xs []float64) (lo, mid, hi float64) {
	if len(xs) == 0 {
		return 0, 0, 0
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	at := func(p float64) float64 { return s[int(math.Ceil(p*float64(len(s))))-1] }
	return at(0.1), at(0.5), at(0.9)
}
