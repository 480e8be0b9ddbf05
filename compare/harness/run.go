package harness

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"runtime/debug"
	"syscall"
	"time"

	"github.com/gridsat/gridsat/compare"
)

// Plan is a whole comparison, checked and loaded before anything runs:
// each puzzle's solvers and cases, the limits, how the runs are scheduled,
// and where they are recorded. Run runs it.
type Plan struct {
	Puzzles []PuzzlePlan
	// Limits are each run's limits, recorded in the results file;
	// Limits.InProcess runs every solver in this process, one at a time.
	Limits Limits
	// Worker is the command that starts a worker process (this binary's
	// worker subcommand); unused with Limits.InProcess.
	Worker []string
	// Jobs is how many runs go at once; CPUs, when set, pins the workers
	// to these logical CPUs, one each (--pin).
	Jobs int
	CPUs []int
	// Repeat, Warmup and Seed schedule the runs: each (case, solver) runs
	// Repeat times after Warmup unrecorded runs, in rounds shuffled by
	// Seed. The seed is recorded in the results file and seeds the
	// reports' bootstrap too.
	Repeat, Warmup int
	Seed           uint64
	// RecordedSeed, with Resume, replaces Seed by the seed the results
	// file's first comparison header records, so that a comparison keeps
	// the seed of its first run (its bootstrap intervals do not move when
	// it is resumed); set it when no seed was asked for.
	RecordedSeed bool
	// Shard, when Count > 0, runs only that shard of the (case, solver)
	// runs; it needs Out.
	Shard Shard
	// Out is the results file each run is appended to as it ends ("" for
	// none); with Resume the runs it holds are taken from it instead of
	// being run again.
	Out    string
	Resume bool
	// Note, if set, is given a line for people about the run (a results
	// file repaired, a footer that could not be written).
	Note func(string)
	// Watch, if set, watches each puzzle's runs (a progress bar).
	Watch Watcher
	// Report, if set, is given each puzzle's report as its runs end, in
	// the order of Puzzles (rows in input order; with Shard, the shard's
	// rows only). An error stops the comparison and is Run's.
	Report func(r compare.Report) error
}

// PuzzlePlan is one puzzle's part of a plan: its solver specs (the report
// names each column by its spec's text) and its inputs.
type PuzzlePlan struct {
	Puzzle  *compare.Puzzle
	Specs   []compare.Spec
	Sources []*Source
}

// Cases counts the plan's cases.
func (pp PuzzlePlan) Cases() int {
	n := 0
	for _, src := range pp.Sources {
		n += len(src.Cases)
	}
	return n
}

// Watcher watches a comparison: Start as a puzzle's runs start (cases
// rows to come), Row as each of its rows ends, Finish when they have. A
// Watcher that is also a RunWatcher is told of each run too.
type Watcher interface {
	Start(p *compare.Puzzle, cases int)
	Row(r compare.Row)
	Finish()
}

// RunWatcher is told of each run as it starts and ends (warm-ups and runs
// cut short too), from several goroutines: a progress display that names
// the running cases.
type RunWatcher interface {
	RunStarted(t Task)
	RunEnded(t Task, run compare.Run)
}

// Outcome is what a comparison came to.
type Outcome struct {
	// Failed is set when a row holds a wrong answer, a solver error, a
	// harness failure or a disagreement.
	Failed bool
	// Interrupted is set when ctx was cancelled or the process was
	// interrupted (SIGINT, SIGTERM): the reports hold the finished rows.
	Interrupted bool
}

// A refusedError is a comparison refused before any run: its results
// file cannot be appended to (in use, not a results file, another
// comparison, unreadable). Nothing was run or written.
type refusedError struct{ Err error }

// Error says why the plan was refused.
func (e *refusedError) Error() string { return e.Err.Error() }

// Unwrap returns why.
func (e *refusedError) Unwrap() error { return e.Err }

// Run runs plan: it opens (and repairs) the results file and reads the
// runs a resume takes from it, starts the worker pool, stops starting
// runs on SIGINT or SIGTERM (as when ctx is cancelled), and compares each
// puzzle in turn, writing each run to the results file as it ends and
// handing each puzzle's report to plan.Report. It returns a
// *refusedError when the results file refuses the plan.
func Run(ctx context.Context, plan Plan) (Outcome, error) {
	s, err := openSession(plan)
	if err != nil {
		return Outcome{}, err
	}
	defer s.close()
	ctx, stop := signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
	defer stop()
	// The parent's heap is its rows, which only grow (parentGCPercent).
	defer debug.SetGCPercent(debug.SetGCPercent(parentGCPercent))
	var out Outcome
	for _, pp := range plan.Puzzles {
		if ctx.Err() != nil {
			break
		}
		failed, err := s.runPuzzle(ctx, pp)
		if err != nil {
			return out, err
		}
		out.Failed = out.Failed || failed
	}
	out.Interrupted = ctx.Err() != nil
	return out, nil
}

