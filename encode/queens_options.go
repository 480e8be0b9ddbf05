package encode

import (
	"fmt"
	"strings"
	"time"

	"github.com/gridsat/gridsat/encode/sat"
	"github.com/gridsat/gridsat/instances"
)

// QueensOptions choose how the queens puzzle is encoded and searched. The
// zero value is the default, the same as the command line's
// (DefaultQueensOptions spells it out). The opt tags declare the command
// line's options (compare.DeclareOptions), and each option's doc tag is its
// only description. Beyond the tags, for engineers:
//
//   - card: one of CardEncodings ("totalizer", the default, "seq",
//     "mtotalizer", "cardnet", "sortnet") or "pb" (gophersat's own
//     pseudo-Boolean at-most).
//   - order: "natural" (the default), "occurrence" or "proximity".
//   - empty: not for pb.
//   - lines: with them, every row, column, diagonal and anti-diagonal with
//     a useful square gets a variable, true exactly when a queen stands on
//     the line.
//   - squares: the two clauses say the same through the lines'
//     definitions; with lines only, CDCL proves the hard bounds faster.
//   - parity: a diagonal's squares are all light or all dark, so a queen
//     on a light square occupies one light diagonal and one light
//     anti-diagonal; parity=false bounds each direction by k on its own.
//   - split: "" picks "classes" (with lines and a counter: one call per
//     cube of queensBound.Cubes) or "none"; "classes" asked for is refused
//     where it cannot apply, and makes QueensCNF incremental.
//   - search: "up" (the default) goes k, k+1, ... until SAT, on one solver
//     with "at most k" assumed where the backend is an sat.Assumer; "down"
//     starts from the greedy cover's size and stops at UNSAT or the lower
//     bound.
//   - symmetry: all 8 symmetries on a full square board.
//   - upper: "walk" (the default, see coverWalk) or "greedy".
type QueensOptions struct {
	Card         QueensCard   `opt:"card" doc:"at-most-k encoding: totalizer, sequential counter, modular totalizer, cardinality network, sorting network, or gophersat's PB constraint (gophersat only)"`
	Order        QueensOrder  `opt:"order" doc:"order of the square literals in the counter: row-major, most target clauses first, or 3x3 blocks (each by occurrence)"`
	Empty        bool         `opt:"empty" doc:"the counter's converse clauses too: its outputs count exactly, stating \"at least |squares|-k empty\" in its own variables"`
	NoLines      bool         `opt:"lines,negate" doc:"a variable per row, column and diagonal holding a queen, each target's clause over its four lines (false: over its squares), and at most k lines each way"`
	Squares      bool         `opt:"squares" doc:"with lines, each target's clause over its squares too"`
	NoParity     bool         `opt:"parity,negate" doc:"with lines, diagonals and anti-diagonals counted by square colour: max(light diagonals, light anti-diagonals) + max(dark ones) <= k (not with card=pb, which counts each direction alone; with split=classes, the cubes bound each colour's lines themselves)"`
	Split        QueensSplit  `opt:"split" doc:"auto: classes when the greedy cover has 4 queens or more, else none; classes: each k answered by one SAT call per way of sharing the k queens among the four square classes (row parity x column parity), one share of each orbit under the board symmetries, lines of each parity bounded by their classes' queens (exec solvers that read incremental CNF, like cadical, take them all in one run); none: one call per k (always with card=pb or lines=false)"`
	Search       QueensSearch `opt:"search" doc:"up: from a lower bound encode computes, one solver under assumptions on gini, a fresh solver per call elsewhere; down: from the upper bound, on gini one solver under assumptions, elsewhere one solver tightened by unit clauses (split=none) or a fresh solver per call"`
	NoSymmetry   bool         `opt:"symmetry,negate" doc:"lex-leader constraints for the board symmetries that keep the targets"`
	Upper        QueensUpper  `opt:"upper" doc:"the upper bound: a weighted local search over the target clauses from a greedy cover, or the greedy cover alone"`
	Walks        int          `opt:"walks" doc:"with upper=walk, the local searches run (seeds 1, 2, ..., N; 0 means 1), each stopping at the lower bound, the smallest cover kept: more find smaller covers on large full boards"`
	NoWeakley    bool         `opt:"weakley,negate" doc:"Weakley's theorem in the lower bound: no cover of the full n x n board with n = 1 mod 4 has fewer than (n+1)/2 queens (false: SAT refutes (n-1)/2)"`
	NoFinozhenok bool         `opt:"finozhenok,negate" doc:"Finozhenok and Weakley's theorem in the lower bound: no cover of the full n x n board with n = 3 mod 4, save for n = 3 and 11, has fewer than (n+1)/2 queens (false: SAT refutes (n-1)/2)"`
	// SATOptions are the backend and certify=; Certify checks a clausal
	// proof of every UNSAT call (each k below the answer, each cube of a
	// split k) as the search makes it, and that a split k's cubes cover
	// every way of sharing k queens among the square classes;
	// QueensResult.Cert says what was checked. It needs a backend that
	// proves, card other than pb (gophersat's PB learning is not clausal)
	// and search=up.
	SATOptions
	// Deadline, if not zero, is passed to the backend.
	Deadline time.Time
	// Keep, if set, is given every checked claim (for --proofs).
	Keep ClaimKeeper
}

