package encode

import (
	"bytes"
	"fmt"
	"maps"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/gridsat/gridsat/encode/lemma"
	"github.com/gridsat/gridsat/encode/sat"
	"github.com/gridsat/gridsat/instances"
	"github.com/gridsat/gridsat/instances/instancestest"
)

var slantLoopModes = []SlantLoops{SlantLoopsLazy, SlantLoopsDiamond, SlantLoopsShort, SlantLoopsReach}

// slantSATConfigs are the option sets the tests run: every loop mode, and
// the other cut choice and phase with lazy loops.
var slantSATConfigs = func() []SlantOptions {
	var out []SlantOptions
	for _, l := range slantLoopModes {
		out = append(out, SlantOptions{Loops: l})
	}
	return append(out,
		SlantOptions{Cuts: SlantCutsForest},
		SlantOptions{Phase: SlantPhaseSlash},
		SlantOptions{Probe: sat.ProbeNone},
		SlantOptions{Probe: sat.ProbeOnce},
		SlantOptions{LoopCutsOnly: true},
		SlantOptions{NoRootCuts: true},
		SlantOptions{Loops: SlantLoopsShort, Cuts: SlantCutsForest, Phase: SlantPhaseSlash, Probe: sat.ProbeRounds})
}()

func (o SlantOptions) String() string {
	return fmt.Sprintf("loops=%s:cuts=%s:phase=%s:probe=%s:rootcuts=%t", o.Loops, o.Cuts, o.Phase, o.Probe, !o.NoRootCuts)
}

func parseSlantID(t testing.TB, id string) *instances.Slant {
	t.Helper()
	cases, err := instances.ParseSlant("test", strings.NewReader(id+"\n"))
	if err != nil {
		t.Fatal(err)
	}
	return cases[0]
}

// checkSATSlant solves s in every loop mode with Unique, verifies each
// answer independently and compares the count (capped at 2) with want;
// want -1 means "at least one".
func checkSATSlant(t *testing.T, s *instances.Slant, want int) {
	t.Helper()
	for _, o := range slantSATConfigs {
		if o.Loops == SlantLoopsReach && s.W*s.H > 100 {
			continue // its rank encoding is slow on larger boards
		}
		loops := o.String()
		o.Unique = true
		res, err := SolveSlant(s, o)
		if err != nil {
			t.Fatalf("%s loops=%s: %v", instances.SlantGameID(s), loops, err)
		}
		got := 0
		switch res.Status {
		case sat.Satisfiable:
			got = 1
			if err := instances.VerifySlant(s, res.Solution); err != nil {
				t.Fatalf("%s loops=%s: wrong answer: %v", instances.SlantGameID(s), loops, err)
			}
			if !res.UniqueChecked {
				t.Fatalf("%s loops=%s: uniqueness not decided", instances.SlantGameID(s), loops)
			}
			if res.Second != nil {
				got = 2
				if err := instances.VerifySlant(s, res.Second); err != nil {
					t.Fatalf("%s loops=%s: wrong second answer: %v", instances.SlantGameID(s), loops, err)
				}
				if bytes.Equal(res.Second, res.Solution) {
					t.Fatalf("%s loops=%s: second answer repeats the first", instances.SlantGameID(s), loops)
				}
			}
		case sat.Unsatisfiable:
		default:
			t.Fatalf("%s loops=%s: status %v", instances.SlantGameID(s), loops, res.Status)
		}
		if (want >= 0 && got != want) || (want < 0 && got == 0) {
			t.Fatalf("%s loops=%s: %d solutions, want %d", instances.SlantGameID(s), loops, got, want)
		}
	}
}