// session is a plan being run: its results file, the runs a resume may
// take, and the executor every puzzle's runs go to.
type session struct {
	plan    Plan
	results *ResultsFile // nil without Plan.Out
	done    *doneRuns    // nil unless Plan.Resume
	log     *ResultsLog  // what the results file held, nil unless Plan.Resume
	exec    executor
	pool    *workerPool // nil in process
}

// openSession opens the plan's results file (cutting off an unfinished
// last line an earlier run left) and starts its pool.
func openSession(plan Plan) (*session, error) {
	s := &session{plan: plan, exec: inProcess{}}
	if plan.Out != "" {
		results, log, cut, err := appendResults(plan.Out, plan.Resume, plan.headers())
		if err != nil {
			return nil, &refusedError{err}
		}
		s.results = results
		if cut > 0 {
			s.note(fmt.Sprintf("%s: cut off an unfinished last line (%d bytes) left by an earlier run", plan.Out, cut))
		}
		if plan.Resume {
			s.done, s.log = newDone(log), log
			if plan.RecordedSeed && len(log.Headers) > 0 {
				s.plan.Seed = log.Headers[0].Seed
			}
		}
	}
	if !plan.Limits.InProcess {
		minSolve := minSolveFor(plan.Limits.Timeout)
		if plan.keepsProofs() {
			// A solve that writes proofs is timed once (a repeat would
			// write them again); so is every solve beside it, so that no
			// solver is timed as a warm mean against another's cold one.
			minSolve = 0
		}
		s.pool = &workerPool{Command: plan.Worker, Timeout: plan.Limits.Timeout, Mem: plan.Limits.Mem, CPUs: plan.CPUs,
			MinSolve: minSolve}
		s.exec = s.pool
	}
	return s, nil
}

// close stops the pool and closes the results file.
func (s *session) close() {
	if s.pool != nil {
		s.pool.Close()
	}
	if s.results != nil {
		s.results.Close()
	}
}

// note passes a line to Plan.Note.
func (s *session) note(msg string) {
	if s.plan.Note != nil {
		s.plan.Note(msg)
	}
}

// shardName is the shard as results headers record it, "" for none.
func (plan Plan) shardName() string {
	if plan.Shard.Count > 0 {
		return plan.Shard.String()
	}
	return ""
}

// headers are the headers the plan writes to its results file, for the
// file's check that they may join the comparisons already in it.
func (plan Plan) headers() []Header {
	var hs []Header
	for _, pp := range plan.Puzzles {
		hs = append(hs, newHeader(pp.Puzzle, pp.Specs, pp.Sources, plan.Limits, plan.shardName()))
	}
	return hs
}

// puzzleRun is one puzzle's comparison in progress: its config, its
// report so far, and the first error writing a run to the results file.
type puzzleRun struct {
	cfg    compareConfig
	report compare.Report
	runErr error
}

// runPuzzle compares one puzzle: the results file's header, the runs
// (each written as it ends, or taken from the file on a resume), the
// report, and the footer, an interrupted comparison's too. failed says
// whether a row failed.
func (s *session) runPuzzle(ctx context.Context, pp PuzzlePlan) (failed bool, err error) {
	plan := s.plan
	pr := &puzzleRun{
		cfg: compareConfig{Puzzle: pp.Puzzle, Specs: pp.Specs, Sources: pp.Sources, Exec: s.exec, Jobs: plan.Jobs,
			Repeat: plan.Repeat, Warmup: plan.Warmup, Seed: plan.Seed},
		report: compare.Report{Puzzle: pp.Puzzle, Timeout: plan.Limits.Timeout, Seed: plan.Seed},
	}
	for _, sp := range pp.Specs {
		pr.report.Specs = append(pr.report.Specs, sp.Text)
	}
	machine := newMachine(pp.Specs)
	machine.Pinned = plan.CPUs
	if s.pool != nil {
		machine.MinSolve = s.pool.MinSolve
	}
	if s.results != nil {
		footer, err := s.record(pr, pp, machine)
		defer footer()
		if err != nil {
			return false, err
		}
	}
	s.resume(pr)
	s.watch(pr, pp)
	pr.report.Rows = compareAll(ctx, pr.cfg)
	if plan.Shard.Count == 0 {
		// A shard's twins may stand in other shards: gridsat report
		// judges them over every shard's file.
		compare.JudgeTwins(pp.Puzzle, pr.report.Rows)
	}
	if plan.Watch != nil {
		plan.Watch.Finish()
	}
	pr.report.Machines = []compare.MachineRun{s.machineRun(pp.Puzzle.Name, machine, pr.report)}
	if plan.Report != nil {
		if err := plan.Report(pr.report); err != nil {
			return false, err
		}
	}
	if pr.runErr != nil || plan.Shard.Count > 0 {
		// A shard's rows are mostly split with other shards: they are
		// judged over every shard's file (gridsat report).
		return false, pr.runErr
	}
	for _, r := range pr.report.Rows {
		failed = failed || r.Failed()
	}
	return failed, nil
}

