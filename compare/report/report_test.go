package report

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/gridsat/gridsat/compare"
	"github.com/gridsat/gridsat/compare/comparetest"
	_ "github.com/gridsat/gridsat/compare/puzzles" // registers the puzzles
	"github.com/gridsat/gridsat/instances"
)

// worstRows builds a row for every case of p's bundled sets, each run as
// wide as a table cell can get: the widest verdict and time, every
// statistic the solver reports at nine digits, and steps. The statistics'
// names come from a real solve of each set's smallest case.
func worstRows(t *testing.T, p *compare.Puzzle, specTexts []string) []compare.Row {
	t.Helper()
	var specs []compare.Spec
	for _, s := range specTexts {
		spec, err := p.ParseSpec(s, nil)
		if err != nil {
			t.Fatal(err)
		}
		specs = append(specs, spec)
	}
	var rows []compare.Row
	for _, set := range instances.Sets(p.Name) {
		for _, src := range []*comparetest.Source{comparetest.ReadSet(t, p, set)} {
			stats := make([][]compare.Stat, len(specs))
			var steps []compare.Step
			smallest := src.Cases[0]
			for _, c := range src.Cases {
				if c.Cells() < smallest.Cells() {
					smallest = c
				}
			}
			for i, spec := range specs {
				res, err := compare.SolveCase(spec, smallest)
				if err != nil {
					t.Fatalf("%s on %s: %v", spec.Text, set, err)
				}
				for _, s := range res.Stats {
					stats[i] = append(stats[i], compare.Stat{Name: s.Name, Value: 987654321})
				}
				steps = append(steps, res.Steps...)
			}
			for _, c := range src.Cases {
				row := compare.Row{CaseInfo: compare.CaseInfoOf(src.Set, src.File, c), Agree: "yes", Input: c}
				for i, spec := range specs {
					row.Runs = append(row.Runs, compare.Run{Solver: spec.Text, Verdict: compare.VerdictUnsat,
						Result: compare.Result{Time: 999 * time.Millisecond, Stats: stats[i], Steps: steps}})
				}
				rows = append(rows, row)
			}
		}
	}
	return rows
}

// TestTableFitsEveryPuzzle checks the promise: the default table
// of every puzzle's bundled sets is at most 120 columns wide, with each
// solver's headline statistics still in it, and narrower when asked.
func TestTableFitsEveryPuzzle(t *testing.T) {
	for _, name := range compare.PuzzleNames() {
		p, _ := compare.Lookup(name)
		if len(instances.Sets(name)) == 0 {
			continue
		}
		t.Run(name, func(t *testing.T) {
			for _, specs := range [][]string{{"dfs", "sat"}, {"dfs", "sat", "sat:backend=gini"}} {
				r := compare.Report{Puzzle: p, Specs: specs, Rows: worstRows(t, p, specs), Timeout: 10 * time.Second, Reused: 100, Rerun: 1000}
				for _, width := range []int{0, 100, 80} {
					if width == 80 && len(specs) > 2 {
						continue // no room: the table without statistics is 82 wide
					}
					var buf bytes.Buffer
					if err := WriteReport(&buf, r, Options{Width: width}); err != nil {
						t.Fatal(err)
					}
					limit := width
					if limit == 0 {
						limit = DefaultWidth
					}
					if w := maxLineWidth(buf.String()); w > limit {
						t.Errorf("%v, width %d: widest line %d columns:\n%s", specs, width, w, buf.String())
					}
					if width == 0 && len(specs) == 2 {
						// The default table keeps two headline figures of
						// each solver that has two.
						header := strings.SplitN(buf.String(), "\n", 3)[1]
						for _, s := range p.Solvers {
							if len(s.Headline) >= 2 && !strings.Contains(header, s.Headline[0]+"/"+s.Headline[1]) {
								t.Errorf("header lacks %s's %s/%s:\n%s", s.Name, s.Headline[0], s.Headline[1], header)
							}
						}
					}
				}
			}
		})
	}
}

