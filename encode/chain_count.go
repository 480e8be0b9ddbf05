package encode

import (
	"fmt"
	"time"

	"github.com/gridsat/gridsat/encode/sat"
	"github.com/gridsat/gridsat/instances"
)

// Counting on the SAT side. A board whose labels are not used as often as
// a path uses them has no path, but proving so from the successor
// encoding is a pigeonhole proof: every cell of label v sends one step to
// a cell of label v+1, and every cell of label v+1 but the start receives
// one, so the two classes must be as big; CDCL cannot count, and a 16x16
// board with one label too few runs past any limit a comparison sets
// (BenchmarkChainCountFamily in compare). The same holds for any set
// of cells whose steps all go into fewer cells than it has (Hall's
// condition for the perfect matching of senders to receivers).
//
// Two ways to give the SAT side that reasoning, both written here, from
// the statement, sharing nothing with the DFS (backtrack):
//   - ChainCountCheck, a static check before any solve: the class sizes
//     balanced (chainClassBalance), a perfect matching of the step graph
//     (chainMatching) and, for K=2, two different neighbours for every
//     cell (chainPairing, chain_pairing.go). A -1 it finds is a claim backed by a counting
//     argument, not by a solver's proof; ChainResult.Counted says so.
//   - ChainCountCards, counting constraints in the encoding: for each
//     label class v, the steps out of it (the steps into class v+1) counted
//     by an exact modular totalizer and bound to the number of senders and to the
//     number of receivers, so unit propagation sees a shortfall. The solver
//     then proves the -1 itself (a proof of the formula with those
//     constraints added).

// ChainCounting says how the chain SAT solver handles the boards that a
// counting argument rules out.
type ChainCounting string

// The counting modes.
const (
	// ChainCountCheck (the default, also for "") answers -1 from a static
	// check of the class sizes and the step graph's matching, with no solve.
	ChainCountCheck ChainCounting = "check"
	// ChainCountCards adds the class counts to the encoding as cardinality
	// constraints and leaves the -1 to the solver.
	ChainCountCards ChainCounting = "cards"
	// ChainCountNone does neither: the SAT solver proves every -1 from the
	// successor encoding alone.
	ChainCountNone ChainCounting = "none"
)

// ChainCountings lists the counting modes, the default first.
var ChainCountings = []ChainCounting{ChainCountCheck, ChainCountCards, ChainCountNone}

// Values lists the counting modes' names, the default first.
func (ChainCounting) Values() []string {
	names := make([]string, len(ChainCountings))
	for i, c := range ChainCountings {
		names[i] = string(c)
	}
	return names
}

// counting returns the counting mode, with the default filled in.
func (o ChainOptions) counting() ChainCounting {
	if o.Counting == "" {
		return DefaultChainOptions().Counting
	}
	return o.Counting
}

// chainCountArgument returns why c has no path by a counting argument, or
// "" when none applies: the start corner not labelled 0, two label classes
// of unequal sizes where every step of one goes into the other
// (chainClassBalance), or a set of cells whose steps all enter fewer cells
// than it has (chainMatching), or, for K=2, no way to give every cell two
// different neighbours along steps (chainPairing). It is the check
// ChainCountCheck makes; it shares no code with the DFS.
func chainCountArgument(c *instances.Chain) string {
	if c.Labels[0] != 0 {
		return fmt.Sprintf("the start corner is labelled %d, a path starts on 0", c.Labels[0])
	}
	if why := chainClassBalance(c); why != "" {
		return why
	}
	if why := chainMatching(c); why != "" {
		return why
	}
	if c.K == 2 {
		return chainPairing(c)
	}
	return ""
}

// chainSenders returns, for every label v, how many cells of label v send
// a step (all but the target) and how many receive one (all but the
// start).
func chainSenders(c *instances.Chain) (send, recv []int) {
	send, recv = make([]int, c.K), make([]int, c.K)
	target := c.N*c.N - 1
	for cell, v := range c.Labels {
		if cell != target {
			send[v]++
		}
		if cell != 0 {
			recv[v]++
		}
	}
	return send, recv
}

// chainClassBalance checks, for every label v, that the cells of label v
// that send a step are as many as the cells of label v+1 (mod K) that
// receive one: every step out of class v enters class v+1, and each cell
// sends and receives exactly one. It returns the first imbalance, or "".
func chainClassBalance(c *instances.Chain) string {
	send, recv := chainSenders(c)
	for v := 0; v < c.K; v++ {
		w := (v + 1) % c.K
		if send[v] != recv[w] {
			return fmt.Sprintf("label counts: %d cells labelled %d send a step, but %d cells labelled %d receive one (every step out of label %d enters label %d)", send[v], v, recv[w], w, v, w)
		}
	}
	return ""
}

