package compare

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"time"
)

// Formula is a puzzle's CNF as the contract sees it (Puzzle.CNF): a
// formula that writes itself in DIMACS CNF, its comments first.
type Formula interface {
	WriteDIMACS(w io.Writer) error
}

// Step is one outer step of a SAT search over solves (queens' "at most k"
// steps): its label, the verdict of that solve, its time and its
// refinement rounds. Its JSON is that of encode/sat's Step, which the
// adapters translate.
type Step struct {
	Label  string
	Status StepStatus
	Time   time.Duration
	Rounds int
}

// StepStatus is a step's verdict, numbered as encode/sat's Status is.
type StepStatus int

// The verdicts of a step.
const (
	StepUnknown StepStatus = iota // interrupted or over a deadline
	StepSAT                       // a model was found
	StepUNSAT                     // no model
)

// String is the verdict as DIMACS solvers print it: SAT, UNSAT, UNKNOWN.
func (s StepStatus) String() string {
	switch s {
	case StepSAT:
		return "SAT"
	case StepUNSAT:
		return "UNSAT"
	}
	return "UNKNOWN"
}

// Check checks p's contract: the required core is set, DFS (and SAT,
// when named) name solvers of p, and each optional capability group is
// whole where it is offered (a generator with its doc and small config, a
// split with the parts' readers, a CNF with the SAT solver it encodes for).
// Errors name the puzzle and the field.
func (p *Puzzle) Check() error {
	if p == nil || p.Name == "" {
		return errors.New("compare: a puzzle with no name")
	}
	var missing []string
	for _, f := range []struct {
		name string
		set  bool
	}{
		{"Summary", p.Summary != ""},
		{"Parse", p.Parse != nil},
		{"FormatCase", p.FormatCase != nil},
		{"Solvers", len(p.Solvers) > 0},
		{"Verify", p.Verify != nil},
		{"Agree", p.Agree != nil},
		{"DFS", p.DFS != ""},
	} {
		if !f.set {
			missing = append(missing, f.name)
		}
	}
	if len(missing) > 0 {
		return fmt.Errorf("compare: puzzle %s: the required %v are not set", p.Name, missing)
	}
	for _, named := range []struct{ field, solver string }{{"DFS", p.DFS}, {"SAT", p.SAT}} {
		if named.solver != "" && p.solver(named.solver) == nil {
			return fmt.Errorf("compare: puzzle %s: %s names solver %q, which it does not have", p.Name, named.field, named.solver)
		}
	}
	return p.checkGroups()
}

// checkGroups checks that each optional capability p offers is whole.
func (p *Puzzle) checkGroups() error {
	for _, g := range []struct {
		offered bool
		what    string
		whole   bool
	}{
		{p.CNF != nil || p.BindProof != nil || p.Obligations != nil, "CNF, BindProof and Obligations need SAT, the solver they encode for", p.SAT != ""},
		{p.Generate != nil, "Generate needs GenDoc and GenSmall", p.GenDoc != "" && p.GenSmall.Size != ""},
		{p.Split != nil, "Split needs SplitDoc, PartOf and Value", p.SplitDoc != "" && p.PartOf != nil && p.Value != nil},
		{p.PartOf != nil || p.Value != nil, "PartOf and Value go together", p.PartOf != nil && p.Value != nil},
		{p.Least != nil || p.SettledBy != nil, "Least and SettledBy need Optimum", p.Optimum != ""},
	} {
		if g.offered && !g.whole {
			return fmt.Errorf("compare: puzzle %s: %s", p.Name, g.what)
		}
	}
	return nil
}

// RenameStats gives the statistics of stats their names now, as
// p.RenamedStats maps old names (a results file written before a rename
// reads as one written after it).
func (p *Puzzle) RenameStats(stats []Stat) {
	for i, s := range stats {
		if now, ok := p.RenamedStats[s.Name]; ok {
			stats[i].Name = now
		}
	}
}

// solver returns p's solver called name, or nil.
func (p *Puzzle) solver(name string) *Solver {
	i := slices.IndexFunc(p.Solvers, func(s Solver) bool { return s.Name == name })
	if i < 0 {
		return nil
	}
	return &p.Solvers[i]
}

// The names of the options the command line sets for every solver that
// takes them.
const (
	// UniqueOption is the option of every solver that can prove
	// uniqueness (--unique sets it).
	UniqueOption = "unique"
	// CertifyOption is the option of every SAT solver that can check a
	// clausal proof of its UNSAT answers (--certify sets it).
	CertifyOption = "certify"
	// ProofsOption is the option of the SAT solvers naming the directory
	// where every checked claim is kept (--proofs DIR).
	ProofsOption = "proofs"
	// BackendOption is the option naming a SAT solver's backend.
	BackendOption = "backend"
)