func TestEverySolverHasHeadlineStats(t *testing.T) {
	for _, name := range compare.PuzzleNames() {
		p, _ := compare.Lookup(name)
		for _, s := range p.Solvers {
			if len(s.Headline) == 0 || len(s.Headline) > maxHeadline {
				t.Errorf("%s %s: %d headline stats, want 1..%d", name, s.Name, len(s.Headline), maxHeadline)
			}
		}
	}
}

// The chain SAT cell the issue quotes said the same thing twice in about
// 160 characters; compact it is its headline figures only, full keeps all.
func TestCompactAndFullStats(t *testing.T) {
	run := compare.Run{Verdict: compare.VerdictOK, Result: compare.Result{Time: time.Millisecond,
		Stats: []compare.Stat{{Name: "vars", Value: 123}, {Name: "rounds", Value: 46}, {Name: "trials", Value: 25}, {Name: "rebuilds", Value: 14}, {Name: "assumed", Value: 0}, {Name: "conflicts", Value: 123456}},
		Steps: []compare.Step{{Label: "smallest path: 25 trials, 14 rebuilds, 0 under assumptions", Status: compare.StepSAT}}}}
	if got, want := compactStats(run, []string{"rounds", "trials", "conflicts"}), "46/25/123k"; got != want {
		t.Errorf("compact = %q, want %q", got, want)
	}
	if got := compactStats(run, []string{"rounds", "nodes"}); got != "46/-" {
		t.Errorf("compact with a missing stat = %q", got)
	}
	full := fullStats(run)
	for _, want := range []string{"rebuilds=14", "assumed=0", "conflicts=123456", "smallest path"} {
		if !strings.Contains(full, want) {
			t.Errorf("full stats %q lack %q", full, want)
		}
	}
	p := &compare.Puzzle{Name: "x", Solvers: []compare.Solver{{Name: "sat", Headline: []string{"rounds", "trials", "conflicts"}}}}
	r := compare.Report{Puzzle: p, Specs: []string{"sat:backend=gini"}, Rows: []compare.Row{{CaseInfo: compare.CaseInfo{Set: "x/s", Case: 1, Size: "3x3"}, Runs: []compare.Run{run}, Agree: "-"}}}
	for _, tt := range []struct {
		stats      string
		want, lack []string
	}{
		{"", []string{"rounds/trials/conflicts", "46/25/123k", "ok 1ms"}, []string{"rebuilds", "smallest path"}},
		{"full", []string{"rebuilds=14", "smallest path"}, []string{"46/25/123k"}},
	} {
		var buf bytes.Buffer
		if err := WriteReport(&buf, r, Options{Stats: tt.stats}); err != nil {
			t.Fatal(err)
		}
		for _, w := range tt.want {
			if !strings.Contains(buf.String(), w) {
				t.Errorf("stats %q: table lacks %q:\n%s", tt.stats, w, buf.String())
			}
		}
		for _, l := range tt.lack {
			if strings.Contains(buf.String(), l) {
				t.Errorf("stats %q: table has %q:\n%s", tt.stats, l, buf.String())
			}
		}
	}
	if err := WriteReport(&bytes.Buffer{}, r, Options{Stats: "some"}); err == nil {
		t.Error("stats mode \"some\" accepted")
	}
}

func TestShortCount(t *testing.T) {
	for _, tt := range []struct {
		v    int64
		want string
	}{{0, "0"}, {9999, "9999"}, {10000, "10k"}, {12345, "12.3k"}, {999499, "999k"}, {999500, "1M"}, {4560000, "4.56M"}, {987654321, "988M"}, {-12345, "-12.3k"}, {5e12, "5T"}} {
		if got := shortCount(tt.v); got != tt.want {
			t.Errorf("shortCount(%d) = %q, want %q", tt.v, got, tt.want)
		}
	}
}

// run is a hand-made run: verdict v, solve time ms milliseconds.
func run(v compare.Verdict, ms int) compare.Run {
	return compare.Run{Verdict: v, Result: compare.Result{Time: time.Duration(ms) * time.Millisecond}, Wall: time.Duration(ms+1) * time.Millisecond}
}

