package compare

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
)

// A hard case can be cut into parts (gridsat split, Puzzle.Split), each a
// case of its own that compare runs like any other, on any machine; the
// report joins them back (JoinParts): the case's answer is the least of
// its parts' answers, given only when every part is there and settled,
// and its claim is backed only as strongly as the weakest part's.

// SplitConfig says how to cut a case: into at most Jobs parts, each
// looking for answers of at most Bound (-1: the puzzle's own bound, such
// as queens' greedy cover). Estimate > 0 (queens only) writes, instead of
// the parts, each part's estimated size from that many random probes of
// its search (backtrack.WriteQueensEstimates).
type SplitConfig struct {
	Jobs     int
	Bound    int
	Estimate int
}

// PartOf says which part of which case a case is.
type PartOf struct {
	// Parent identifies the whole case (a hash of its text); Index is the
	// part's number, 1..Count; Bound the most the part looks for.
	Parent       string
	Index, Count int
	Bound        int
	// Split is the split's identity, the same on all its parts ("" on
	// parts written without one): parts of two splits never join.
	Split string
	// Jobs is the --jobs the split was made with, 0 when its parts do
	// not say (the join then tries the values from Count up).
	Jobs int
	// Cover, when not 0, is the size of an answer of the whole case the
	// split found and every part carries (checked when the part was
	// read): Bound+1, the answer when no part has one.
	Cover int
	// ByAnswer says the parts' answers are compared as answers, not by
	// Value alone: among parts of equal Value the smallest answer is the
	// case's (chain: the lexicographically smallest path), and there is
	// no bound.
	ByAnswer bool
	// Solutions says the parts' answers are solutions of the whole case,
	// each in one part only (slant): the join gives one, no solution only
	// when no part has one, unique only when exactly one part has
	// solutions and found no second (join_solutions.go); no bound.
	Solutions bool
}

// Join is the answer a report puts together from a split case's parts.
type Join struct {
	Parent              string
	Count, Bound, Cover int
	// Where names the first part's row (set/file#case).
	Where string
	// Missing are the parts no row holds; Unsettled the parts whose runs
	// all stopped short (timeout, error, missing record) in every row
	// that holds them, Failed those with a wrong answer or whose runs
	// disagree, in one row or across the rows of one part (two results
	// files, two copies of the parts file), each by number. (A
	// part settled by one solver while another's run is missing or failed
	// is settled: the report lists that run's problem, and its claim is
	// then backed only by the solver that settled it.)
	Missing, Unsettled, Failed []int
	// Value is the least of the parts' answers, -1 when no part has one
	// within the bound (the answer is then Cover, if the split found one);
	// Best is the part that has it (0 with -1).
	Value, Best int
	// Answer is the Best part's answer; among parts of equal Value, the
	// smallest.
	Answer string
	// ByAnswer is the parts' PartOf.ByAnswer: String says Answer.
	ByAnswer bool
	// Solutions is the parts' PartOf.Solutions; Solved lists the parts
	// with a solution, Seconds those that found a second one, by number;
	// Undecided is set when a part with a solution did not decide its
	// uniqueness (join_solutions.go).
	Solutions       bool
	Solved, Seconds []int
	Undecided       bool
	// Claim is the weakest label of the parts' claims (ClaimLabels), ""
	// when no part claims anything a verifier cannot check.
	Claim string
	// Err is a part whose answer could not be read.
	Err error
	// Foreign names the part rows that are not the parts a split of the
	// whole case makes again (join_derive.go), and Disagree the whole-case
	// rows whose answer differs from the join's: the join fails.
	Foreign, Disagree []string

	parts map[int]*partState // by part number, while the rows are added
	split string             // the parts' PartOf.Split
}

// Complete reports whether every part is there, settled and unfailed.
func (j Join) Complete() bool {
	return len(j.Missing) == 0 && len(j.Unsettled) == 0 && len(j.Failed) == 0 && j.Err == nil && len(j.Foreign) == 0
}

// Fails reports whether the join fails the report: it is incomplete, or
// a whole-case row disagrees with it.
func (j Join) Fails() bool { return !j.Complete() || len(j.Disagree) > 0 }

