package encode

import "github.com/gridsat/gridsat/encode/sat"

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

// QueensClaim is what a queens claim assumes: at most K queens, with the
// counters counting up to Upto, and with split=classes the cube of Share
// (at most Share[c] queens on square class c; nil without split) and, for
// a share the border split splits, Border: per ring line (first row, last
// row, first column, last column, ring by ring) 1 when it holds a queen,
// 0 when not (nil for a cube not split so).
type QueensClaim struct {
	K      int   `json:"k"`
	Upto   int   `json:"upto"`
	Share  []int `json:"share,omitempty"`
	Border []int `json:"border,omitempty"`
}

// ClaimKeeper keeps checked claims (gridsat's --proofs writes each to
// files).
type ClaimKeeper interface {
	Keep(Claim) error
}
