// Package compare is what gridsat's harness and reports share: the
// registry of puzzles and their solvers, the record of a comparison (Run,
// Row, the verdicts, Report) and the judging of answers (the independent
// verification and cross-checks, claims). The harness that runs solvers
// is compare/harness, the reports compare/report.
//
// It is the contract below its implementations, as database/sql is below
// its drivers: it imports no solver. Each puzzle is one file of package
// compare/puzzles, whose explicit list registers them: it adapts the
// puzzle's model (instances), its DFS solver (backtrack) and its SAT
// encoding (encode) to the Puzzle below, so that the harness, the reports
// and the command line know nothing puzzle-specific, and code that only
// reads results (compare/report) links no SAT library.
package compare

import (
	"fmt"
	"io"
	"maps"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/gridsat/gridsat/encode/kept"
	"github.com/gridsat/gridsat/instances"
)

// Puzzle is one puzzle as the harness and the command line see it: a
// required core (Name to Agree, and DFS) that Register checks, then
// capability groups, each optional (nil or empty when the puzzle does not
// offer it): the SAT solver with its CNF and proof binding, the optimum,
// generation, splitting and rendering. Code that uses a capability checks
// for it first, and tests run a capability only where a puzzle has it.
type Puzzle struct {
	// The required core.

	Name    string // "slant"
	Summary string // one line for help texts
	// Formats documents the accepted input formats for help texts.
	Formats string
	// Parse reads every case of an input; file names it in errors. On bad
	// input it returns the cases read before the error together with an
	// error wrapping an *instances.InputError.
	Parse func(file string, r io.Reader) ([]instances.Case, error)
	// FormatCase writes one case as an input Parse reads back as that same
	// case (its location aside): how a case travels to a worker process and
	// into a results file, and what its resume key hashes.
	FormatCase func(w io.Writer, c instances.Case) error
	// Solvers in display order; DFS and SAT name two of them.
	Solvers []Solver
	// DFS names the puzzle's hand-written search solver (the default of
	// solve, the first of a comparison).
	DFS string
	// Verify checks r against c without trusting the solver: a solved
	// answer must be a valid solution (and Second another one); an
	// unsolved one can only be checked for form.
	Verify func(c instances.Case, r Result) error
	// Agree reports, as an error, how two verified results for one case
	// disagree; nil means they agree.
	Agree func(c instances.Case, a, b Result) error
	// CrossCheck says what the cross-checks demand of two solvers'
	// answers to one case, for compare's help: "answers must both verify"
	// (Agree is the check itself).
	CrossCheck string
	// RenamedStats, when set, maps a statistic's old name to its name
	// now, so that results files written before a rename read as if
	// written after it (RenameStats).
	RenamedStats map[string]string

	// The SAT solver, its formula and its proofs (optional).

	// SAT names the puzzle's SAT solver, whose encoding CNF writes and
	// whose kept claims BindProof checks; "" when it has none.
	SAT string
	// CNF returns the eager CNF of c under the SAT options o, with comments
	// naming the puzzle, case and variables; refined adds the clauses a
	// finished refinement loop found. Nil when the puzzle has no encoding.
	CNF func(c instances.Case, o Options, refined bool) (Formula, error)
	// CNFDoc says, for dimacs's help, what the sat solver's options do to
	// the CNF written beyond the eager encoding (a blocking clause, a bound).
	CNFDoc string
	// Lazy names what the sat solver adds lazily, beyond the CNF that
	// CNF writes unrefined ("loop clauses"); "" when that CNF is the
	// whole encoding.
	Lazy string
	// BindProof, when set, ties a kept claim's CNF (numVars, clauses) to
	// its case: it rebuilds the encoding from the options meta records and
	// checks the kept formula against it (report --proofs; rebuiltBinder).
	// Without it a kept CNF is checked as it is.
	// It returns the keys of the obligations the claim meets.
	BindProof func(c instances.Case, meta kept.Claim, numVars int, clauses [][]int) ([]string, error)
	// Obligations, when set, lists the keys of the facts a run's answer r
	// needs proved under its options o (encode.QueensObligations, say):
	// report --proofs certifies the run only when each is met by exactly
	// one kept claim (proofs.go).
	Obligations func(c instances.Case, o Options, r Result) ([]string, error)
	// NoProofNeeded says why a certified run can have needed no SAT proof
	// at all ("the lower bound meets the cover"), for solve's report.
	NoProofNeeded string

	// The optimum (optional).

	// Optimum, when set, says what a solved answer claims beyond what
	// Verify can check ("the fewest queens"): that claim is labelled by
	// what backs it, as a claim of no solution is (claims.go).
	Optimum string
	// Least, when set, reports a verified answer nothing can beat (zero
	// queens): it claims no optimum.
	Least func(r Result) bool
	// SettledBy, when set, names a theorem or bound, checked from the case
	// alone, that settles r's claims with no proof ("" when none does):
	// such a run is labelled by it (ClaimBound).
	SettledBy func(c instances.Case, r Result) string

	// Generation (optional).

	// Generate writes new instances in the judge format; the same config
	// (seed included) always writes the same bytes.
	Generate func(w io.Writer, g GenConfig) error
	// GenDoc says, for gen's help, the --size Generate takes and what it
	// makes: "--size N; a planted non-crossing path".
	GenDoc string
	// GenParams declares every --param Generate reads, with its allowed
	// values and the default Generate uses when it is absent (an adapter
	// declares them on a typed config, as solver options are: the
	// OptionSet's Docs): gen refuses any other name (CheckGenParams).
	GenParams []OptionDoc
	// GenMemory, when set, estimates the peak memory of Generate under g
	// (the estimate of the solver it runs as it makes a board, as solve
	// --mem estimates it, and the boards kept until written), so that gen
	// --mem refuses a size that would not fit before starting.
	GenMemory func(g GenConfig) int64
	// GenSmall is a small config Generate takes, quick to generate and to
	// solve: gen's help shows it as the example, and tests generate with it.
	GenSmall GenConfig

	// Splitting (optional).

	// Split, when set, cuts each of cases into parts (gridsat split),
	// written to w as one input Parse reads: every part a case restricted
	// so that the least of the parts' answers is the case's (join.go).
	Split func(w io.Writer, cases []instances.Case, cfg SplitConfig) error
	// SplitDoc says, for split's help, how the puzzle cuts a case and what
	// --bound means for it.
	SplitDoc string
	// PartOf, when set, reports whether c is a part of a split case, and
	// which; Value reads a part's verified answer as a number (the least
	// of which is the whole case's answer), -1 for none within the bound.
	PartOf func(c instances.Case) (PartOf, bool)
	Value  func(r Result) (int, error)
	// SplitAgain, when set, splits the whole case of part (its board, the
	// restriction taken off) as gridsat split did with --jobs jobs and the
	// bound and cover part carries; it returns the whole case and its
	// parts, for a report to derive a join's parts again (join_derive.go).
	SplitAgain func(part instances.Case, jobs int) (instances.Case, []instances.Case, error)

	// Rendering (optional).

	// Render draws case c, solved as r says (r may be unsolved: then the
	// bare puzzle), as an SVG picture.
	Render func(w io.Writer, c instances.Case, r Result) error
}

