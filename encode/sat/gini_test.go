package sat

import (
	"math/rand"
	"os"
	"os/exec"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/go-air/gini"
	"github.com/go-air/gini/z"
)

// The tests in this file pin the two gini traps the backend designs around
// (listed in gini.go), its assumptions, its statistics, and that it needs
// no lock.

// giniTrapEnv makes the test binary, run again as a child process, walk
// into trap 1 itself.
const giniTrapEnv = "GRIDSAT_GINI_TRAP_CHILD"

// Trap 1: Solve on an instance proved UNSAT (without assumptions) exits
// the process. The backend answers UNSAT again without asking gini, also
// after more clauses.
func TestGiniSolveAgainAfterUnsat(t *testing.T) {
	s, err := giniBackend{}.New(&CNF{NumVars: 3, Clauses: [][]int{{1, 2}, {-1, 2}, {1, -2}, {-1, -2}}})
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 3; i++ {
		if st, err := s.Solve(time.Time{}); err != nil || st != Unsatisfiable {
			t.Fatalf("solve %d: %v, %v; want UNSAT", i+1, st, err)
		}
		if err := s.AddClause([]int{3}); err != nil {
			t.Fatal(err)
		}
		if st, err := s.(Assumer).SolveAssuming(time.Time{}, []int{3}); err != nil || st != Unsatisfiable {
			t.Fatalf("solve %d under an assumption: %v, %v; want UNSAT", i+1, st, err)
		}
	}

	// The same trap reached under assumptions: the first solve of an
	// unsatisfiable formula is under an assumption, and raw gini dies on
	// the next one.
	s, _ = giniBackend{}.New(&CNF{NumVars: 4, Clauses: [][]int{{1, 2}, {-1, 2}, {1, -2}, {-1, -2}, {3, 4}}})
	a := s.(Assumer)
	for i, assume := range [][]int{{3}, {4}, nil, {-3}} {
		if st, err := a.SolveAssuming(time.Time{}, assume); err != nil || st != Unsatisfiable {
			t.Fatalf("solve %d assuming %v: %v, %v; want UNSAT", i+1, assume, st, err)
		}
	}
}

