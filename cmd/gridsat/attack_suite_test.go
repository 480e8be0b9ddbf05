package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/gridsat/gridsat/compare"
	"github.com/gridsat/gridsat/compare/harness"
	"github.com/gridsat/gridsat/instances"
)

// The attack suite (issue 29): real results files, kept proofs and split
// parts, mutated as a careless or hostile colleague could, each reported
// again with every check on (report --proofs --recheck). An oracle solves
// every case again (the dfs, in process) and the suite asserts that
// report never marks a wrong answer stronger than claimed (certified,
// certified when run, by a bound, cross-checked) and never exits 0 with a
// wrong answer; and, for the mutations that break a run's proofs, that
// the run is not certified (✓✓). It counts the mutations it tried.

// attackFixture is one comparison to attack: its results file and kept
// proofs (in dir), and the oracle's result of each case, by "file#case".
type attackFixture struct {
	puzzle string
	p      *compare.Puzzle
	dir    string
	oracle map[string]compare.Result
}

// newAttackFixture runs compare --certify --proofs on input (a file's
// text, or a set's name) with the sat solver and solves each case again
// for the oracle.
func newAttackFixture(t *testing.T, puzzle, input string, more ...string) *attackFixture {
	t.Helper()
	p, err := compare.Lookup(puzzle)
	if err != nil {
		t.Fatal(err)
	}
	fx := &attackFixture{puzzle: puzzle, p: p, dir: t.TempDir(), oracle: map[string]compare.Result{}}
	in := input
	if strings.Contains(input, "\n") {
		in = filepath.Join(fx.dir, "in.txt")
		os.WriteFile(in, []byte(input), 0o644)
	}
	args := append([]string{"compare", puzzle, in, "--solvers", "sat", "--inproc", "--certify",
		"--proofs", filepath.Join(fx.dir, "proofs"), "--results", filepath.Join(fx.dir, "runs.jsonl")}, more...)
	if out, stderr, code := gridsat(t, "", args...); code != 0 {
		t.Fatalf("compare: exit %d\n%s\n%s", code, out, stderr)
	}
	unique := compare.Options{}
	if slices.Contains(more, "--unique") {
		unique["unique"] = "true"
	}
	editRecords(t, filepath.Join(fx.dir, "runs.jsonl"), func(_ int, rec *harness.Record) {
		if rec.Kind != "case" {
			return
		}
		cs, err := p.Parse(rec.Case.File, strings.NewReader(rec.Case.Text))
		if err != nil || len(cs) != 1 {
			t.Fatalf("the oracle cannot read %s#%d: %v", rec.Case.File, rec.Case.Case, err)
		}
		res, err := p.Solvers[0].Solve(cs[0], unique)
		if err != nil {
			t.Fatal(err)
		}
		fx.oracle[fmt.Sprintf("%s#%d", rec.Case.File, rec.Case.Case)] = res
	})
	return fx
}

