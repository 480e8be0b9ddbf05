package harness

import (
	"fmt"
	"maps"
	"os"
	"reflect"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/gridsat/gridsat/compare"
	"github.com/gridsat/gridsat/instances"
)

// A big comparison can be split over machines: each shard runs a
// deterministic part of the (case, solver) runs and writes them to its
// own results file, and a merge reads the files back into one report,
// verifying every answer again.

// Shard is one part of a split comparison: Index of Count, 0-based.
type Shard struct{ Index, Count int }

// ParseShard reads "i/n" with 0 <= i < n, as a Slurm array index and the
// array's size give it (--shard $SLURM_ARRAY_TASK_ID/16).
func ParseShard(s string) (Shard, error) {
	a, b, ok := strings.Cut(s, "/")
	i, err1 := strconv.Atoi(a)
	n, err2 := strconv.Atoi(b)
	if !ok || err1 != nil || err2 != nil || n < 1 || i < 0 || i >= n {
		return Shard{}, fmt.Errorf("%q: want i/n with 0 <= i < n, such as 0/16", s)
	}
	return Shard{i, n}, nil
}

func (s Shard) String() string { return fmt.Sprintf("%d/%d", s.Index, s.Count) }

// holds reports whether the run of solver col (of cols) on the case at
// position order of the whole input falls in the shard. The split is a
// hash of the two positions: the same on every machine for the same
// inputs and solvers, and even in expectation whatever the order of cases
// and solvers (a round robin would give one shard every dfs run).
func (s Shard) holds(order, col, cols int) bool {
	if s.Count <= 1 {
		return true
	}
	x := uint64(order)*uint64(cols) + uint64(col) + 0x9e3779b97f4a7c15
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9
	x = (x ^ (x >> 27)) * 0x94d049bb133111eb
	x ^= x >> 31
	return int(x%uint64(s.Count)) == s.Index
}

// include is a compareConfig.Include for the shard.
func (s Shard) include(specs int) func(Task) bool {
	return func(t Task) bool { return s.holds(t.Source.order+t.Index, t.Col, specs) }
}

// Merged is one puzzle's comparison rebuilt from results files.
type Merged struct {
	Report compare.Report
	Header Header
	// Files lists the results files that hold this puzzle's runs.
	Files []string
	// Missing counts runs no file holds; MissingCases the cases of the
	// input no file holds (their rows cannot be shown).
	Missing, MissingCases int
	// Duplicates counts runs found more than once and agreeing (merged),
	// Conflicts those found more than once and disagreeing.
	Duplicates, Conflicts int
	// Superseded counts records not reusable under the report's limits (a
	// timeout re-run under a longer limit, say).
	Superseded int
	// Rerun counts harness failures (a worker killed from outside, say)
	// followed by a run of the same (case, solver, repeat): the failure
	// made no run, so the later one stands alone, as --resume takes it.
	Rerun int
	// Runs counts the runs found (each repeat one).
	Runs int
	// Cut lists the unfinished last lines skipped, as "FILE line N" (a
	// run killed while writing its record).
	Cut []string

	first string // where the first header was: "FILE line N"
	shard string // the first shard's "i/n" and where it was

	machines    []compare.MachineRun
	fileMachine map[string]string // file -> machine label
	firstFile   map[string]string // machine key -> first file measured on it
}

