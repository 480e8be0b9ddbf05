package encode

import (
	randv1 "math/rand"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/gridsat/gridsat/encode/sat"
	"github.com/gridsat/gridsat/instances"
)

// slantClaims solves boards with Certify and Unique and returns the
// results that claim an absence.
func slantClaims(t *testing.T, o SlantOptions, boards []*instances.Slant) (out []SlantResult, solved []*instances.Slant) {
	t.Helper()
	o.Certify, o.Unique = true, true
	for _, s := range boards {
		res, err := SolveSlant(s, o)
		if err != nil {
			t.Fatalf("%s: %v", o, err)
		}
		if _, ok := SlantClaim(res); ok {
			out = append(out, res)
			solved = append(solved, s)
		}
	}
	return out, solved
}

func smallSlants(seed uint64, n int) []*instances.Slant {
	rng := rand.New(rand.NewPCG(seed, 7))
	var boards []*instances.Slant
	for range n {
		boards = append(boards, instances.SmallSlant(rng, rng.IntN(2) == 0))
	}
	return boards
}

// TestCertifySlant certifies the claims (no solution, unique) on small
// random boards under the probing modes and cut choices.
func TestCertifySlant(t *testing.T) {
	boards := smallSlants(11, 40)
	for _, o := range []SlantOptions{{}, {Probe: sat.ProbeNone}, {Probe: sat.ProbeOnce}, {LoopCutsOnly: true}, {NoRootCuts: true}, {Loops: SlantLoopsDiamond, Cuts: SlantCutsForest}} {
		t.Run(o.String(), func(t *testing.T) {
			results, solved := slantClaims(t, o, boards)
			kinds := map[string]bool{}
			for i, res := range results {
				if _, err := CertifySlant(solved[i], res, nil); err != nil {
					t.Errorf("%s: %v", solved[i].Location(), err)
				}
				cl, _ := SlantClaim(res)
				kinds[cl.Name] = true
			}
			if !kinds["unique"] || !kinds["no solution"] {
				t.Errorf("claims made: %v; want both kinds among %d boards", kinds, len(boards))
			}
		})
	}
}

// TestCertifySlantMutations: a certificate whose cut is no loop, whose
// blocking clause is dropped, or whose formula lost its clues, fails;
// without probing (cuts of models only) and with it (the cuts probing
// finds, at the root and within probes, too).
func TestCertifySlantMutations(t *testing.T) {
	for _, o := range []SlantOptions{{Probe: sat.ProbeNone}, {}} {
		t.Run(o.String(), func(t *testing.T) { certifySlantMutations(t, o) })
	}
}

func certifySlantMutations(t *testing.T, o SlantOptions) {
	results, solved := slantClaims(t, o, smallSlants(12, 60))
	var tested [3]int
	for i, res := range results {
		steps := res.Proof.Log.Steps()
		for j, st := range steps {
			if st.Kind != sat.ProofInput {
				continue
			}
			mut := append([]sat.ProofStep(nil), steps...)
			switch st.Why {
			case whyLoop:
				// One cell of the loop left out: an open chain.
				mut[j].Lits = st.Lits[1:]
				tested[0]++
			case whyBlock:
				// Dropped: the solution is a model, so no proof refutes.
				mut = append(mut[:j:j], mut[j+1:]...)
				tested[1]++
			default:
				continue
			}
			bad := res
			bad.Proof = &SlantProof{Formula: res.Proof.Formula, Enc: res.Proof.Enc, Log: logOf(mut)}
			if _, err := CertifySlant(solved[i], bad, nil); err == nil {
				t.Errorf("%s: the certificate with input %d (%s) changed was accepted", solved[i].Location(), j, st.Why)
			}
		}
		if cl, _ := SlantClaim(res); cl.Name == "unique" && res.Proof.Formula.NumVars > 0 {
			// The clue clauses gone: the formula says nothing the proof's
			// lemmas could rest on, beyond the inputs.
			bad := res
			bad.Proof = &SlantProof{Formula: &sat.CNF{NumVars: res.Proof.Formula.NumVars}, Enc: res.Proof.Enc, Log: res.Proof.Log}
			if _, err := CertifySlant(solved[i], bad, nil); err == nil {
				t.Errorf("%s: a uniqueness proof checked without the clues", solved[i].Location())
			}
			tested[2]++
		}
	}
	if tested[0] == 0 || tested[1] == 0 || tested[2] == 0 {
		t.Errorf("mutations tried: %v loop cuts, blocking clauses, formulas; want some of each", tested)
	}
}

