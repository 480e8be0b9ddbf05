package encode

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/gridsat/gridsat/encode/sat"
	"github.com/gridsat/gridsat/instances"
)

// claimList keeps every claim it is given.
type claimList []Claim

func (l *claimList) Keep(c Claim) error {
	*l = append(*l, c)
	return nil
}

// keptCNF is the CNF WriteClaim keeps for cl: its formula and its inputs.
func keptCNF(cl Claim) *sat.CNF {
	f := &sat.CNF{NumVars: cl.NumVars, Clauses: slices.Clone(cl.Formula)}
	for _, st := range cl.Steps {
		if st.Kind == sat.ProofInput {
			f.Clauses = append(f.Clauses, st.Lits)
		}
	}
	return f
}

// certifiedChainClaims solves the boards of the chain sets sample and
// minus1 with
// Certify and returns each board with its answer and claims.
func certifiedChainClaims(t *testing.T) ([]*instances.Chain, []ChainResult, []claimList) {
	t.Helper()
	var boards []*instances.Chain
	for _, set := range []string{"sample.txt", "minus1.txt"} {
		data, err := os.ReadFile(filepath.Join("..", "instances", "sets", "chain", set))
		if err != nil {
			t.Fatal(err)
		}
		some, err := instances.ParseChain(set, strings.NewReader(string(data)))
		if err != nil {
			t.Fatal(err)
		}
		boards = append(boards, some...)
	}
	be, err := sat.LookupBackend("")
	if err != nil {
		t.Fatal(err)
	}
	var results []ChainResult
	var claims []claimList
	for _, c := range boards {
		res, err := SolveChain(c, ChainOptions{SATOptions: SATOptions{Backend: be, Certify: true}})
		if err != nil {
			t.Fatal(err)
		}
		var kept claimList
		if _, _, err := CertifyChain(c, res, &kept); err != nil {
			t.Fatal(err)
		}
		results, claims = append(results, res), append(claims, kept)
	}
	return boards, results, claims
}

// A kept chain CNF is accepted only as the case's encoding, cuts, and
// the assumptions of its claim: the answer's first steps and one smaller
// direction (or a clause of smaller directions) at the next, none for -1.
// Each claim of the boards is accepted as kept; an assumption
// changed to the answer's own step, to a larger direction or to a
// negated step, or one added to a -1 claim, is refused.
func TestBindChainCNF(t *testing.T) {
	boards, results, claims := certifiedChainClaims(t)
	mutated := 0
	for i, c := range boards {
		res := results[i]
		for _, cl := range claims[i] {
			kept := keptCNF(cl)
			if err := BindChainCNF(c, ChainOptions{}, res.Answer, kept); err != nil {
				t.Fatalf("board %d, %s: untouched: %v", i+1, cl.Name, err)
			}
			base := len(res.Proof.Enc.CNF.Clauses)
			if !res.Solved {
				bad := keptCNF(cl)
				bad.Clauses = append(bad.Clauses, []int{-freshUnit(kept)})
				if err := BindChainCNF(c, ChainOptions{}, res.Answer, bad); err == nil {
					t.Errorf("board %d, %s: a -1 claim with a negated step added accepted", i+1, cl.Name)
				}
				mutated++
				continue
			}
			if !strings.HasPrefix(cl.Name, "no path begins") || len(cl.Formula) <= base {
				continue
			}
			cells, err := instances.ParseChainAnswer(c, res.Answer)
			if err != nil {
				t.Fatal(err)
			}
			at := len(cl.Formula) - base - 1 // the step of the last assumption
			cur, d := cells[at], int(res.Answer[at]-'0')
			own := res.Proof.Enc.step[cur*8+d]
			larger := 0
			for e := d + 1; e < 8 && larger == 0; e++ {
				larger = res.Proof.Enc.step[cur*8+e]
			}
			last := len(cl.Formula) - 1
			for _, lits := range [][]int{{own}, {larger}, {-cl.Formula[last][0]}} {
				if lits[0] == 0 {
					continue
				}
				bad := keptCNF(cl)
				bad.Clauses[last] = lits
				if err := BindChainCNF(c, ChainOptions{}, res.Answer, bad); err == nil {
					t.Errorf("board %d, %s: assumption %v in place of %v accepted", i+1, cl.Name, lits, cl.Formula[last])
				}
				mutated++
			}
		}
	}
	t.Logf("%d mutations refused", mutated)
	if mutated < 3 {
		t.Errorf("%d mutations tried; the test wants more", mutated)
	}
}

// freshUnit is a variable v of f such that f has no clause [-v].
func freshUnit(f *sat.CNF) int {
	have := map[int]bool{}
	for _, c := range f.Clauses {
		if len(c) == 1 {
			have[c[0]] = true
		}
	}
	for v := 1; v < f.NumVars; v++ {
		if !have[-v] {
			return v
		}
	}
	return f.NumVars
}

// ChainObligations reads the board's steps as the encoding makes them:
// every kept claim of a certified smallest path meets obligations of the
// list, and together they meet every one exactly once.
func TestChainObligationsMatchClaims(t *testing.T) {
	boards, results, claims := certifiedChainClaims(t)
	for i, c := range boards {
		need, err := ChainObligations(c, results[i].Answer)
		if err != nil {
			t.Fatal(err)
		}
		met := map[string]int{}
		for _, cl := range claims[i] {
			keys, err := BindChain(c, ChainOptions{}, results[i].Answer, keptCNF(cl))
			if err != nil {
				t.Fatalf("board %d, %s: %v", i+1, cl.Name, err)
			}
			for _, k := range keys {
				met[k]++
			}
		}
		if len(met) != len(need) {
			t.Errorf("board %d: claims meet %d obligations, the answer needs %d", i+1, len(met), len(need))
		}
		for _, k := range need {
			if met[k] != 1 {
				t.Errorf("board %d: %q met %d times", i+1, k, met[k])
			}
		}
	}
}
