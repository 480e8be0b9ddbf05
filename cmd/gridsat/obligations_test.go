package main

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/gridsat/gridsat/compare"
	"github.com/gridsat/gridsat/compare/harness"
)

// q6 is issue 29's board: optimum 3, proved by SAT (the bounds say 2).
const q6 = "6 6\nXX....\n..X.X.\nX..X..\nX..XX.\nXXX.X.\nX..X.X\n0\n"

// certifiedRun runs compare --certify --proofs on input (a queens board
// text) and returns the results file and the proofs folder.
func certifiedRun(t *testing.T, puzzle, input string, more ...string) (runs, proofs string) {
	t.Helper()
	dir := t.TempDir()
	in := filepath.Join(dir, "in.txt")
	if err := os.WriteFile(in, []byte(input), 0o644); err != nil {
		t.Fatal(err)
	}
	if input == "" {
		in = "sample"
	}
	runs, proofs = filepath.Join(dir, "runs.jsonl"), filepath.Join(dir, "proofs")
	args := append([]string{"compare", puzzle, in, "--solvers", "sat", "--inproc", "--certify", "--proofs", proofs, "--results", runs}, more...)
	if out, stderr, code := gridsat(t, "", args...); code != 0 {
		t.Fatalf("compare: exit %d\n%s\n%s", code, out, stderr)
	}
	out, stderr, code := gridsat(t, "", "report", runs, "--proofs", proofs)
	if code != 0 || !strings.Contains(withoutLegend(out), "✓✓") {
		t.Fatalf("report --proofs, untouched: exit %d\n%s\n%s", code, out, stderr)
	}
	return runs, proofs
}

// editKept replaces old by new in every kept claim's JSON of proofs.
func editKept(t *testing.T, proofs, old, new string) {
	t.Helper()
	kept, _ := filepath.Glob(filepath.Join(proofs, "*.json"))
	edited := 0
	for _, k := range kept {
		b, err := os.ReadFile(k)
		if err != nil {
			t.Fatal(err)
		}
		if s := string(b); strings.Contains(s, old) {
			os.WriteFile(k, []byte(strings.ReplaceAll(s, old, new)), 0o644)
			edited++
		}
	}
	if edited == 0 {
		t.Fatalf("no kept claim holds %q", old)
	}
}

// Issue 29, reproducer 1: an optimum of 3 edited to a valid cover of 4,
// in the results file and in every kept claim, was certified (✓✓, exit
// 0): the claims of k=2 were taken for an answer of 4, which needs "no
// cover of 3". Each is now refused by name (exit 1), none certified.
func TestNonOptimumNotCertified(t *testing.T) {
	runs, proofs := certifiedRun(t, "queens", q6)
	editRecords(t, runs, func(_ int, rec *harness.Record) {
		if rec.Kind == "run" {
			r := &rec.Run.Run.Result
			r.Answer = "Case 1: 4"
			lines := strings.Split(r.Witness, "\n")
			lines[0] = lines[0][:5] + "Q"
			r.Witness = strings.Join(lines, "\n")
		}
	})
	editKept(t, proofs, `"answer": "Case 1: 3"`, `"answer": "Case 1: 4"`)
	out, stderr, code := gridsat(t, "", "report", runs, "--proofs", proofs)
	if code != exitFail || strings.Contains(withoutLegend(out), "✓") || !strings.Contains(out, "which the answer does not need") || !strings.Contains(stderr, "0 runs certified") {
		t.Errorf("a non-optimum with its claims edited: exit %d, want 1, no ✓ and the claims refused\n%s\n%s", code, out, stderr)
	}
}