func TestSolveSlantSATHandMade(t *testing.T) {
	for _, id := range []string{
		"1x1:1c", "1x1:0c", "1x1:2c", // a 2 on a board corner has no solution
		"2x2:a4g", // a 4 on an edge: none
		"2x2:d0d", // a 0 in the middle forces a diamond loop: none
		"2x2:1h", "2x2:d4d", "3x3:a1a1b2b2b1a1a", "4x2:1b2a3d1d", "4x4:y",
	} {
		t.Run(id, func(t *testing.T) {
			s := parseSlantID(t, id)
			want, err := instances.BruteSlant(s, 2)
			if err != nil {
				t.Fatal(err)
			}
			checkSATSlant(t, s, want)
		})
	}
}

func TestSolveSlantSATPlanted(t *testing.T) {
	rng := rand.New(rand.NewPCG(17, 3))
	for k := 0; k < 150; k++ {
		s := instances.SmallSlant(rng, true)
		want, err := instances.BruteSlant(s, 2)
		if err != nil {
			t.Fatal(err)
		}
		checkSATSlant(t, s, want)
	}
	for k := 0; k < 10; k++ {
		n := 6 + rng.IntN(20)
		s, _ := instances.PlantSlant(rng, n, n+rng.IntN(5), 0.2+0.8*rng.Float64())
		checkSATSlant(t, s, -1)
	}
}

func TestSolveSlantSATRandomClues(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 11))
	for k := 0; k < 150; k++ {
		s := instances.RandomSlantClues(rng, 1+rng.IntN(4), 1+rng.IntN(4), 2)
		want, err := instances.BruteSlant(s, 2)
		if err != nil {
			t.Fatal(err)
		}
		checkSATSlant(t, s, want)
	}
}

// The loop clauses really are loops of the model: each cut's cells, set as
// the model has them, form a cycle (every corner on it is touched by
// exactly two of them).
func TestSlantLoopCutsAreCycles(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	s := instances.NewSlant(12, 9)
	finder := newSlantLoops(newSlantEncoding(s, SlantPhaseClues, nil))
	for k := 0; k < 50; k++ {
		model := make([]bool, s.W*s.H+1)
		for v := 1; v < len(model); v++ {
			model[v] = rng.IntN(2) == 0
		}
		cuts := finder.cuts(model)
		if len(cuts) == 0 {
			t.Fatal("a random 12x9 filling with no loop")
		}
		for _, cut := range cuts {
			degree := map[int]int{}
			for _, l := range cut {
				v := l
				if v < 0 {
					v = -v
				}
				if (l > 0) == model[v] {
					t.Fatalf("cut %v is satisfied by the model", cut)
				}
				i := v - 1
				d := finder.enc.diag(model, i)
				a, b := s.DiagonalCorners(i/s.W, i%s.W, d)
				degree[a]++
				degree[b]++
			}
			for p, n := range degree {
				if n != 2 {
					t.Fatalf("cut %v: corner %d touched %d times, not a simple cycle", cut, p, n)
				}
			}
		}
	}
}

// TestSlantEnclosedCuts checks the cuts of components off the border on
// every filling of a 4x3 board: each is broken by the filling it came
// from and holds in every loop-free filling (the solutions of any clues).
func TestSlantEnclosedCuts(t *testing.T) {
	s := instances.NewSlant(4, 3)
	enc := newSlantEncoding(s, SlantPhaseClues, nil)
	n := s.W * s.H
	model := func(mask int) []bool {
		m := make([]bool, n+1)
		for v := 1; v <= n; v++ {
			m[v] = mask>>(v-1)&1 == 1
		}
		return m
	}
	var free [][]bool
	for mask := 0; mask < 1<<n; mask++ {
		m := model(mask)
		if instances.VerifySlant(s, enc.Cells(m)) == nil {
			free = append(free, m)
		}
	}
	finder := newSlantLoops(enc)
	finder.shortest = true
	cuts := 0
	for mask := 0; mask < 1<<n; mask++ {
		m := model(mask)
		loops := finder.cuts(m)
		enclosed := finder.enclosedCuts()
		if len(loops) == 0 && len(enclosed) > 0 {
			t.Fatalf("filling %b: no loop but %d enclosed cuts", mask, len(enclosed))
		}
		for _, c := range enclosed {
			cuts++
			if satisfied(c, m) {
				t.Fatalf("filling %b: cut %v does not exclude it", mask, c)
			}
			for _, f := range free {
				if !satisfied(c, f) {
					t.Fatalf("filling %b: cut %v excludes the loop-free %s", mask, c, enc.Cells(f))
				}
			}
		}
	}
	if len(free) == 0 || cuts == 0 {
		t.Fatalf("%d loop-free fillings, %d cuts: nothing checked", len(free), cuts)
	}
}

