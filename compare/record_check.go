package compare

import (
	"fmt"
	"time"
)

// knownVerdicts are the verdicts a results file's run may carry: "" (a
// run not yet judged, as compare writes it) and every Verdict but
// VerdictMissing, which only a report gives.
var knownVerdicts = map[Verdict]bool{"": true, VerdictOK: true, VerdictUnsat: true, VerdictTimeout: true,
	VerdictMemout: true, VerdictError: true, VerdictWrong: true, VerdictHarness: true}

// KnownVerdict reports whether a results file's run may carry verdict v.
func KnownVerdict(v Verdict) bool { return knownVerdicts[v] }

// CheckCertifier checks that the solver of spec, with its resolved
// options, can certify: its own option check (Solver.Validate) accepts
// them, so certify=true on a backend that cannot prove (gini) is refused
// as compare refuses it. A puzzle or solver p does not know is left to
// the header's own checks.
func CheckCertifier(p *Puzzle, spec string, resolved Options) error {
	if p == nil {
		return nil
	}
	name := SolverName(spec)
	for _, s := range p.Solvers {
		if s.Name == name && s.Validate != nil {
			if err := s.Validate(unresolved(p, spec, resolved)); err != nil {
				return fmt.Errorf("%s: certified, but its options cannot certify: %w", spec, err)
			}
		}
	}
	return nil
}

// MaxTimeout is the longest time limit a comparison takes: a year,
// past any run gridsat makes, and far below where the arithmetic of
// limits (twice the limit in PAR-2, deadlines) would wrap around.
const MaxTimeout = 365 * 24 * time.Hour

// runGrace is how far past its time limit CheckRecordFields lets a run's
// CPU time go, beyond twice the limit.
const runGrace = 10 * time.Second

// CheckRecordFields judges a recorded run against what its own spec
// (its solver's resolved options, the header's) and limits can produce:
// a verdict no run gives, a certificate from a run that did not certify
// (certify=true, an option only a solver that proves has), uniqueness
// decided without unique=true, a negative time, memory peak or solve
// count, or a CPU time past what
// cpus CPUs use under the time limit timeout (0: none; cpus 0 when not
// known) is an error naming the field. A report refuses such a record as
// bad input.
func CheckRecordFields(run Run, resolved Options, timeout time.Duration, cpus int) error {
	certify := resolved["certify"] == "true"
	unique := resolved["unique"] == "true"
	r := run.Result
	switch {
	case !knownVerdicts[run.Verdict]:
		return fmt.Errorf("%s: verdict %q is none a run gives", run.Solver, run.Verdict)
	case (run.Certified || r.Certified) && !certify:
		return fmt.Errorf("%s: certified, but its options do not certify (certify=%q): no proof was checked", run.Solver, resolved["certify"])
	case r.CertError != "" && !certify:
		return fmt.Errorf("%s: a certificate error, but its options do not certify", run.Solver)
	case (r.UniqueChecked || r.Second != "") && !unique:
		return fmt.Errorf("%s: uniqueness decided, but its options do not ask for it (unique=%q)", run.Solver, resolved["unique"])
	case run.CPU < 0 || run.Wall < 0 || r.Time < 0 || run.FirstCPU < 0 || run.FirstWall < 0:
		return fmt.Errorf("%s: a negative time (cpu_ns %d, wall_ns %d, time_ns %d, first_cpu_ns %d, first_wall_ns %d)", run.Solver, run.CPU, run.Wall, r.Time, run.FirstCPU, run.FirstWall)
	case run.PeakRSS < 0 || run.Solves < 0:
		return fmt.Errorf("%s: a negative count (peak_rss %d, solves %d)", run.Solver, run.PeakRSS, run.Solves)
	}
	if timeout > 0 {
		// A run past its limit is stopped (a timeout at most a grace
		// later, a quick run's reply read past a tiny limit); its CPU time
		// is at most its CPUs' over that time.
		// In floating point: a results file's limit can be any number,
		// and the product must not wrap around.
		most := float64(max(cpus, 1)) * (2*float64(timeout) + float64(runGrace))
		if float64(run.CPU) > most {
			return fmt.Errorf("%s: cpu_ns %d (%s) is more than %d CPUs give in twice the %s limit and %s", run.Solver, run.CPU, FormatDuration(run.CPU), max(cpus, 1), FormatDuration(timeout), FormatDuration(runGrace))
		}
	}
	return nil
}
