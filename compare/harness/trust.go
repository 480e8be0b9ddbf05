package harness

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/gridsat/gridsat/compare"
)

// A results file is read as a witness, not as an authority: what can be
// checked from the file alone is checked as it is read, and a record that
// fails a check makes the whole file bad input (exit 2, naming the line),
// since a file edited in one place may be edited in others:
//   - a case's text hashes to its key (keyOfCase): a board changed under its
//     key would be verified against the new board;
//   - a run follows a header of its comparison, and its puzzle, version,
//     spec, resolved options and limits are that header's: runs are
//     matched on case key and spec text, and a run of another version or
//     other options would stand in for one of this comparison;
//   - a timeout ran under a time limit and took at least that long; a
//     memout ran under a memory limit;
//   - a run's fields are ones its options and limits can produce
//     (compare.CheckRecordFields): a known verdict, certified only with
//     certify=true, uniqueness only with unique=true, times in range;
//   - a run names the case its key names (checkRunCase).
// What cannot be checked from a file (that a board has no solution, that
// an answer is the fewest or the smallest, that a solution is unique) is
// labelled by what backs it (claims.go).

// checkCase checks that a case record's text is the one its key names.
func checkCase(c *CaseRecord) error {
	if want := keyOfCase(c.Puzzle, c.Case, c.Text); c.Key != want {
		return fmt.Errorf("case %s#%d: its text does not hash to its key %s (the text was changed, or the key)", c.File, c.Case, c.Key)
	}
	return nil
}

// checkRun checks a run record against the header of its comparison (the
// last header before it in the file).
func checkRun(r *RunRecord, h *Header) error {
	if h == nil {
		return fmt.Errorf("a run record before any comparison header")
	}
	switch {
	case r.Puzzle != h.Puzzle:
		return fmt.Errorf("a %s run under a %s comparison's header", r.Puzzle, h.Puzzle)
	case r.Version != h.Version:
		return fmt.Errorf("a run of gridsat %q under a header of gridsat %q", r.Version, h.Version)
	case r.Limits != h.Limits:
		return fmt.Errorf("a run under limits %+v, its header's are %+v", r.Limits, h.Limits)
	}
	spec := -1
	for i, s := range h.Specs {
		if s.Text == r.Spec {
			spec = i
		}
	}
	if spec < 0 {
		return fmt.Errorf("a run of %q, which is not one of its header's solvers (%s)", r.Spec, specList(h.Specs))
	}
	if r.Run.Solver != r.Spec {
		// Every run names its solver as its spec does: an empty or
		// null run was judged as a run that answered nothing.
		return fmt.Errorf("a run record whose run is of %q, not of its spec %q", r.Run.Solver, r.Spec)
	}
	if !maps.Equal(r.Options, h.Specs[spec].Options) {
		return fmt.Errorf("a run of %s with options %v, its header's are %v", r.Spec, r.Options, h.Specs[spec].Options)
	}
	cpus := 0
	if h.Machine != nil {
		cpus = h.Machine.LogicalCPUs
	}
	if err := compare.CheckRecordFields(r.Run, r.Options, r.Limits.Timeout, cpus); err != nil {
		return err
	}
	if r.Run.Certified || r.Run.Result.Certified {
		p, _ := compare.Lookup(r.Puzzle)
		if err := compare.CheckCertifier(p, r.Spec, r.Options); err != nil {
			return err
		}
	}
	return checkLimitVerdict(r.Run, r.Limits)
}

// checkRunCase checks that a run record names the case of the case record
// its key and order name, when the file holds that record (c, else nil).
func checkRunCase(r *RunRecord, c *CaseRecord) error {
	if c != nil && (c.Case != r.Case || (r.Order != nil && c.File != r.File)) {
		return fmt.Errorf("a run of %s#%d whose key names %s#%d", r.File, r.Case, c.File, c.Case)
	}
	return nil
}

// dropProofsOption takes where runs kept their proofs out of a record's
// resolved options, as files before 0.14 spelled them: it is no part of a
// run's identity (compare.Spec.Resolved), so their runs still resume and
// merge with runs that kept their proofs elsewhere.
func dropProofsOption(rec *Record) {
	if rec.Header != nil {
		for _, s := range rec.Header.Specs {
			delete(s.Options, compare.ProofsOption)
		}
	}
	if rec.Run != nil {
		delete(rec.Run.Options, compare.ProofsOption)
	}
}

// checkLimitVerdict checks that a run stopped by a limit had that limit,
// and a timeout took at least as long as its limit.
func checkLimitVerdict(run compare.Run, l Limits) error {
	switch run.Verdict {
	case compare.VerdictTimeout:
		if l.Timeout <= 0 {
			return fmt.Errorf("a timeout of %s without a time limit", run.Solver)
		}
		if took := runTook(run); took < l.Timeout {
			return fmt.Errorf("a timeout of %s after %s, under a %s limit", run.Solver, compare.FormatDuration(took), compare.FormatDuration(l.Timeout))
		}
	case compare.VerdictMemout:
		if l.Mem <= 0 {
			return fmt.Errorf("a memout of %s without a memory limit", run.Solver)
		}
	}
	return nil
}

// checkHeader checks what a header says of its comparison before any
// record under it is read: a count of cases that is not negative and,
// for a puzzle of this build, solvers that puzzle has (by name). A header that fails is bad input, as a run that fails is.
func checkHeader(h *Header) error {
	if h.Cases < 0 {
		return fmt.Errorf("a header of %d cases", h.Cases)
	}
	p, err := compare.Lookup(h.Puzzle)
	if err != nil {
		return nil // a puzzle of another build: the merge names it
	}
	// The solver's name only: its options may name a backend this
	// machine lacks (exec:cadical, run on a cluster, reported on a
	// laptop), which a report does not need.
	for _, s := range h.Specs {
		name, _, _ := strings.Cut(s.Text, ":")
		if !slices.ContainsFunc(p.Solvers, func(sv compare.Solver) bool { return sv.Name == name }) {
			return fmt.Errorf("a header's solver %q: %s has no solver %q", s.Text, p.Name, name)
		}
	}
	return nil
}