func TestSlantCNF(t *testing.T) {
	s := parseSlantID(t, "4x4:y")
	size := map[SlantLoops]int{}
	for _, l := range slantLoopModes {
		f, _, err := SlantCNF(s, SlantOptions{Loops: l})
		if err != nil {
			t.Fatal(err)
		}
		if l != SlantLoopsReach && f.NumVars != 16 {
			t.Errorf("%s: %d vars, want 16", l, f.NumVars)
		}
		size[l] = len(f.Clauses)
	}
	if got := size[SlantLoopsDiamond] - size[SlantLoopsLazy]; got != 9 {
		t.Errorf("diamond adds %d clauses, want 9 (one per inner corner)", got)
	}
	if got := size[SlantLoopsShort] - size[SlantLoopsDiamond]; got != 8 {
		t.Errorf("short adds %d clauses to diamond, want 8 (two per inner cell)", got)
	}
	lazy, _, _ := SlantCNF(s, SlantOptions{})
	var buf bytes.Buffer
	if err := lazy.WriteDIMACS(&buf); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(buf.String(), "c slant 4x4") || !strings.Contains(buf.String(), "p cnf 16 ") {
		t.Errorf("DIMACS header:\n%.200s", buf.String())
	}
	for _, bad := range []SlantOptions{{Loops: "eager"}, {Cuts: "all"}, {Phase: "random"}, {Probe: "twice"}} {
		if _, _, err := SlantCNF(s, bad); err == nil {
			t.Errorf("SlantCNF accepted %+v", bad)
		}
	}
}

// The eager loop clauses forbid loops only: on a 4x4 board with no clues,
// every loop-free filling satisfies them all, and with lazy+short every
// filling with a loop of at most six cells breaks one. (The reach
// encoding has auxiliary variables; the solver tests check it.)
func TestSlantEagerLoopClauses(t *testing.T) {
	s := instances.NewSlant(4, 4)
	n := s.W * s.H
	for _, loops := range []SlantLoops{SlantLoopsDiamond, SlantLoopsShort} {
		for _, phase := range []SlantPhase{SlantPhaseClues, SlantPhaseSlash} {
			f, enc, err := SlantCNF(s, SlantOptions{Loops: loops, Phase: phase})
			if err != nil {
				t.Fatal(err)
			}
			model := make([]bool, n+1)
			for mask := 0; mask < 1<<n; mask++ {
				for v := 1; v <= n; v++ {
					model[v] = mask>>(v-1)&1 == 1
				}
				loopFree := instances.VerifySlant(s, enc.Cells(model)) == nil
				ok := true
				for _, c := range f.Clauses {
					if !satisfied(c, model) {
						ok = false
						break
					}
				}
				if loopFree && !ok {
					t.Fatalf("%s: loop-free filling %s breaks a clause", loops, enc.Cells(model))
				}
				if loops == SlantLoopsShort && !loopFree && ok && shortestLoop(s, enc.Cells(model)) <= 6 {
					t.Fatalf("%s: filling %s with a short loop satisfies every clause", loops, enc.Cells(model))
				}
			}
		}
	}
	// reach: a board with no clues is solvable in one round, and a
	// solution is found without any cut.
	res, err := SolveSlant(instances.NewSlant(6, 5), SlantOptions{Loops: SlantLoopsReach})
	if err != nil || res.Status != sat.Satisfiable || len(res.Cuts) != 0 {
		t.Fatalf("reach: %v %v, %d cuts", res.Status, err, len(res.Cuts))
	}
}