// copyTo copies the fixture's files into a new folder and returns the
// results file and proofs folder there.
func (fx *attackFixture) copyTo(t *testing.T) (runs, proofs string) {
	t.Helper()
	dir := t.TempDir()
	err := filepath.Walk(fx.dir, func(path string, info os.FileInfo, err error) error {
		if err != nil || info.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(fx.dir, path)
		os.MkdirAll(filepath.Join(dir, filepath.Dir(rel)), 0o755)
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dir, rel), b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	return filepath.Join(dir, "runs.jsonl"), filepath.Join(dir, "proofs")
}

// wrong says whether a finished run's result is not the case's as the
// oracle solves it: another count of queens, another path, a solution
// where there is none (or none where there is one), or unique where the
// oracle finds a second.
func (fx *attackFixture) wrong(where string, r compare.Result) bool {
	o, ok := fx.oracle[where]
	if !ok {
		return false // a case the mutation renamed: the report refuses it or names it
	}
	switch fx.puzzle {
	case "queens":
		_, a, errA := instances.ParseQueensAnswer(r.Answer)
		_, b, _ := instances.ParseQueensAnswer(o.Answer)
		return errA != nil || a != b
	case "chain":
		return r.Answer != o.Answer
	}
	return r.Solved != o.Solved || r.Solved && r.UniqueChecked && r.Second == "" && o.Second != ""
}

// strongLabels are the labels a wrong answer must never carry.
var strongLabels = []string{compare.ClaimCertified, compare.ClaimCertifiedWhenRun, compare.ClaimBound, compare.ClaimCrossChecked}

// attackResult is what report made of one mutation.
type attackResult struct {
	code int
	rows []compare.Row
}

// judge reports the mutated files and checks the report against the
// oracle; it returns what report said.
func (fx *attackFixture) judge(t *testing.T, name, runs, proofs string) attackResult {
	t.Helper()
	rows, code, stderr := fx.report(t, name, runs, "--proofs", proofs, "--recheck")
	for _, w := range fx.wrongRuns(rows) {
		if slices.Contains(strongLabels, w.run.Claim) {
			t.Errorf("%s: %s: the wrong answer %q is labelled %s", name, w.where, w.run.Result.Answer, w.run.Claim)
		}
		if code == 0 {
			t.Errorf("%s: %s: the wrong answer %q (%s), exit 0\n%s", name, w.where, w.run.Result.Answer, w.run.Claim, stderr)
		}
	}
	fx.judgeBare(t, name, runs)
	return attackResult{code: code, rows: rows}
}

// judgeBare reports the mutated results file alone, with no check asked
// for (no --proofs, no --recheck), and checks that no wrong answer gets a
// label stronger than claimed: what the file says of itself (that a run
// was certified when run) is no label. Exit 0 is fine here: a claimed
// wrong answer is only a claim until a check is asked for.
func (fx *attackFixture) judgeBare(t *testing.T, name, runs string) {
	t.Helper()
	rows, _, _ := fx.report(t, name+": report alone", runs)
	for _, w := range fx.wrongRuns(rows) {
		if slices.Contains(strongLabels, w.run.Claim) {
			t.Errorf("%s: report alone: %s: the wrong answer %q is labelled %s", name, w.where, w.run.Result.Answer, w.run.Claim)
		}
	}
}

// report runs gridsat report with args and returns its rows (none when it
// refuses the files as bad input), its exit status and its stderr.
func (fx *attackFixture) report(t *testing.T, name string, args ...string) (rows []compare.Row, code int, stderr string) {
	t.Helper()
	out, stderr, code := gridsat(t, "", append(append([]string{"report"}, args...), "--format", "json")...)
	if code == exitUsage {
		return nil, code, stderr // refused as bad input
	}
	var rep struct {
		Rows []compare.Row `json:"rows"`
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("%s: report: exit %d, JSON %v\n%s\n%s", name, code, err, out, stderr)
	}
	return rep.Rows, code, stderr
}

// wrongRun is a finished run whose answer the oracle refutes, and where.
type wrongRun struct {
	where string
	run   compare.Run
}

// wrongRuns are the finished runs of rows the oracle refutes.
func (fx *attackFixture) wrongRuns(rows []compare.Row) []wrongRun {
	var out []wrongRun
	for _, row := range rows {
		where := fmt.Sprintf("%s#%d", row.File, row.Case)
		for _, run := range row.Runs {
			if run.Verdict.Solved() && fx.wrong(where, run.Result) {
				out = append(out, wrongRun{where, run})
			}
		}
	}
	return out
}

// certified reports whether res labels certified the run of row where.
func (res attackResult) certified(where string) bool {
	for _, row := range res.rows {
		if fmt.Sprintf("%s#%d", row.File, row.Case) == where {
			for _, run := range row.Runs {
				if run.Claim == compare.ClaimCertified {
					return true
				}
			}
		}
	}
	return false
}

// keptClaims lists the kept claims' JSON files of proofs, sorted.
func keptClaims(proofs string) []string {
	kept, _ := filepath.Glob(filepath.Join(proofs, "*.json"))
	slices.Sort(kept)
	return kept
}

// claimWhere is the "file#case" a kept claim names, and its JSON.
func claimWhere(t *testing.T, path string) (string, map[string]any) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	return fmt.Sprintf("%v#%v", m["file"], m["case"]), m
}

// writeJSON writes m to path.
func writeJSON(t *testing.T, path string, m map[string]any) {
	t.Helper()
	b, err := json.MarshalIndent(m, "", " ")
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(path, b, 0o644)
}

// editClaimAnswers sets every kept claim's answer of case where to answer.
func editClaimAnswers(t *testing.T, proofs, where, answer string) {
	for _, k := range keptClaims(proofs) {
		if w, m := claimWhere(t, k); w == where {
			m["answer"] = answer
			writeJSON(t, k, m)
		}
	}
}

