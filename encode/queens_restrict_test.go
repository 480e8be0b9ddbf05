package encode

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/gridsat/gridsat/instances"
)

// partBoards are the boards the split tests run on: all-X boards, square
// and oblong, and random X-boards.
func partBoards(t *testing.T) []*instances.Queens {
	var qs []*instances.Queens
	for _, nm := range [][2]int{{4, 4}, {5, 5}, {6, 6}, {7, 7}, {8, 8}, {5, 8}, {7, 4}} {
		q := instances.NewQueens(nm[0], nm[1])
		for i := range q.Target {
			q.Target[i] = true
		}
		qs = append(qs, q)
	}
	rng := rand.New(rand.NewPCG(23, 5))
	for i := 0; i < 6; i++ {
		q, err := instances.GenerateQueens(rng, 4+rng.IntN(4), 4+rng.IntN(4), 0.2+0.6*rng.Float64())
		if err != nil {
			t.Fatal(err)
		}
		qs = append(qs, q)
	}
	return qs
}

// TestSolveQueensParts splits each board, solves every part by SAT and
// checks each answer with the verifier (restriction included) and that the
// least of them is the unsplit answer; with the bound below the optimum
// every part has none.
func TestSolveQueensParts(t *testing.T) {
	for bi, q := range partBoards(t) {
		whole, err := SolveQueens(q, DefaultQueensOptions())
		if err != nil {
			t.Fatal(err)
		}
		opt := len(whole.Placement)
		for _, tc := range []struct {
			jobs, bound int
			cover       bool
		}{{5, opt, false}, {12, opt + 1, false}, {9, opt - 1, false}, {11, -1, true}} {
			var cover []instances.Square
			if tc.cover {
				cover = instances.QueensGreedy(q) // the parts look for fewer
			} else if tc.bound < 0 {
				continue
			}
			t.Run(fmt.Sprintf("board%d_%s/jobs=%d/bound=%d", bi, q.Size(), tc.jobs, tc.bound), func(t *testing.T) {
				parts, err := instances.SplitQueens(q, tc.jobs, tc.bound, cover)
				if err != nil {
					t.Fatal(err)
				}
				best := -1
				for _, p := range parts {
					res, err := SolveQueens(p, DefaultQueensOptions())
					if err != nil {
						t.Fatalf("%s: %v", p.Part.Name(), err)
					}
					if res.None {
						continue
					}
					if err := instances.VerifyQueens(p, res.Placement); err != nil {
						t.Fatalf("%s: %v", p.Part.Name(), err)
					}
					if best < 0 || len(res.Placement) < best {
						best = len(res.Placement)
					}
				}
				want := opt
				if tc.cover && best < 0 {
					best = len(cover) // no part has fewer: the cover's size
				} else if tc.bound < opt && !tc.cover {
					want = -1
				}
				if best != want {
					t.Fatalf("%d parts: joined answer %d, unsplit %d (bound %d)", len(parts), best, opt, tc.bound)
				}
			})
		}
	}
}

// The parts of a full square board looking for fewer queens than a
// theorem allows are settled by the theorem, no SAT call, the theorem
// named in what a certificate trusts; with the theorem off, SAT refutes
// them itself (with checked proofs).
func TestSolveQueensPartsTheorems(t *testing.T) {
	for _, tc := range []struct {
		n, bound int
		off      QueensOptions
		named    string
	}{
		{8, 3, QueensOptions{}, "Spencer"},
		{9, 4, QueensOptions{NoWeakley: true}, "Weakley's theorem"},
		{7, 3, QueensOptions{NoFinozhenok: true}, "Finozhenok"},
	} {
		q := fullBoard(tc.n)
		parts, err := instances.SplitQueens(q, tc.n, tc.bound, nil)
		if err != nil {
			t.Fatal(err)
		}
		called := 0 // parts SAT refutes with the theorem off
		for _, p := range parts {
			on := QueensOptions{SATOptions: SATOptions{Certify: true}}
			res, err := SolveQueens(p, on)
			if err != nil || !res.None || res.Stats.Solves != 0 || res.Lower != tc.bound+1 {
				t.Fatalf("Q_%d %s: %v, none %v, %d calls, lower %d; want none by the theorem, no call", tc.n, p.Part.Name(), err, res.None, res.Stats.Solves, res.Lower)
			}
			if res.Cert == nil || len(res.Cert.Trusted) != 1 || !strings.Contains(res.Cert.Trusted[0], tc.named) {
				t.Errorf("Q_%d %s: trusted %+v, want %q named", tc.n, p.Part.Name(), res.Cert, tc.named)
			}
			if tc.off == (QueensOptions{}) {
				continue // Spencer's bound is not an option
			}
			off := tc.off
			off.Certify = true
			res, err = SolveQueens(p, off)
			if err != nil || !res.None || res.CertErr != nil {
				t.Errorf("Q_%d %s, theorem off: %v, none %v, %v; want none", tc.n, p.Part.Name(), err, res.None, res.CertErr)
			}
			if res.Stats.Solves > 0 {
				called++
			}
		}
		if tc.off != (QueensOptions{}) && called == 0 {
			t.Errorf("Q_%d: with the theorem off no part needed SAT", tc.n)
		}
	}
}
