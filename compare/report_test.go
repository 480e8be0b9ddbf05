package compare

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/gridsat/gridsat/encode/sat"
	"github.com/gridsat/gridsat/instances"
)

// worstRows builds a row for every case of p's bundled sets, each run as
// wide as a table cell can get: the widest verdict and time, every
// statistic the solver reports at nine digits, and steps. The statistics'
// names come from a real solve of each set's smallest case.
func worstRows(t *testing.T, p *Puzzle, specTexts []string) []Row {
	t.Helper()
	var specs []Spec
	for _, s := range specTexts {
		spec, err := p.ParseSpec(s, nil)
		if err != nil {
			t.Fatal(err)
		}
		specs = append(specs, spec)
	}
	var rows []Row
	for _, set := range instances.Sets(p.Name) {
		srcs, err := LoadPath(p, set.String(), nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, src := range srcs {
			stats := make([][]Stat, len(specs))
			var steps []sat.Step
			smallest := src.Cases[0]
			for _, c := range src.Cases {
				if c.Cells() < smallest.Cells() {
					smallest = c
				}
			}
			for i, spec := range specs {
				res, err := SolveCase(spec, smallest)
				if err != nil {
					t.Fatalf("%s on %s: %v", spec.Text, set, err)
				}
				for _, s := range res.Stats {
					stats[i] = append(stats[i], Stat{s.Name, 987654321})
				}
				steps = append(steps, res.Steps...)
			}
			for _, c := range src.Cases {
				row := Row{CaseInfo: caseInfo(src.Set, src.File, c), Agree: "yes", Input: c}
				for i, spec := range specs {
					row.Runs = append(row.Runs, Run{Solver: spec.Text, Verdict: VerdictUnsat,
						Result: Result{Time: 999 * time.Millisecond, Stats: stats[i], Steps: steps}})
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
	for _, name := range PuzzleNames() {
		p, _ := Lookup(name)
		if len(instances.Sets(name)) == 0 {
			continue
		}
		t.Run(name, func(t *testing.T) {
			for _, specs := range [][]string{{"dfs", "sat"}, {"dfs", "sat", "sat:backend=gini"}} {
				r := Report{Puzzle: p, Specs: specs, Rows: worstRows(t, p, specs), Timeout: 10 * time.Second, Reused: 100, Rerun: 1000}
				for _, width := range []int{0, 100, 80} {
					if width == 80 && len(specs) > 2 {
						continue // no room: the table without statistics is 82 wide
					}
					var buf bytes.Buffer
					if err := WriteReport(&buf, r, ReportOptions{Width: width}); err != nil {
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
	for _, name := range PuzzleNames() {
		p, _ := Lookup(name)
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
	run := Run{Verdict: VerdictOK, Result: Result{Time: time.Millisecond,
		Stats: []Stat{{"vars", 123}, {"rounds", 46}, {"trials", 25}, {"rebuilds", 14}, {"assumed", 0}, {"conflicts", 123456}},
		Steps: []sat.Step{{Label: "smallest path: 25 trials, 14 rebuilds, 0 under assumptions", Status: sat.Satisfiable}}}}
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
	p := &Puzzle{Name: "x", Solvers: []Solver{{Name: "sat", Headline: []string{"rounds", "trials", "conflicts"}}}}
	r := Report{Puzzle: p, Specs: []string{"sat:backend=gini"}, Rows: []Row{{CaseInfo: CaseInfo{Set: "x/s", Case: 1, Size: "3x3"}, Runs: []Run{run}, Agree: "-"}}}
	for _, tt := range []struct {
		stats      string
		want, lack []string
	}{
		{"", []string{"rounds/trials/conflicts", "46/25/123k", "ok 1ms"}, []string{"rebuilds", "smallest path"}},
		{"full", []string{"rebuilds=14", "smallest path"}, []string{"46/25/123k"}},
	} {
		var buf bytes.Buffer
		if err := WriteReport(&buf, r, ReportOptions{Stats: tt.stats}); err != nil {
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
	if err := WriteReport(&bytes.Buffer{}, r, ReportOptions{Stats: "some"}); err == nil {
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
func run(v string, ms int) Run {
	return Run{Verdict: v, Result: Result{Time: time.Duration(ms) * time.Millisecond}, Wall: time.Duration(ms+1) * time.Millisecond}
}

// TestPAR2AndVirtualBest checks the scores on hand-made rows: PAR-2 is the
// mean per case with every unsolved run (timeout, memout, error, WRONG) at
// twice the limit; the virtual best takes each case's fastest solved run.
func TestPAR2AndVirtualBest(t *testing.T) {
	rows := []Row{
		{Runs: []Run{run(VerdictOK, 100), run(VerdictOK, 300)}},
		{Runs: []Run{run(VerdictTimeout, 0), run(VerdictUnsat, 2000)}},
		{Runs: []Run{run(VerdictOK, 50), run(VerdictMemout, 0)}},
		{Runs: []Run{run(VerdictError, 0), run(VerdictWrong, 10)}},
		{Runs: []Run{run(VerdictOK, 400), run(VerdictOK, 400)}}, // a tie goes to the first
	}
	r := Report{Specs: []string{"a", "b"}, Rows: rows, Timeout: 10 * time.Second}
	solvers, best := Scores(r)
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
	if best.Total != 2550*ms || best.Median != 400*ms {
		t.Errorf("virtual best total %s median %s, want 2.55s and 400ms", best.Total, best.Median)
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
	r = Report{Specs: []string{"a", "b"}, Rows: []Row{
		{Runs: []Run{run(VerdictOK, 10), run(VerdictTimeout, 0)}},
		{Runs: []Run{run(VerdictUnsat, 30), run(VerdictOK, 5)}},
	}}
	solvers, best = Scores(r)
	if solvers[0].PAR2 != 20*ms || solvers[1].PAR2 != 0 || best.PAR2 != 7500*time.Microsecond {
		t.Errorf("no limit: PAR-2 a %s, b %s, best %s; want 20ms, unknown, 7.5ms", solvers[0].PAR2, solvers[1].PAR2, best.PAR2)
	}
	if !strings.Contains(solvers[1].String(), "PAR-2 n/a") {
		t.Errorf("unknown PAR-2 printed as %q", solvers[1].String())
	}
}

func TestSummaryLines(t *testing.T) {
	r := Report{Specs: []string{"a", "b"}, Timeout: 2 * time.Second, Reused: 3, Rerun: 1, Rows: []Row{
		{Runs: []Run{run(VerdictOK, 100), run(VerdictTimeout, 0)}},
		{Runs: []Run{run(VerdictOK, 300), run(VerdictOK, 200)}},
	}}
	var buf bytes.Buffer
	if err := WriteReport(&buf, r, ReportOptions{Format: "markdown"}); err != nil {
		t.Fatal(err)
	}
	out := buf.String()
	for _, want := range []string{
		"- a            solved 2/2, total 400ms, median 300ms, PAR-2 200ms",
		"- b            solved 1/2, 1 out of limits, total 200ms, median 200ms, PAR-2 2.1s",
		"- virtual best solved 2/2, total 300ms, median 200ms, PAR-2 150ms; fastest: a 1, b 1",
		"counted as 2 x 2s",
		"runs: 3 reused from the results file, 1 run now",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("summary lacks %q:\n%s", want, out)
		}
	}

	buf.Reset()
	if err := WriteReport(&buf, r, ReportOptions{Format: "json"}); err != nil {
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