// String says the join in one line.
func (j Join) String() string {
	head := fmt.Sprintf("joined %s (%d parts, bound %d, from %s): ", j.Parent, j.Count, j.Bound, j.Where)
	if j.ByAnswer || j.Solutions {
		head = fmt.Sprintf("joined %s (%d parts, from %s): ", j.Parent, j.Count, j.Where)
	}
	if !j.Complete() {
		var why []string
		for _, l := range []struct {
			what  string
			parts []int
		}{{"missing", j.Missing}, {"unsettled", j.Unsettled}, {"failed", j.Failed}} {
			if len(l.parts) > 0 {
				why = append(why, l.what+" "+partList(l.parts, j.Count))
			}
		}
		if j.Err != nil {
			why = append(why, j.Err.Error())
		}
		why = append(why, j.Foreign...)
		return head + "no answer: " + strings.Join(why, "; ")
	}
	if len(j.Disagree) > 0 {
		head += "DISAGREES with the whole case (" + strings.Join(j.Disagree, "; ") + "): "
	}
	claim := j.Claim
	if claim == "" {
		claim = "nothing to back"
	}
	if j.Solutions {
		return head + j.solutionsString() + " (" + claim + ")"
	}
	if j.ByAnswer {
		if j.Value < 0 {
			return head + fmt.Sprintf("-1: no part has an answer (%s)", claim)
		}
		return head + fmt.Sprintf("%s, in part %d/%d (%s)", j.Answer, j.Best, j.Count, claim)
	}
	if j.Value < 0 && j.Cover > 0 {
		return head + fmt.Sprintf("%d, the split's own answer: no part has one of at most %d (%s)", j.Cover, j.Bound, claim)
	}
	if j.Value < 0 {
		return head + fmt.Sprintf("no part has an answer of at most %d: the case's is more than %d (%s)", j.Bound, j.Bound, claim)
	}
	return head + fmt.Sprintf("%d, in part %d/%d (%s)", j.Value, j.Best, j.Count, claim)
}

// partList names parts: "part 3/64, part 9/64".
func partList(parts []int, count int) string {
	names := make([]string, len(parts))
	for i, p := range parts {
		names[i] = fmt.Sprintf("part %d/%d", p, count)
	}
	return strings.Join(names, ", ")
}

// JoinParts joins the parts among r's rows, one Join per split case, in
// the order their first part appears. Rows that are no part are left out.
func JoinParts(r *Report) []Join {
	p := r.Puzzle
	if p == nil || p.PartOf == nil || p.Value == nil {
		return nil
	}
	var order []string
	joins := map[string]*Join{}
	seen := map[string]map[int]bool{}
	partRows := map[string][]*Row{}
	for i := range r.Rows {
		row := &r.Rows[i]
		if row.Input == nil {
			continue
		}
		part, ok := p.PartOf(row.Input)
		if !ok {
			continue
		}
		j := joins[part.Parent]
		if j == nil {
			j = &Join{Parent: part.Parent, Count: part.Count, Bound: part.Bound, Cover: part.Cover, Where: row.Where(), Value: -1, ByAnswer: part.ByAnswer, Solutions: part.Solutions, split: part.Split}
			joins[part.Parent], seen[part.Parent] = j, map[int]bool{}
			order = append(order, part.Parent)
		}
		if part.Split != j.split {
			j.Err = fmt.Errorf("%s is part %d/%d of split %s, the others of split %s: parts of two splits", row.Where(), part.Index, part.Count, splitName(part.Split), splitName(j.split))
			continue
		}
		if part.Count != j.Count || part.Bound != j.Bound || part.Cover != j.Cover {
			j.Err = fmt.Errorf("%s is part %d/%d with bound %d, the others of %d with bound %d: parts of two splits", row.Where(), part.Index, part.Count, part.Bound, j.Count, j.Bound)
			continue
		}
		seen[part.Parent][part.Index] = true
		partRows[part.Parent] = append(partRows[part.Parent], row)
		j.addRow(p, part.Index, row)
	}
	out := make([]Join, 0, len(order))
	for _, parent := range order {
		j := joins[parent]
		for i := 1; i <= j.Count; i++ {
			if !seen[parent][i] {
				j.Missing = append(j.Missing, i)
			}
		}
		j.settleParts()
		j.settleSolutions()
		j.derive(p, partRows[parent], r.Rows)
		out = append(out, *j)
	}
	return out
}