// maxWalks is the most cover walks QueensOptions.Walks may ask for.
const maxWalks = 1 << 16

// QueensCard is the at-most-k encoding of QueensOptions.Card: one of
// CardEncodings or QueensCardPB.
type QueensCard string

// QueensCardPB is gophersat's own pseudo-Boolean at-most constraint.
const QueensCardPB QueensCard = "pb"

// Values lists the cards, the default first.
func (QueensCard) Values() []string {
	def := string(DefaultQueensOptions().Card)
	values := []string{def}
	for _, c := range sat.CardEncodings {
		if c != def {
			values = append(values, c)
		}
	}
	return append(values, string(QueensCardPB))
}

// QueensOrder is the order of the square literals in the counter.
type QueensOrder string

// The literal orders.
const (
	QueensOrderNatural    QueensOrder = "natural"    // row-major
	QueensOrderOccurrence QueensOrder = "occurrence" // most target clauses first
	QueensOrderProximity  QueensOrder = "proximity"  // 3x3 blocks, each by occurrence
)

// QueensOrders names the literal orders of QueensOptions.Order, the
// default first.
var QueensOrders = []QueensOrder{QueensOrderNatural, QueensOrderOccurrence, QueensOrderProximity}

// Values lists the orders, the default first.
func (QueensOrder) Values() []string { return enumWords(QueensOrders) }

// QueensSplit says how each "at most k" is asked: QueensSplitClasses,
// QueensSplitNone, or QueensSplitAuto ("" too), the default: classes
// where it applies and pays (see splitFor).
type QueensSplit string

// The splits.
const (
	QueensSplitAuto    QueensSplit = "auto"
	QueensSplitClasses QueensSplit = "classes"
	QueensSplitNone    QueensSplit = "none"
)

// Values lists the splits, the default first.
func (QueensSplit) Values() []string {
	return enumWords([]QueensSplit{QueensSplitAuto, QueensSplitClasses, QueensSplitNone})
}

// MarshalText spells a split, "" as auto (as resume keys and reports
// spell it).
func (s QueensSplit) MarshalText() ([]byte, error) {
	if s == "" {
		return []byte(QueensSplitAuto), nil
	}
	return []byte(s), nil
}

// classesFrom is the greedy cover's size from which the automatic split
// asks by class cubes. Below it every question is about 2 queens or
// fewer, whose handful of cubes each cost a solver's construction and
// share little: measured against split=none on random boards grouped by
// the greedy cover's size, none was faster at 3 queens on every board
// size tried, mixed at 4, slower from 5 (docs/findings.md, queens).
const classesFrom = 4

// splitFor settles the automatic split for board q (a whole case, not a
// part: parts keep classes): none when its greedy cover has fewer than
// classesFrom queens. It reads the case alone, so that the solver, the
// obligations of its answer and the binder of its claims choose alike.
func (opt QueensOptions) splitFor(q *instances.Queens) QueensOptions {
	if q.Part != nil || opt.Split != "" && opt.Split != QueensSplitAuto {
		return opt
	}
	return opt.splitForGreedy(len(instances.QueensGreedy(q)))
}

// splitForGreedy is splitFor of a whole case whose greedy cover
// (instances.QueensGreedy) has greedy queens, for a caller that has it.
func (opt QueensOptions) splitForGreedy(greedy int) QueensOptions {
	if (opt.Split == "" || opt.Split == QueensSplitAuto) && greedy < classesFrom {
		opt.Split = QueensSplitNone
	}
	return opt
}

// QueensSearch is the direction of the search for the smallest k.
type QueensSearch string