// GenConfig says what to generate. Size is the puzzle's own size syntax
// ("10x10" for slant and queens, "10" for chain); Params holds the
// puzzle-specific knobs ("density=0.3", "k=3", "perturb=true").
type GenConfig struct {
	Size   string
	Count  int
	Seed   int64
	Params Options
}

// CheckGenParams refuses a parameter p's generator does not read, naming
// the ones it does, and a value its declaration does not allow.
func CheckGenParams(p *Puzzle, params Options) error {
	for _, name := range slices.Sorted(maps.Keys(params)) {
		i := slices.IndexFunc(p.GenParams, func(d OptionDoc) bool { return d.Name == name })
		if i < 0 {
			var names []string
			for _, d := range p.GenParams {
				names = append(names, d.Name)
			}
			takes := "none"
			if len(names) > 0 {
				takes = strings.Join(names, ", ")
			}
			return fmt.Errorf("%s has no generator parameter %q: it takes %s", p.Name, name, takes)
		}
		if params[name] == "" {
			return fmt.Errorf("%s=: an empty value (a generator would take it for its default)", name)
		}
		if err := p.GenParams[i].check(params[name]); err != nil {
			return err
		}
	}
	return nil
}

// Solver is one way of solving a puzzle.
type Solver struct {
	Name    string // "dfs", "sat"
	Doc     string
	Options []OptionDoc
	// Solve solves c with options o. An error means the solver failed (not
	// that the case has no solution: that is a Result with Solved false).
	Solve func(c instances.Case, o Options) (Result, error)
	// Validate, if set, checks a whole option set the way Solve reads it
	// (the same parser), without solving: ParseSpec calls it so that a bad
	// value is refused before anything runs. Names and values the option
	// docs allow are checked before it (see CheckOptions).
	Validate func(o Options) error
	// Uses, if set, names the other solvers of the puzzle whose code a run
	// with options o relies on (slant's sat with pre= starts from the
	// dfs's deductions): such runs do not cross-check each other's claims
	// (claims.go).
	Uses func(o Options) []string
	// Memory, if set, estimates the peak memory in bytes of solving c
	// with options o; a run whose estimate passes the memory limit is
	// refused before it starts (memout, with the estimate; compare/harness/memory.go).
	Memory func(c instances.Case, o Options) int64
	// Headline names the statistics a compact table shows for this solver,
	// the most telling first (at most three are shown; fewer when the table
	// would not fit). Nil means the first three the solver reports.
	Headline []string
}