// machineRun is the machine a puzzle's report names: this one, measured
// now, unless every run was taken from the results file (--resume), whose
// first header of the puzzle then records where and under what load they
// were measured (the load at the end: that of the last comparison that
// made runs).
func (s *session) machineRun(puzzle string, now *compare.Machine, r compare.Report) compare.MachineRun {
	if s.log == nil || r.Rerun > 0 || r.Reused == 0 {
		return compare.MachineRun{Machine: now, LoadEnd: loadAverage()}
	}
	var rec compare.MachineRun // as gridsat report prints it (addMachine)
	for _, h := range s.log.Headers {
		if h.Puzzle != puzzle || h.Machine == nil {
			continue
		}
		if rec.Machine == nil {
			rec.Machine = h.Machine
		}
		for _, f := range s.log.Footers {
			if f.Started.Equal(h.Started) && f.Runs > 0 {
				rec.LoadEnd = f.LoadEnd
			}
		}
	}
	if rec.Machine == nil {
		return compare.MachineRun{Machine: now, LoadEnd: loadAverage()}
	}
	return rec
}

// record writes the puzzle's header to the results file and has every run
// appended to it as it ends; footer writes the record that ends the
// comparison (the header is never rewritten), and is to be called even
// when the header could not be written.
func (s *session) record(pr *puzzleRun, pp PuzzlePlan, machine *compare.Machine) (footer func(), err error) {
	plan := s.plan
	if plan.Shard.Count > 0 {
		pr.cfg.Include = plan.Shard.include(len(pp.Specs))
	}
	h := newHeader(pp.Puzzle, pp.Specs, pp.Sources, plan.Limits, plan.shardName())
	if plan.Repeat > 1 || plan.Warmup > 0 {
		h.Repeat, h.Warmup = plan.Repeat, plan.Warmup
	}
	// The seed seeds the bootstrap too: recorded always, so that report
	// prints the interval compare printed.
	h.Seed = plan.Seed
	h.Machine = machine
	footer = func() {
		err := s.results.Footer(Footer{Started: h.Started, Ended: time.Now().UTC(), LoadEnd: loadAverage(), Runs: pr.report.Rerun})
		if err != nil && pr.runErr == nil {
			s.note(err.Error())
		}
	}
	if err := s.results.Header(h); err != nil {
		return footer, err
	}
	pr.cfg.OnRun = func(t Task, run compare.Run) {
		pr.report.Rerun++ // run now, not taken from the file
		if err := s.results.Add(t, plan.Limits, run); err != nil && pr.runErr == nil {
			pr.runErr = err
		}
	}
	return footer, nil
}

// resume takes the runs the results file already holds (Plan.Resume).
func (s *session) resume(pr *puzzleRun) {
	if s.done == nil {
		return
	}
	pr.cfg.Skip = func(t Task) (compare.Run, bool) {
		run, ok, _ := s.done.Lookup(t, s.plan.Limits)
		if ok {
			pr.report.Reused++
		}
		return run, ok
	}
}

// watch tells Plan.Watch of the puzzle's rows.
func (s *session) watch(pr *puzzleRun, pp PuzzlePlan) {
	w := s.plan.Watch
	if w == nil {
		return
	}
	w.Start(pp.Puzzle, pp.Cases())
	pr.cfg.OnRow = w.Row
	if rw, ok := w.(RunWatcher); ok {
		pr.cfg.OnStart, pr.cfg.OnEnd = rw.RunStarted, rw.RunEnded
	}
}

// IsRefused reports whether err is Run's refusal of a plan before any run.
func IsRefused(err error) bool {
	var r *refusedError
	return errors.As(err, &r)
}

// RecheckRun is recheck as a command runs it: under the limits m's header
// records, in worker processes started with worker (this binary's worker
// subcommand) unless that comparison ran in process, until ctx is
// cancelled or the process is interrupted (SIGINT, SIGTERM), which
// interrupted reports.
func (m *Merged) RecheckRun(ctx context.Context, worker []string, jobs int, labels []string) (rc Rechecked, interrupted bool, err error) {
	ctx, stop := signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
	defer stop()
	var exec executor = inProcess{}
	if l := m.Header.Limits; !l.InProcess {
		pool := &workerPool{Command: worker, Timeout: l.Timeout, Mem: l.Mem}
		defer pool.Close()
		exec = pool
	}
	rc, err = m.recheck(ctx, exec, jobs, labels)
	return rc, ctx.Err() != nil, err
}

// keepsProofs reports whether some spec of the plan keeps its proofs
// (compare.ProofsOption).
func (plan Plan) keepsProofs() bool {
	for _, pp := range plan.Puzzles {
		for _, sp := range pp.Specs {
			if sp.Options[compare.ProofsOption] != "" {
				return true
			}
		}
	}
	return false
}
