package puzzles

import (
	"math/rand"
	"strings"
	"testing"

	"github.com/gridsat/gridsat/compare"
	"github.com/gridsat/gridsat/instances"
)

// fuzzSplits are a small split case of each puzzle, for FuzzJoinParts.
func fuzzSplits(t testing.TB) map[string][]instances.Case {
	t.Helper()
	q := instances.NewQueens(5, 5)
	for i := range q.Target {
		q.Target[i] = true
	}
	qs, err := instances.SplitQueens(q, 4, 3, nil)
	if err != nil {
		t.Fatal(err)
	}
	b, _, err := instances.GenerateChain(rand.New(rand.NewSource(3)), instances.ChainGenOptions{N: 4, K: 3})
	if err != nil {
		t.Fatal(err)
	}
	cs, err := instances.SplitChain(b, 5)
	if err != nil {
		t.Fatal(err)
	}
	ss, err := instances.SplitSlant(instances.NewSlant(3, 3), 4)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][]instances.Case{}
	for _, c := range qs {
		out["queens"] = append(out["queens"], c)
	}
	for _, c := range cs {
		out["chain"] = append(out["chain"], c)
	}
	for _, c := range ss {
		out["slant"] = append(out["slant"], c)
	}
	return out
}

// fuzzRun is the run a fuzz byte b makes, answer its answer when b's
// top bit is set (else a well-formed one for the puzzle).
func fuzzRun(puzzle string, b byte, answer string) compare.Run {
	verdicts := []compare.Verdict{compare.VerdictOK, compare.VerdictUnsat, compare.VerdictTimeout, compare.VerdictWrong}
	r := compare.Run{Verdict: verdicts[b>>2&3], Claim: compare.ClaimLabels[int(b>>4)%len(compare.ClaimLabels)]}
	r.Result.Solved = b>>4&1 == 1
	if b>>7 == 0 {
		switch {
		case puzzle == "queens" && r.Result.Solved:
			answer = instances.FormatQueensAnswer(1, 3+int(b>>5&1))
		case puzzle == "queens":
			answer = instances.FormatQueensPartAnswer(1)
		case puzzle == "chain" && !r.Result.Solved:
			answer = instances.ChainNoPath
		case puzzle == "chain":
			answer = "2224"[:2+int(b>>5&1)]
		case !r.Result.Solved:
			answer = ""
		}
	}
	r.Result.Answer = answer
	if b>>5&1 == 1 {
		r.Result.Second = answer
	}
	r.Result.UniqueChecked = b>>6&1 == 1
	return r
}

// FuzzJoinParts: the join of any rows a results file can hold (any
// verdicts, answers, parts missing or given twice) never panics, says
// something, and names a best part on the board when it gives a value.
func FuzzJoinParts(f *testing.F) {
	splits := fuzzSplits(f)
	f.Add(uint8(0), []byte{1, 1, 1, 1}, "")
	f.Add(uint8(1), []byte{0x11, 2, 0x15, 3, 0}, "Case 1: x")
	f.Add(uint8(2), []byte{0xf2, 0x31, 0x41}, "\\/\\")
	f.Add(uint8(0), []byte{0x92, 0x12}, "Case 1: -7")
	f.Fuzz(func(t *testing.T, which uint8, spec []byte, answer string) {
		name := []string{"queens", "chain", "slant"}[int(which)%3]
		p, err := compare.Lookup(name)
		if err != nil {
			t.Fatal(err)
		}
		r := &compare.Report{Puzzle: p, Specs: []string{"dfs", "sat"}}
		for i, c := range splits[name] {
			b := byte(1)
			if len(spec) > 0 {
				b = spec[i%len(spec)]
			}
			for k := 0; k < int(b&3); k++ {
				r.Rows = append(r.Rows, compare.Row{CaseInfo: compare.CaseInfo{File: "parts.txt", Case: i + 1}, Input: c, Agree: "-",
					Runs: []compare.Run{fuzzRun(name, b+byte(k)<<2, answer)}})
			}
		}
		for _, j := range compare.JoinParts(r) {
			s := j.String()
			if !strings.Contains(s, "joined ") {
				t.Fatalf("join says %q", s)
			}
			if j.Complete() && j.Value >= 0 && (j.Best < 1 || j.Best > j.Count) {
				t.Fatalf("complete join with value %d in part %d of %d: %s", j.Value, j.Best, j.Count, s)
			}
		}
	})
}
