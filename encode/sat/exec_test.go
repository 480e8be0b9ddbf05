package sat

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The exec backend believes nothing a solver prints without parsing it
// whole; these fuzz targets check that no output crashes the parsers and
// that every model they accept says what the output said.

// fuzzSeeds adds the recorded solver outputs as seeds.
func fuzzSeeds(f *testing.F, pattern string) {
	paths, _ := filepath.Glob(filepath.Join("testdata", pattern))
	for _, p := range paths {
		if data, err := os.ReadFile(p); err == nil {
			f.Add(string(data), 60)
		}
	}
}

// modelLine writes model back as competition "v" lines.
func modelLine(model []bool) string {
	var b strings.Builder
	b.WriteString("s SATISFIABLE\nv")
	for v := 1; v < len(model); v++ {
		fmt.Fprintf(&b, " %d", Lit(v, model[v]))
	}
	b.WriteString(" 0\n")
	return b.String()
}

func FuzzParseCompetitionOutput(f *testing.F) {
	for _, s := range []string{
		"s SATISFIABLE\nv 1 -2 3 -4 0\n",
		"c x\ns SATISFIABLE\nv -1\nv 2\nv 0\n",
		"s UNSATISFIABLE\n",
		"s UNKNOWN\n",
		"s SATISFIABLE\nv 1 0 2\n",
		"v 1 2 0\ns SATISFIABLE\n",
	} {
		f.Add(s, 4)
	}
	fuzzSeeds(f, "dimacs_*.cadical.stdout")
	f.Fuzz(func(t *testing.T, out string, nvars int) {
		if nvars < 0 || nvars > 1000 {
			return
		}
		ans, err := parseCompetitionOutput(strings.NewReader(out), nvars)
		if err != nil {
			return
		}
		if ans.status != Satisfiable {
			if ans.model != nil {
				t.Fatalf("%v with a model", ans.status)
			}
			return
		}
		if len(ans.model) != nvars+1 {
			t.Fatalf("model of %d entries for %d variables", len(ans.model), nvars)
		}
		// Every literal on a v line holds in the model, unless a later
		// one overrides it.
		again, err := parseCompetitionOutput(strings.NewReader(modelLine(ans.model)), nvars)
		if err != nil || again.status != Satisfiable {
			t.Fatalf("the model written back does not parse: %v", err)
		}
		for v := range ans.model {
			if again.model[v] != ans.model[v] {
				t.Fatalf("variable %d changed on the round trip", v)
			}
		}
		if !strings.Contains(out, "SATISFIABLE") || !strings.Contains(out, "v") {
			t.Fatal("SAT without a status line or a model")
		}
	})
}

func FuzzParseMiniSatResult(f *testing.F) {
	for _, s := range []string{"SAT\n1 -2 3 -4 0\n", "UNSAT\n", "INDET\n", "SAT\n1 2\n", "", "SAT\n0\n"} {
		f.Add(s, 4)
	}
	fuzzSeeds(f, "dimacs_*.minisat.result")
	f.Fuzz(func(t *testing.T, out string, nvars int) {
		if nvars < 0 || nvars > 1000 {
			return
		}
		ans, err := parseMiniSatResult(strings.NewReader(out), nvars)
		if err != nil {
			return
		}
		if ans.status == Satisfiable {
			if len(ans.model) != nvars+1 || !strings.HasPrefix(strings.TrimSpace(out), "SAT") {
				t.Fatalf("bad SAT answer from %q", out)
			}
			for v := 1; v <= nvars; v++ {
				if ans.model[v] && !strings.Contains(out, fmt.Sprint(v)) {
					t.Fatalf("variable %d true but not in %q", v, out)
				}
			}
		} else if ans.model != nil {
			t.Fatalf("%v with a model", ans.status)
		}
	})
}

func FuzzParseSolverStats(f *testing.F) {
	f.Add("c conflicts: 12 3.4 per second\nc decisions: 7\n")
	f.Add("conflicts             : 32             (12744 /sec)\n")
	f.Fuzz(func(t *testing.T, out string) {
		st := parseSolverStats([]byte(out))
		if st.Conflicts < 0 || st.Decisions < 0 || st.Restarts < 0 {
			t.Fatalf("negative counter %+v", st)
		}
	})
}