// Facts given before the solve: decided cells lose their variables and
// hold in the answer, excluded pairs are respected, a contradiction is
// UNSAT, and a board decided whole needs no variable at all.
func TestSlantSATFacts(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 8))
	for k := 0; k < 60; k++ {
		w, h := 2+rng.IntN(4), 2+rng.IntN(4)
		s, planted := instances.PlantSlant(rng, w, h, 0.5*rng.Float64())
		facts := instances.SlantFacts{Cells: make([]byte, w*h)}
		for i := range planted {
			if rng.IntN(3) == 0 {
				facts.Cells[i] = planted[i]
			}
		}
		// Exclude, for a few side-by-side pairs, a state the planted
		// filling does not have.
		for i := 0; i+1 < w*h; i++ {
			if (i+1)%w == 0 || rng.IntN(4) != 0 || facts.Cells[i] != 0 || facts.Cells[i+1] != 0 {
				continue
			}
			facts.Exclusions = append(facts.Exclusions, instances.SlantExclusion{
				A: i, DA: other(planted[i]), B: i + 1, DB: planted[i+1]})
		}
		for _, o := range slantSATConfigs {
			o.Facts = &facts
			res, err := SolveSlant(s, o)
			if err != nil || res.Status != sat.Satisfiable {
				t.Fatalf("%s %s: %v %v", instances.SlantGameID(s), o, res.Status, err)
			}
			if err := instances.VerifySlant(s, res.Solution); err != nil {
				t.Fatalf("%s %s: %v", instances.SlantGameID(s), o, err)
			}
			for i, d := range facts.Cells {
				if d != 0 && res.Solution[i] != d {
					t.Fatalf("%s %s: cell %d is %c, the facts say %c", instances.SlantGameID(s), o, i, res.Solution[i], d)
				}
			}
			for _, x := range facts.Exclusions {
				if res.Solution[x.A] == x.DA && res.Solution[x.B] == x.DB {
					t.Fatalf("%s %s: excluded pair %+v holds", instances.SlantGameID(s), o, x)
				}
			}
		}
	}
	s, planted := instances.PlantSlant(rng, 6, 5, 0.5)
	res, err := SolveSlant(s, SlantOptions{Facts: &instances.SlantFacts{Cells: planted}, Unique: true})
	if err != nil || res.Status != sat.Satisfiable || res.Stats.Vars != 0 || string(res.Solution) != string(planted) || res.Second != nil {
		t.Fatalf("all decided: %v %v vars=%d", res.Status, err, res.Stats.Vars)
	}
	res, err = SolveSlant(s, SlantOptions{Facts: &instances.SlantFacts{Contradiction: true}})
	if err != nil || res.Status != sat.Unsatisfiable {
		t.Fatalf("contradiction: %v %v", res.Status, err)
	}
}

func other(d byte) byte {
	if d == instances.Back {
		return instances.Forward
	}
	return instances.Back
}

// shortestLoop returns the length (in cells) of the shortest loop of a
// filling, by BFS from each diagonal's corner with the diagonal removed.
func shortestLoop(s *instances.Slant, cells []byte) int {
	best := 1 << 30
	for i := range cells {
		a, b := s.DiagonalCorners(i/s.W, i%s.W, cells[i])
		dist := map[int]int{a: 0}
		queue := []int{a}
		for len(queue) > 0 {
			p := queue[0]
			queue = queue[1:]
			for j := range cells {
				if j == i {
					continue
				}
				x, y := s.DiagonalCorners(j/s.W, j%s.W, cells[j])
				q := -1
				if x == p {
					q = y
				} else if y == p {
					q = x
				}
				if _, seen := dist[q]; q >= 0 && !seen {
					dist[q] = dist[p] + 1
					queue = append(queue, q)
				}
			}
		}
		if d, ok := dist[b]; ok && d+1 < best {
			best = d + 1
		}
	}
	return best
}

