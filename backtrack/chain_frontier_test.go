package backtrack

import (
	"math/rand"
	"testing"

	"github.com/gridsat/gridsat/instances"
)

// bruteCompletes reports whether some path completes the walk of s, by
// trying every step the walk's rules allow (instances.ChainWalk), none of
// the search's rules.
func bruteCompletes(w *instances.ChainWalk) bool {
	if w.Complete() {
		return true
	}
	for d := 0; d < 8; d++ {
		if _, ok := w.CanStep(d); ok {
			w.Step(d)
			found := bruteCompletes(w)
			w.Back()
			if found {
				return true
			}
		}
	}
	return false
}

// TestChainFrontierAgainstBruteForce holds the frontier check to the brute
// force on random boards of 2x2 to 5x5 (K = 1 to 4, planted, perturbed or
// swapped, so that many have no path), asked at every node of random walks
// into the board that also step back and go on another way (so that each
// sweep order's memo of its last sweep is reused and cut short), with
// budgets from 64 states up: with no rule on (only the crossings of the
// walk's diagonal steps removed) its answer, when it gives one, must be the
// brute force's, both ways, for every K.
func TestChainFrontierAgainstBruteForce(t *testing.T) {
	rng := rand.New(rand.NewSource(53))
	count := map[chainVerdict]int{}
	for i := 0; i < 400; i++ {
		n, k := 2+rng.Intn(4), 1+rng.Intn(4)
		if n == 5 && k == 1 {
			n = 4
		}
		b, _, err := instances.GenerateChain(rng, instances.ChainGenOptions{N: n, K: k, Perturb: i%5 == 1, Swap: i%5 >= 2})
		if err != nil {
			t.Fatal(err)
		}
		s := newChainSearch(b, ChainOptions{Plain: true})
		type frame struct{ cur, next, trail int }
		var stack []frame
		cur := 0
		for moves := 0; moves < 3*n*n; moves++ {
			if !s.walk.Complete() {
				want := verdictNone
				if bruteCompletes(s.walk) {
					want = verdictPath
				}
				budget := []int64{64, 512, 1 << 20}[rng.Intn(3)]
				got := s.frontierVerdict(cur, budget)
				count[got]++
				if got != want && (got != verdictUnknown || budget == 1<<20) {
					t.Fatalf("board %d (N=%d K=%d labels %v), walk %v: frontier says %d, the brute force %d",
						i, n, k, b.Labels, s.walk.Dirs(), got, want)
				}
			}
			// Step back now and then, else on at random.
			var ds []int
			for _, e := range s.out[cur] {
				if _, ok := s.walk.CanStep(e.dir); ok && !s.blocked[e.edge] {
					ds = append(ds, e.dir)
				}
			}
			if len(ds) == 0 || len(stack) > 0 && rng.Intn(4) == 0 {
				if len(stack) == 0 {
					break
				}
				f := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				s.unmove(f.cur, f.next)
				s.walk.Back()
				s.restoreEdges(f.trail)
				cur = f.cur
				continue
			}
			d := ds[rng.Intn(len(ds))]
			next, _ := s.walk.CanStep(d)
			trail := len(s.removed)
			if d%2 == 1 {
				s.removeAcross(cur, d, cur)
			}
			s.walk.Step(d)
			s.move(cur, next)
			stack = append(stack, frame{cur, next, trail})
			cur = next
		}
	}
	t.Logf("verdicts: %v", count)
	if count[verdictNone] < 300 || count[verdictPath] < 300 || count[verdictUnknown] < 50 {
		t.Errorf("verdicts %v: the test lost its teeth", count)
	}
}

// TestChainFrontierSoundAfterForcing holds the frontier check's "no path"
// to the brute force at the root of boards whose forced steps were
// propagated (steps removed one way only, which the check reads either
// way for K <= 2).
func TestChainFrontierSoundAfterForcing(t *testing.T) {
	rng := rand.New(rand.NewSource(59))
	nones := 0
	for i := 0; i < 600; i++ {
		n, k := 3+i%3, 2+(i/3)%2
		b, _, err := instances.GenerateChain(rng, instances.ChainGenOptions{N: n, K: k, Swap: i%4 != 0})
		if err != nil {
			t.Fatal(err)
		}
		s := newChainSearch(b, ChainOptions{})
		for u := 0; u < s.n2; u++ {
			s.pending = append(s.pending, u)
		}
		if !s.propagate(0) {
			continue
		}
		got := s.frontierVerdict(0, 1<<20)
		brute := instances.BruteChain(b) != instances.ChainNoPath
		if got == verdictNone && brute {
			t.Fatalf("board %d (N=%d K=%d): frontier says no path, the brute force finds one labels %v", i, n, k, b.Labels)
		}
		if got == verdictUnknown {
			t.Fatalf("board %d: frontier gave up on a %dx%d board", i, n, n)
		}
		if !brute && got == verdictPath && k > 2 {
			t.Fatalf("board %d (K=%d): frontier says a path, the brute force none", i, k)
		}
		if got == verdictNone {
			nones++
		}
	}
	if nones < 30 {
		t.Errorf("only %d boards answered no path: the test lost its teeth", nones)
	}
}