// Issue 29, reproducer 2: one kept claim copied over all the others (a
// run of gamma(Q_8), one claim per cube of "at most 4"; chain's smallest
// path, one per smaller direction) was certified, the copies counted
// against the run's proof_claims. Every copy is now refused as a second
// proof of one obligation, and the obligations it leaves are not met.
func TestCopiedClaimsRefused(t *testing.T) {
	for _, tt := range []struct{ puzzle, input string }{
		{"queens", "8 8\n" + strings.Repeat("XXXXXXXX\n", 8) + "0\n"},
		{"chain", ""},
	} {
		t.Run(tt.puzzle, func(t *testing.T) {
			runs, proofs := certifiedRun(t, tt.puzzle, tt.input)
			kept, _ := filepath.Glob(filepath.Join(proofs, "*.json"))
			if len(kept) < 3 {
				t.Fatalf("%d claims kept; the test wants several", len(kept))
			}
			first, err := os.ReadFile(kept[0])
			if err != nil {
				t.Fatal(err)
			}
			for _, k := range kept[1:] {
				os.WriteFile(k, first, 0o644)
			}
			out, stderr, code := gridsat(t, "", "report", runs, "--proofs", proofs)
			if code != exitFail || strings.Contains(withoutLegend(out), "✓✓") || !strings.Contains(out, "again (") {
				t.Errorf("copies of one claim: exit %d, want 1, no ✓✓ and the copies refused\n%s\n%s", code, out, stderr)
			}
		})
	}
}

// Issue 29, reproducer 5: an optimum the board's lower bound settles made
// no SAT call, and --certify marked it ✓ "certified when run" (no proof
// backs it; the claim's JSON even lists the bound as not proved). It is
// now labelled by the bound, which report checks from the board itself;
// and a record saying certified with no kept claim, on a board no bound
// settles, is labelled claimed by report --proofs.
func TestBoundIsNoProof(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "q.txt")
	os.WriteFile(in, []byte("6 6\n.XXXX.\n..X...\nX...XX\n......\n..XX..\n.....X\n0\n"), 0o644)
	runs, proofs := filepath.Join(dir, "runs.jsonl"), filepath.Join(dir, "proofs")
	out, stderr, code := gridsat(t, "", "compare", "queens", in, "--solvers", "sat", "--inproc", "--certify", "--proofs", proofs, "--results", runs)
	if code != 0 || strings.Contains(withoutLegend(out), "✓") || !strings.Contains(out, "sat 1 by a bound") {
		t.Errorf("compare --certify, a bound settles it: exit %d, want 0, no ✓ and by a bound\n%s\n%s", code, out, stderr)
	}
	os.MkdirAll(proofs, 0o755)
	out, stderr, code = gridsat(t, "", "report", runs, "--proofs", proofs)
	if code != 0 || strings.Contains(withoutLegend(out), "✓") || !strings.Contains(out, "sat 1 by a bound") {
		t.Errorf("report --proofs, a bound settles it: exit %d\n%s\n%s", code, out, stderr)
	}

	runs, proofs = certifiedRun(t, "queens", q6)
	// A record saying certified with no proof checked, on a board no
	// bound settles (as d15c04a wrote a bound-settled one): not ✓.
	noProof := filepath.Join(t.TempDir(), "r.jsonl")
	b, _ := os.ReadFile(runs)
	os.WriteFile(noProof, b, 0o644)
	editRecords(t, noProof, func(_ int, rec *harness.Record) {
		if rec.Kind == "run" {
			for i, st := range rec.Run.Run.Result.Stats {
				if st.Name == "proof_claims" {
					rec.Run.Run.Result.Stats[i].Value = 0
				}
			}
		}
	})
	out, stderr, code = gridsat(t, "", "report", noProof)
	if strings.Contains(withoutLegend(out), "✓") || !strings.Contains(out, "sat 1 claimed") {
		t.Errorf("report, certified with no proof checked: exit %d, want no ✓ and claimed\n%s\n%s", code, out, stderr)
	}
	kept, _ := filepath.Glob(filepath.Join(proofs, "*"))
	for _, k := range kept {
		os.Remove(k)
	}
	out, stderr, code = gridsat(t, "", "report", runs, "--proofs", proofs)
	if strings.Contains(withoutLegend(out), "✓") || !strings.Contains(out, "sat 1 claimed") || !strings.Contains(stderr, "1 run saying certified when run with some needed fact not kept") {
		t.Errorf("report --proofs, no claim kept: exit %d, want no ✓ and claimed\n%s\n%s", code, out, stderr)
	}
}

