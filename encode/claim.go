package encode

import (
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"

	"github.com/gridsat/gridsat/encode/drat"
	"github.com/gridsat/gridsat/encode/kept"
	"github.com/gridsat/gridsat/encode/sat"
)

// Kinds of input clauses, sat.ProofStep.Why: each names the lemma checker that
// must accept the clause.
const (
	whyLoop     = "loop"     // slant: with every literal false, the cells' diagonals close a loop
	whyEnclose  = "enclose"  // slant: with every literal false, some corners are cut off the border
	whyBlock    = "block"    // the negation of a solution reported beside the proof
	whySubtour  = "subtour"  // chain: the steps close a tour that misses cells
	whyCrossing = "crossing" // chain: two steps cross
)

// Claim is a puzzle's UNSAT claim: the puzzle-free claim (the formula
// refuted and its proof) with what the puzzle's encoding assumed.
type Claim struct {
	sat.Claim
	// Queens says which "at most k" a queens claim refutes, for
	// rebuilding its formula (BindQueensCNF); nil for the other puzzles.
	Queens *QueensClaim
}

// QueensClaim is what a queens claim assumes (kept.Queens: the kept
// record holds it).
type QueensClaim = kept.Queens

// KeptClaim describes a claim kept on disk (kept.Claim).
type KeptClaim = kept.Claim

// ClaimKeeper keeps checked claims (gridsat's --proofs writes each to
// files).
type ClaimKeeper interface {
	Keep(Claim) error
}

// WriteClaim writes cl, checked, to dir as stem.cnf, stem.drat and
// stem.json, meta filled in with what cl says.
func WriteClaim(dir, stem string, cl Claim, meta KeptClaim) error {
	steps := make([]drat.Step, 0, len(cl.Steps))
	var inputs [][]int
	for _, st := range cl.Steps {
		switch st.Kind {
		case sat.ProofInput:
			inputs = append(inputs, st.Lits)
		case sat.ProofDelete:
			steps = append(steps, drat.Step{Kind: drat.Delete, Lits: st.Lits})
		default:
			steps = append(steps, drat.Step{Kind: drat.Lemma, Lits: st.Lits})
			meta.Lemmas++
		}
	}
	f := &sat.CNF{NumVars: cl.NumVars, Clauses: append(cl.Formula[:len(cl.Formula):len(cl.Formula)], inputs...),
		Comments: []string{"gridsat kept claim: " + cl.Name, fmt.Sprintf("the last %d clauses are input clauses the lemma checkers accepted", len(inputs))}}
	meta.Claim, meta.Vars, meta.Clauses, meta.Inputs = cl.Name, cl.NumVars, len(f.Clauses), len(inputs)
	meta.CNF, meta.DRAT = stem+".cnf", stem+".drat"
	meta.Trusted, meta.Queens = cl.Trusted, cl.Queens
	if err := kept.WriteFile(filepath.Join(dir, meta.CNF), f.WriteDIMACS); err != nil {
		return err
	}
	if err := kept.WriteFile(filepath.Join(dir, meta.DRAT), func(w io.Writer) error { return drat.WriteText(w, steps) }); err != nil {
		return err
	}
	return kept.WriteFile(filepath.Join(dir, stem+".json"), func(w io.Writer) error {
		enc := json.NewEncoder(w)
		enc.SetIndent("", " ")
		return enc.Encode(meta)
	})
}