// BenchmarkSlantSAT solves the generated hard fixtures with gophersat and
// the pure encoding (no deductions before the solve: the compare
// package's SlantHard50 has those) in the lazy loop modes; ns/op is per
// puzzle.
func BenchmarkSlantSAT(b *testing.B) {
	for _, size := range []string{"10", "20", "50"} {
		for _, loops := range []SlantLoops{SlantLoopsLazy, SlantLoopsDiamond, SlantLoopsShort} {
			b.Run(size+"x"+size+"/"+string(loops), func(b *testing.B) {
				cases := instancestest.SlantFixture(b, "slant_hard_"+size+".txt")
				var rounds, added int
				b.ResetTimer()
				for i := 0; i < b.N; i++ {
					s := cases[i%len(cases)]
					res, err := SolveSlant(s, SlantOptions{Loops: loops})
					if err != nil || res.Status != sat.Satisfiable {
						b.Fatalf("%s: %v %v", s.Location(), res.Status, err)
					}
					rounds += res.Stats.Rounds
					added += res.Stats.Added
				}
				b.ReportMetric(float64(rounds)/float64(b.N), "rounds/op")
				b.ReportMetric(float64(added)/float64(b.N), "cuts/op")
			})
		}
	}
}

// BenchmarkSlantSATZigzag solves every zigzag puzzle with gophersat and
// lazy loops, verifies every answer, and reports the slowest solve per
// suite as max-ms. It reads ../../shared/bench and skips without it.
func BenchmarkSlantSATZigzag(b *testing.B) {
	for name, cases := range instancestest.Zigzag(b) {
		b.Run(strings.TrimSuffix(name, ".txt"), func(b *testing.B) {
			var worst time.Duration
			for i := 0; i < b.N; i++ {
				for _, s := range cases {
					start := time.Now()
					res, err := SolveSlant(s, SlantOptions{})
					if el := time.Since(start); el > worst {
						worst = el
					}
					if err != nil || res.Status != sat.Satisfiable {
						b.Fatalf("%s: %v %v", s.Name, res.Status, err)
					}
					if err := instances.VerifySlant(s, res.Solution); err != nil {
						b.Fatalf("%s: %v", s.Name, err)
					}
				}
			}
			b.ReportMetric(float64(worst.Microseconds())/1000, "max-ms")
			b.ReportMetric(float64(len(cases)), "cases")
		})
	}
}

// TestSolveSlantSATRepairChoices solves a hard unique board (gen slant
// --size 100x100, seed 1) and a planted 100x100 board with 45% of the
// clues with each repair choice (but repair=true on the hard board, which
// takes seconds there): every answer verifies, the unique board's answers
// are equal, repair=false mends no round and repair=true some. The auto choice must pick each way: on the planted board it
// mends rounds, on the hard one (where the second round's probing fixes
// many more cells) none.
func TestSolveSlantSATRepairChoices(t *testing.T) {
	hard, err := instances.ReadFile("testdata/slant_hard_100.txt", instances.ParseSlant)
	if err != nil {
		t.Fatal(err)
	}
	planted, _ := instances.PlantSlant(rand.New(rand.NewPCG(1, 0x51a47)), 100, 100, 0.45)
	all := []SlantRepair{SlantRepairOff, SlantRepairOn, SlantRepairAuto}
	for _, tt := range []struct {
		name    string
		s       *instances.Slant
		unique  bool
		repairs []SlantRepair
	}{
		// repair=true takes seconds on the hard board
		{"hard 100x100", hard[0], true, []SlantRepair{SlantRepairOff, SlantRepairAuto}},
		{"planted 100x100 45%", planted, false, all},
	} {
		var first []byte
		for _, repair := range tt.repairs {
			res, err := SolveSlant(tt.s, SlantOptions{Repair: repair})
			if err != nil || res.Status != sat.Satisfiable {
				t.Fatalf("%s, repair=%s: %v %v", tt.name, repair, res.Status, err)
			}
			if err := instances.VerifySlant(tt.s, res.Solution); err != nil {
				t.Fatalf("%s, repair=%s: %v", tt.name, repair, err)
			}
			if first == nil {
				first = res.Solution
			} else if tt.unique && !bytes.Equal(res.Solution, first) {
				t.Fatalf("%s, repair=%s: another solution of a unique board", tt.name, repair)
			}
			rounds, mended := int64(res.Stats.Rounds), res.Stats.Search.Mended
			t.Logf("%s, repair=%s: %d rounds, %d mended, %d local solves", tt.name, repair, rounds, mended, res.Stats.Search.Repairs)
			switch {
			case repair == SlantRepairOff && mended != 0,
				repair == SlantRepairOn && mended == 0,
				repair == SlantRepairAuto && tt.unique && mended != 0,
				repair == SlantRepairAuto && !tt.unique && mended == 0:
				t.Errorf("%s, repair=%s: %d of %d rounds mended", tt.name, repair, mended, rounds)
			}
		}
	}
}