// TestPAR2AndVirtualBest checks the scores on hand-made rows: PAR-2 is the
// mean per case with every unsolved run (timeout, memout, error, WRONG) at
// twice the limit; the virtual best takes each case's fastest solved run.
func TestPAR2AndVirtualBest(t *testing.T) {
	rows := []compare.Row{
		{Runs: []compare.Run{run(compare.VerdictOK, 100), run(compare.VerdictOK, 300)}},
		{Runs: []compare.Run{run(compare.VerdictTimeout, 0), run(compare.VerdictUnsat, 2000)}},
		{Runs: []compare.Run{run(compare.VerdictOK, 50), run(compare.VerdictMemout, 0)}},
		{Runs: []compare.Run{run(compare.VerdictError, 0), run(compare.VerdictWrong, 10)}},
		{Runs: []compare.Run{run(compare.VerdictOK, 400), run(compare.VerdictOK, 400)}}, // a tie goes to the first
	}
	r := compare.Report{Specs: []string{"a", "b"}, Rows: rows, Timeout: 10 * time.Second}
	solvers, best := scores(resolve(r))
	ms := time.Millisecond
	// a: 100 + 20000 + 50 + 20000 + 400 over 5 cases; b: 300 + 2000 + 20000 + 20000 + 400.
	if got, want := solvers[0].PAR2, 40550*ms/5; got != want {
		t.Errorf("a: PAR-2 %s, want %s", got, want)
	}
	if got, want := solvers[1].PAR2, 42700*ms/5; got != want {
		t.Errorf("b: PAR-2 %s, want %s", got, want)
	}
	if solvers[0].Fastest != 3 || solvers[1].Fastest != 1 {
		t.Errorf("fastest: a %d, b %d; want 3 and 1", solvers[0].Fastest, solvers[1].Fastest)
	}
	// Best per case: 100, 2000, 50, none (an error and a WRONG), 400.
	if best.Runs != 5 || best.Solved != 4 || best.Failed != 1 || best.Out != 0 {
		t.Errorf("virtual best counts %+v", best)
	}
	if best.Total != 2550*ms || best.Median != 250*ms {
		t.Errorf("virtual best total %s median %s, want 2.55s and 250ms (the mean of 100ms and 400ms)", best.Total, best.Median)
	}
	if got, want := best.PAR2, 22550*ms/5; got != want {
		t.Errorf("virtual best PAR-2 %s, want %s", got, want)
	}
	// The virtual best is never worse than a solver on any case.
	for _, s := range solvers {
		if best.PAR2 > s.PAR2 || best.Solved < s.Solved {
			t.Errorf("virtual best %+v worse than %+v", best, s)
		}
	}

	// Without a limit PAR-2 is known only for a solver that solved
	// everything, and is then its mean time.
	r = compare.Report{Specs: []string{"a", "b"}, Rows: []compare.Row{
		{Runs: []compare.Run{run(compare.VerdictOK, 10), run(compare.VerdictTimeout, 0)}},
		{Runs: []compare.Run{run(compare.VerdictUnsat, 30), run(compare.VerdictOK, 5)}},
	}}
	solvers, best = scores(resolve(r))
	if solvers[0].PAR2 != 20*ms || solvers[1].PAR2 != 0 || best.PAR2 != 7500*time.Microsecond {
		t.Errorf("no limit: PAR-2 a %s, b %s, best %s; want 20ms, unknown, 7.5ms", solvers[0].PAR2, solvers[1].PAR2, best.PAR2)
	}
	if !strings.Contains(solvers[1].String(), "PAR-2 n/a") {
		t.Errorf("unknown PAR-2 printed as %q", solvers[1].String())
	}
}

