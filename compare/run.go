package compare

import (
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"github.com/gridsat/gridsat/instances"
)

// The shared record of a comparison: each run's verdict and result, and
// each case's row of runs. The harness makes them, results files store
// them, reports draw them.

// Verdict is what one run came to, as results files spell it.
type Verdict string

// Verdicts of one run.
const (
	VerdictOK      Verdict = "ok"      // solved, and the verifier accepts the answer
	VerdictUnsat   Verdict = "unsat"   // proved there is no solution
	VerdictTimeout Verdict = "timeout" // stopped at the time limit
	VerdictMemout  Verdict = "memout"  // stopped at the memory limit
	VerdictError   Verdict = "error"   // the solver failed
	VerdictWrong   Verdict = "WRONG"   // the verifier rejects the answer
	// VerdictHarness: the harness could not get an answer (a worker that
	// would not start or answered garbage), which says nothing about the
	// solver; it fails the comparison all the same.
	VerdictHarness Verdict = "harness"
)

// Solved reports whether the run finished with an answer: a solution the
// verifier accepts, or a proof there is none.
func (v Verdict) Solved() bool { return v == VerdictOK || v == VerdictUnsat }

// Run is one solver's run on one case.
type Run struct {
	Solver  string        `json:"solver"`
	Verdict Verdict       `json:"verdict"`
	Result  Result        `json:"result"`
	Wall    time.Duration `json:"wall_ns"`
	// CPU is the run's CPU time, user plus system, of the worker and its
	// children (an exec: solver) over the solve; 0 where it was not
	// measured (a run stopped at a limit, a platform without getrusage).
	CPU time.Duration `json:"cpu_ns"`
	// Solves is how many solves Wall, CPU and Result.Time are the mean
	// of: a solve quicker than the machine's MinSolve is repeated in its
	// worker until a round of them lasts that long. 0 (older records) or
	// 1: one solve.
	Solves int `json:"solves,omitempty"`
	// FirstWall and FirstCPU are, when Solves > 1, the first solve's own
	// times: a cold solve (its code and data not yet in the caches), whose
	// result is the run's.
	FirstWall time.Duration `json:"first_wall_ns,omitempty"`
	FirstCPU  time.Duration `json:"first_cpu_ns,omitempty"`
	// PeakRSS is the peak resident memory seen during the run, in bytes
	// (0 when not measured).
	PeakRSS int64  `json:"peak_rss,omitempty"`
	Detail  string `json:"detail,omitempty"` // why WRONG, error, harness, timeout, memout
	// Repeat is the run's index among its (case, solver)'s repeats
	// (--repeat), 0 for the first.
	Repeat int `json:"repeat,omitempty"`
	// Spread is how the times of the repeats a run stands for spread (a
	// report's run of a row with repeats); nil for one run.
	Spread *Spread `json:"spread,omitempty"`
	// OnCPU is the logical CPU the run's worker was pinned to (--pin),
	// nil when not pinned.
	OnCPU *int `json:"on_cpu,omitempty"`
	// Machine labels the machine a merged run was measured on when a
	// report mixes machines (MachineRun.Label); "" otherwise.
	Machine string `json:"machine,omitempty"`
	// Certified is set when the run's claim of an absence (no solution,
	// optimal, unique, -1) was checked against a clausal proof while the
	// run was made (--certify). Only a Live run's backs the label
	// "certified when run": read from a results file it is the file's
	// word, which anyone can edit, and a report labels that run by what
	// it checks itself (a kept proof, a bound, a cross-check) or claimed.
	Certified bool `json:"certified,omitempty"`
	// Live is set on a run this process made (in its workers) and judged,
	// never on one read from a results file (report, compare --resume).
	Live bool `json:"-"`
	// Claim labels what backs the run's claim of an absence (claims.go):
	// one of ClaimLabels, "" when the run claims nothing a verifier could
	// not check. A report sets it; one read from a results file is dropped.
	Claim string `json:"claim,omitempty"`
	// ClaimBy names the theorem or bound of a run labelled ClaimBound
	// (Puzzle.SettledBy); set with Claim, "" otherwise.
	ClaimBy string `json:"claim_by,omitempty"`
}

// Row is every solver's run on one case, and whether they agree.
type Row struct {
	CaseInfo
	Runs []Run `json:"runs"`
	// Repeats holds every repeat of each solver's run, in the order of
	// Runs, when the comparison ran each more than once (--repeat); each
	// of Runs then stands for its repeats (JudgeRow).
	Repeats [][]Run `json:"repeats,omitempty"`
	// Agree is "yes", "NO", or "-" when fewer than two runs finished.
	Agree    string   `json:"agree"`
	Problems []string `json:"problems,omitempty"`
	// Input is the case itself, for reports that draw it (not in JSON:
	// results files carry cases their own way).
	Input instances.Case `json:"-"`
}

// CaseInfo says where a case was read and how big it is: the fields a
// report's row and a results file's run record share (inlined in JSON).
type CaseInfo struct {
	Set   string `json:"set,omitempty"`
	File  string `json:"file"`
	Case  int    `json:"case"`
	Line  int    `json:"line"`
	Size  string `json:"size"`
	Cells int    `json:"cells"`
}

// Failed reports whether the row holds a wrong answer, a solver error or a
// disagreement: the things that make compare exit 1.
func (r *Row) Failed() bool { return len(r.Problems) > 0 }

// VerdictMissing marks a run that no results file holds (a shard that did
// not finish, or was not given to the merge).
const VerdictMissing Verdict = "missing"

// Where names a row's case for people: "set/file#case".
func (r *Row) Where() string {
	name := filepath.Base(r.File)
	if r.Set != "" {
		name = r.Set
	}
	return fmt.Sprintf("%s#%d", name, r.Case)
}

// RunTime is the solve time reported from inside the solver when there is
// one, else the wall time.
func RunTime(run Run) time.Duration {
	if run.Result.Time > 0 {
		return run.Result.Time
	}
	return run.Wall
}

// SolverName is the solver part of a spec: "sat" of "sat:card=seq".
func SolverName(spec string) string {
	name, _, _ := strings.Cut(spec, ":")
	return name
}

// Quartiles are a sample's minimum, quartiles, median and maximum, each
// quantile as Quantile computes it (numpy's and R's default): the median
// of an even number of repeats is the mean of the two middle ones.
type Quartiles struct {
	Min    time.Duration `json:"min_ns"`
	Q1     time.Duration `json:"q1_ns"`
	Median time.Duration `json:"median_ns"`
	Q3     time.Duration `json:"q3_ns"`
	Max    time.Duration `json:"max_ns"`
}

// Spread is how a run's repeats' times spread: N repeats, their solve
// (wall-clock) times and their CPU times (zero where one was not
// measured).
type Spread struct {
	N    int       `json:"n"`
	Wall Quartiles `json:"wall"`
	CPU  Quartiles `json:"cpu"`
}

// CaseInfoOf describes c, read from file (in set).
func CaseInfoOf(set, file string, c instances.Case) CaseInfo {
	loc := c.Location()
	return CaseInfo{Set: set, File: file, Case: loc.Case, Line: loc.Line, Size: c.Size(), Cells: c.Cells()}
}