// addMachine notes the machine of header h of file fl: a CPU model other
// than the first file's is refused unless opt allows it.
func (m *Merged) addMachine(fl fileLog, h Header, opt MergeOptions) error {
	if h.Machine == nil {
		return nil
	}
	if m.fileMachine == nil {
		m.fileMachine, m.firstFile = map[string]string{}, map[string]string{}
	}
	var loadEnd []float64
	for _, f := range fl.log.Footers {
		// A resume that made no run measured nothing: its load is not
		// the measurement's.
		if f.Started.Equal(h.Started) && f.Runs > 0 {
			loadEnd = f.LoadEnd
		}
	}
	key := h.Machine.CPUKey() + "\x00" + h.Machine.Host
	for i := range m.machines {
		mr := &m.machines[i]
		if mr.Machine.CPUKey()+"\x00"+mr.Machine.Host == key {
			if loadEnd != nil {
				mr.LoadEnd = loadEnd // the latest comparison's end
			}
			m.fileMachine[fl.path] = mr.Label
			return nil
		}
		if mr.Machine.CPUKey() != h.Machine.CPUKey() && !opt.MixedMachines {
			return fmt.Errorf("%s was measured on %s, %s on %s: their times do not compare (--mixed-machines reports them side by side)",
				fl.path, h.Machine.CPUName(), m.firstFile[mr.Machine.CPUKey()+"\x00"+mr.Machine.Host], mr.Machine.CPUName())
		}
	}
	label := fmt.Sprintf("machine %d", len(m.machines)+1)
	m.machines = append(m.machines, compare.MachineRun{Machine: h.Machine, LoadEnd: loadEnd, Label: label})
	m.fileMachine[fl.path], m.firstFile[key] = label, fl.path
	return nil
}

// groupHeaders groups the headers of logs by puzzle, in order of first
// appearance, checking that each puzzle's headers are one comparison's
// (and its shards one split's), and notes each file's cut last line.
func groupHeaders(logs []fileLog, opt MergeOptions) ([]string, map[string]*Merged, error) {
	var puzzles []string
	byPuzzle := map[string]*Merged{}
	for _, fl := range logs {
		for k, h := range fl.log.Headers {
			where := fmt.Sprintf("%s line %d", fl.path, fl.log.HeaderLines[k])
			m, ok := byPuzzle[h.Puzzle]
			if !ok {
				m = &Merged{Header: h, first: where}
				byPuzzle[h.Puzzle] = m
				puzzles = append(puzzles, h.Puzzle)
			}
			if err := sameComparison(m.Header, h); err != nil {
				return nil, nil, fmt.Errorf("the %s comparison header at %s does not come from the same comparison as the one at %s (%w): give each comparison its own results file", h.Puzzle, where, m.first, err)
			}
			if err := m.sameShards(h, where); err != nil {
				return nil, nil, err
			}
			if !h.Started.Before(m.Header.Started) { // on a tie, the later in file order
				// The latest limits and repeats rule.
				m.Header.Limits, m.Header.Started = h.Limits, h.Started
				m.Header.Repeat, m.Header.Warmup, m.Header.Seed = h.Repeat, h.Warmup, h.Seed
			}
			if len(m.Files) == 0 || m.Files[len(m.Files)-1] != fl.path {
				m.Files = append(m.Files, fl.path)
			}
			if err := m.addMachine(fl, h, opt); err != nil {
				return nil, nil, err
			}
		}
		// A cut last line belongs to the file's last comparison.
		if n := len(fl.log.Headers); n > 0 {
			m := byPuzzle[fl.log.Headers[n-1].Puzzle]
			for _, line := range fl.log.CutLines {
				m.Cut = append(m.Cut, fmt.Sprintf("%s line %d", fl.path, line))
			}
		}
	}
	return puzzles, byPuzzle, nil
}

// sameShards refuses a shard of another count than the shards met
// before: shards 0/3, 1/3 and 2/4 are no split of one comparison.
func (m *Merged) sameShards(h Header, where string) error {
	if h.Shard == "" {
		return nil
	}
	if m.shard == "" {
		m.shard = h.Shard + " at " + where
		return nil
	}
	_, n, _ := strings.Cut(h.Shard, "/")
	first, at, _ := strings.Cut(m.shard, " at ")
	if _, n0, _ := strings.Cut(first, "/"); n != n0 {
		return fmt.Errorf("%s is shard %s, %s shard %s: the shards of one comparison split it the same way (--shard i/n with one n)", where, h.Shard, at, first)
	}
	return nil
}

// runFrom is a run record and the file it was read from.
type runFrom struct {
	rec  *RunRecord
	file string
}