// partState is what the rows of one part say, gathered before the join
// counts the part: a part may come in several rows (two results files,
// two copies of the parts file), and rows that settle it differently are
// a disagreement, never a silent pick.
type partState struct {
	failed, settled bool
	// key is the part's settled outcome (queens: its value; chain: its
	// path or -1; slant: whether it has a solution); value and answer
	// its best answer; claim its best-backed run's claim.
	key    string
	value  int
	answer string
	claim  string
	// claimed: claim is set (from a run that claims what the join needs).
	claimed bool
	// solved, second, decided: slant's solution, a second one, and
	// whether a run decided the part's uniqueness (unique: one that
	// found no second).
	solved, second, decided, unique bool
}

// addRow adds part index's row to j's parts.
func (j *Join) addRow(p *Puzzle, index int, row *Row) {
	if j.parts == nil {
		j.parts = map[int]*partState{}
	}
	st := j.parts[index]
	if st == nil {
		st = &partState{value: -1}
		j.parts[index] = st
	}
	if row.Agree == "NO" || slices.ContainsFunc(row.Runs, func(r Run) bool { return r.Verdict == VerdictWrong }) {
		st.failed = true
		return
	}
	for _, run := range row.Runs {
		if !run.Verdict.Solved() {
			continue
		}
		v, err := p.Value(run.Result)
		if err != nil {
			j.Err = fmt.Errorf("part %d/%d (%s): %w", index, j.Count, row.Where(), err)
			return
		}
		j.addRun(st, v, run)
	}
}

// addRun adds a settled run of value v to st, failing the part when the
// run's outcome differs from an earlier run's.
func (j *Join) addRun(st *partState, v int, run Run) {
	key := strconv.Itoa(v)
	switch {
	case j.Solutions:
		key = strconv.FormatBool(v >= 0)
	case j.ByAnswer && v >= 0:
		key = run.Result.Answer
	}
	if st.settled && key != st.key {
		st.failed = true // two runs of one part settle it differently
	}
	// The part's claim is its best-backed run's, among the runs that
	// claim what the join's answer rests on: a solution whose uniqueness
	// a run did not decide claims nothing, and backs no "unique".
	if !(j.Solutions && run.Result.Solved && !run.Result.UniqueChecked) &&
		(!st.claimed || claimRank(run.Claim) < claimRank(st.claim)) {
		st.claim, st.claimed = run.Claim, true
	}
	st.settled, st.key = true, key
	if v >= 0 && (st.answer == "" || run.Result.Answer < st.answer) {
		st.value, st.answer = v, run.Result.Answer
	}
	if j.Solutions && run.Result.Solved {
		st.solved = true
		st.second = st.second || run.Result.Second != ""
		st.decided = st.decided || run.Result.UniqueChecked
		st.unique = st.unique || run.Result.UniqueChecked && run.Result.Second == ""
		if st.second && st.unique {
			st.failed = true // one run found a second solution, another said none
		}
	}
}

// settleParts counts each part once its rows are all added, in order:
// failed, unsettled, or settled with its answer.
func (j *Join) settleParts() {
	indices := slices.Sorted(maps.Keys(j.parts))
	for _, index := range indices {
		st := j.parts[index]
		switch {
		case st.failed:
			j.Failed = append(j.Failed, index)
			continue
		case !st.settled:
			j.Unsettled = append(j.Unsettled, index)
			continue
		}
		if st.value >= 0 && (j.Best == 0 || st.value < j.Value || st.value == j.Value && st.answer < j.Answer) {
			j.Value, j.Best, j.Answer = st.value, index, st.answer
		}
		if j.Solutions {
			j.addSolutions(index, st)
		}
		if claimRank(st.claim) > claimRank(j.Claim) {
			j.Claim = st.claim // the join is backed as weakly as its weakest part
		}
	}
}

// splitName names a split's identity, "none" for parts without one.
func splitName(id string) string {
	if id == "" {
		return "none"
	}
	return id
}

// claimRank orders claim labels, the strongest (no claim at all) first.
func claimRank(label string) int {
	if label == "" {
		return -1
	}
	return slices.Index(ClaimLabels, label)
}
