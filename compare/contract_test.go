package compare

import (
	"io"
	"strings"
	"testing"

	"github.com/gridsat/gridsat/instances"
)

// corePuzzle is a puzzle with the required core alone.
func corePuzzle() *Puzzle {
	return &Puzzle{
		Name:       "core",
		Summary:    "a puzzle with the required core alone",
		Parse:      func(string, io.Reader) ([]instances.Case, error) { return nil, nil },
		FormatCase: func(io.Writer, instances.Case) error { return nil },
		Solvers:    []Solver{{Name: "dfs"}, {Name: "sat"}},
		DFS:        "dfs",
		Verify:     func(instances.Case, Result) error { return nil },
		Agree:      func(instances.Case, Result, Result) error { return nil },
	}
}

// Register checks the contract: the core is required, the named solvers
// exist, and an optional capability comes whole or not at all; each
// refusal names the field.
func TestPuzzleCheck(t *testing.T) {
	for _, tt := range []struct {
		name  string
		edit  func(p *Puzzle)
		error string // "" when accepted
	}{
		{"core alone", func(p *Puzzle) {}, ""},
		{"no name", func(p *Puzzle) { p.Name = "" }, "no name"},
		{"no parser", func(p *Puzzle) { p.Parse = nil }, "Parse"},
		{"no verifier", func(p *Puzzle) { p.Verify = nil }, "Verify"},
		{"no DFS named", func(p *Puzzle) { p.DFS = "" }, "DFS"},
		{"DFS not a solver", func(p *Puzzle) { p.DFS = "bfs" }, `DFS names solver "bfs"`},
		{"SAT not a solver", func(p *Puzzle) { p.SAT = "cdcl" }, `SAT names solver "cdcl"`},
		{"SAT named", func(p *Puzzle) { p.SAT = "sat" }, ""},
		{"CNF without SAT", func(p *Puzzle) {
			p.CNF = func(instances.Case, Options, bool) (Formula, error) { return nil, nil }
		}, "need SAT"},
		{"generator without doc", func(p *Puzzle) { p.Generate = func(io.Writer, GenConfig) error { return nil } }, "GenDoc"},
		{"split without parts", func(p *Puzzle) {
			p.Split = func(io.Writer, []instances.Case, SplitConfig) error { return nil }
			p.SplitDoc = "halves"
		}, "PartOf"},
		{"least without optimum", func(p *Puzzle) { p.Least = func(Result) bool { return false } }, "Optimum"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			p := corePuzzle()
			tt.edit(p)
			unregister, err := Register(p)
			if err == nil {
				defer unregister()
			}
			switch {
			case tt.error == "" && err != nil:
				t.Fatalf("refused: %v", err)
			case tt.error != "" && (err == nil || !strings.Contains(err.Error(), tt.error)):
				t.Fatalf("error %v, want one naming %q", err, tt.error)
			}
		})
	}
}

// A name registered twice is refused, and the puzzle can be taken out.
func TestRegisterTwice(t *testing.T) {
	unregister, err := Register(corePuzzle())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Register(corePuzzle()); err == nil || !strings.Contains(err.Error(), "twice") {
		t.Errorf("a second core: %v", err)
	}
	if _, err := Lookup("core"); err != nil {
		t.Error(err)
	}
	unregister()
	if _, err := Lookup("core"); err == nil {
		t.Error("core still registered")
	}
}

// RenameStats reads a statistic's old name as its name now.
func TestRenameStats(t *testing.T) {
	p := &Puzzle{RenamedStats: map[string]string{"bound": "lower"}}
	stats := []Stat{{Name: "nodes", Value: 3}, {Name: "bound", Value: 7}}
	p.RenameStats(stats)
	if stats[0].Name != "nodes" || stats[1].Name != "lower" || stats[1].Value != 7 {
		t.Errorf("renamed: %v", stats)
	}
}