// TestCertifyQueens proves small boards' optima with the cubes and
// without, and holds the answer to the uncertified search's.
func TestCertifyQueens(t *testing.T) {
	claims := 0
	for n := 4; n <= 8; n++ {
		q := fullBoard(n)
		for _, split := range []QueensSplit{QueensSplitClasses, QueensSplitNone} {
			plain, err := SolveQueens(q, QueensOptions{Split: split})
			if err != nil {
				t.Fatal(err)
			}
			res, err := SolveQueens(q, QueensOptions{Split: split, Upper: "greedy", SATOptions: SATOptions{Certify: true}})
			if err != nil {
				t.Fatal(err)
			}
			if res.CertErr != nil || res.Cert == nil {
				t.Fatalf("n=%d split=%s: %v", n, split, res.CertErr)
			}
			if len(res.Placement) != len(plain.Placement) {
				t.Errorf("n=%d split=%s: %d queens certified, %d without", n, split, len(res.Placement), len(plain.Placement))
			}
			if err := instances.VerifyQueens(q, res.Placement); err != nil {
				t.Error(err)
			}
			if len(res.Cert.Trusted) == 0 || !strings.Contains(res.Cert.Trusted[0], "not proved by SAT") {
				t.Errorf("the lower bound is not named: %v", res.Cert.Trusted)
			}
			if orbits := strings.Contains(strings.Join(res.Cert.Trusted, "\n"), "one cube per orbit"); orbits != (split == QueensSplitClasses) {
				t.Errorf("n=%d split=%s: the orbit argument named: %v, want %v", n, split, orbits, !orbits)
			}
			claims += res.Cert.Claims
		}
	}
	if claims == 0 {
		t.Errorf("no UNSAT call was certified")
	}
}

func TestCertifyRefusals(t *testing.T) {
	gini, err := sat.LookupBackend("gini")
	if err != nil {
		t.Skip("no gini")
	}
	if err := sat.CheckCertifiable(gini); err == nil || !strings.Contains(err.Error(), "gophersat") {
		t.Errorf("gini: %v, want a refusal naming gophersat", err)
	}
	for _, o := range []QueensOptions{{SATOptions: SATOptions{Certify: true, Backend: giniBackend}}, {SATOptions: SATOptions{Certify: true}, Card: "pb"}, {SATOptions: SATOptions{Certify: true}, Search: "down"}} {
		if err := o.Validate(); err == nil {
			t.Errorf("%+v accepted", o)
		}
	}
	if _, err := SolveChain(chainBoard(t, "3 3\n0 2 0\n1 1 1\n2 2 2\n"), ChainOptions{SATOptions: SATOptions{Backend: gini, Certify: true}}); err == nil {
		t.Errorf("chain certify with gini accepted")
	}
}

func TestCertifyChainNoPath(t *testing.T) {
	for _, input := range []string{"3 3\n0 2 0\n1 1 1\n2 2 2\n", "4 16\n0 1 5 4\n7 6 2 3\n8 11 12 13\n9 10 14 15\n", "3 3\n0 1 0\n1 2 2\n1 0 2\n"} {
		b := chainBoard(t, input)
		res, err := SolveChain(b, ChainOptions{Crossing: ChainCrossingLazy, SATOptions: SATOptions{Backend: gophersatBackend, Certify: true}, NoLookahead: true})
		if err != nil {
			t.Fatal(err)
		}
		cert, claims, err := CertifyChain(b, res, nil)
		if !claims || err != nil {
			t.Errorf("%q: claims=%v %v", input, claims, err)
		}
		if cert.Claims != 1 {
			t.Errorf("%q: %d claims checked", input, cert.Claims)
		}
	}
}