// Issue 29, reproducer 4: a run record's fields that its own options and
// limits cannot produce were accepted ("certified" on a dfs run showed
// ok✓). Each is refused as bad input naming the file's line (exit 2), by
// report and by --resume.
func TestImpossibleRecordFieldsRefused(t *testing.T) {
	args := []string{"slant", "sample", "--solvers", "dfs,sat"}
	orig, err := os.ReadFile(recorded(t, args...))
	if err != nil {
		t.Fatal(err)
	}
	of := func(spec string, edit func(*harness.RunRecord)) func(int, *harness.Record) {
		done := false
		return func(_ int, rec *harness.Record) {
			if rec.Kind == "run" && rec.Run.Spec == spec && !done {
				edit(rec.Run)
				done = true
			}
		}
	}
	for _, tt := range []struct {
		name, want string
		edit       func(int, *harness.Record)
	}{
		{"certified dfs", "do not certify", of("dfs", func(r *harness.RunRecord) { r.Run.Result.Certified = true })},
		{"certified sat, certify=false", "do not certify", of("sat", func(r *harness.RunRecord) { r.Run.Certified = true })},
		{"uniqueness without --unique", "do not ask for it", of("sat", func(r *harness.RunRecord) { r.Run.Result.UniqueChecked = true })},
		{"negative cpu_ns", "a negative time", of("dfs", func(r *harness.RunRecord) { r.Run.CPU = -5 })},
		{"negative first_cpu_ns", "a negative time", of("dfs", func(r *harness.RunRecord) { r.Run.FirstCPU = -5 })},
		{"negative peak_rss", "a negative count", of("sat", func(r *harness.RunRecord) { r.Run.PeakRSS = -1 })},
		{"cpu_ns past the limit", "is more than", of("sat", func(r *harness.RunRecord) { r.Run.CPU = 9200000000000000000 })},
		{"unknown verdict", `verdict "bogus"`, of("dfs", func(r *harness.RunRecord) { r.Run.Verdict = "bogus" })},
		{"case not its key's", "whose key names", of("sat", func(r *harness.RunRecord) { r.Case++ })},
		{"certified by gini", "cannot certify", func(_ int, rec *harness.Record) {
			switch {
			case rec.Kind == "header":
				for _, s := range rec.Header.Specs {
					if s.Text == "sat" {
						s.Options["backend"], s.Options["certify"] = "gini", "true"
					}
				}
			case rec.Kind == "run" && rec.Run.Spec == "sat":
				rec.Run.Options["backend"], rec.Run.Options["certify"] = "gini", "true"
				rec.Run.Run.Certified = true
			}
		}},
	} {
		out := filepath.Join(t.TempDir(), "r.jsonl")
		if err := os.WriteFile(out, orig, 0o644); err != nil {
			t.Fatal(err)
		}
		editRecords(t, out, tt.edit)
		stdout, stderr, code := gridsatProc(t, "", nil, "report", out)
		if code != exitUsage || !strings.Contains(stderr, out+": line ") || !strings.Contains(stderr, tt.want) || stdout != "" {
			t.Errorf("%s: report: exit %d, want 2 naming the line and %q:\n%s%s", tt.name, code, tt.want, stdout, stderr)
		}
		_, stderr, code = gridsatProc(t, "", nil, append(append([]string{"compare"}, args...), "--results", out, "--resume")...)
		if code != exitUsage || !strings.Contains(stderr, tt.want) {
			t.Errorf("%s: --resume: exit %d, want 2 and %q:\n%s", tt.name, code, tt.want, stderr)
		}
	}
}

// Kept proofs are named by their case's content (issue 30, item 4): two
// input files of one base name whose first cases have the same answer
// kept their claims under one name, the second run's replacing the
// first's; each run is now certified by its own.
func TestProofsOfOneBaseNameApart(t *testing.T) {
	dir := t.TempDir()
	proofs := filepath.Join(dir, "proofs")
	transposed := "6 6\nX.XXXX\nX...X.\n.X..X.\n..XX.X\n.X.XX.\n.....X\n0\n"
	var files []string
	for i, board := range []string{q6, transposed} {
		sub := filepath.Join(dir, fmt.Sprint(i))
		os.MkdirAll(sub, 0o755)
		in, runs := filepath.Join(sub, "q.txt"), filepath.Join(sub, "runs.jsonl")
		os.WriteFile(in, []byte(board), 0o644)
		if out, stderr, code := gridsat(t, "", "compare", "queens", in, "--solvers", "sat", "--inproc", "--certify", "--proofs", proofs, "--results", runs); code != 0 {
			t.Fatalf("compare: exit %d\n%s\n%s", code, out, stderr)
		}
		files = append(files, runs)
	}
	for _, runs := range files {
		out, stderr, code := gridsat(t, "", "report", runs, "--proofs", proofs)
		if code != 0 || !strings.Contains(out, "): sat 1 certified\n") {
			t.Errorf("report %s --proofs: exit %d, want the run certified\n%s\n%s", runs, code, out, stderr)
		}
	}
}