// editOneRun edits one run record of the results file: a random sat run
// (where names its case), by edit; false when edit does not apply.
func editOneRun(t *testing.T, rng *rand.Rand, runs string, edit func(r *harness.RunRecord) bool) (where string, ok bool) {
	var n int
	editRecords(t, runs, func(_ int, rec *harness.Record) {
		if rec.Kind == "run" {
			n++
		}
	})
	pick, i := rng.Intn(max(n, 1)), 0
	editRecords(t, runs, func(_ int, rec *harness.Record) {
		if rec.Kind != "run" {
			return
		}
		if i == pick {
			where, ok = fmt.Sprintf("%s#%d", rec.Run.File, rec.Run.Case), edit(rec.Run)
		}
		i++
	})
	return where, ok
}

// answerEdit is the record edit that make a run's answer wrong while
// its verifier still accepts it: one queen more, on a free square; no
// path or no solution where there is one; unique where the run found a
// second solution.
func answerEdit(puzzle string, rng *rand.Rand) func(r *harness.RunRecord) bool {
	return func(rec *harness.RunRecord) bool {
		r := &rec.Run.Result
		switch {
		case puzzle == "queens" && r.Solved:
			head, n, ok := strings.Cut(r.Answer, ": ")
			v, err := strconv.Atoi(n)
			free := []int{}
			for i, ch := range r.Witness {
				if ch == '.' || ch == 'X' {
					free = append(free, i)
				}
			}
			if !ok || err != nil || len(free) == 0 {
				return false
			}
			w := []byte(r.Witness)
			w[free[rng.Intn(len(free))]] = 'Q'
			r.Answer, r.Witness = head+": "+strconv.Itoa(v+1), string(w)
		case puzzle == "chain" && r.Solved:
			r.Solved, r.Answer, r.Witness = false, instances.ChainNoPath, ""
		case puzzle == "slant" && r.Second != "":
			r.Second = ""
		case puzzle == "slant" && r.Solved:
			r.Solved, r.Answer, r.Witness, r.UniqueChecked, r.Second = false, "", "", false, ""
		default:
			return false
		}
		return true
	}
}

// fieldEdit is a random edit of one field of a run record.
func fieldEdit(rng *rand.Rand) func(r *harness.RunRecord) bool {
	return func(rec *harness.RunRecord) bool {
		r := &rec.Run
		switch rng.Intn(7) {
		case 0:
			r.Certified = !r.Certified
		case 1:
			r.Result.Certified = !r.Result.Certified
		case 2:
			r.Result.UniqueChecked = !r.Result.UniqueChecked
		case 3:
			r.Verdict = []compare.Verdict{"", "ok", "unsat", "bogus", "timeout", "WRONG"}[rng.Intn(6)]
		case 4:
			r.CPU = time.Duration([]int64{-1, 1 << 62, rng.Int63n(1 << 40)}[rng.Intn(3)])
		case 5:
			rec.Case += 1 + rng.Intn(3)
		default:
			r.Result.Stats = append(r.Result.Stats, compare.Stat{Name: "proof_claims", Value: int64(rng.Intn(40))})
		}
		return true
	}
}

// TestAttackSuite applies every mutation kind, several times each with
// random choices, to real comparisons of the three puzzles, and checks
// each report against the oracle.
func TestAttackSuite(t *testing.T) {
	q8 := "8 8\n" + strings.Repeat("XXXXXXXX\n", 8)
	fixtures := []*attackFixture{
		newAttackFixture(t, "queens", strings.TrimSuffix(q6, "0\n")+q8+"6 6\n.XXXX.\n..X...\nX...XX\n......\n..XX..\n.....X\n0\n"),
		newAttackFixture(t, "chain", "sample"),
		newAttackFixture(t, "slant", "sample", "--unique"),
	}
	rng := rand.New(rand.NewSource(29))
	tried, refused := map[string]int{}, 0
	const each = 8
	for _, fx := range fixtures {
		for _, m := range attackMutations(t, fx) {
			for range each {
				runs, proofs := fx.copyTo(t)
				name := fx.puzzle + ": " + m.name
				where, ok := m.apply(rng, runs, proofs)
				if !ok {
					continue
				}
				tried[m.name]++
				res := fx.judge(t, name, runs, proofs)
				if res.code != 0 {
					refused++
				}
				if m.breaksProofs && where != "" && res.certified(where) {
					t.Errorf("%s: %s is certified (✓✓) with its kept proofs broken", name, where)
				}
			}
		}
	}
	tried["forged split parts"] = forgedPartsAttack(t, rng, 10)
	total := 0
	for _, n := range tried {
		total += n
	}
	t.Logf("attack suite: %d mutations tried (%v), %d reports refused or failed, none let a wrong answer through", total, tried, refused)
	if total < 100 {
		t.Errorf("%d mutations tried; the suite wants at least 100", total)
	}
}

