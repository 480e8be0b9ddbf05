package sat

import "fmt"

// Cardinality encodings: "at most k of these literals are true" as clauses,
// in named families (as PySAT's CardEnc names them), swappable by name
// through Counter:
//
//   - "seq", the sequential counter (Sinz 2005): a register of k+1 bits
//     after each literal, n(k+1) variables and about 2n(k+1) clauses;
//   - "totalizer" (Bailleux and Boufkhad 2003): a binary tree of unary
//     adders, about n log n variables and n k clauses at most;
//   - "mtotalizer", the modular totalizer (Ogawa et al. 2013): the same
//     tree, each node counting in two unary digits, the count divided by
//     p and the count modulo p (p = floor(sqrt(n))), so that a node needs
//     about p + n/p outputs instead of up to n (card_mtotalizer.go);
//   - "cardnet", the cardinality network (Asin et al. 2011): blocks of m
//     inputs (m the power of two above k) sorted by odd-even merge sorting
//     networks and merged by simplified merges that keep m outputs;
//   - "sortnet", one odd-even merge sorting network over all inputs
//     (Batcher 1968), n log^2 n comparators (card_network.go).
//
// Every one is built as a counter: outputs o[0..upto-1] with o[j] forced
// true whenever at least j+1 of the literals are true. At most k is then the
// unit clause -o[k], and unit propagation on it is arc-consistent (k true
// inputs force every other input false). A caller that wants to tighten the
// bound step by step (k, then k-1, ...) keeps the outputs and appends the
// units -o[k-1], -o[k-2], ... to the same solver: nothing is ever
// retracted, which is how gophersat must be used (no Assume); a caller with
// assumptions (gini) assumes -o[k] instead, and can relax k again.
//
// ExactCounter adds the converse clauses as well (an output is false unless
// enough literals are true), so its outputs are exactly the count: the
// same constraint, stated both ways, for solvers that learn better from it.

// CardEncodings names the cardinality encodings Counter knows.
var CardEncodings = []string{"seq", "totalizer", "mtotalizer", "cardnet", "sortnet"}

// Counter builds the counter called enc (one of CardEncodings) over lits,
// counting up to upto, and returns its outputs: out[j] is forced true
// whenever at least j+1 of lits are true, and can be false otherwise.
// len(out) is min(upto, len(lits)).
func (f *CNF) Counter(enc string, lits []int, upto int) ([]int, error) {
	return f.counter(enc, lits, upto, false)
}

// ExactCounter is Counter with the converse clauses too: out[j] is true
// exactly when at least j+1 of lits are true.
func (f *CNF) ExactCounter(enc string, lits []int, upto int) ([]int, error) {
	return f.counter(enc, lits, upto, true)
}

func (f *CNF) counter(enc string, lits []int, upto int, exact bool) ([]int, error) {
	c := counting{f: f, exact: exact}
	var out []int
	switch enc {
	case "seq":
		out = c.seq(lits, upto)
	case "totalizer":
		out = c.totalizer(lits, upto)
	case "mtotalizer":
		out = c.mtotalizer(lits, upto, modulus(len(lits)))
	case "cardnet":
		out = c.cardnet(lits, upto)
	case "sortnet":
		out = c.sortnet(lits, upto)
	default:
		return nil, fmt.Errorf("unknown cardinality encoding %q (known: seq, totalizer, mtotalizer, cardnet, sortnet)", enc)
	}
	return out, nil
}

// AtMost adds "at most k of lits are true" with the encoding enc.
func (f *CNF) AtMost(enc string, k int, lits ...int) error {
	if k < 0 {
		f.Add() // nothing satisfies a negative bound
		return nil
	}
	out, err := f.Counter(enc, lits, k+1)
	if err != nil {
		return err
	}
	if len(out) > k {
		f.Add(-out[k])
	}
	return nil
}

// counting builds counters into f; with exact, the converse clauses too.
type counting struct {
	f     *CNF
	exact bool
}

// add appends a clause, leaving out the literal 0, which stands for the
// constant false inside the networks (a clause holding -0, true, is not
// added at all).
func (c counting) add(lits ...int) {
	out := make([]int, 0, len(lits))
	for _, l := range lits {
		if l != 0 {
			out = append(out, l)
		}
	}
	c.f.Add(out...)
}

// seq is the sequential counter. Register r[i][j] is true when at least
// j+1 of the first i+1 literals are true; forward, the count never drops
// and x adds one; exact, a register bit needs its reason (the count before,
// or x and one less before).
func (c counting) seq(lits []int, upto int) []int {
	width := min(upto, len(lits))
	if width <= 0 {
		return nil
	}
	prev := []int(nil)
	for i, x := range lits {
		w := min(i+1, width)
		reg := c.f.NewVars(w, fmt.Sprintf("seq counter: at least 1..%d of the first %d literals", w, i+1))
		c.add(-x, reg[0])
		for j := 0; j < w; j++ {
			if j < len(prev) {
				c.add(-prev[j], reg[j]) // the count never drops
			}
			if j > 0 && j-1 < len(prev) {
				c.add(-x, -prev[j-1], reg[j]) // x adds one
			}
			if !c.exact {
				continue
			}
			if j < len(prev) {
				c.add(-reg[j], prev[j], x)
			} else {
				c.add(-reg[j], x)
			}
			if j > 0 {
				c.add(-reg[j], prev[j-1])
			}
		}
		prev = reg
	}
	return prev
}

// totalizer adds the tree of unary adders: each node sums its two halves,
// a[i] and b[j] forcing out[i+j+1], for sums up to upto.
func (c counting) totalizer(lits []int, upto int) []int {
	if upto <= 0 || len(lits) == 0 {
		return nil
	}
	return c.totalize(lits, upto)
}

func (c counting) totalize(lits []int, upto int) []int {
	if len(lits) == 1 {
		return []int{lits[0]}
	}
	mid := len(lits) / 2
	a := c.totalize(lits[:mid], upto)
	b := c.totalize(lits[mid:], upto)
	return c.sumUnary(a, b, min(upto, len(lits)), fmt.Sprintf("totalizer: at least 1..%%d of %d literals", len(lits)))
}

// sumUnary adds a node of w outputs counting a+b, two unary numbers
// (a[i]: at least i+1), saturating at w; name (with a %d for w) documents
// the outputs. Inputs never truncated below w make the exact clauses
// complete: an output without a reason is false.
func (c counting) sumUnary(a, b []int, w int, name string) []int {
	out := c.f.NewVars(w, fmt.Sprintf(name, w))
	for i := -1; i < len(a); i++ {
		for j := -1; j < len(b); j++ {
			if i < 0 && j < 0 {
				continue
			}
			// a[i] and b[j] say (i+1)+(j+1) are true. Sums past w need no
			// clause: smaller outputs, forced too, reach w.
			sum := i + j + 2
			if sum > w {
				continue
			}
			clause := []int{out[sum-1]}
			if i >= 0 {
				clause = append(clause, -a[i])
			}
			if j >= 0 {
				clause = append(clause, -b[j])
			}
			c.add(clause...)
		}
	}
	if c.exact {
		// a at most i and b at most j, i+j = m: fewer than m+1 in all.
		for m := 0; m < w; m++ {
			for i := 0; i <= m; i++ {
				j := m - i
				clause := []int{-out[m]}
				if i < len(a) {
					clause = append(clause, a[i])
				}
				if j < len(b) {
					clause = append(clause, b[j])
				}
				c.add(clause...)
			}
		}
	}
	return out
}