// Where a run keeps its proofs is no part of its identity (issue 30,
// item 11): a comparison resumed with --proofs elsewhere reuses its runs,
// shards that kept their proofs in two folders merge, and report takes
// both folders.
func TestProofsFolderNotIdentity(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "q.txt")
	transposed := "6 6\nX.XXXX\nX...X.\n.X..X.\n..XX.X\n.X.XX.\n.....X\n"
	os.WriteFile(in, []byte(strings.TrimSuffix(q6, "0\n")+transposed+"8 8\n"+strings.Repeat("XXXXXXXX\n", 8)+"0\n"), 0o644)
	var shards, folders []string
	for i := range 2 {
		runs, proofs := filepath.Join(dir, fmt.Sprintf("s%d.jsonl", i)), filepath.Join(dir, fmt.Sprintf("p%d", i))
		args := []string{"compare", "queens", in, "--solvers", "sat", "--inproc", "--certify", "--shard", fmt.Sprintf("%d/2", i), "--results", runs}
		if out, stderr, code := gridsat(t, "", append(args, "--proofs", proofs)...); code != 0 {
			t.Fatalf("compare: exit %d\n%s\n%s", code, out, stderr)
		}
		out, stderr, code := gridsat(t, "", append(args, "--proofs", filepath.Join(dir, "elsewhere"), "--resume")...)
		if code != 0 || !strings.Contains(out, "ran 0 runs") {
			t.Errorf("--resume with --proofs elsewhere: exit %d, want every run reused\n%s\n%s", code, out, stderr)
		}
		os.MkdirAll(proofs, 0o755) // a shard may have run no case
		shards, folders = append(shards, runs), append(folders, "--proofs", proofs)
	}
	out, stderr, code := gridsat(t, "", append(append([]string{"report"}, shards...), folders...)...)
	if code != 0 || !strings.Contains(out, "sat 3 certified") {
		t.Errorf("report of two shards, --proofs twice: exit %d, want both runs certified\n%s\n%s", code, out, stderr)
	}
}

// Issue 29, reproducer 2 for chain: a path that is not the smallest (the
// smallest of another part of a split, a valid path of the whole case)
// put in a certified run's record, its kept claims replaced by copies of
// one with their answer edited to match, is refused, not certified.
func TestNonSmallestPathNotCertified(t *testing.T) {
	board, _, code := gridsat(t, "", "gen", "chain", "--size", "6", "--seed", "5", "--count", "1")
	if code != 0 {
		t.Fatalf("gen: exit %d", code)
	}
	dir := t.TempDir()
	whole, parts := filepath.Join(dir, "c.txt"), filepath.Join(dir, "p.txt")
	os.WriteFile(whole, []byte(board), 0o644)
	if _, stderr, code := gridsat(t, "", "split", "chain", whole, "--jobs", "5", "-o", parts); code != 0 {
		t.Fatalf("split: exit %d\n%s", code, stderr)
	}
	rows, code := jsonRows(t, "compare", "chain", parts, "--solvers", "dfs", "--inproc")
	if code != 0 {
		t.Fatalf("compare parts: exit %d", code)
	}
	var paths []string
	for _, row := range rows {
		if r := row.Runs[0].Result; r.Solved {
			paths = append(paths, r.Answer)
		}
	}
	slices.Sort(paths)
	if len(paths) < 2 {
		t.Fatalf("%d parts have a path; the test wants two", len(paths))
	}
	larger := paths[1]
	runs, proofs := certifiedRun(t, "chain", board)
	editRecords(t, runs, func(_ int, rec *harness.Record) {
		if rec.Kind == "run" {
			rec.Run.Run.Result.Answer = larger
		}
	})
	kept, _ := filepath.Glob(filepath.Join(proofs, "*.json"))
	_, first := claimWhere(t, kept[0])
	first["answer"] = larger
	for _, k := range kept {
		writeJSON(t, k, first)
	}
	out, stderr, code := gridsat(t, "", "report", runs, "--proofs", proofs)
	if code != exitFail || strings.Contains(withoutLegend(out), "✓") || strings.Contains(out, "WRONG") || !strings.Contains(out, "a kept proof is refused") {
		t.Errorf("a larger path with copied claims: exit %d, want 1 and no ✓\n%s\n%s", code, out, stderr)
	}
}

