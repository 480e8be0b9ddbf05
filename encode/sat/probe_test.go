package sat

import (
	"math/rand"
	"reflect"
	"slices"
	"testing"
	"time"
)

// models lists every model of f (f small).
func models(f *CNF) [][]bool {
	var out [][]bool
	for mask := 0; mask < 1<<f.NumVars; mask++ {
		m := make([]bool, f.NumVars+1)
		for v := 1; v <= f.NumVars; v++ {
			m[v] = mask>>(v-1)&1 == 1
		}
		if modelSatisfies(f, m) {
			out = append(out, m)
		}
	}
	return out
}

// TestProberIsSound probes random formulas, adds clauses and probes again,
// and checks every unit found against every model, and an unsatisfiable
// verdict against brute force.
func TestProberIsSound(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	found := 0
	for trial := 0; trial < 2000; trial++ {
		nv := 2 + rng.Intn(9)
		f := randomCNF(rng, nv, rng.Intn(3*nv))
		p := NewProber(f)
		check := func(ok bool) {
			t.Helper()
			ms := models(f)
			if !ok {
				if len(ms) > 0 {
					t.Fatalf("trial %d: prober says unsatisfiable, %d models: %v", trial, len(ms), f.Clauses)
				}
				return
			}
			for _, u := range p.unitsFound() {
				for _, m := range ms {
					if !satisfied([]int{u}, m) {
						t.Fatalf("trial %d: unit %d false in model %v of %v", trial, u, m, f.Clauses)
					}
				}
			}
			found += len(p.unitsFound())
		}
		check(p.probeAll())
		extra := randomCNF(rng, nv, 1+rng.Intn(nv))
		for _, c := range extra.Clauses {
			f.Clauses = append(f.Clauses, c)
			p.Add(c)
		}
		check(p.probeAll())
	}
	if found == 0 {
		t.Fatal("no unit found in 2000 formulas: the test checks nothing")
	}
}

// TestProberFinds checks the two kinds of unit probing derives beyond unit
// propagation, each on a formula where unit propagation alone finds
// nothing.
func TestProberFinds(t *testing.T) {
	for _, tc := range []struct {
		name    string
		clauses [][]int
		want    int
	}{
		// 1 implies 2 and 3, which clash: 1 is a failed literal.
		{"failed literal", [][]int{{-1, 2}, {-1, 3}, {-2, -3, 4}, {-2, -3, -4}}, -1},
		// 1 implies 3 through 2; -1 implies 3 directly: lifting.
		{"lifting", [][]int{{-1, 2}, {-2, 3}, {1, 3}, {3, 4, 5}}, 3},
	} {
		f := &CNF{NumVars: 5, Clauses: tc.clauses}
		p := NewProber(f)
		if !p.probeAll() {
			t.Fatalf("%s: unsatisfiable", tc.name)
		}
		if !slices.Contains(p.unitsFound(), tc.want) {
			t.Errorf("%s: units %v, want %d among them", tc.name, p.unitsFound(), tc.want)
		}
	}
	f := &CNF{NumVars: 2, Clauses: [][]int{{1, 2}, {1, -2}, {-1, 2}, {-1, -2}}}
	if NewProber(f).probeAll() {
		t.Error("every assignment of 2 variables forbidden: probing should prove it")
	}
}