// pick takes the n repeats of spec's run of a case (caseID, its key
// caseKey) from the records found
// (merging copies that agree, listing those that disagree), ready to be
// judged again; lost lists the repeats no file holds.
func (m *Merged) pick(runs map[string][]runFrom, caseID, caseKey, spec string, n int) (reps []compare.Run, lost, conflicts []string) {
	for rep := range n {
		found := runs[runKey(caseID, spec, rep)]
		if len(found) == 0 {
			found = runs[runKey(caseKey, spec, rep)] // written before 0.14.0
		}
		if len(found) == 0 {
			m.Missing++
			lost = append(lost, strconv.Itoa(rep))
			continue
		}
		m.Runs++
		found = m.dropRerun(found)
		first := found[0]
		for _, other := range found[1:] {
			if compare.SameRun(first.rec.Run, other.rec.Run) {
				m.Duplicates++
				continue
			}
			m.Conflicts++
			conflicts = append(conflicts, fmt.Sprintf("%s: the runs in %s and %s disagree: %s vs %s", spec, first.file, other.file, compare.DescribeRun(first.rec.Run), compare.DescribeRun(other.rec.Run)))
		}
		run := first.rec.Run
		run.Solver, run.Claim = spec, "" // labelled again (claims.go)
		switch run.Verdict {
		case compare.VerdictTimeout, compare.VerdictMemout, compare.VerdictError, compare.VerdictHarness:
		default:
			run.Verdict, run.Detail = "", "" // judged again below
		}
		reps = append(reps, run)
	}
	return reps, lost, conflicts
}

// dropRerun drops from found, the records of one run, the harness
// failures when a record made a run (a failure and its re-run are not a
// disagreement), and all but the last when every one is a failure.
func (m *Merged) dropRerun(found []runFrom) []runFrom {
	var made []runFrom
	for _, f := range found {
		if f.rec.Run.Verdict != compare.VerdictHarness {
			made = append(made, f)
		}
	}
	if len(made) == 0 {
		made = found[len(found)-1:]
	}
	m.Rerun += len(found) - len(made)
	return made
}

// runKey indexes a merge's runs: case identity (caseID), spec, repeat.
func runKey(caseKey, spec string, repeat int) string {
	return caseKey + "\x00" + spec + "\x00" + strconv.Itoa(repeat)
}

// MergeOptions say what a merge accepts.
type MergeOptions struct {
	// MixedMachines accepts files measured on different CPU models (else
	// refused: their times do not compare); the report then labels each
	// run with its machine and summarizes times per machine.
	MixedMachines bool
}

// fileLog is one results file read.
type fileLog struct {
	path string
	log  *ResultsLog
}

// MergeResultsWith reads the results files at paths (compare --results, perhaps
// shards of one comparison) and rebuilds each puzzle's report: headers
// must agree on the inputs, the solvers and gridsat's version; runs found
// in several files are merged when they agree and reported when they do
// not; every answer is judged again; runs no file holds are
// VerdictMissing. opt says what the merge accepts.
func MergeResultsWith(paths []string, opt MergeOptions) ([]*Merged, error) {
	logs, err := readLogs(paths)
	if err != nil {
		return nil, err
	}
	puzzles, byPuzzle, err := groupHeaders(logs, opt)
	if err != nil {
		return nil, err
	}
	var out []*Merged
	for _, name := range puzzles {
		m := byPuzzle[name]
		if err := m.merge(name, logs); err != nil {
			return nil, err
		}
		out = append(out, m)
	}
	if len(out) == 0 {
		return nil, errNoResults
	}
	return out, nil
}

// readLogs reads every results file at paths; each must exist and hold a
// comparison header.
func readLogs(paths []string) ([]fileLog, error) {
	var logs []fileLog
	for _, path := range paths {
		// readResults takes a missing file for an empty one (--resume
		// starts afresh); a report's input must exist.
		if _, err := os.Stat(path); err != nil {
			return nil, fmt.Errorf("reading results file: %w", err)
		}
		log, err := readResults(path)
		if err != nil {
			return nil, err
		}
		if len(log.Headers) == 0 {
			return nil, &instances.InputError{File: path, Msg: "no comparison header: not a gridsat results file, or empty"}
		}
		logs = append(logs, fileLog{path, log})
	}
	return logs, nil
}

