package compare

import "time"

// Report is everything a report shows about one puzzle's comparison. A
// live run (compare) and results files read back (report) fill it the same
// way; compare/report draws it.
type Report struct {
	// Puzzle is the puzzle compared. It names the report, says which
	// statistics matter to each solver (Solver.Headline) and draws the
	// boards of the HTML page; nil leaves those out.
	Puzzle *Puzzle
	// Specs are the solver specs as written, one column each, in order;
	// each row's Runs follow them.
	Specs []string
	Rows  []Row
	// Timeout is the time limit of one run: PAR-2 counts a run that did
	// not solve its case as twice this; 0 means there was no limit.
	Timeout time.Duration
	// Reused counts the runs taken from an earlier results file (--results
	// with --resume), Rerun the runs run for this report.
	Reused, Rerun int
	// Machines are where the runs were measured, as the results headers
	// record them; more than one only when a merge mixes CPU models.
	Machines []MachineRun
	// Seed seeds the bootstrap of Pairs (the comparison's --seed); 0
	// means 1.
	Seed uint64
	// Time is the time the table, summaries, PAR-2 and plots use: TimeCPU
	// or TimeWall; "" means CPU time where every finished run has one
	// (Clock).
	Time string
}

// MachineRun is a machine a report's runs were measured on and the load
// when its comparison ended (from the footer; nil if it never ended).
type MachineRun struct {
	Machine *Machine  `json:"machine"`
	LoadEnd []float64 `json:"load_end,omitempty"`
	// Label names the machine in the runs (Run.Machine) when a report
	// mixes machines.
	Label string `json:"label,omitempty"`
}

// Time kinds of Report.Time.
const (
	TimeCPU  = "cpu"
	TimeWall = "wall"
)

// TimeKinds are the values of Report.Time (--time).
var TimeKinds = []string{TimeCPU, TimeWall}

// Clock is the time the report uses: r.Time when set, else TimeCPU when
// every finished run's CPU time was measured, else TimeWall.
func (r Report) Clock() string {
	if r.Time != "" {
		return r.Time
	}
	if r.Unmeasured() > 0 {
		return TimeWall
	}
	return TimeCPU
}

// Unmeasured counts the finished runs (ok, unsat, WRONG) without a CPU
// time.
func (r Report) Unmeasured() int {
	n := 0
	for _, row := range r.Rows {
		for _, run := range row.Runs {
			if (run.Verdict.Solved() || run.Verdict == VerdictWrong) && run.CPU <= 0 {
				n++
			}
		}
	}
	return n
}

// Name is the puzzle's name, or "" when the report has no puzzle.
func (r Report) Name() string {
	if r.Puzzle == nil {
		return ""
	}
	return r.Puzzle.Name
}