// TestProbingSolverRounds checks that in ProbeRounds mode a clause added
// between solves is probed before the next solve (the units reach the
// solver), and that an unsatisfiability probing proves is answered.
func TestProbingSolverRounds(t *testing.T) {
	be, err := LookupBackend("")
	if err != nil {
		t.Fatal(err)
	}
	// 1 implies 2 and 3; the clause added later makes 2 and 3 clash.
	f := &CNF{NumVars: 4, Clauses: [][]int{{-1, 2}, {-1, 3}, {1, 4}}}
	for _, mode := range []string{ProbeNone, ProbeOnce, ProbeRounds} {
		sv, err := newProbingSolver(be, f, mode)
		if err != nil {
			t.Fatal(err)
		}
		if st, _ := sv.Solve(time.Time{}); st != Satisfiable {
			t.Fatalf("%s: %v", mode, st)
		}
		if err := sv.AddClause([]int{-2, -3}); err != nil {
			t.Fatal(err)
		}
		if st, _ := sv.Solve(time.Time{}); st != Satisfiable || sv.Model()[1] || !sv.Model()[4] {
			t.Fatalf("%s: %v, model %v: want 1 false, 4 true", mode, st, sv.Model())
		}
		want := map[string]int64{ProbeNone: 0, ProbeOnce: 0, ProbeRounds: 2}[mode]
		if got := sv.Stats().Probed; got != want {
			t.Errorf("%s: %d literals probed, want %d (-1 and 4)", mode, got, want)
		}
		if err := sv.AddClause([]int{-4}); err != nil {
			t.Fatal(err)
		}
		if st, _ := sv.Solve(time.Time{}); st != Unsatisfiable {
			t.Errorf("%s: %v after forbidding 4, want UNSAT", mode, st)
		}
	}
	if _, err := newProbingSolver(be, f, "sometimes"); err == nil {
		t.Error("unknown probing mode accepted")
	}
}

