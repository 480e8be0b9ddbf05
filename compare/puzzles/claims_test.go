package puzzles

import (
	"strings"
	"testing"

	"github.com/gridsat/gridsat/compare"
	"github.com/gridsat/gridsat/instances"
)

// Each claim no verifier can check is labelled by what backs it: a proof
// (certified when run, by a run this process made, or certified when the
// certificates' code checked one now), an independent solver agreeing
// (cross-checked), or nothing (claimed); a verified answer claims nothing.
// A run read from a results file that says it was certified is taken at
// no more than that word.
func TestClaimLabels(t *testing.T) {
	slant, err := compare.Lookup("slant")
	if err != nil {
		t.Fatal(err)
	}
	queens, err := compare.Lookup("queens")
	if err != nil {
		t.Fatal(err)
	}
	unsat := compare.Run{Verdict: compare.VerdictUnsat}
	ok := compare.Run{Verdict: compare.VerdictOK, Result: compare.Result{Solved: true}}
	unique := compare.Run{Verdict: compare.VerdictOK, Result: compare.Result{Solved: true, UniqueChecked: true}}
	cert := unsat
	cert.Certified, cert.Live = true, true
	stored := unsat
	stored.Certified = true // read from a file: Live unset
	recert := unsat
	recert.Claim = compare.ClaimCertified
	spec := func(p *compare.Puzzle, text string) compare.Spec {
		s, err := p.ParseSpec(text, nil)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	for _, tt := range []struct {
		name  string
		p     *compare.Puzzle
		specs []string
		runs  []compare.Run
		agree string
		want  []string
	}{
		{"one solver", slant, []string{"dfs"}, []compare.Run{unsat}, "-", []string{compare.ClaimClaimed}},
		{"dfs and sat agree", slant, []string{"dfs", "sat"}, []compare.Run{unsat, unsat}, "yes", []string{compare.ClaimCrossChecked, compare.ClaimCrossChecked}},
		{"two sat specs agree", slant, []string{"sat", "sat:probe=none"}, []compare.Run{unsat, unsat}, "yes", []string{compare.ClaimClaimed, compare.ClaimClaimed}},
		{"sat with the dfs's deductions", slant, []string{"dfs", "sat:pre=equiv"}, []compare.Run{unsat, unsat}, "yes", []string{compare.ClaimClaimed, compare.ClaimClaimed}},
		{"a disagreement", slant, []string{"dfs", "sat", "sat:probe=none"}, []compare.Run{unsat, unsat, ok}, "NO", []string{compare.ClaimClaimed, compare.ClaimClaimed, ""}},
		{"a verified solution", slant, []string{"dfs", "sat"}, []compare.Run{ok, ok}, "yes", []string{"", ""}},
		{"unique against plain", slant, []string{"dfs", "sat"}, []compare.Run{unique, ok}, "yes", []string{compare.ClaimClaimed, ""}},
		{"unique both", slant, []string{"dfs", "sat"}, []compare.Run{unique, unique}, "yes", []string{compare.ClaimCrossChecked, compare.ClaimCrossChecked}},
		{"certified when run", slant, []string{"dfs", "sat"}, []compare.Run{cert, unsat}, "yes", []string{compare.ClaimCertifiedWhenRun, compare.ClaimCrossChecked}},
		{"certified, read from a file", slant, []string{"dfs", "sat"}, []compare.Run{stored, unsat}, "yes", []string{compare.ClaimCrossChecked, compare.ClaimCrossChecked}},
		{"certified, read from a file, alone", slant, []string{"sat"}, []compare.Run{stored}, "-", []string{compare.ClaimClaimed}},
		{"certified now", slant, []string{"sat"}, []compare.Run{recert}, "-", []string{compare.ClaimCertified}},
		{"a timeout", slant, []string{"dfs", "sat"}, []compare.Run{{Verdict: compare.VerdictTimeout}, unsat}, "-", []string{"", compare.ClaimClaimed}},
		{"queens optimum, one solver", queens, []string{"sat"}, []compare.Run{ok}, "-", []string{compare.ClaimClaimed}},
		{"queens optimum, dfs and sat", queens, []string{"dfs", "sat:card=seq"}, []compare.Run{ok, ok}, "yes", []string{compare.ClaimCrossChecked, compare.ClaimCrossChecked}},
		// No targets: zero queens, and nothing fewer to claim absent.
		{"queens zero queens", queens, []string{"sat"}, []compare.Run{{Verdict: compare.VerdictOK, Result: compare.Result{Solved: true, Answer: "Case 9: 0"}}}, "-", []string{""}},
		{"queens one queen", queens, []string{"sat"}, []compare.Run{{Verdict: compare.VerdictOK, Result: compare.Result{Solved: true, Answer: "Case 9: 1"}}}, "-", []string{compare.ClaimClaimed}},
	} {
		var specs []compare.Spec
		for _, s := range tt.specs {
			specs = append(specs, spec(tt.p, s))
		}
		row := compare.Row{Runs: append([]compare.Run(nil), tt.runs...), Agree: tt.agree}
		compare.LabelClaims(tt.p, compare.SpecUses(tt.p, specs), &row)
		for i, run := range row.Runs {
			if run.Claim != tt.want[i] {
				t.Errorf("%s: %s labelled %q, want %q", tt.name, tt.specs[i], run.Claim, tt.want[i])
			}
		}
	}
}

// Judging checks every pair of finished runs, not each against the first:
// beside a first run that did not decide uniqueness, a run that says
// unique and one holding a second solution disagree (red-team pass: the
// row read agree yes, and the two "unique" runs cross-checked). And a
// solver's repeats that contradict each other make the row a
// disagreement, whose runs nothing cross-checks.
func TestJudgeEveryPairAndRepeats(t *testing.T) {
	p := slantPuzzle(t)
	c := slantCases(t, p, "2x2:1h\n")[0]
	a, b := "\\\\\n\\\\", "\\/\n//"
	plain := compare.Run{Solver: "dfs", Verdict: compare.VerdictOK, Result: compare.Result{Solved: true, Answer: a}}
	unique := compare.Run{Solver: "sat:unique=true", Verdict: compare.VerdictOK, Result: compare.Result{Solved: true, Answer: a, UniqueChecked: true}}
	second := compare.Run{Solver: "gini:unique=true", Verdict: compare.VerdictOK, Result: compare.Result{Solved: true, Answer: a, UniqueChecked: true, Second: b}}
	row := compare.Row{Runs: []compare.Run{plain, unique, second}}
	compare.Judge(p, c, &row)
	if row.Agree != "NO" || len(row.Problems) != 1 || !strings.Contains(row.Problems[0], "says unique=true") {
		t.Errorf("unique vs a second solution, after a plain run: agree %s, problems %v", row.Agree, row.Problems)
	}
	none := compare.Run{Solver: "dfs", Verdict: compare.VerdictUnsat, Repeat: 1}
	row = compare.Row{Runs: []compare.Run{plain, unique}, Repeats: [][]compare.Run{{plain, none}, {unique}}}
	compare.JudgeRow(p, c, &row)
	compare.LabelClaims(p, compare.SpecUses(p, []compare.Spec{mustSpec(t, p, "dfs"), mustSpec(t, p, "sat:unique=true")}), &row)
	if row.Agree != "NO" || row.Runs[1].Claim == compare.ClaimCrossChecked {
		t.Errorf("repeats that disagree: agree %s, sat's claim %q, problems %v", row.Agree, row.Runs[1].Claim, row.Problems)
	}
}

// mustSpec is p's spec text, parsed.
func mustSpec(t *testing.T, p *compare.Puzzle, text string) compare.Spec {
	t.Helper()
	s, err := p.ParseSpec(text, nil)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// "No solution" is a claim no verifier can check in general, but where a
// solution costs nothing to find the verifier finds it (as a cover
// refutes queens' "none"): a clue-free slant board (every cell alike),
// a one-cell chain board labelled 0 (the empty path), a chain board whose
// labels follow the generator's snake or its mirror image (red-team
// pass: each "no solution" was accepted). Boards with no such solution
// keep the claim.
func TestNoSolutionRefutedAtNoCost(t *testing.T) {
	slant, chain := slantPuzzle(t), chainPuzzle(t)
	snake5 := "5 1\n" + strings.Repeat("0 0 0 0 0\n", 5)
	snake3 := "3 9\n0 1 2\n5 4 3\n6 7 8\n"
	mirror3 := "3 9\n0 5 6\n1 4 7\n2 3 8\n"
	for _, tt := range []struct {
		p      *compare.Puzzle
		text   string
		r      compare.Result
		refute bool
	}{
		{slant, "1\n2\n...\n...\n...\n", compare.Result{}, true},
		{slant, "1\n2\n4..\n...\n...\n", compare.Result{}, false}, // a 4 on a corner: no solution
		{chain, "1 2\n0\n", compare.Result{Answer: instances.ChainNoPath}, true},
		{chain, "1 2\n1\n", compare.Result{Answer: instances.ChainNoPath}, false},
		{chain, snake5, compare.Result{Answer: instances.ChainNoPath}, true},
		{chain, snake3, compare.Result{Answer: instances.ChainNoPath}, true},
		{chain, mirror3, compare.Result{Answer: instances.ChainNoPath}, true},
		{chain, "3 9\n0 1 2\n3 4 5\n6 7 8\n", compare.Result{Answer: instances.ChainNoPath}, false},
	} {
		cs, err := tt.p.Parse("t.txt", strings.NewReader(tt.text))
		if err != nil {
			t.Fatal(err)
		}
		if err := tt.p.Verify(cs[0], tt.r); (err != nil) != tt.refute {
			t.Errorf("%s %q: no solution: %v, want refuted=%v", tt.p.Name, tt.text, err, tt.refute)
		}
	}
}