func TestSummaryLines(t *testing.T) {
	r := compare.Report{Specs: []string{"a", "b"}, Timeout: 2 * time.Second, Reused: 3, Rerun: 1, Rows: []compare.Row{
		{Runs: []compare.Run{run(compare.VerdictOK, 100), run(compare.VerdictTimeout, 0)}},
		{Runs: []compare.Run{run(compare.VerdictOK, 300), run(compare.VerdictOK, 200)}},
	}}
	var buf bytes.Buffer
	if err := WriteReport(&buf, r, Options{Format: "markdown"}); err != nil {
		t.Fatal(err)
	}
	out := buf.String()
	for _, want := range []string{
		"- a            solved 2/2, total 400ms, median 200ms, PAR-2 200ms",
		"- b            solved 1/2, 1 out of limits, total 200ms, median 200ms, PAR-2 2.1s",
		"- virtual best solved 2/2, total 300ms, median 150ms, PAR-2 150ms; fastest: a 1, b 1",
		"counted as 2 x 2s",
		"runs: 3 reused from the results file, 1 run now",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("summary lacks %q:\n%s", want, out)
		}
	}

	buf.Reset()
	if err := WriteReport(&buf, r, Options{Format: "json"}); err != nil {
		t.Fatal(err)
	}
	var back struct {
		Timeout     int64     `json:"timeout_ns"`
		Reused      int       `json:"reused"`
		Rerun       int       `json:"rerun"`
		Summary     []Summary `json:"summary"`
		VirtualBest Summary   `json:"virtual_best"`
	}
	if err := json.Unmarshal(buf.Bytes(), &back); err != nil {
		t.Fatal(err)
	}
	if back.Timeout != int64(2*time.Second) || back.Reused != 3 || back.Rerun != 1 ||
		back.Summary[1].PAR2 != 2100*time.Millisecond || back.VirtualBest.PAR2 != 150*time.Millisecond {
		t.Errorf("JSON scores: %+v", back)
	}
}

// parseBackRows are three judged rows of two solvers, as a comparison of
// a toy puzzle makes them: both solve case 1, "wrong" answers case 2
// wrongly, both find case 3 has no solution.
func parseBackRows() []compare.Row {
	row := func(n int, agree string, good, wrong compare.Run, problems ...string) compare.Row {
		good.Solver, wrong.Solver = "good", "wrong"
		return compare.Row{CaseInfo: compare.CaseInfo{File: "toy.txt", Case: n, Line: n, Size: "1", Cells: 1},
			Runs: []compare.Run{good, wrong}, Agree: agree, Problems: problems}
	}
	ok := func(answer string) compare.Run {
		return compare.Run{Verdict: compare.VerdictOK, Result: compare.Result{Solved: true, Answer: answer, Time: time.Millisecond}}
	}
	unsat := compare.Run{Verdict: compare.VerdictUnsat, Result: compare.Result{Answer: "-1", Time: time.Millisecond}}
	wrong := compare.Run{Verdict: compare.VerdictWrong, Detail: "7 is not 3+1", Result: compare.Result{Solved: true, Answer: "7", Time: time.Millisecond}}
	return []compare.Row{
		row(1, "yes", ok("2"), ok("2")),
		row(2, "-", ok("4"), wrong, "wrong: WRONG: 7 is not 3+1"),
		row(3, "yes", unsat, unsat),
	}
}