// OptionDoc documents a named solver option. Values is checked, not only
// shown: a list of words "seq|totalizer|pb" (or "true|false") admits only
// those words, "N" admits a count (an integer >= 0); anything else (such as
// the backend's "gophersat|gini|exec:NAME") is left to Solver.Validate.
// Default is the value an unset option means, and must be what Solve does
// when the option is absent: resume keys and reports spell it out. The
// adapters' docs are derived from their options' declarations
// (DeclareOptions), never written by hand.
type OptionDoc struct {
	Name    string // "card"
	Values  string // "seq|totalizer|pb"
	Default string
	Doc     string
	// DimacsOnly marks an option only gridsat dimacs reads (opt tag
	// flag "dimacs"): solve and compare refuse it rather than ignore it.
	DimacsOnly bool
}

// DimacsOnlyIn names an option spec sets that only gridsat dimacs reads
// ("" when none).
func DimacsOnlyIn(spec Spec) string {
	for _, d := range spec.Solver.Options {
		if _, set := spec.Options[d.Name]; set && d.DimacsOnly {
			return d.Name
		}
	}
	return ""
}

// check reports whether v is a value d allows, as far as Values says.
func (d OptionDoc) check(v string) error {
	if v == "" && d.Default != "" {
		// Options.Get would take it for the default: a typo, not a choice.
		return fmt.Errorf("option %s=%q: want %s (default %s)", d.Name, v, d.Values, d.Default)
	}
	if d.Values == "true|false" {
		if _, err := strconv.ParseBool(v); err != nil {
			return fmt.Errorf("option %s=%q: want true or false", d.Name, v)
		}
		return nil
	}
	if d.Values == "N" {
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil || n < 0 {
			return fmt.Errorf("option %s=%q: want a count (an integer >= 0)", d.Name, v)
		}
		return nil
	}
	words := strings.Split(d.Values, "|")
	for _, w := range words {
		if !isWord(w) {
			return nil // not an enumeration: Validate checks it
		}
	}
	for _, w := range words {
		if v == w {
			return nil
		}
	}
	return fmt.Errorf("option %s=%q: want %s", d.Name, v, strings.Join(words, " or "))
}

// colonPrefix reports whether v is the part before the colon of one of
// d's values (exec of exec:NAME).
func (d OptionDoc) colonPrefix(v string) bool {
	for _, w := range strings.Split(d.Values, "|") {
		if before, _, ok := strings.Cut(w, ":"); ok && before == v {
			return true
		}
	}
	return false
}

// isWord reports whether w is a literal value (lower case letters, digits,
// '+', '-', '.') rather than a placeholder such as N or exec:NAME.
func isWord(w string) bool {
	if w == "" {
		return false
	}
	for _, r := range w {
		if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '+' || r == '-' || r == '.' || r == '_') {
			return false
		}
	}
	return true
}

