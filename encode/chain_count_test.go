package encode

import (
	"math/rand"
	"strings"
	"testing"

	"github.com/gridsat/gridsat/instances"
)

// TestChainCountArgument: the static check names the argument that rules
// a board out (the class sizes, or a cell no step can enter: the
// matching), and finds none on planted boards, which have a path.
func TestChainCountArgument(t *testing.T) {
	tests := []struct {
		name, board, want string
	}{
		{"sample", "3 3\n0 2 0\n1 1 1\n2 0 2\n", ""},
		{"start", "2 2\n1 0\n0 1\n", "start corner"},
		{"classes", "3 3\n0 2 0\n1 1 1\n2 0 1\n", "label counts"},
		// Right counts, but (2,0), labelled 1, has no 0 next to it.
		{"matching", "3 3\n0 0 2\n2 1 0\n1 1 2\n", "matching"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := chainBoard(t, tt.board)
			got := chainCountArgument(b)
			if tt.want == "" && got != "" || !strings.Contains(got, tt.want) {
				t.Fatalf("chainCountArgument = %q, want %q", got, tt.want)
			}
			if tt.name == "matching" && b.Infeasible() != "" {
				t.Fatalf("the matching board fails instances' count check (%s): it tests nothing", b.Infeasible())
			}
		})
	}
	rng := rand.New(rand.NewSource(5))
	for i := 0; i < 200; i++ {
		b, _, err := instances.GenerateChain(rng, instances.ChainGenOptions{N: 1 + rng.Intn(16), K: 1 + rng.Intn(6)})
		if err != nil {
			t.Fatal(err)
		}
		if why := chainCountArgument(b); why != "" {
			t.Fatalf("planted board %d (%s) ruled out: %s", i, b.Size(), why)
		}
	}
}

// TestChainCountingModes: on a board with one label too many, the default
// answers -1 by its check (Counted, no solve), cards by a solve whose
// counting constraints contradict at once, and none by a solve too; on
// boards with a path the three agree.
func TestChainCountingModes(t *testing.T) {
	rng := rand.New(rand.NewSource(9))
	for i := 0; i < 12; i++ {
		b, _, err := instances.GenerateChain(rng, instances.ChainGenOptions{N: 5 + i%3, K: 2 + i%4})
		if err != nil {
			t.Fatal(err)
		}
		want, err := SolveChain(b, ChainOptions{SATOptions: SATOptions{Backend: gophersatBackend}})
		if err != nil || !want.Solved {
			t.Fatalf("planted board %d: %q, %v", i, want.Answer, err)
		}
		bad := *b
		bad.Labels = append([]int(nil), b.Labels...)
		bad.Labels[1+rng.Intn(len(bad.Labels)-2)] = 0 // a 0 too many, or the same board
		for _, counting := range ChainCountings {
			res, err := SolveChain(b, ChainOptions{Counting: counting, SATOptions: SATOptions{Backend: gophersatBackend}})
			if err != nil || res.Answer != want.Answer || res.Counted {
				t.Fatalf("board %d counting=%s: %q (counted %v), %v; want %q", i, counting, res.Answer, res.Counted, err, want.Answer)
			}
			res, err = SolveChain(&bad, ChainOptions{Counting: counting, SATOptions: SATOptions{Backend: gophersatBackend}})
			if err != nil {
				t.Fatal(err)
			}
			if bad.Infeasible() == "" {
				continue
			}
			if res.Solved || res.Counted != (counting == ChainCountCheck) || res.Counted != (res.Stats.Solves == 0) {
				t.Fatalf("board %d with a 0 too many, counting=%s: %q, counted %v after %d solves", i, counting, res.Answer, res.Counted, res.Stats.Solves)
			}
			if counting == ChainCountCards && res.Stats.Search.Conflicts > 0 {
				t.Errorf("board %d counting=cards: %d conflicts; the counts should contradict by propagation alone", i, res.Stats.Search.Conflicts)
			}
		}
	}
}

// TestChainCountArgumentSound: on random boards of up to 16 cells (K=2
// with labels swapped, where the pairing argument often applies, and
// other K perturbed), every board the check rules out has no path by
// brute force, and the pairing argument rules out some boards the
// directed matching lets through.
func TestChainCountArgumentSound(t *testing.T) {
	rng := rand.New(rand.NewSource(21))
	pairing := 0
	for i := 0; i < 400; i++ {
		o := instances.ChainGenOptions{N: 3 + i%2, K: 2, Swap: true}
		if i%4 == 3 {
			o.K, o.Swap, o.Perturb = 2+rng.Intn(4), false, true
		}
		b, _, err := instances.GenerateChain(rng, o)
		if err != nil {
			t.Fatal(err)
		}
		why := chainCountArgument(b)
		if why == "" {
			continue
		}
		if got := instances.BruteChain(b); got != instances.ChainNoPath {
			t.Fatalf("board %d %s ruled out (%s), yet brute force finds %s", i, b.Size(), why, got)
		}
		if strings.HasPrefix(why, "pairing") {
			pairing++
		}
	}
	if pairing == 0 {
		t.Error("the pairing argument never applied: the test lost its teeth")
	}
}