// TestProbingSolverCompacts checks the renumbering: variables probing
// fixes are left out of the backend's solver, clauses added later lose
// their literals fixed false or are dropped when satisfied, and models
// carry the fixed values.
func TestProbingSolverCompacts(t *testing.T) {
	// -1 fails (1 or 2, 1 or not 2): 1 is fixed; 3 and 4 stay open.
	f := &CNF{NumVars: 4, Clauses: [][]int{{1, 2}, {1, -2}, {3, 4}}}
	for _, name := range BackendNames() {
		if name == "exec:NAME" {
			continue
		}
		be, err := LookupBackend(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, mode := range []string{ProbeOnce, ProbeRounds} {
			sv, err := newProbingSolver(be, f, mode)
			if err != nil {
				t.Fatal(err)
			}
			if n := len(sv.(*probingSolver).outer) - 1; n != 3 {
				t.Errorf("%s %s: inner solver has %d variables, want 3 (2, 3, 4)", name, mode, n)
			}
			runProbingSteps(t, name+" "+mode, sv, []probingStep{
				{nil, Satisfiable, map[int]bool{1: true}},
				{[]int{-1, -3}, Satisfiable, map[int]bool{1: true, 3: false, 4: true}}, // becomes "not 3"
				{[]int{1, -4}, Satisfiable, map[int]bool{1: true, 4: true}},            // satisfied: dropped
				{[]int{-4}, Unsatisfiable, nil},
			}, func(i int, m []bool) {
				if len(m) != 5 {
					t.Errorf("%s %s step %d: model %v, want variables 1..4", name, mode, i, m)
				}
			})
			if err := sv.AddClause([]int{5}); err == nil {
				t.Errorf("%s %s: literal 5 of 4 variables accepted", name, mode)
			}
		}
	}
}

// TestProbingSolverRebuilds checks the rebuild of ProbeRounds: a clause
// whose probing fixes rebuildUnits or more variables makes the backend's
// solver anew over the variables left, with the last model's values
// flipped in; later clauses and models must still read right.
func TestProbingSolverRebuilds(t *testing.T) {
	n := rebuildUnits + 20
	f := &CNF{NumVars: n + 3}
	for i := 1; i < n; i++ {
		f.Clauses = append(f.Clauses, []int{-i, i + 1}) // x_i implies x_i+1
	}
	y, z, w := n+1, n+2, n+3
	f.Clauses = append(f.Clauses, []int{y, z, w})
	for _, name := range []string{"gophersat", "gini"} {
		be, err := LookupBackend(name)
		if err != nil {
			t.Fatal(err)
		}
		sv, err := newProbingSolver(be, f, ProbeRounds)
		if err != nil {
			t.Fatal(err)
		}
		ps := sv.(*probingSolver)
		all := &CNF{NumVars: f.NumVars}
		runProbingSteps(t, name, sv, []probingStep{
			{nil, Satisfiable, nil},
			{[]int{1}, Satisfiable, map[int]bool{1: true, n: true}}, // fixes all n: rebuild
			{[]int{-n, -y}, Satisfiable, map[int]bool{y: false}},
			{[]int{-z}, Satisfiable, map[int]bool{y: false, z: false, w: true}},
			{[]int{-w, y}, Unsatisfiable, nil},
		}, func(i int, m []bool) {
			all.Clauses = append(append(all.Clauses[:0], f.Clauses...), ps.added...)
			if !modelSatisfies(all, m) {
				t.Fatalf("%s step %d: model %v breaks a clause", name, i, m)
			}
			if i == 1 && len(ps.outer)-1 != 3 {
				t.Errorf("%s: after the rebuild the solver has %d variables, want 3", name, len(ps.outer)-1)
			}
		})
		if c := sv.Stats(); c.Probed < int64(n) {
			t.Errorf("%s: %d probed, want at least %d", name, c.Probed, n)
		}
	}
}

// probingStep is one step of a probing solver's test: a clause to add
// (nil: none), the verdict of the solve after it, and values the model
// must have.
type probingStep struct {
	add    []int
	status Status
	want   map[int]bool
}

// runProbingSteps runs steps on sv; check sees every model.
func runProbingSteps(t *testing.T, label string, sv Solver, steps []probingStep, check func(step int, model []bool)) {
	t.Helper()
	for i, st := range steps {
		if st.add != nil {
			if err := sv.AddClause(st.add); err != nil {
				t.Fatal(err)
			}
		}
		got, err := sv.Solve(time.Time{})
		if err != nil || got != st.status {
			t.Fatalf("%s step %d: %v %v, want %v", label, i, got, err, st.status)
		}
		if got != Satisfiable {
			continue
		}
		m := sv.Model()
		for v, val := range st.want {
			if v >= len(m) || m[v] != val {
				t.Errorf("%s step %d: model %v, want variable %d %v", label, i, m, v, val)
			}
		}
		check(i, m)
	}
}

// TestCuttingSolver checks the lazy constraints probing checks: a probe
// cut makes a probe fail (its literal is fixed the other way at the root),
// a root cut is read off the root values and reaches the backend, and
// both happen before the first solve, with a proof that records them as
// inputs and the failed literal as a lemma. The hidden constraints, never
// in the formula: 1 and 2 not both true; 3 true forces 4 false.
func TestCuttingSolver(t *testing.T) {
	be, err := LookupBackend("")
	if err != nil {
		t.Fatal(err)
	}
	// 1 implies 2; 3 is a unit; 4 or 5.
	f := &CNF{NumVars: 5, Clauses: [][]int{{-1, 2}, {3}, {4, 5}}}
	var probeCuts, rootCuts int
	for _, mode := range []string{ProbeOnce, ProbeRounds} {
		probeCuts, rootCuts = 0, 0
		log := &ProofLog{}
		cuts := Cuts{
			Probe: func(value []int8, root, implied []int) [][]int {
				if value[1] > 0 && value[2] > 0 {
					probeCuts++
					log.Input("test", []int{-1, -2})
					return [][]int{{-1, -2}}
				}
				return nil
			},
			Root: func(value []int8) [][]int {
				if value[3] > 0 && value[4] == 0 {
					rootCuts++
					log.Input("test", []int{-3, -4})
					return [][]int{{-3, -4}}
				}
				return nil
			},
		}
		sv, err := NewCuttingSolver(gophersatBackend{}, f, mode, log, cuts)
		if err != nil {
			t.Fatal(err)
		}
		if st, err := sv.Solve(time.Time{}); st != Satisfiable || err != nil {
			t.Fatalf("%s: %v %v", mode, st, err)
		}
		m := sv.Model()
		if m[1] || m[4] || !m[5] {
			t.Errorf("%s: model %v, want 1 and 4 false, 5 true", mode, m)
		}
		if probeCuts != 1 || rootCuts != 1 {
			t.Errorf("%s: %d probe cuts and %d root cuts, want one each", mode, probeCuts, rootCuts)
		}
		var lemmas [][]int
		for _, st := range log.Steps() {
			if st.Kind == ProofLemma {
				lemmas = append(lemmas, st.Lits)
			}
		}
		if len(lemmas) == 0 || len(lemmas[0]) != 1 || lemmas[0][0] != -1 {
			t.Errorf("%s: lemmas %v, want the failed literal -1 first", mode, lemmas)
		}
	}
	// Without probing, neither is asked.
	probeCuts, rootCuts = 0, 0
	if _, err := NewCuttingSolver(be, f, ProbeNone, nil, Cuts{Probe: func([]int8, []int, []int) [][]int { probeCuts++; return nil }}); err != nil || probeCuts != 0 {
		t.Errorf("probe=none: %d probe cuts asked, err %v", probeCuts, err)
	}
}

// TestRootCutterAskedOnNewValues: in rounds mode the root cutter is asked
// before every solve, but only when the root values changed since it last
// found nothing: its answer depends on them alone.
func TestRootCutterAskedOnNewValues(t *testing.T) {
	// 1 or 2; 3 or 4: nothing fixed at the root until the clauses added.
	f := &CNF{NumVars: 4, Clauses: [][]int{{1, 2}, {3, 4}}}
	var asked []int // the number of variables fixed, per call
	root := func(value []int8) [][]int {
		fixed := 0
		for _, v := range value[1:] {
			if v != 0 {
				fixed++
			}
		}
		asked = append(asked, fixed)
		return nil
	}
	sv, err := NewCuttingSolver(gophersatBackend{}, f, ProbeRounds, nil, Cuts{Root: root})
	if err != nil {
		t.Fatal(err)
	}
	solve := func() {
		t.Helper()
		if st, err := sv.Solve(time.Time{}); st != Satisfiable || err != nil {
			t.Fatalf("%v %v", st, err)
		}
	}
	solve()
	solve() // nothing new: not asked
	if len(asked) != 1 {
		t.Fatalf("asked %d times with the same root values, want once (fixed counts %v)", len(asked), asked)
	}
	if err := sv.AddClause([]int{-1}); err != nil { // fixes 1, then 2
		t.Fatal(err)
	}
	solve()
	if len(asked) != 2 || asked[1] != 2 {
		t.Errorf("after a unit: fixed counts %v, want [0 2]", asked)
	}
}

// TestProbingSolverClosed: when probing decides every variable no
// backend solver is made; the models carry the probed values, and a
// clause added later that the values break makes the formula UNSAT, in
// every probing mode that probes.
func TestProbingSolverClosed(t *testing.T) {
	be, err := LookupBackend("")
	if err != nil {
		t.Fatal(err)
	}
	// 1 is a unit, 1 implies 2, 2 and 3 clash, 3 or 4... 4 is forced.
	f := &CNF{NumVars: 4, Clauses: [][]int{{1}, {-1, 2}, {-2, -3}, {3, 4}}}
	for _, mode := range []string{ProbeOnce, ProbeRounds} {
		sv, err := newProbingSolver(be, f, mode)
		if err != nil {
			t.Fatal(err)
		}
		if _, ok := sv.(*probingSolver).Solver.(*closedSolver); !ok {
			t.Errorf("%s: the inner solver is %T, want none made", mode, sv.(*probingSolver).Solver)
		}
		if st, _ := sv.Solve(time.Time{}); st != Satisfiable || !reflect.DeepEqual(sv.Model(), []bool{false, true, true, false, true}) {
			t.Fatalf("%s: %v, model %v", mode, st, sv.Model())
		}
		if err := sv.AddClause([]int{-2, -4}); err != nil {
			t.Fatal(err)
		}
		if st, _ := sv.Solve(time.Time{}); st != Unsatisfiable {
			t.Errorf("%s: %v after a clause the values break, want UNSAT", mode, st)
		}
	}
}