// TestCertifyChainPaths certifies the smallest path of random planted
// boards (every smaller direction at every step refuted), and fails the
// certificate of a path that is not the smallest.
func TestCertifyChainPaths(t *testing.T) {
	rng := randv1.New(randv1.NewSource(21))
	certified, wrong := 0, 0
	for i := 0; i < 40; i++ {
		n, k := 2+rng.Intn(3), 1+rng.Intn(4)
		b, _, err := instances.GenerateChain(rng, instances.ChainGenOptions{N: n, K: k})
		if err != nil {
			t.Fatal(err)
		}
		res, err := SolveChain(b, ChainOptions{Crossing: ChainCrossingLazy, SATOptions: SATOptions{Backend: gophersatBackend, Certify: true}, NoLookahead: true})
		if err != nil || !res.Solved {
			t.Fatalf("%v: %v", res.Answer, err)
		}
		if want := instances.BruteChain(b); res.Answer != want {
			t.Fatalf("answer %s, brute force %s", res.Answer, want)
		}
		cert, claims, err := CertifyChain(b, res, nil)
		if !claims || err != nil {
			t.Fatalf("%dx%d %s: claims=%v %v", n, n, res.Answer, claims, err)
		}
		if cert.Claims > 0 {
			certified++
		}
		// Another path (the largest, by brute force on the reversed
		// order, is hard to get): any valid path other than the answer
		// is larger; find one by trying answers the board allows.
		if other := otherChainPath(b, res.Answer); other != "" {
			bad := res
			bad.Answer = other
			if _, _, err := CertifyChain(b, bad, nil); err == nil {
				t.Errorf("%s certified as the smallest path, though %s is smaller", other, res.Answer)
			}
			wrong++
		}
	}
	if certified < 10 || wrong < 5 {
		t.Errorf("%d paths certified with claims, %d wrong answers tried: the test lost its teeth", certified, wrong)
	}
}

// otherChainPath returns a valid path of b other than answer, or "".
func otherChainPath(b *instances.Chain, answer string) string {
	var found string
	var walk func(cells []int, dirs []byte) bool
	n2 := b.N * b.N
	seen := make([]bool, n2)
	walk = func(cells []int, dirs []byte) bool {
		cur := cells[len(cells)-1]
		if len(cells) == n2 {
			if s := string(dirs); s != answer && instances.VerifyChain(b, s) == nil {
				found = s
				return true
			}
			return false
		}
		for d := 7; d >= 0; d-- {
			next, ok := b.Step(cur, d)
			if !ok || seen[next] {
				continue
			}
			seen[next] = true
			if walk(append(cells, next), append(dirs, byte('0'+d))) {
				return true
			}
			seen[next] = false
		}
		return false
	}
	seen[0] = true
	walk([]int{0}, nil)
	return found
}

// TestCertifyChainPairingShortcut: the K=2 pairing check that answers
// questions of the smallest-path search without a solve is a counting
// claim, not a proof, so a certified search must not take it: on swapped
// K=2 boards where the plain search does take it, the certified search
// gives the same answer and its certificate checks.
func TestCertifyChainPairingShortcut(t *testing.T) {
	rng := randv1.New(randv1.NewSource(5))
	paired := 0
	for i := 0; i < 60 && paired < 6; i++ {
		b, _, err := instances.GenerateChain(rng, instances.ChainGenOptions{N: 4 + i%3, K: 2, Swap: true})
		if err != nil {
			t.Fatal(err)
		}
		// Without the look-ahead's cut cells, which answer the questions
		// the pairing check would.
		plain, err := SolveChain(b, ChainOptions{Crossing: ChainCrossingLazy, SATOptions: SATOptions{Backend: gophersatBackend}, NoLookahead: true})
		if err != nil {
			t.Fatal(err)
		}
		if plain.Paired == 0 {
			continue
		}
		paired++
		res, err := SolveChain(b, ChainOptions{Crossing: ChainCrossingLazy, SATOptions: SATOptions{Backend: gophersatBackend, Certify: true}, NoLookahead: true})
		if err != nil {
			t.Fatalf("board %d: %v", i, err)
		}
		if res.Solved != plain.Solved || res.Answer != plain.Answer {
			t.Fatalf("board %d: certified %v %q, plain %v %q", i, res.Solved, res.Answer, plain.Solved, plain.Answer)
		}
		if res.Paired != 0 {
			t.Errorf("board %d: the certified search answered %d questions by the pairing check", i, res.Paired)
		}
		if _, claims, err := CertifyChain(b, res, nil); !claims || err != nil {
			t.Errorf("board %d %s: claims=%v %v", i, res.Answer, claims, err)
		}
	}
	if paired == 0 {
		t.Error("no board made the plain search use the pairing check: the test lost its teeth")
	}
}