// attackMutation is one kind of mutation: apply edits a copy of a
// fixture's files, returning the case it broke ("" when none in
// particular) and false when it does not apply; breaksProofs says the
// case's run must not be certified afterwards.
type attackMutation struct {
	name         string
	apply        func(rng *rand.Rand, runs, proofs string) (string, bool)
	breaksProofs bool
}

// attackMutations are the mutation kinds for fx.
func attackMutations(t *testing.T, fx *attackFixture) []attackMutation {
	claimEdit := func(edit func(rng *rand.Rand, m map[string]any) bool) func(*rand.Rand, string, string) (string, bool) {
		return func(rng *rand.Rand, _, proofs string) (string, bool) {
			kept := keptClaims(proofs)
			if len(kept) == 0 {
				return "", false
			}
			k := kept[rng.Intn(len(kept))]
			where, m := claimWhere(t, k)
			if !edit(rng, m) {
				return "", false
			}
			writeJSON(t, k, m)
			return where, true
		}
	}
	return []attackMutation{
		{name: "answer made wrong", apply: func(rng *rand.Rand, runs, _ string) (string, bool) {
			return editOneRun(t, rng, runs, answerEdit(fx.puzzle, rng))
		}},
		{name: "answer made wrong, claims' answers too", apply: func(rng *rand.Rand, runs, proofs string) (string, bool) {
			var answer string
			where, ok := editOneRun(t, rng, runs, func(r *harness.RunRecord) bool {
				old := r.Run.Result.Answer
				ok := answerEdit(fx.puzzle, rng)(r)
				answer = r.Run.Result.Answer
				if ok {
					editClaimAnswers(t, proofs, fmt.Sprintf("%s#%d", r.File, r.Case), answer)
				}
				return ok && (answer != old || fx.puzzle == "slant")
			})
			return where, ok
		}, breaksProofs: false},
		{name: "record field edited", apply: func(rng *rand.Rand, runs, _ string) (string, bool) {
			return editOneRun(t, rng, runs, fieldEdit(rng))
		}},
		{name: "claim dropped", breaksProofs: true, apply: func(rng *rand.Rand, _, proofs string) (string, bool) {
			kept := keptClaims(proofs)
			if len(kept) == 0 {
				return "", false
			}
			k := kept[rng.Intn(len(kept))]
			where, _ := claimWhere(t, k)
			os.Remove(k)
			return where, true
		}},
		{name: "claim copied over another", breaksProofs: true, apply: func(rng *rand.Rand, _, proofs string) (string, bool) {
			kept := keptClaims(proofs)
			if len(kept) < 2 {
				return "", false
			}
			a, b := rng.Intn(len(kept)), rng.Intn(len(kept)-1)
			if b >= a {
				b++
			}
			where, _ := claimWhere(t, kept[b])
			data, _ := os.ReadFile(kept[a])
			os.WriteFile(kept[b], data, 0o644)
			return where, true
		}},
		{name: "two claims swapped", apply: func(rng *rand.Rand, _, proofs string) (string, bool) {
			kept := keptClaims(proofs)
			if len(kept) < 2 {
				return "", false
			}
			a, b := kept[rng.Intn(len(kept))], kept[rng.Intn(len(kept))]
			da, _ := os.ReadFile(a)
			db, _ := os.ReadFile(b)
			os.WriteFile(a, db, 0o644)
			os.WriteFile(b, da, 0o644)
			return "", true
		}},
		{name: "claim's answer, k, share, options or case edited", breaksProofs: true, apply: claimEdit(func(rng *rand.Rand, m map[string]any) bool {
			switch rng.Intn(5) {
			case 0:
				m["answer"] = fmt.Sprint(m["answer"]) + "0"
			case 1:
				q, ok := m["queens"].(map[string]any)
				if !ok {
					return false
				}
				q["k"] = q["k"].(float64) - 1
			case 2:
				q, ok := m["queens"].(map[string]any)
				share, _ := q["share"].([]any)
				if !ok || len(share) != 4 || share[0] == share[1] {
					return false
				}
				share[0], share[1] = share[1], share[0]
			case 3:
				o, _ := m["options"].(map[string]any)
				if o == nil {
					o = map[string]any{}
				}
				o["backend"] = "gini"
				m["options"] = o
			default:
				m["case"] = m["case"].(float64) + 1
			}
			return true
		})},
		{name: "kept CNF or proof line dropped", apply: func(rng *rand.Rand, _, proofs string) (string, bool) {
			files, _ := filepath.Glob(filepath.Join(proofs, "*.[cd][nr][fa]*"))
			if len(files) == 0 {
				return "", false
			}
			f := files[rng.Intn(len(files))]
			b, _ := os.ReadFile(f)
			lines := bytes.Split(b, []byte("\n"))
			if len(lines) < 3 {
				return "", false
			}
			i := 1 + rng.Intn(len(lines)-2)
			os.WriteFile(f, bytes.Join(append(lines[:i:i], lines[i+1:]...), []byte("\n")), 0o644)
			return "", true
		}},
	}
}