// merge makes m's report of puzzle name from logs: a row per case
// recorded, in input order, of the runs the files hold.
func (m *Merged) merge(name string, logs []fileLog) error {
	p, err := compare.Lookup(name)
	if err != nil {
		return fmt.Errorf("%s: %w", strings.Join(m.Files, ", "), err)
	}
	order := casesOf(name, logs)
	runs := m.runsOf(name, logs)
	specs := make([]string, len(m.Header.Specs))
	uses := make([][]string, len(m.Header.Specs))
	for i, s := range m.Header.Specs {
		specs[i] = s.Text
		uses[i] = compare.SolverUses(p, s.Text, s.Options)
	}
	m.Report = compare.Report{Puzzle: p, Specs: specs, Timeout: m.Header.Limits.Timeout, Machines: m.machines, Seed: m.Header.Seed}
	seen := map[int]bool{}
	for _, c := range order {
		if seen[c.Order] {
			continue // the same case content twice at one position
		}
		seen[c.Order] = true
		row, err := m.mergeRow(p, c, specs, uses, runs)
		if err != nil {
			return err
		}
		m.Report.Rows = append(m.Report.Rows, row)
	}
	compare.JudgeTwins(p, m.Report.Rows)
	m.MissingCases = m.Header.Cases - len(seen)
	return nil
}

// casesOf are puzzle name's cases in logs, one per identity (caseID), in
// input order.
func casesOf(name string, logs []fileLog) []*CaseRecord {
	cases := map[string]*CaseRecord{}
	for _, fl := range logs {
		for k, c := range fl.log.Cases {
			if c.Puzzle == name {
				cases[k] = c
			}
		}
	}
	var order []*CaseRecord
	for _, c := range cases {
		order = append(order, c)
	}
	sort.Slice(order, func(i, j int) bool { return order[i].Order < order[j].Order })
	return order
}

// runsOf are puzzle name's runs in logs by case identity and spec text (and
// repeat: runKey); a record counts only if it stands for a run under the
// report's limits (the others are Superseded).
func (m *Merged) runsOf(name string, logs []fileLog) map[string][]runFrom {
	runs := map[string][]runFrom{}
	for _, fl := range logs {
		for _, r := range fl.log.Runs {
			if r.Puzzle != name {
				continue
			}
			r.Run = enforceTimeLimit(r.Run, r.Limits.Timeout)
			if r.Limits != m.Header.Limits && !reusable(r.Run, r.Limits, m.Header.Limits) {
				m.Superseded++
				continue
			}
			if len(m.machines) > 1 {
				r.Run.Machine = m.fileMachine[fl.path]
			}
			k := runKey(caseID(r.Key, r.Order), r.Spec, r.Run.Repeat)
			runs[k] = append(runs[k], runFrom{r, fl.path})
		}
	}
	return runs
}

// mergeRow is case c's row: each spec's run (or repeats) picked from the
// files, judged, its claims labelled; a run no file holds is missing, and
// records of one run that disagree across files are a problem.
func (m *Merged) mergeRow(p *compare.Puzzle, c *CaseRecord, specs []string, uses [][]string, runs map[string][]runFrom) (compare.Row, error) {
	parsed, err := p.Parse(c.File, strings.NewReader(c.Text))
	if err != nil || len(parsed) != 1 {
		return compare.Row{}, fmt.Errorf("%s: the case %s#%d recorded in the results does not parse: %v", strings.Join(m.Files, ", "), c.File, c.Case, err)
	}
	ic := parsed[0]
	ic.SetLocation(instances.Loc{File: c.File, Case: c.Case, Line: c.Line})
	row := compare.Row{CaseInfo: compare.CaseInfoOf(c.Set, c.File, ic), Input: ic, Runs: make([]compare.Run, len(specs))}
	conflicts, missing := m.pickRuns(&row, c, specs, runs)
	compare.JudgeRow(p, ic, &row)
	if len(conflicts) > 0 {
		// Before the labels: records of one run that disagree back
		// nothing, and the row is no cross-check.
		row.Problems = append(row.Problems, conflicts...)
		row.Agree = "NO"
	}
	compare.LabelClaims(p, uses, &row)
	row.Problems = append(row.Problems, missing...)
	for _, r := range row.Runs {
		if r.Verdict == compare.VerdictMissing {
			row.Problems = append(row.Problems, fmt.Sprintf("%s: missing: %s", r.Solver, r.Detail))
		}
	}
	return row, nil
}

