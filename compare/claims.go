package compare

import (
	"slices"
	"strings"
)

// Some of what a finished run says no verifier can check from its answer:
// that a case has no solution (unsat, chain's -1), that a solution is the
// best (Puzzle.Optimum: the fewest queens, the smallest path), that a
// solution is unique. Every report labels each such claim by what backs
// it, the strongest first:
//   - certified: a proof kept with the run was checked again for this
//     report (the certificates' code sets Run.Claim to it; a label read
//     from a results file is dropped);
//   - certified when run: the run, made by this process (Run.Live),
//     checked a proof when it was made (Run.Certified); a run read from a
//     results file that says so is taken at no more than the file's word:
//     the labels below, claimed at most;
//   - by a bound: a theorem or bound, checked from the case alone
//     (Puzzle.SettledBy: for queens, gamma(Q_n) >= ceil((n-1)/2) or the
//     board's reach or share bound), settles it with no proof;
//   - cross-checked: an independent solver's run of the same case, in the
//     same comparison, says the same, and no finished run disagrees.
//     Two runs are independent when their solvers differ and neither
//     relies on the other's code (Solver.Uses: slant's sat with pre= does
//     on the dfs's): dfs and sat are independent, two sat specs (other
//     options, other backends) are not, as they share the encoding;
//   - claimed: nothing but the solver backs it.
// A table marks a claimed verdict "?", a certified-when-run one "✓"
// (unsat✓, ok✓), a certified one "✓✓", one a bound settles "⊢"; a
// cross-checked one is unmarked, its row's "agree" column says "yes".
// The summary counts each label per solver and names the bounds.

// Claim labels, the strongest first.
const (
	ClaimCertified        = "certified"
	ClaimCertifiedWhenRun = "certified when run"
	ClaimBound            = "by a bound"
	ClaimCrossChecked     = "cross-checked"
	ClaimClaimed          = "claimed"
)

// ClaimLabels are the labels, the strongest first.
var ClaimLabels = []string{ClaimCertified, ClaimCertifiedWhenRun, ClaimBound, ClaimCrossChecked, ClaimClaimed}

// Kinds of claim, as bits.
const (
	claimNoSolution = 1 << iota
	claimOptimum
	claimUnique
)

// Unverifiable reports whether run claims something no verifier can
// check (no solution, an optimum, uniqueness): what a label must back.
func (p *Puzzle) Unverifiable(run Run) bool { return p.claims(run) != 0 }

// claims is what a run claims that no verifier can check, as bits.
func (p *Puzzle) claims(run Run) int {
	if !run.Verdict.Solved() {
		return 0
	}
	c := 0
	switch {
	case !run.Result.Solved:
		c |= claimNoSolution
	case p != nil && p.Optimum != "" && (p.Least == nil || !p.Least(run.Result)):
		c |= claimOptimum
	}
	if run.Result.Solved && run.Result.UniqueChecked && run.Result.Second == "" {
		c |= claimUnique
	}
	return c
}

// ClaimsOf names what run claims that no verifier can check: "no
// solution", p's Optimum ("the fewest queens"), "unique"; none for a run
// that claims nothing beyond its verified answer.
func (p *Puzzle) ClaimsOf(run Run) []string {
	k := p.claims(run)
	var names []string
	if k&claimNoSolution != 0 {
		names = append(names, "no solution")
	}
	if k&claimOptimum != 0 {
		names = append(names, p.Optimum)
	}
	if k&claimUnique != 0 {
		names = append(names, "unique")
	}
	return names
}

// ClaimsWhat names the kinds of claim a report of p labels: "no solution,
// the fewest queens, unique".
func (p *Puzzle) ClaimsWhat() string {
	what := []string{"no solution"}
	if p != nil && p.Optimum != "" {
		what = append(what, p.Optimum)
	}
	return strings.Join(append(what, "unique"), ", ")
}

// SolverUses is the code a spec's runs rely on: its solver's name and
// what Solver.Uses adds for its resolved options.
func SolverUses(p *Puzzle, spec string, resolved Options) []string {
	name := SolverName(spec)
	uses := []string{name}
	if p == nil {
		return uses
	}
	for _, s := range p.Solvers {
		if s.Name == name && s.Uses != nil {
			uses = append(uses, s.Uses(resolved)...)
		}
	}
	return uses
}

// independent reports whether two specs' runs share no code (SolverUses).
func independent(a, b []string) bool {
	for _, x := range a {
		if slices.Contains(b, x) {
			return false
		}
	}
	return true
}

// LabelClaims sets Claim on every run of a judged row: "" for a run that
// claims nothing beyond what was verified, else its label. uses[i] is
// SolverUses of column i.
func LabelClaims(p *Puzzle, uses [][]string, row *Row) {
	for i := range row.Runs {
		run := &row.Runs[i]
		k := p.claims(*run)
		run.ClaimBy = ""
		switch {
		case k == 0:
			run.Claim = ""
		case run.Claim == ClaimCertified:
		case p != nil && p.SettledBy != nil && p.SettledBy(row.Input, run.Result) != "":
			run.Claim, run.ClaimBy = ClaimBound, p.SettledBy(row.Input, run.Result)
		case run.Certified && run.Live && provedAny(*run):
			run.Claim = ClaimCertifiedWhenRun
		case crossChecked(p, uses, row, i, k):
			run.Claim = ClaimCrossChecked
		default:
			run.Claim = ClaimClaimed
		}
	}
}

// provedAny reports whether a certified run checked at least one proof
// (its proof_claims statistic; true for a record without it): a claim no
// bound settles needs one, and a run that says certified with none (a
// queens optimum certified on its lower bound alone, before 0.14) is no
// "certified when run".
func provedAny(run Run) bool {
	n, ok := run.Result.Stat("proof_claims")
	return !ok || n > 0
}

// crossChecked reports whether an independent run of row makes run i's
// claims k too, and no finished run disagrees.
func crossChecked(p *Puzzle, uses [][]string, row *Row, i, k int) bool {
	if row.Agree != "yes" || i >= len(uses) {
		return false
	}
	for j, other := range row.Runs {
		if j != i && j < len(uses) && independent(uses[i], uses[j]) && p.claims(other)&k == k {
			return true
		}
	}
	return false
}

// SpecUses is SolverUses of each spec, for LabelClaims.
func SpecUses(p *Puzzle, specs []Spec) [][]string {
	uses := make([][]string, len(specs))
	for i, s := range specs {
		uses[i] = SolverUses(p, s.Text, s.Resolved())
	}
	return uses
}