// A part's run may prove a k (its search counts up from encode's lower
// bound of the rest) that report's own bound, over the part's allowed
// squares only, settles: the part is labelled by the bound, and its
// claims, true but needed by nothing, are not refused.
func TestBoundPartsKeepTheirClaims(t *testing.T) {
	dir := t.TempDir()
	in, parts := filepath.Join(dir, "q8.txt"), filepath.Join(dir, "p.txt")
	os.WriteFile(in, []byte("8 8\n"+strings.Repeat("XXXXXXXX\n", 8)+"0\n"), 0o644)
	if _, stderr, code := gridsat(t, "", "split", "queens", in, "--jobs", "16", "--bound", "4", "-o", parts); code != 0 {
		t.Fatalf("split: exit %d\n%s", code, stderr)
	}
	runs, proofs := filepath.Join(dir, "r.jsonl"), filepath.Join(dir, "proofs")
	if out, stderr, code := gridsat(t, "", "compare", "queens", parts, "--solvers", "sat", "--inproc", "--certify", "--proofs", proofs, "--results", runs); code != 0 {
		t.Fatalf("compare: exit %d\n%s\n%s", code, out, stderr)
	}
	out, stderr, code := gridsat(t, "", "report", runs, "--proofs", proofs)
	if code != 0 || !strings.Contains(stderr, " 0 refused") || !strings.Contains(out, "by a bound") || !strings.Contains(withoutLegend(out), "✓✓") {
		t.Errorf("report --proofs of parts, some settled by a bound: exit %d\n%s\n%s", code, out, stderr)
	}
}

// A results file saying a run was certified when run is the file's word:
// compare --resume takes the run back (re-verified) but not that word.
// The forged run, one queen more than the fewest on a board only sat ran,
// is a claim ("?"), never "✓", and the summary says why; the same
// comparison run now, by this process, marks its run "✓".
func TestResumeTakesNoCertifiedWord(t *testing.T) {
	runs, _ := certifiedRun(t, "queens", q6)
	in := filepath.Join(filepath.Dir(runs), "in.txt")
	forged := 0
	editRecords(t, runs, func(_ int, rec *harness.Record) {
		if rec.Kind != "run" || !rec.Run.Run.Result.Certified {
			return
		}
		r := &rec.Run.Run.Result
		head, n, _ := strings.Cut(r.Answer, ": ")
		v, err := strconv.Atoi(n)
		free := strings.IndexAny(r.Witness, ".X")
		if err != nil || free < 0 {
			t.Fatalf("run record %q %q", r.Answer, r.Witness)
		}
		w := []byte(r.Witness)
		w[free] = 'Q'
		r.Answer, r.Witness = head+": "+strconv.Itoa(v+1), string(w)
		forged++
	})
	if forged != 1 {
		t.Fatalf("forged %d runs, want 1", forged)
	}
	args := []string{"compare", "queens", in, "--solvers", "sat", "--inproc", "--certify"}
	out, stderr, code := gridsat(t, "", append(args, "--results", runs, "--resume")...)
	if table := withoutLegend(out); code != 0 || !strings.Contains(table, "ok?") || strings.Contains(table, "✓") ||
		!strings.Contains(out, "1 run says it was certified when run, by the results file's word alone") || !strings.Contains(out, "1 reused") {
		t.Errorf("compare --resume over a forged certified run: exit %d, want ok? and no ✓\n%s\n%s", code, out, stderr)
	}
	out, stderr, code = gridsat(t, "", append(args, "--results", filepath.Join(t.TempDir(), "now.jsonl"))...)
	if code != 0 || !strings.Contains(withoutLegend(out), "ok✓") || strings.Contains(out, "word alone") {
		t.Errorf("compare --certify run now: exit %d, want ok✓\n%s\n%s", code, out, stderr)
	}
}