// pickRuns fills in row's run of each spec (its repeats when the
// comparison repeated runs) from runs; conflicts are the records that
// disagree, missing the repeats no file holds.
func (m *Merged) pickRuns(row *compare.Row, c *CaseRecord, specs []string, runs map[string][]runFrom) (conflicts, missing []string) {
	n := max(m.Header.Repeat, 1)
	if n > 1 {
		row.Repeats = make([][]compare.Run, len(specs))
	}
	for i, spec := range specs {
		reps, lost, disagree := m.pick(runs, caseID(c.Key, &c.Order), c.Key, spec, n)
		conflicts = append(conflicts, disagree...)
		switch {
		case len(reps) == 0:
			row.Runs[i] = compare.Run{Solver: spec, Verdict: compare.VerdictMissing, Detail: "no results file holds this run"}
		case n == 1:
			row.Runs[i] = reps[0]
		default:
			row.Repeats[i] = reps
			if len(lost) > 0 {
				missing = append(missing, fmt.Sprintf("%s: missing: repeat %s of %d in no results file", spec, strings.Join(lost, ", "), n))
			}
		}
	}
	return conflicts, missing
}

// sameComparison checks that two headers describe one comparison (its
// shards, or its resumed runs): the same version, inputs and solvers.
func sameComparison(a, b Header) error {
	switch {
	case a.Version != b.Version:
		return fmt.Errorf("gridsat %s vs %s", a.Version, b.Version)
	case a.Inputs != b.Inputs || a.Cases != b.Cases:
		return fmt.Errorf("other inputs (%d cases, digest %s vs %d cases, digest %s)", a.Cases, a.Inputs, b.Cases, b.Inputs)
	case specList(a.Specs) != specList(b.Specs):
		return fmt.Errorf("other solvers (%s vs %s)", specList(a.Specs), specList(b.Specs))
	case !reflect.DeepEqual(a.Specs, b.Specs):
		return fmt.Errorf("other solver options (%s)", optionsDiff(a.Specs, b.Specs))
	case a.Limits.InProcess != b.Limits.InProcess:
		return fmt.Errorf("one ran in process (--inproc), the other in workers")
	}
	return nil
}

// optionsDiff names the first option that differs between two lists of
// the same solvers: "sat: proofs \"\" vs (absent)".
func optionsDiff(a, b []SpecRecord) string {
	for i := range a {
		names := slices.Sorted(maps.Keys(a[i].Options))
		for k := range b[i].Options {
			if _, ok := a[i].Options[k]; !ok {
				names = append(names, k)
			}
		}
		for _, k := range names {
			va, oka := a[i].Options[k]
			vb, okb := b[i].Options[k]
			if va != vb || oka != okb {
				return fmt.Sprintf("%s: %s %s vs %s", a[i].Text, k, optionValue(va, oka), optionValue(vb, okb))
			}
		}
	}
	return "?"
}

func optionValue(v string, ok bool) string {
	if !ok {
		return "(absent)"
	}
	return strconv.Quote(v)
}

func specList(specs []SpecRecord) string {
	var t []string
	for _, s := range specs {
		t = append(t, s.Text)
	}
	return strings.Join(t, ",")
}
