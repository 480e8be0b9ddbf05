package encode

import "fmt"

// Cardinality encodings: "at most k of these literals are true" as clauses,
// in two named families (as PySAT's CardEnc names them), swappable by name
// through Counter:
//
//   - "seq", the sequential counter (Sinz 2005): a register of k+1 bits
//     after each literal, n(k+1) variables and about 2n(k+1) clauses;
//   - "totalizer" (Bailleux and Boufkhad 2003): a binary tree of unary
//     adders, about n log n variables and n k clauses at most.
//
// Both are built as counters: outputs o[0..upto-1] with o[j] forced true
// whenever at least j+1 of the literals are true. At most k is then the unit
// clause -o[k], and unit propagation on it is arc-consistent (k true inputs
// force every other input false). A caller that wants to tighten the bound
// step by step (k, then k-1, ...) keeps the outputs and appends the units
// -o[k-1], -o[k-2], ... to the same solver: nothing is ever retracted, which
// is how gophersat must be used (no Assume).

// CardEncodings names the cardinality encodings Counter knows.
var CardEncodings = []string{"seq", "totalizer"}

// Counter builds the counter called enc ("seq" or "totalizer") over lits,
// counting up to upto, and returns its outputs: out[j] is forced true
// whenever at least j+1 of lits are true. len(out) is min(upto, len(lits)).
func (f *CNF) Counter(enc string, lits []int, upto int) ([]int, error) {
	switch enc {
	case "seq":
		return f.SeqCounter(lits, upto), nil
	case "totalizer":
		return f.Totalizer(lits, upto), nil
	}
	return nil, fmt.Errorf("unknown cardinality encoding %q (known: seq, totalizer)", enc)
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

// AtMostSeq adds "at most k of lits are true" as a sequential counter.
func (f *CNF) AtMostSeq(k int, lits ...int) {
	f.AtMost("seq", k, lits...) //nolint:errcheck // a known encoding
}

// AtMostTotalizer adds "at most k of lits are true" as a totalizer.
func (f *CNF) AtMostTotalizer(k int, lits ...int) {
	f.AtMost("totalizer", k, lits...) //nolint:errcheck // a known encoding
}

// SeqCounter adds a sequential counter over lits that counts up to upto and
// returns its outputs (see Counter). Register r[i][j] is true when at least
// j+1 of the first i+1 literals are true; only that direction is encoded,
// which is all an upper bound needs.
func (f *CNF) SeqCounter(lits []int, upto int) []int {
	n := len(lits)
	width := min(upto, n)
	if width <= 0 {
		return nil
	}
	prev := []int(nil)
	for i, x := range lits {
		w := min(i+1, width)
		reg := f.NewVars(w, fmt.Sprintf("seq counter: at least 1..%d of the first %d literals", w, i+1))
		f.Add(-x, reg[0])
		for j := 0; j < w; j++ {
			if j < len(prev) {
				f.Add(-prev[j], reg[j]) // the count never drops
			}
			if j > 0 && j-1 < len(prev) {
				f.Add(-x, -prev[j-1], reg[j]) // x adds one
			}
		}
		prev = reg
	}
	return prev
}

// Totalizer adds a totalizer over lits that counts up to upto and returns
// its outputs (see Counter). Each tree node sums its two halves in unary:
// a[i] and b[j] force out[i+j+1], for sums up to upto.
func (f *CNF) Totalizer(lits []int, upto int) []int {
	if upto <= 0 || len(lits) == 0 {
		return nil
	}
	return f.totalize(lits, upto)
}

func (f *CNF) totalize(lits []int, upto int) []int {
	if len(lits) == 1 {
		return []int{lits[0]}
	}
	mid := len(lits) / 2
	a := f.totalize(lits[:mid], upto)
	b := f.totalize(lits[mid:], upto)
	w := min(upto, len(a)+len(b))
	out := f.NewVars(w, fmt.Sprintf("totalizer: at least 1..%d of %d literals", w, len(lits)))
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
			f.Add(clause...)
		}
	}
	return out
}
