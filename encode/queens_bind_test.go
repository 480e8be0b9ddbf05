package encode

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/gridsat/gridsat/instances"
)

// A kept queens CNF is accepted only as the case's formula and the
// assumptions of its claim, rebuilt from its k and share: every claim of
// a seed board is accepted as kept; a claim of k at the answer, another
// share, or a cube unit changed is refused.
func TestBindQueensCNF(t *testing.T) {
	fh, err := os.Open(filepath.Join("..", "instances", "sets", "queens", "seed.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer fh.Close()
	boards, err := instances.ParseQueens("seed.txt", fh)
	if err != nil {
		t.Fatal(err)
	}
	opt := QueensOptions{Split: QueensSplitClasses, SATOptions: SATOptions{Certify: true}}
	var kept claimList
	var q *instances.Queens
	var res QueensResult
	for _, b := range boards {
		kept = nil
		opt.Keep = &kept
		if res, err = SolveQueens(b, opt); err != nil || res.CertErr != nil {
			t.Fatal(err, res.CertErr)
		}
		if q = b; len(kept) >= 2 {
			break
		}
	}
	if len(kept) < 2 {
		t.Fatal("no seed board made two claims")
	}
	answer := len(res.Placement)
	opt.Keep = nil
	refused := 0
	for _, cl := range kept {
		f, qc := keptCNF(cl), cl.Queens
		if err := BindQueensCNF(q, opt, answer, qc, f); err != nil {
			t.Fatalf("%s: untouched: %v", cl.Name, err)
		}
		atAnswer := *qc
		atAnswer.K = answer
		other := *qc
		other.Share = slices.Clone(qc.Share)
		other.Share[0], other.Share[1] = other.Share[1], other.Share[0]+1
		other.Share[2]--
		if other.Share[2] < 0 {
			other.Share[2], other.Share[3] = 0, other.Share[3]-1
		}
		for _, bad := range []QueensClaim{atAnswer, other} {
			if err := BindQueensCNF(q, opt, answer, &bad, f); err == nil {
				t.Errorf("%s: claim %+v accepted for %+v", cl.Name, bad, *qc)
			} else {
				refused++
			}
		}
		// The last clause is a unit of the cube; the one of the variable
		// before it is no assumption of this claim.
		last := f.Clauses[len(f.Clauses)-1]
		if len(last) == 1 && last[0] < -1 {
			tight := keptCNF(cl)
			tight.Clauses[len(tight.Clauses)-1] = []int{last[0] + 1}
			if err := BindQueensCNF(q, opt, answer, qc, tight); err == nil {
				t.Errorf("%s: cube unit %d in place of %d accepted", cl.Name, last[0]+1, last[0])
			} else {
				refused++
			}
		}
	}
	t.Logf("%d claims, %d mutations refused", len(kept), refused)
}

// QueensObligations lists exactly the claims a certified search makes of
// "at most answer-1" (with split=classes, one per cube, the ring splits
// included), each met once by BindQueens; the claims of smaller k meet
// none of them. Under split=auto the seed and ladder boards give both
// kinds: the obligations choose as the search did.
func TestQueensObligationsMatchClaims(t *testing.T) {
	var boards []*instances.Queens
	for _, name := range []string{"seed.txt", "ladder.txt"} {
		fh, err := os.Open(filepath.Join("..", "instances", "sets", "queens", name))
		if err != nil {
			t.Fatal(err)
		}
		b, err := instances.ParseQueens(name, fh)
		fh.Close()
		if err != nil {
			t.Fatal(err)
		}
		boards = append(boards, b...)
	}
	full8, _ := instances.ParseQueens("q8", strings.NewReader("8 8\n"+strings.Repeat("XXXXXXXX\n", 8)+"0\n"))
	checked := 0
	autoCubes := map[bool]int{} // under auto: searches whose claims had shares, or not
	for _, split := range []QueensSplit{QueensSplitAuto, QueensSplitClasses, QueensSplitNone} {
		for _, q := range append(boards, full8...) {
			var kept claimList
			opt := QueensOptions{Split: split, Keep: &kept, SATOptions: SATOptions{Certify: true}}
			res, err := SolveQueens(q, opt)
			if err != nil || res.CertErr != nil {
				t.Fatal(err, res.CertErr)
			}
			answer := len(res.Placement)
			need, err := QueensObligations(q, opt, answer)
			if err != nil {
				t.Fatal(err)
			}
			met := map[string]int{}
			for _, cl := range kept {
				key, err := BindQueens(q, opt, answer, cl.Queens, keptCNF(cl))
				if err != nil {
					t.Fatalf("%s: %v", cl.Name, err)
				}
				if cl.Queens.K == answer-1 {
					met[key]++
					if split == QueensSplitAuto {
						autoCubes[len(cl.Queens.Share) > 0]++
					}
				} else if slices.Contains(need, key) {
					t.Errorf("%s: a claim of k=%d meets %q", cl.Name, cl.Queens.K, key)
				}
			}
			if len(met) == 0 {
				continue // the lower bound settled it: no claim
			}
			checked++
			if len(met) != len(need) {
				t.Errorf("split=%s, %s: claims meet %d obligations, the answer %d needs %d", split, q.Location(), len(met), answer, len(need))
			}
			for _, k := range need {
				if met[k] != 1 {
					t.Errorf("split=%s, %s: %q met %d times", split, q.Location(), k, met[k])
				}
			}
		}
	}
	if checked < 4 {
		t.Errorf("%d searches made claims; the test wants more", checked)
	}
	if autoCubes[true] == 0 || autoCubes[false] == 0 {
		t.Errorf("split=auto: %d claims by cube, %d whole; the boards should give both", autoCubes[true], autoCubes[false])
	}
}