// TestSlantEarlyCuts checks the cuts probing asks for (slantRoot at the
// root, slantProbe within a probe) on random partial fillings of a 4x3
// board: each holds in every loop-free filling, is accepted by the lemma
// checker of its kind, and is false under the partial filling (a probe's
// loop, a root loop cut but for its open cell, an enclosure cut but for
// at most two open exits); a partial filling that closes a loop always
// gets a probe cut.
func TestSlantEarlyCuts(t *testing.T) {
	s := instances.NewSlant(4, 3)
	enc := newSlantEncoding(s, SlantPhaseClues, nil)
	n := s.W * s.H
	var free [][]bool
	for mask := 0; mask < 1<<n; mask++ {
		m := make([]bool, n+1)
		for v := 1; v <= n; v++ {
			m[v] = mask>>(v-1)&1 == 1
		}
		if instances.VerifySlant(s, enc.Cells(m)) == nil {
			free = append(free, m)
		}
	}
	k, err := lemma.NewSlantLemmas(enc.Layout())
	if err != nil {
		t.Fatal(err)
	}
	value := make([]int8, n+1)
	open := func(c []int) int {
		o := 0
		for _, l := range c {
			switch v := value[max(l, -l)]; {
			case v == 0:
				o++
			case (v > 0) == (l > 0):
				t.Fatalf("cut %v is satisfied by %v", c, value)
			}
		}
		return o
	}
	holds := func(c []int) {
		for _, f := range free {
			if !satisfied(c, f) {
				t.Fatalf("cut %v excludes the loop-free %s", c, enc.Cells(f))
			}
		}
	}
	rng := rand.New(rand.NewPCG(3, 4))
	var counts [3]int
	for range 20000 {
		var set []int
		for v := 1; v <= n; v++ {
			value[v] = int8(rng.IntN(3) - 1)
			if value[v] != 0 {
				set = append(set, sat.Lit(v, value[v] > 0))
			}
		}
		root := newSlantRoot(enc)
		cuts := root.cuts(value)
		for i, c := range cuts {
			holds(c)
			check, most := k.Loop, 1
			if i >= root.loops {
				check, most = k.Enclose, maxExits
			}
			if err := check(c); err != nil {
				t.Fatalf("root cut %v (loops %d): %v", c, root.loops, err)
			}
			if o := open(c); o > most {
				t.Fatalf("root cut %v has %d open literals", c, o)
			}
			if i < root.loops {
				counts[0]++
			} else {
				counts[1]++
			}
		}
		probe := newSlantProbe(enc).cuts(value, nil, set)
		for _, c := range probe {
			holds(c)
			if err := k.Loop(c); err != nil {
				t.Fatalf("probe cut %v: %v", c, err)
			}
			if o := open(c); o != 0 {
				t.Fatalf("probe cut %v has %d open literals", c, o)
			}
			counts[2]++
		}
		uf := instances.NewUnionFind(len(s.Clues))
		loop := false
		for _, l := range set {
			i := max(l, -l) - 1
			a, b := s.DiagonalCorners(i/s.W, i%s.W, enc.diag(boolsOf(value), i))
			loop = loop || !uf.Union(a, b)
		}
		if loop != (len(probe) > 0) {
			t.Fatalf("values %v: a loop %v, probe cuts %v", value, loop, probe)
		}
	}
	if counts[0] == 0 || counts[1] == 0 || counts[2] == 0 {
		t.Errorf("cuts made: %v root loops, root enclosures, probe loops; want some of each", counts)
	}
}

