package puzzles

import (
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/gridsat/gridsat/backtrack"
	"github.com/gridsat/gridsat/compare"
	"github.com/gridsat/gridsat/encode"
	"github.com/gridsat/gridsat/instances"
)

// A queens case can be a part of a split case (instances.QueensPart): its
// answer is its fewest queens within its bound, or "Case k: -1" (a result
// not solved) when it has no placement of at most its bound. That absence
// is a claim, labelled like any other (claims.go).

// queensNone is the result of a part with no placement within its bound.
func queensNone(q *instances.Queens, elapsed time.Duration) compare.Result {
	return compare.Result{Answer: instances.FormatQueensPartAnswer(q.Location().Case), Time: elapsed}
}

// verifyQueensNone checks an unsolved queens result for form: only a part
// can have no placement (a whole board always has one: a queen on every
// target), and its answer says -1 for this case.
func verifyQueensNone(q *instances.Queens, r compare.Result) error {
	if q.Part == nil {
		return fmt.Errorf("reported no cover, but every board has one (a queen on every target)")
	}
	if want := instances.FormatQueensPartAnswer(q.Location().Case); r.Answer != want {
		return fmt.Errorf("reported no placement within the %s's bound with answer %q, want %q", q.Part.Name(), r.Answer, want)
	}
	if r.Witness != "" {
		return fmt.Errorf("reported no placement within the %s's bound, but has a witness", q.Part.Name())
	}
	return nil
}

// queensNoneAnswer reports whether r says a part has no placement within
// its bound.
func queensNoneAnswer(r compare.Result) bool {
	_, v, ok := strings.Cut(r.Answer, ": ")
	return !r.Solved && ok && v == "-1"
}

// queensSplitDoc is split's help for queens.
const queensSplitDoc = `a case is cut on the target with the fewest squares that cover it: part i
forces a queen on the i-th of them and bans the ones before it (with their
images under the board symmetries that keep the part), recursively, the
least constrained part first. Each part answers its fewest queens if at most
--bound, else -1. By default split finds a cover (the greedy cover, or the sat
solver's local search's when smaller) and every part carries it, with the
bound one less: the parts only look for fewer queens, and when none has an
answer the cover's size is the case's`

// splitQueens writes the parts of every case, in order.
func splitQueens(w io.Writer, cases []instances.Case, cfg compare.SplitConfig) error {
	var parts []*instances.Queens
	for _, c := range cases {
		q, ok := c.(*instances.Queens)
		if !ok {
			return fmt.Errorf("splitting: a %T is no queens case", c)
		}
		var cover []instances.Square
		if cfg.Bound < 0 {
			cover = encode.QueensUpperCover(q) // the parts look for fewer queens
		}
		ps, err := instances.SplitQueens(q, cfg.Jobs, cfg.Bound, cover)
		if err != nil {
			return err
		}
		parts = append(parts, ps...)
	}
	if cfg.Estimate > 0 {
		est := backtrack.QueensEstimateConfig{Probes: cfg.Estimate, Seed: 1, RateNodes: 200_000}
		return backtrack.WriteQueensEstimates(w, parts, backtrack.QueensOptions{}, est)
	}
	return instances.FormatQueens(w, parts)
}

// queensPartOf says which part of which case c is.
func queensPartOf(c instances.Case) (compare.PartOf, bool) {
	q, ok := c.(*instances.Queens)
	if !ok || q.Part == nil {
		return compare.PartOf{}, false
	}
	return compare.PartOf{Parent: q.Part.Parent, Index: q.Part.Index, Count: q.Part.Count, Bound: q.Part.Bound, Cover: len(q.Part.Cover), Split: q.Part.Split, Jobs: q.Part.Jobs}, true
}

// queensValue is a verified answer's queen count, -1 for a part's none.
func queensValue(r compare.Result) (int, error) {
	if queensNoneAnswer(r) {
		return -1, nil
	}
	_, v, err := instances.ParseQueensAnswer(r.Answer)
	return v, err
}

// queensClaimAnswer is the queen count a kept claim's answer stands for:
// its count, or for a part with none within its bound, the bound + 1.
func queensClaimAnswer(q *instances.Queens, answer string) (int, error) {
	if _, v, ok := strings.Cut(answer, ": "); ok && v == "-1" && q.Part != nil {
		return q.Part.Bound + 1, nil
	}
	_, n, err := instances.ParseQueensAnswer(answer)
	return n, err
}

// queensSplitAgain splits the whole case of part as split did (queensPart
// carries the cover, or else the bound, it was split with).
func queensSplitAgain(part instances.Case, jobs int) (instances.Case, []instances.Case, error) {
	q, ok := part.(*instances.Queens)
	if !ok || q.Part == nil {
		return nil, nil, fmt.Errorf("not a queens part")
	}
	whole, bound := q.Whole(), q.Part.Bound
	if q.Part.Cover != nil {
		bound = -1
	}
	parts, err := instances.SplitQueens(whole, jobs, bound, q.Part.Cover)
	return whole, asCases(parts), err
}

// asCases is parts as cases.
func asCases[C instances.Case](parts []C) []instances.Case {
	out := make([]instances.Case, len(parts))
	for i, p := range parts {
		out[i] = p
	}
	return out
}