// A results file holding two records of one run that answer differently
// contradicts itself: compare --resume takes neither back but runs it
// again, where it took the last one (red-team pass: a verified solution
// followed by a forged "no solution" resumed as unsat, cross-checked,
// exit 0); report names the records and labels the row's runs by
// nothing but their own word.
func TestResumeRunsContradictedRecordsAgain(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "s.txt")
	os.WriteFile(in, []byte("1\n3\n....\n..4.\n.22.\n.2..\n"), 0o644)
	good := filepath.Join(dir, "good.jsonl")
	if _, stderr, code := gridsat(t, "", "compare", "slant", in, "--inproc", "--results", good); code != 0 {
		t.Fatalf("compare: exit %d: %s", code, stderr)
	}
	bad := filepath.Join(dir, "bad.jsonl")
	b, _ := os.ReadFile(good)
	os.WriteFile(bad, b, 0o644)
	editRecords(t, bad, func(_ int, rec *harness.Record) {
		if rec.Kind == "run" {
			rec.Run.Run.Result.Solved, rec.Run.Run.Result.Answer, rec.Run.Run.Result.Witness = false, "", ""
		}
	})
	both := filepath.Join(dir, "both.jsonl")
	var runs []string
	for _, line := range strings.SplitAfter(readText(t, bad), "\n") {
		if strings.Contains(line, `"kind":"run"`) {
			runs = append(runs, line)
		}
	}
	os.WriteFile(both, []byte(readText(t, good)+strings.Join(runs, "")), 0o644)
	out, stderr, code := gridsat(t, "", "report", both)
	if code != exitFail || !strings.Contains(out, "disagree") || strings.Contains(withoutLegend(out), "unsat") && !strings.Contains(withoutLegend(out), "unsat?") {
		t.Errorf("report of contradicting records: exit %d\n%s\n%s", code, out, stderr)
	}
	// The forged file first: its records are the ones the rows show.
	out, stderr, code = gridsat(t, "", "report", bad, good)
	if code != exitFail || !strings.Contains(withoutLegend(out), "unsat?") || !strings.Contains(out, "dfs 1 claimed; sat 1 claimed") {
		t.Errorf("report of two files that disagree: exit %d, want unsat? and nothing cross-checked\n%s\n%s", code, out, stderr)
	}
	out, stderr, code = gridsat(t, "", "compare", "slant", in, "--inproc", "--results", both, "--resume")
	if code != 0 || strings.Contains(out, "unsat") || !strings.Contains(out, "0 reused from the results file, 2 run now") {
		t.Errorf("compare --resume over contradicting records: exit %d, want both runs run again\n%s\n%s", code, out, stderr)
	}
	// An unanswered record (error) between the two answers hides nothing (red-team
	// pass: each record was compared with the one before it only).
	var timeouts []string
	for _, line := range runs {
		timeouts = append(timeouts, strings.Replace(line, `"verdict":""`, `"verdict":"error"`, 1))
	}
	hidden := filepath.Join(dir, "hidden.jsonl")
	os.WriteFile(hidden, []byte(readText(t, good)+strings.Join(timeouts, "")+strings.Join(runs, "")), 0o644)
	out, stderr, code = gridsat(t, "", "compare", "slant", in, "--inproc", "--results", hidden, "--resume")
	if code != 0 || strings.Contains(out, "unsat") || !strings.Contains(out, "0 reused from the results file, 2 run now") {
		t.Errorf("compare --resume, an error between contradicting records: exit %d\n%s\n%s", code, out, stderr)
	}
}