// The searches.
const (
	QueensSearchUp   QueensSearch = "up"
	QueensSearchDown QueensSearch = "down"
)

// Values lists the searches, the default first.
func (QueensSearch) Values() []string {
	return enumWords([]QueensSearch{QueensSearchUp, QueensSearchDown})
}

// QueensUpper is where the search's upper bound comes from.
type QueensUpper string

// The upper bounds.
const (
	QueensUpperWalk   QueensUpper = "walk"
	QueensUpperGreedy QueensUpper = "greedy"
)

// Values lists the upper bounds, the default first.
func (QueensUpper) Values() []string {
	return enumWords([]QueensUpper{QueensUpperWalk, QueensUpperGreedy})
}

// enumWords returns the words of an enumeration's values.
func enumWords[E ~string](values []E) []string {
	words := make([]string, len(values))
	for i, v := range values {
		words[i] = string(v)
	}
	return words
}

// DefaultQueensOptions are the zero QueensOptions with their defaults
// filled in; Split stays "" (the default picks classes or none).
func DefaultQueensOptions() QueensOptions {
	return QueensOptions{Card: "totalizer", Order: QueensOrderNatural, Search: QueensSearchUp, Upper: QueensUpperWalk}
}

// Validate checks the options without solving: a known card, order and
// search, a known backend, card=pb only on gophersat and not with Empty.
// backend is the backend o names, gophersat when none.
func (o QueensOptions) backend() (sat.Backend, error) {
	if o.Backend != nil {
		return o.Backend, nil
	}
	be, err := sat.LookupBackend("")
	if err != nil {
		return nil, fmt.Errorf("queens: %w", err)
	}
	return be, nil
}

func (opt QueensOptions) Validate() error {
	_, err := opt.resolve()
	return err
}

// resolve checks opt and fills in the defaults.
func (opt QueensOptions) resolve() (QueensOptions, error) {
	def := DefaultQueensOptions()
	if opt.Card == "" {
		opt.Card = def.Card
	}
	if opt.Order == "" {
		opt.Order = def.Order
	}
	if opt.Search == "" {
		opt.Search = def.Search
	}
	if opt.Upper == "" {
		opt.Upper = def.Upper
	}
	switch {
	case opt.Card == QueensCardPB:
		if opt.Backend != nil && opt.Backend.Name() != "gophersat" {
			return opt, fmt.Errorf("queens: card=pb uses gophersat's PB constraints and works with the gophersat backend only, not %q", opt.Backend.Name())
		}
		if opt.Empty {
			return opt, fmt.Errorf("queens: empty=true adds a counter's converse clauses; card=pb has no counter")
		}
	case !contains(sat.CardEncodings, string(opt.Card)):
		return opt, fmt.Errorf("queens: unknown card %q (want %s or pb)", opt.Card, strings.Join(sat.CardEncodings, ", "))
	}
	if err := checkEnum("queens", "order", opt.Order); err != nil {
		return opt, err
	}
	if err := checkEnum("queens", "search", opt.Search); err != nil {
		return opt, err
	}
	switch opt.Split {
	case "", QueensSplitAuto:
		opt.Split = QueensSplitClasses
		if opt.Card == QueensCardPB || opt.NoLines {
			opt.Split = QueensSplitNone
		}
	case QueensSplitNone:
	case QueensSplitClasses:
		if opt.Card == QueensCardPB || opt.NoLines {
			return opt, fmt.Errorf("queens: split=classes counts lines with a counter: not with card=pb or lines=false")
		}
	default:
		return opt, checkEnum("queens", "split", opt.Split)
	}
	if err := checkEnum("queens", "upper", opt.Upper); err != nil {
		return opt, err
	}
	if opt.Walks < 0 || opt.Walks > maxWalks {
		return opt, fmt.Errorf("queens: walks=%d outside 0..%d", opt.Walks, maxWalks)
	}
	be, err := opt.backend()
	if err != nil {
		return opt, err
	}
	if opt.Certify {
		if err := sat.CheckCertifiable(be); err != nil {
			return opt, fmt.Errorf("queens: %w", err)
		}
		if opt.Card == QueensCardPB {
			return opt, fmt.Errorf("queens: card=pb cannot be certified: gophersat's PB learning is not clausal (use one of %s)", strings.Join(sat.CardEncodings, ", "))
		}
		if opt.Search != QueensSearchUp {
			return opt, fmt.Errorf("queens: search=%s cannot be certified (its bounds are tightened in one solver): use search=up", opt.Search)
		}
	}
	return opt, nil
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