func TestReportsParseBack(t *testing.T) {
	names := []string{"good", "wrong"}
	rows := parseBackRows()

	var buf bytes.Buffer
	if err := WriteReport(&buf, compare.Report{Specs: names, Rows: rows}, Options{Format: "csv"}); err != nil {
		t.Fatal(err)
	}
	recs, err := csv.NewReader(&buf).ReadAll()
	if err != nil {
		t.Fatalf("CSV does not parse: %v", err)
	}
	if len(recs) != 1+len(rows) {
		t.Fatalf("%d CSV records for %d rows", len(recs), len(rows))
	}
	col := map[string]int{}
	for i, h := range recs[0] {
		col[h] = i
	}
	if got := recs[2][col["wrong.verdict"]]; got != string(compare.VerdictWrong) {
		t.Errorf("CSV wrong.verdict on case 3 = %q", got)
	}
	if got := recs[1][col["good.answer"]]; got != "2" {
		t.Errorf("CSV good.answer on case 1 = %q", got)
	}

	buf.Reset()
	if err := WriteReport(&buf, compare.Report{Specs: names, Rows: rows}, Options{Format: "json"}); err != nil {
		t.Fatal(err)
	}
	var back struct {
		Solvers []string      `json:"solvers"`
		Rows    []compare.Row `json:"rows"`
		Summary []Summary     `json:"summary"`
	}
	if err := json.Unmarshal(buf.Bytes(), &back); err != nil {
		t.Fatalf("JSON does not parse: %v", err)
	}
	if len(back.Rows) != 3 || back.Rows[1].Runs[1].Verdict != compare.VerdictWrong || back.Summary[1].Failed != 1 {
		t.Errorf("JSON round trip lost data: %+v", back)
	}

	for _, f := range []string{"table", "markdown"} {
		buf.Reset()
		if err := WriteReport(&buf, compare.Report{Specs: names, Rows: rows}, Options{Format: f}); err != nil {
			t.Fatal(err)
		}
		out := buf.String()
		if !strings.Contains(out, "PROBLEMS (1)") || !strings.Contains(out, "toy.txt#2") || !strings.Contains(out, "solved 3/3") {
			t.Errorf("%s report:\n%s", f, out)
		}
	}
	if err := WriteReport(&buf, compare.Report{Specs: names, Rows: rows}, Options{Format: "yaml"}); err == nil {
		t.Error("unknown format accepted")
	}
}

func TestSummaryGeometricMean(t *testing.T) {
	mk := func(a, b time.Duration) compare.Row {
		return compare.Row{Runs: []compare.Run{{Verdict: compare.VerdictOK, Result: compare.Result{Time: a}}, {Verdict: compare.VerdictOK, Result: compare.Result{Time: b}}}}
	}
	rows := []compare.Row{mk(time.Millisecond, 4*time.Millisecond), mk(4*time.Millisecond, 4*time.Millisecond),
		{Runs: []compare.Run{{Verdict: compare.VerdictOK, Result: compare.Result{Time: time.Millisecond}}, {Verdict: compare.VerdictTimeout}}}}
	s := resolve(compare.Report{Specs: []string{"a", "b"}, Rows: rows}).summarize()
	if s[0].Solved != 3 || s[1].Solved != 2 || s[1].Out != 1 {
		t.Fatalf("counts %+v", s)
	}
	if s[1].Both != 2 || s[1].Ratio < 1.99 || s[1].Ratio > 2.01 {
		t.Errorf("ratio %v over %d, want 2 over 2", s[1].Ratio, s[1].Both)
	}
	if s[0].Median != time.Millisecond || s[0].Total != 6*time.Millisecond {
		t.Errorf("median %s total %s", s[0].Median, s[0].Total)
	}
}

// A case whose two solvers' repeats overlap is within noise: no solver is
// credited with it in the fastest-on count.
func TestFastestWithinNoise(t *testing.T) {
	ms := time.Millisecond
	run := func(med, lo, hi time.Duration) compare.Run {
		return compare.Run{Verdict: compare.VerdictOK, CPU: med, Wall: med, Result: compare.Result{Solved: true, Time: med},
			Spread: &compare.Spread{N: 5, CPU: compare.Quartiles{Min: lo, Median: med, Max: hi}, Wall: compare.Quartiles{Min: lo, Median: med, Max: hi}}}
	}
	rows := []compare.Row{
		{Runs: []compare.Run{run(2*ms, 1*ms, 3*ms), run(5*ms, 4*ms, 6*ms)}},             // a, clearly
		{Runs: []compare.Run{run(2*ms, 1*ms, 3*ms), run(4*ms, 3*ms, 5*ms)}},             // overlap at 3ms
		{Runs: []compare.Run{run(9*ms, 8*ms, 10*ms), run(4*ms, 2*ms, 7*ms)}},            // b, clearly
		{Runs: []compare.Run{run(9*ms, 5*ms, 10*ms), run(4*ms, 2*ms, 6*ms)}},            // overlap
		{Runs: []compare.Run{run(9*ms, 9*ms, 9*ms), {Verdict: compare.VerdictTimeout}}}, // a alone
	}
	solvers, best := scores(resolve(compare.Report{Specs: []string{"a", "b"}, Rows: rows}))
	if solvers[0].Fastest != 2 || solvers[1].Fastest != 1 || best.WithinNoise != 2 {
		t.Errorf("fastest a %d, b %d, within noise %d; want 2, 1, 2", solvers[0].Fastest, solvers[1].Fastest, best.WithinNoise)
	}
	lines, _ := summaryLines(resolve(compare.Report{Specs: []string{"a", "b"}, Rows: rows}))
	if !strings.Contains(strings.Join(lines, "\n"), "fastest: a 2, b 1, within noise 2") {
		t.Errorf("summary:\n%s", strings.Join(lines, "\n"))
	}
}