// forgedPartsAttack splits issue 29's queens board, a chain board and
// slant's sample, edits one part at random (a square banned or forced,
// the bound, a prefix, a fixed cell) with its sum recomputed, n times each, and checks that report
// never exits 0 on the forged parts; it returns the mutations tried.
func forgedPartsAttack(t *testing.T, rng *rand.Rand, n int) int {
	tried, unparsed := 0, 0
	defer func() {
		t.Logf("forged split parts: %d tried, %d refused by the parser, the rest by the join", tried, unparsed)
	}()
	for _, puzzle := range []string{"queens", "chain", "slant"} {
		dir := t.TempDir()
		whole := filepath.Join(dir, "whole.txt")
		args := []string{"--jobs", "4"}
		switch puzzle {
		case "queens":
			os.WriteFile(whole, []byte(q6), 0o644)
			args = append(args, "--bound", "3")
		case "slant":
			b, _ := os.ReadFile(filepath.Join("..", "..", "instances", "sets", "slant", "sample.txt"))
			os.WriteFile(whole, b, 0o644)
		default:
			out, _, _ := gridsat(t, "", "gen", "chain", "--size", "5", "--seed", "7", "--count", "1")
			os.WriteFile(whole, []byte(out), 0o644)
		}
		for range n {
			forged := forgeParts(t, puzzle, whole, func(parts string) []byte {
				return forgeOnePart(t, rng, puzzle, parts)
			}, args...)
			runs := filepath.Join(t.TempDir(), "r.jsonl")
			_, _, code := gridsat(t, "", "compare", puzzle, whole, forged, "--solvers", "dfs", "--inproc", "--unique", "--results", runs)
			tried++
			if code == exitUsage {
				unparsed++
				continue // the forged part does not parse
			}
			if out, stderr, code := gridsat(t, "", "report", runs); code == 0 {
				t.Errorf("%s: forged parts reported with exit 0\n%s\n%s", puzzle, out, stderr)
			}
		}
	}
	return tried
}

// forgeOnePart edits one part of the parts file at random and writes the
// parts again, their sums recomputed.
func forgeOnePart(t *testing.T, rng *rand.Rand, puzzle, parts string) []byte {
	b, err := os.ReadFile(parts)
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	switch puzzle {
	case "queens":
		qs, err := instances.ParseQueens(parts, bytes.NewReader(b))
		if err != nil {
			t.Fatal(err)
		}
		q := qs[rng.Intn(len(qs))].Part
		switch s := rng.Intn(len(q.Banned)); rng.Intn(3) {
		case 0:
			q.Banned[s], q.Forced[s] = !q.Banned[s], false
		case 1:
			q.Forced[s], q.Banned[s] = !q.Forced[s], false
		default:
			q.Bound--
			q.Cover = nil
		}
		instances.FormatQueens(&out, qs)
	case "slant":
		ss, err := instances.ParseSlant(parts, bytes.NewReader(b))
		if err != nil {
			t.Fatal(err)
		}
		s := ss[rng.Intn(len(ss))]
		fixed := s.Part.Fixed
		switch i := rng.Intn(len(fixed) + 1); {
		case i < len(fixed) && rng.Intn(2) == 0:
			fixed[i].Diag = map[byte]byte{'/': '\\', '\\': '/'}[fixed[i].Diag]
		case i < len(fixed):
			s.Part.Fixed = append(fixed[:i:i], fixed[i+1:]...)
		default:
			s.Part.Fixed = append(fixed, instances.SlantCell{Cell: rng.Intn(s.W * s.H), Diag: "/\\"[rng.Intn(2)]})
		}
		instances.FormatSlant(&out, ss)
	default:
		cs, err := instances.ParseChain(parts, bytes.NewReader(b))
		if err != nil {
			t.Fatal(err)
		}
		c := cs[rng.Intn(len(cs))].Part
		if len(c.Prefix) > 0 && rng.Intn(2) == 0 {
			c.Prefix = c.Prefix[:len(c.Prefix)-1]
		} else {
			c.Prefix = append(c.Prefix, rng.Intn(8))
		}
		instances.FormatChain(&out, cs)
	}
	return out.Bytes()
}