// readText is the text of the file at path.
func readText(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// A results file carries its cases' texts under keys anyone can
// recompute: a case swapped for another board (here one with no target,
// answered by zero queens), its key and its runs' keys redone, is judged
// against the board the file says (red-team pass: exit 0). Given the
// comparison's inputs, report ties the file's cases to them: the swapped
// case fails its row, and other inputs than the header's are named.
func TestReportInputsTieCasesToTheInput(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "in.txt")
	if _, stderr, code := gridsat(t, "", "gen", "queens", "--size", "5", "--count", "3", "--seed", "4", "--param", "density=0.5", "-o", in); code != 0 {
		t.Fatal(stderr)
	}
	runs := filepath.Join(dir, "r.jsonl")
	if _, stderr, code := gridsat(t, "", "compare", "queens", in, "--inproc", "--results", runs); code != 0 {
		t.Fatal(stderr)
	}
	if out, stderr, code := gridsat(t, "", "report", runs, "--inputs", in); code != 0 {
		t.Fatalf("report --inputs, untouched: exit %d\n%s\n%s", code, out, stderr)
	}
	keys := map[string]string{}
	editRecords(t, runs, func(_ int, rec *harness.Record) {
		switch {
		case rec.Kind == "case" && rec.Case.Case == 2:
			rec.Case.Text = "5 5\n.....\n.....\n.....\n.....\n.....\n0\n"
			old := rec.Case.Key
			rec.Case.Key = compare.CaseKeyOf("queens", 2, rec.Case.Text)
			keys[old] = rec.Case.Key
		case rec.Kind == "run" && keys[rec.Run.Key] != "":
			rec.Run.Key = keys[rec.Run.Key]
			rec.Run.Run.Result.Answer, rec.Run.Run.Result.Witness = "Case 2: 0", strings.Repeat(".....\n", 4)+"....."
		}
	})
	if len(keys) != 1 {
		t.Fatalf("swapped %d cases", len(keys))
	}
	if out, stderr, code := gridsat(t, "", "report", runs); code != 0 {
		t.Fatalf("report alone of the swapped case: exit %d (the file is consistent)\n%s\n%s", code, out, stderr)
	}
	out, stderr, code := gridsat(t, "", "report", runs, "--inputs", in)
	if code != exitFail || !strings.Contains(out, "in.txt#2: this case is not the inputs' case of that file and number") {
		t.Errorf("report --inputs of the swapped case: exit %d\n%s\n%s", code, out, stderr)
	}
	// Other inputs than the header's: the digest differs.
	other := filepath.Join(dir, "other.txt")
	gridsat(t, "", "gen", "queens", "--size", "5", "--count", "2", "--seed", "5", "-o", other)
	if _, stderr, code := gridsat(t, "", "report", runs, "--inputs", other); code != exitFail || !strings.Contains(stderr, "--inputs: the inputs given hold 2 cases") {
		t.Errorf("report --inputs of other inputs: exit %d\n%s", code, stderr)
	}
	usageError(t, "", "standard input cannot be read again", "report", runs, "--inputs", "-")
}

// A solve that keeps proofs is timed once (a repeat would write them
// again); every solve beside it is too, so that no solver's time is a
// warm mean of a round against another's single cold solve (audit: the
// dfs runs took the mean of 18-47 solves, sat one, and the ratio read
// 4.43x where cold against cold gave 2.38x).
func TestProofsTimeEverySolveOnce(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "s.txt")
	if _, stderr, code := gridsat(t, "", "gen", "slant", "--size", "4", "--count", "4", "--seed", "1", "-o", in); code != 0 {
		t.Fatal(stderr)
	}
	runs := filepath.Join(dir, "r.jsonl")
	if out, stderr, code := gridsat(t, "", "compare", "slant", in, "--certify", "--proofs", filepath.Join(dir, "p"), "-j", "1", "--results", runs); code != 0 {
		t.Fatalf("compare: exit %d\n%s\n%s", code, out, stderr)
	}
	n := 0
	editRecords(t, runs, func(_ int, rec *harness.Record) {
		if rec.Kind == "run" {
			n++
			if rec.Run.Run.Solves > 1 {
				t.Errorf("%s: %d solves timed as a round beside kept proofs", rec.Run.Spec, rec.Run.Run.Solves)
			}
		}
	})
	if n != 8 {
		t.Errorf("%d runs recorded, want 8", n)
	}
}