// The summary's median is numpy's (np.median of 1, 2, 4, 10 ms = 3 ms),
// the virtual best's too.
func TestSummaryMedianEven(t *testing.T) {
	var rows []compare.Row
	for _, ms := range []time.Duration{4, 1, 10, 2} {
		rows = append(rows, compare.Row{Runs: []compare.Run{{Verdict: compare.VerdictOK, Result: compare.Result{Solved: true, Time: ms * time.Millisecond}}}})
	}
	solvers, best := scores(resolve(compare.Report{Specs: []string{"a"}, Rows: rows}))
	if solvers[0].Median != 3*time.Millisecond || best.Median != 3*time.Millisecond {
		t.Errorf("median %v, virtual best's %v; want 3ms", solvers[0].Median, best.Median)
	}
}

// Runs timed over a round of solves say so in the clock note.
func TestClockNoteRepeatedSolves(t *testing.T) {
	rows := []compare.Row{{Runs: []compare.Run{{Verdict: compare.VerdictOK, Solves: 300, Result: compare.Result{Solved: true, Time: 4 * time.Microsecond}}}}}
	if note := resolve(compare.Report{Specs: []string{"a"}, Rows: rows}).clockNote(); !strings.Contains(note, "1 quick runs timed as the mean of a round of solves") {
		t.Errorf("clock note %q", note)
	}
	rows[0].Runs[0].Solves = 1
	if note := resolve(compare.Report{Specs: []string{"a"}, Rows: rows}).clockNote(); strings.Contains(note, "round of solves") {
		t.Errorf("one solve, clock note %q", note)
	}
}

// The virtual best leaves out a case whose solved runs were measured on
// different machines (report --mixed-machines): the fastest of them is
// no time of one machine, and no solver is credited with it; cases of one
// machine count as before (red-team leftover: the min was taken across).
func TestVirtualBestLeavesOutMixedMachines(t *testing.T) {
	ms := time.Millisecond
	run := func(d time.Duration, machine string) compare.Run {
		return compare.Run{Verdict: compare.VerdictOK, CPU: d, Wall: d, Machine: machine, Result: compare.Result{Solved: true, Time: d}}
	}
	rows := []compare.Row{
		{Runs: []compare.Run{run(2*ms, "machine 1"), run(5*ms, "machine 1")}},
		{Runs: []compare.Run{run(9*ms, "machine 1"), run(1*ms, "machine 2")}},
		{Runs: []compare.Run{run(3*ms, "machine 2"), {Verdict: compare.VerdictTimeout, Machine: "machine 1"}}},
	}
	r := compare.Report{Specs: []string{"a", "b"}, Rows: rows}
	solvers, best := scores(resolve(r))
	if best.AcrossMachines != 1 || best.Runs != 2 || best.Solved != 2 || best.Total != 5*ms || solvers[0].Fastest != 2 || solvers[1].Fastest != 0 {
		t.Errorf("virtual best %+v, fastest a %d, b %d; want row 2 left out, 2 and 3 ms, a fastest twice", best, solvers[0].Fastest, solvers[1].Fastest)
	}
	lines, _ := summaryLines(resolve(r))
	if !strings.Contains(strings.Join(lines, "\n"), "1 case left out, their runs measured on different machines") {
		t.Errorf("summary:\n%s", strings.Join(lines, "\n"))
	}
}