// CheckOptions checks o against s: every name is an option of s, every
// value one its doc allows, and s.Validate accepts the whole set. Errors
// name the option and the value.
func (s *Solver) CheckOptions(o Options) error {
	names := make([]string, 0, len(o))
	for k := range o {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, k := range names {
		d, ok := s.Option(k)
		if !ok {
			return fmt.Errorf("solver %s has no option %q%s", s.Name, k, s.optionList())
		}
		if err := d.check(o[k]); err != nil {
			return err
		}
	}
	if s.Validate != nil {
		return s.Validate(o)
	}
	return nil
}

// Options are named solver options: "unique" -> "true", "backend" -> "gini".
type Options map[string]string

// BoolOr reads option name as true or false, def when it is unset.
func (o Options) BoolOr(name string, def bool) (bool, error) {
	v := o.Get(name, strconv.FormatBool(def))
	b, err := strconv.ParseBool(v)
	if err != nil {
		return false, fmt.Errorf("option %s=%q: want true or false", name, v)
	}
	return b, nil
}

// Get returns option name, or def when it is unset.
func (o Options) Get(name, def string) string {
	if v, ok := o[name]; ok && v != "" {
		return v
	}
	return def
}

// Result is what a solver answered for one case.
type Result struct {
	// Solved is true when a solution was found, false when the solver
	// proved there is none.
	Solved bool `json:"solved"`
	// Answer is the case's answer in the judge's output format, without a
	// trailing newline; "" when the judge format has nothing to print for
	// an unsolvable case (slant).
	Answer string `json:"answer"`
	// Witness is what people and the verifier need beyond Answer (queens:
	// the board with the placement); "" when Answer says it all.
	Witness string `json:"witness,omitempty"`
	// Second, when uniqueness was asked for, is a second solution different
	// from the first in the judge format, or "" when the solver proved the
	// first one unique.
	Second string `json:"second,omitempty"`
	// UniqueChecked records that uniqueness was asked for and decided.
	UniqueChecked bool `json:"unique_checked,omitempty"`
	// Time is the solve time, parsing excluded.
	Time  time.Duration `json:"time_ns"`
	Stats []Stat        `json:"stats,omitempty"`
	// Steps lists a SAT search's outer steps (queens' k-steps).
	Steps []Step `json:"steps,omitempty"`
	// Certified is set when the solver checked a clausal proof of its
	// claim of an absence (certify=true) and it passed; CertError, when
	// the check failed (the run is then WRONG).
	Certified bool   `json:"certified,omitempty"`
	CertError string `json:"cert_error,omitempty"`
}

// Stat is one named solver statistic: "nodes", "vars", "rounds".
type Stat struct {
	Name  string `json:"name"`
	Value int64  `json:"value"`
}

// Stat returns the statistic called name and whether r has it.
func (r Result) Stat(name string) (int64, bool) {
	for _, s := range r.Stats {
		if s.Name == name {
			return s.Value, true
		}
	}
	return 0, false
}

// registry is every registered puzzle: package compare/puzzles registers
// gridsat's own, in its one explicit list; tests add toy puzzles.
var registry = struct {
	sync.RWMutex
	list []*Puzzle
}{}

// Register checks p's contract (Check) and adds p to the registry; it
// returns the function that takes it out again. A name registered twice
// is an error.
func Register(p *Puzzle) (unregister func(), err error) {
	if err := p.Check(); err != nil {
		return nil, err
	}
	registry.Lock()
	defer registry.Unlock()
	for _, q := range registry.list {
		if q.Name == p.Name {
			return nil, fmt.Errorf("compare: puzzle %s registered twice", p.Name)
		}
	}
	registry.list = append(registry.list, p)
	return func() {
		registry.Lock()
		defer registry.Unlock()
		registry.list = slices.DeleteFunc(registry.list, func(q *Puzzle) bool { return q == p })
	}, nil
}

// Puzzles returns the registered puzzles, sorted by name.
func Puzzles() []*Puzzle {
	registry.RLock()
	defer registry.RUnlock()
	ps := slices.Clone(registry.list)
	slices.SortFunc(ps, func(a, b *Puzzle) int { return strings.Compare(a.Name, b.Name) })
	return ps
}

// Lookup returns the puzzle called name.
func Lookup(name string) (*Puzzle, error) {
	for _, p := range Puzzles() {
		if p.Name == name {
			return p, nil
		}
	}
	return nil, fmt.Errorf("unknown puzzle %q (known: %s)", name, strings.Join(PuzzleNames(), ", "))
}

// PuzzleNames lists the registered puzzles, sorted.
func PuzzleNames() []string {
	var names []string
	for _, p := range Puzzles() {
		names = append(names, p.Name)
	}
	return names
}

// Spec is a solver with its options, as written on the command line:
// "sat:card=totalizer:backend=gini". A bare option name means "true".
type Spec struct {
	Text    string // as written, the column's name in reports
	Solver  *Solver
	Options Options
}

// ParseSpec resolves text against p's solvers and checks every option
// (CheckOptions), so that a bad spec is refused before anything runs. Base
// options (from flags such as --unique or --opt) apply to a solver that
// takes them, unless the spec overrides them.
func (p *Puzzle) ParseSpec(text string, base Options) (Spec, error) {
	if !utf8.ValidString(text) {
		// Results files are JSON, which holds only UTF-8: a spec that is
		// not would be stored changed and never match itself on --resume.
		return Spec{}, fmt.Errorf("solver %q is not valid UTF-8", text)
	}
	parts := strings.Split(text, ":")
	var sv *Solver
	for i := range p.Solvers {
		if p.Solvers[i].Name == parts[0] {
			sv = &p.Solvers[i]
		}
	}
	if sv == nil {
		var names []string
		for _, s := range p.Solvers {
			names = append(names, s.Name)
		}
		return Spec{}, fmt.Errorf("%s has no solver %q (known: %s)", p.Name, parts[0], strings.Join(names, ", "))
	}
	opts := Options{}
	for k, v := range base {
		if sv.Takes(k) {
			opts[k] = v
		}
	}
	given := map[string]bool{}
	for i := 1; i < len(parts); i++ {
		kv := parts[i]
		k, v, ok := strings.Cut(kv, "=")
		if !ok {
			v = "true"
		}
		// A value with a colon of its own ("backend=exec:cadical", as the
		// option's values exec:NAME say) spans two parts.
		if d, ok := sv.Option(k); ok && d.colonPrefix(v) && i+1 < len(parts) {
			v += ":" + parts[i+1]
			i++
		}
		if !sv.Takes(k) {
			return Spec{}, fmt.Errorf("solver %s of %s has no option %q%s", sv.Name, p.Name, k, sv.optionList())
		}
		if given[k] {
			return Spec{}, fmt.Errorf("%s: option %s is given twice", text, k)
		}
		given[k] = true
		opts[k] = v
	}
	if err := sv.CheckOptions(opts); err != nil {
		return Spec{}, fmt.Errorf("%s: %w", text, err)
	}
	return Spec{Text: text, Solver: sv, Options: opts}, nil
}

// Resolved returns every option of the spec's solver with its value after
// defaults, true/false spelled out: two specs that solve the same way have
// equal resolved options. Where a run keeps its proofs (ProofsOption) is
// left out: it changes no answer, so it is no part of a run's identity
// (results headers, --resume, merges).
func (s Spec) Resolved() Options {
	out := Options{}
	for _, d := range s.Solver.Options {
		if d.Name == ProofsOption {
			continue
		}
		v, ok := s.Options[d.Name]
		if !ok || v == "" {
			v = d.Default
		}
		if d.Values == "true|false" {
			if b, err := strconv.ParseBool(v); err == nil {
				v = strconv.FormatBool(b)
			}
		}
		out[d.Name] = v
	}
	return out
}

// Option returns the doc of s's option called name, and whether s takes it.
func (s *Solver) Option(name string) (OptionDoc, bool) {
	for _, o := range s.Options {
		if o.Name == name {
			return o, true
		}
	}
	return OptionDoc{}, false
}

// Takes reports whether s takes the option called name.
func (s *Solver) Takes(name string) bool {
	_, ok := s.Option(name)
	return ok
}

func (s *Solver) optionList() string {
	if len(s.Options) == 0 {
		return " (it takes none)"
	}
	var names []string
	for _, o := range s.Options {
		names = append(names, o.Name)
	}
	return " (known: " + strings.Join(names, ", ") + ")"
}