// The trap itself, in a child process so that it cannot take this test
// binary down: the child calls gini's Solve twice on an unsatisfiable
// formula. If it ever survives, gini was fixed and the backend's guard is
// merely harmless.
func TestGiniTrapUnsatTwiceExits(t *testing.T) {
	if os.Getenv(giniTrapEnv) == "1" {
		g := gini.New()
		for _, c := range [][]int{{1, 2}, {-1, 2}, {1, -2}, {-1, -2}} {
			for _, l := range c {
				g.Add(z.Dimacs2Lit(l))
			}
			g.Add(z.LitNull)
		}
		g.Solve()
		g.Solve()
		os.Exit(0) // survived: the trap is gone
	}
	if testing.Short() {
		t.Skip("runs a child process")
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestGiniTrapUnsatTwiceExits$")
	cmd.Env = append(os.Environ(), giniTrapEnv+"=1")
	out, err := cmd.CombinedOutput()
	if err == nil {
		t.Fatalf("gini survived Solve after UNSAT: trap 1 is gone in this version, so the backend's guard (remember UNSAT, or rebuild) can be reviewed and this test updated (output %q)", out)
	}
	// The child must have died in gini (its log.Fatalf), not for another
	// reason such as a test binary that failed to start.
	if !strings.Contains(string(out), "internal error in solve") {
		t.Fatalf("the child died, but not in gini's Solve: %v\n%s", err, out)
	}
}

// Trap 2: Try(d) leaves its deadline armed, so a later Solve without a
// limit gives up at once. The backend's deadlines do not leak: after a
// solve with a short deadline, a solve without one proves a formula that
// takes a while.
func TestGiniDeadlineDoesNotLeak(t *testing.T) {
	hard := backendPHP(8, 7)
	// The backend: a short deadline on an easy start, then no deadline.
	s, err := giniBackend{}.New(&CNF{NumVars: hard.NumVars, Clauses: hard.Clauses[:1]})
	if err != nil {
		t.Fatal(err)
	}
	if st, err := s.Solve(time.Now().Add(20 * time.Millisecond)); err != nil || st != Satisfiable {
		t.Fatalf("easy start: %v, %v", st, err)
	}
	time.Sleep(30 * time.Millisecond)
	for _, c := range hard.Clauses[1:] {
		s.AddClause(c)
	}
	if st, err := s.Solve(time.Time{}); err != nil || st != Unsatisfiable {
		t.Fatalf("PHP(8,7) without a deadline after one with: %v, %v; want UNSAT", st, err)
	}
	if s.Stats().Conflicts < 1000 {
		t.Fatalf("%d conflicts: PHP(8,7) was too easy to show the leak", s.Stats().Conflicts)
	}

	// The trap itself, on gini directly (PHP(9,8): enough propagations for
	// gini to look at its clock).
	hard = backendPHP(9, 8)
	g := gini.New()
	g.Add(z.Dimacs2Lit(1))
	g.Add(z.LitNull)
	g.Try(20 * time.Millisecond)
	time.Sleep(30 * time.Millisecond)
	for _, c := range hard.Clauses {
		for _, l := range c {
			g.Add(z.Dimacs2Lit(l))
		}
		g.Add(z.LitNull)
	}
	if res := g.Solve(); res != 0 {
		t.Logf("gini's Solve after Try answered %d: trap 2 may be fixed upstream", res)
	}
}

// Assumptions hold for one solve only, and never lose clauses: the
// gophersat defect 1 example comes out right, contradictory assumptions
// are UNSAT, and the formula stays satisfiable afterwards.
func TestGiniAssumptions(t *testing.T) {
	s, err := giniBackend{}.New(&CNF{NumVars: 4, Clauses: [][]int{{-1}, {1, 2}, {3, 4}}})
	if err != nil {
		t.Fatal(err)
	}
	a := s.(Assumer)
	steps := []struct {
		assume []int
		want   Status
	}{
		{[]int{-2}, Unsatisfiable},
		{nil, Satisfiable},
		{[]int{3, -3}, Unsatisfiable},
		{[]int{-3}, Satisfiable},
		{[]int{-3, -4}, Unsatisfiable},
		{[]int{4, 3}, Satisfiable},
		{[]int{1}, Unsatisfiable},
		{nil, Satisfiable},
	}
	for i, step := range steps {
		st, err := a.SolveAssuming(time.Time{}, step.assume)
		if err != nil || st != step.want {
			t.Fatalf("step %d assuming %v: %v, %v; want %v", i+1, step.assume, st, err, step.want)
		}
		if st == Satisfiable {
			m := s.Model()
			for _, l := range step.assume {
				if m[abs(l)] != (l > 0) {
					t.Fatalf("step %d: model %v breaks assumption %d", i+1, m, l)
				}
			}
			if m[1] || !m[2] {
				t.Fatalf("step %d: model %v breaks the units", i+1, m)
			}
		}
	}
	if _, err := a.SolveAssuming(time.Time{}, []int{5}); err == nil {
		t.Fatal("assuming an undeclared variable: no error")
	}
}

// Differential test of assumptions: random formulas, random assumptions,
// interleaved with added clauses, against brute force.
func TestGiniAssumptionsMatchBruteForce(t *testing.T) {
	rng := rand.New(rand.NewSource(11))
	rebuilt := 0
	for trial := 0; trial < 80; trial++ {
		nvars := 10 + rng.Intn(4)
		full := backendRandomCNF(rng, nvars, 6*nvars)
		f := &CNF{NumVars: nvars, Clauses: full.Clauses[:2*nvars]}
		s, _ := giniBackend{}.New(f)
		a := s.(Assumer)
		for i := 2 * nvars; i <= len(full.Clauses); i += 2 {
			cur := &CNF{NumVars: nvars, Clauses: full.Clauses[:i]}
			assume := make([]int, rng.Intn(4))
			for j := range assume {
				assume[j] = Lit(1+rng.Intn(nvars), rng.Intn(2) == 0)
			}
			withUnits := &CNF{NumVars: nvars, Clauses: append([][]int(nil), cur.Clauses...)}
			for _, l := range assume {
				withUnits.Clauses = append(withUnits.Clauses, []int{l})
			}
			st, err := a.SolveAssuming(time.Time{}, assume)
			if err != nil {
				t.Fatal(err)
			}
			if want := bruteSat(withUnits); (st == Satisfiable) != want || st == Unknown {
				t.Fatalf("trial %d, %d clauses, assuming %v: %v, brute force says sat=%v", trial, i, assume, st, want)
			}
			if st == Satisfiable && !modelSatisfies(withUnits, s.Model()) {
				t.Fatalf("trial %d: model violates formula or assumptions", trial)
			}
			st, _ = s.Solve(time.Time{})
			if want := bruteSat(cur); (st == Satisfiable) != want {
				t.Fatalf("trial %d, %d clauses, no assumptions: %v, brute force says sat=%v", trial, i, st, want)
			}
			for j := i; j < i+2 && j < len(full.Clauses); j++ {
				s.AddClause(full.Clauses[j])
			}
		}
		rebuilt += s.(*giniSolver).rebuilt
	}
	// Rebuilds follow every UNSAT under assumptions that Why blames on
	// them; among them are the formulas that were unsatisfiable anyway,
	// on which raw gini dies at the next solve (seen with this generator
	// in a throw-away program). They must have happened, and the answers
	// above stayed right.
	if rebuilt == 0 {
		t.Fatal("no solver was rebuilt after an UNSAT under assumptions: the test lost its teeth")
	}
	t.Logf("%d rebuilds", rebuilt)
}

// Failed cores and the satisfiability promise, against brute force: on
// random formulas that keep a planted model (every clause, first and
// added, is satisfied by it), random assumptions answer as brute force
// says; after an UNSAT the core is a subset of the assumptions that is
// enough on its own; and, once promised, no UNSAT under assumptions
// rebuilds the solver.
func TestGiniFailedAndPromise(t *testing.T) {
	rng := rand.New(rand.NewSource(17))
	unsats := 0
	for trial := 0; trial < 60; trial++ {
		nvars := 10 + rng.Intn(4)
		planted := make([]bool, nvars+1)
		for v := 1; v <= nvars; v++ {
			planted[v] = rng.Intn(2) == 0
		}
		clause := func() []int {
			for {
				c := make([]int, 3)
				for i := range c {
					c[i] = Lit(1+rng.Intn(nvars), rng.Intn(2) == 0)
				}
				if satisfied(c, planted) {
					return c
				}
			}
		}
		f := &CNF{NumVars: nvars}
		for i := 0; i < 4*nvars; i++ {
			f.Clauses = append(f.Clauses, clause())
		}
		s, _ := giniBackend{}.New(f)
		a := s.(Assumer)
		a.PromiseSatisfiable()
		for i := 0; i < 15; i++ {
			assume := make([]int, 1+rng.Intn(5))
			for j := range assume {
				assume[j] = Lit(1+rng.Intn(nvars), rng.Intn(2) == 0)
			}
			withUnits := &CNF{NumVars: nvars, Clauses: append([][]int(nil), f.Clauses...)}
			for _, l := range assume {
				withUnits.Clauses = append(withUnits.Clauses, []int{l})
			}
			st, err := a.SolveAssuming(time.Time{}, assume)
			if err != nil || (st == Satisfiable) != bruteSat(withUnits) {
				t.Fatalf("trial %d: assuming %v: %v, %v; brute force says sat=%v", trial, assume, st, err, bruteSat(withUnits))
			}
			if st == Satisfiable {
				if a.Failed() != nil {
					t.Fatalf("trial %d: a core after SAT", trial)
				}
				continue
			}
			unsats++
			core := a.Failed()
			withCore := &CNF{NumVars: nvars, Clauses: append([][]int(nil), f.Clauses...)}
			for _, l := range core {
				found := false
				for _, m := range assume {
					found = found || m == l
				}
				if !found {
					t.Fatalf("trial %d: core %v is not among the assumptions %v", trial, core, assume)
				}
				withCore.Clauses = append(withCore.Clauses, []int{l})
			}
			if len(core) == 0 || bruteSat(withCore) {
				t.Fatalf("trial %d: core %v of %v does not make the formula unsatisfiable", trial, core, assume)
			}
			c := clause()
			f.Clauses = append(f.Clauses, c)
			if err := s.AddClause(c); err != nil {
				t.Fatal(err)
			}
		}
		if r := s.(*giniSolver).rebuilt; r != 0 {
			t.Fatalf("trial %d: %d rebuilds after the promise", trial, r)
		}
	}
	if unsats < 100 {
		t.Fatalf("only %d UNSAT answers: the test lost its teeth", unsats)
	}

	// A broken promise is an error, not a dead process.
	s, _ := giniBackend{}.New(&CNF{NumVars: 2, Clauses: [][]int{{1}, {-1}}})
	a := s.(Assumer)
	a.PromiseSatisfiable()
	for _, assume := range [][]int{{2}, nil, {-2}} {
		if _, err := a.SolveAssuming(time.Time{}, assume); err == nil {
			t.Fatalf("assuming %v on an unsatisfiable formula promised satisfiable: no error", assume)
		}
	}
}

// gini's search counters reach Stats (through TryStats) and add up.
func TestGiniStats(t *testing.T) {
	s, _ := giniBackend{}.New(backendPHP(6, 5))
	if st, _ := s.Solve(time.Time{}); st != Unsatisfiable {
		t.Fatalf("PHP(6,5): %v", st)
	}
	first := s.Stats()
	if first.Conflicts <= 0 || first.Decisions <= 0 {
		t.Fatalf("stats after refuting PHP(6,5): %+v", first)
	}
	s2, _ := giniBackend{}.New(backendPHP(6, 5))
	a := s2.(Assumer)
	a.SolveAssuming(time.Time{}, []int{1})
	a.SolveAssuming(time.Time{}, []int{2})
	if c := s2.Stats().Conflicts; c <= 0 {
		t.Fatalf("conflicts after two solves: %d", c)
	}
}

// gini keeps no state shared between solvers: many goroutines solving at
// once need no lock (run with -race: go test -race -run Gini ./encode/sat/).
func TestGiniSolversInParallel(t *testing.T) {
	var wg sync.WaitGroup
	for g := 0; g < 4; g++ {
		wg.Add(1)
		go func(seed int64) {
			defer wg.Done()
			rng := rand.New(rand.NewSource(seed))
			for i := 0; i < 25; i++ {
				f := backendRandomCNF(rng, 12, 55)
				s, err := giniBackend{}.New(f)
				if err != nil {
					t.Error(err)
					return
				}
				deadline := time.Time{}
				if i%2 == 1 {
					deadline = time.Now().Add(time.Minute)
				}
				st, err := s.Solve(deadline)
				if err != nil || (st == Satisfiable) != bruteSat(f) {
					t.Errorf("seed %d formula %d: %v, %v disagrees with brute force", seed, i, st, err)
				}
				if st == Satisfiable && !modelSatisfies(f, s.Model()) {
					t.Errorf("seed %d formula %d: bad model", seed, i)
				}
			}
		}(int64(g))
	}
	wg.Wait()
}