// boolsOf reads the true values of value as a model.
func boolsOf(value []int8) []bool {
	m := make([]bool, len(value))
	for v, x := range value {
		m[v] = x > 0
	}
	return m
}

// TestSlantRootKeepsUp checks that slantRoot, which reads only the cells
// still open at its last call, gives at each call of a growing filling the
// cuts a slantRoot made for that filling alone gives (with the two-way
// enclosure cuts made so far), and, once the fixed diagonals close a loop,
// one loop cut the lemma checker accepts.
func TestSlantRootKeepsUp(t *testing.T) {
	s := instances.NewSlant(7, 6)
	enc := newSlantEncoding(s, SlantPhaseClues, nil)
	n := s.W * s.H
	k, err := lemma.NewSlantLemmas(enc.Layout())
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(5, 6))
	var calls, cuts, loops int
	for range 300 {
		value := make([]int8, n+1)
		kept := newSlantRoot(enc)
		order := rng.Perm(n)
		for len(order) > 0 {
			step := min(len(order), 1+rng.IntN(4))
			for _, i := range order[:step] {
				value[i+1] = int8(2*rng.IntN(2) - 1)
			}
			order = order[step:]
			alone := newSlantRoot(enc)
			alone.made = maps.Clone(kept.made)
			got, want := kept.cuts(value), alone.cuts(value)
			calls++
			if alone.loops == 1 && len(want) == 1 && kept.loops == 1 && len(got) == 1 {
				// A loop among the fixed diagonals: either cut will do.
				if err := k.Loop(got[0]); err != nil {
					t.Fatalf("loop cut %v: %v", got[0], err)
				}
				loops++
				break
			}
			if !reflect.DeepEqual(got, want) || kept.loops != alone.loops {
				t.Fatalf("values %v: kept root cuts %v (loops %d), a root made for them %v (loops %d)", value, got, kept.loops, want, alone.loops)
			}
			// Every open diagonal that would close a loop has its cut,
			// which leads with it.
			uf := instances.NewUnionFind(len(s.Clues))
			for v := 1; v <= n; v++ {
				if value[v] != 0 {
					a, b := s.DiagonalCorners((v-1)/s.W, (v-1)%s.W, enc.diag(boolsOf(value), v-1))
					uf.Union(a, b)
				}
			}
			var closing []int
			for v := 1; v <= n; v++ {
				for _, d := range []byte{instances.Back, instances.Forward} {
					if a, b := s.DiagonalCorners((v-1)/s.W, (v-1)%s.W, d); value[v] == 0 && uf.Same(a, b) {
						closing = append(closing, -enc.Lit(v-1, d))
					}
				}
			}
			var leads []int
			for _, c := range got[:kept.loops] {
				leads = append(leads, c[0])
			}
			if !reflect.DeepEqual(leads, closing) {
				t.Fatalf("values %v: loop cuts lead with %v, want %v", value, leads, closing)
			}
			cuts += len(got)
		}
	}
	t.Logf("%d calls, %d cuts, %d loops", calls, cuts, loops)
	if cuts == 0 || loops == 0 {
		t.Errorf("%d calls made %d cuts and met %d loops; want some of each", calls, cuts, loops)
	}
}