// chainMatching looks for a perfect matching of the step graph: every cell
// but the target its own successor, every cell but the start its own
// predecessor, along steps of the board (instances.Chain.Step). A path is
// one; when there is none, Hall's theorem names a set of cells whose steps
// all enter fewer cells than it has, and chainMatching returns its size.
func chainMatching(c *instances.Chain) string {
	n2 := c.N * c.N
	target := n2 - 1
	succ, pred := make([]int, n2), make([]int, n2)
	for i := range succ {
		succ[i], pred[i] = -1, -1
	}
	// Greedy first, then augmenting paths (Kuhn's) for the rest.
	for a := 0; a < target; a++ {
		for d := 0; d < 8; d++ {
			if b, ok := c.Step(a, d); ok && pred[b] < 0 {
				succ[a], pred[b] = b, a
				break
			}
		}
	}
	m := &chainMatcher{c: c, succ: succ, pred: pred, seen: make([]int, n2)}
	for a := 0; a < target; a++ {
		if succ[a] >= 0 {
			continue
		}
		m.stamp++
		if !m.augment(a) {
			r := m.reachedReceivers()
			return fmt.Sprintf("matching: the %d cells reached from (%d,%d) by alternating steps send their steps into only %d cells (Hall's condition fails)", r+1, a/c.N, a%c.N, r)
		}
	}
	return ""
}

// chainMatcher is the scratch state of chainMatching's augmenting paths.
type chainMatcher struct {
	c          *instances.Chain
	succ, pred []int
	seen       []int // receivers visited in the current stamp
	stamp      int
}

// augment finds an alternating path from the unmatched sender a to an
// unmatched receiver and flips it. It is iterative: a path may be as long
// as the board has cells.
func (m *chainMatcher) augment(a int) bool {
	type frame struct{ a, d int }
	stack := []frame{{a, 0}}
	for len(stack) > 0 {
		top := &stack[len(stack)-1]
		if top.d == 8 {
			stack = stack[:len(stack)-1]
			continue
		}
		d := top.d
		top.d++
		b, ok := m.c.Step(top.a, d)
		if !ok || m.seen[b] == m.stamp {
			continue
		}
		m.seen[b] = m.stamp
		if p := m.pred[b]; p >= 0 {
			stack = append(stack, frame{p, 0})
			continue
		}
		// b is free: flip the path, from its end back to a.
		for i := len(stack) - 1; i >= 0; i-- {
			s := stack[i].a
			next := m.succ[s]
			m.succ[s], m.pred[b] = b, s
			b = next
		}
		return true
	}
	return false
}

// reachedReceivers counts the receivers the last failed augment visited,
// all of them matched: the senders it reached (the start of the augment
// and the receivers' predecessors, one more) send steps into them only.
func (m *chainMatcher) reachedReceivers() int {
	k := 0
	for _, s := range m.seen {
		if s == m.stamp {
			k++
		}
	}
	return k
}

// AddClassCounts adds ChainCountCards's constraints: for every label v,
// an exact modular totalizer over the steps out of class v (the smallest and quickest of the counters here on 16x16 boards), held to the number of
// cells of label v that send a step and to the number of cells of label
// v+1 that receive one. Both hold for every path; when the two numbers
// differ the units contradict each other at once.
func (e *ChainEncoding) AddClassCounts() error {
	c := e.board
	send, recv := chainSenders(c)
	steps := make([][]int, c.K)
	for a := 0; a < c.N*c.N; a++ {
		for d := 0; d < 8; d++ {
			if v := e.step[a*8+d]; v != 0 {
				steps[c.Labels[a]] = append(steps[c.Labels[a]], v)
			}
		}
	}
	f := e.CNF
	for v := 0; v < c.K; v++ {
		w := (v + 1) % c.K
		want := []int{send[v], recv[w]}
		upto := max(send[v], recv[w]) + 1
		out, err := f.ExactCounter("mtotalizer", steps[v], upto)
		if err != nil {
			return fmt.Errorf("chain class %d counts: %w", v, err)
		}
		f.Comments = append(f.Comments, fmt.Sprintf("steps out of label %d: %d senders, %d receivers of label %d", v, send[v], recv[w], w))
		for _, k := range want {
			e.holdCount(out, k)
		}
	}
	return nil
}

// holdCount adds "exactly k" on a counter's outputs out (out[j]: at least
// j+1 true): out[k-1] true and out[k] false, where they exist. With fewer
// outputs than k the count cannot reach it: a contradiction.
func (e *ChainEncoding) holdCount(out []int, k int) {
	f := e.CNF
	if k > len(out) {
		v := f.NewVar()
		f.Add(v)
		f.Add(-v)
		return
	}
	if k > 0 {
		f.Add(out[k-1])
	}
	if k < len(out) {
		f.Add(-out[k])
	}
}

// chainPrecheck answers -1 before any encoding when o's checks find a
// reason (the label counts of Precheck, the counting argument of
// ChainCountCheck), and reports whether it did.
func chainPrecheck(c *instances.Chain, o ChainOptions, res *ChainResult) bool {
	if o.Precheck {
		if why := c.Infeasible(); why != "" {
			res.Stats.Steps = append(res.Stats.Steps, sat.Step{Label: "label counts: " + why, Status: sat.Unsatisfiable})
			return true
		}
	}
	if o.counting() != ChainCountCheck {
		return false
	}
	start := time.Now()
	if why := chainCountArgument(c); why != "" {
		res.Counted = true
		res.Stats.Steps = append(res.Stats.Steps, sat.Step{Label: "counted (a counting argument, no proof): " + why, Status: sat.Unsatisfiable, Time: time.Since(start)})
		return true
	}
	return false
}
