package puzzles

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"sort"
	"strings"

	"github.com/gridsat/gridsat/compare"
	"github.com/gridsat/gridsat/encode"
	"github.com/gridsat/gridsat/instances"
)

// proofKeeper collects a run's checked claims and writes them once the
// run's answer is known.
type proofKeeper struct {
	dir    string
	claims []encode.Claim
}

// newProofKeeper returns the keeper of option proofs, nil when unset.
func newProofKeeper(o compare.Options) *proofKeeper {
	dir := o.Get(compare.ProofsOption, "")
	if dir == "" {
		return nil
	}
	return &proofKeeper{dir: dir}
}

// Keep collects a checked claim.
func (k *proofKeeper) Keep(cl encode.Claim) error {
	k.claims = append(k.claims, cl)
	return nil
}

// only keeps the claims need says the run's answer needs, when need is
// not nil.
func (k *proofKeeper) only(need func(encode.Claim) bool) {
	if k == nil || need == nil {
		return
	}
	kept := k.claims[:0]
	for _, cl := range k.claims {
		if need(cl) {
			kept = append(kept, cl)
		}
	}
	k.claims = kept
}

// keeper returns k as an encode.ClaimKeeper (nil stays nil).
func (k *proofKeeper) keeper() encode.ClaimKeeper {
	if k == nil {
		return nil
	}
	return k
}

// write writes the claims of a run of puzzle on c, whose result is r.
func (k *proofKeeper) write(puzzle string, c instances.Case, o compare.Options, r compare.Result) error {
	if k == nil || len(k.claims) == 0 {
		return nil
	}
	if err := os.MkdirAll(k.dir, 0o755); err != nil {
		return fmt.Errorf("--proofs: %w", err)
	}
	loc := c.Location()
	key := keptCaseKey(puzzle, c)
	for _, cl := range k.claims {
		meta := encode.KeptClaim{Puzzle: puzzle, Solver: satSolver, File: loc.File, Case: loc.Case, Key: key, Answer: r.Answer, Options: keptOptions(o)}
		if err := encode.WriteClaim(k.dir, proofStem(puzzle, key, loc, o, r.Answer, cl.Name), cl, meta); err != nil {
			return fmt.Errorf("--proofs: %w", err)
		}
	}
	return nil
}

// keptCaseKey is CaseKey of case c of the named puzzle, for the claims a
// solver keeps (set in init: the registry holds the solvers that call it).
var keptCaseKey func(puzzle string, c instances.Case) string

func init() {
	keptCaseKey = func(puzzle string, c instances.Case) string {
		p, err := compare.Lookup(puzzle)
		if err != nil {
			return ""
		}
		return compare.CaseKey(p, c)
	}
}

// keptOptions are o without proofs=, as a kept claim records them.
func keptOptions(o compare.Options) map[string]string {
	kept := map[string]string{}
	for key, v := range o {
		if key != compare.ProofsOption {
			kept[key] = v
		}
	}
	return kept
}

// proofStem names a kept claim by its content: the puzzle, the case's
// content key (CaseKey: two files' cases of one base name differ, one
// case read from two files is one), the case's number, and a hash of the
// run's options (proofs= left out), its answer and the claim (the fact it
// proves): a claim kept again replaces itself, and two solvers' or two
// answers' claims never collide.
func proofStem(puzzle, key string, loc instances.Loc, o compare.Options, answer, claim string) string {
	keys := make([]string, 0, len(o))
	for k := range o {
		if k != compare.ProofsOption {
			keys = append(keys, k+"="+o[k])
		}
	}
	sort.Strings(keys)
	h := sha256.Sum256([]byte(strings.Join(keys, "\x00") + "\x00" + answer + "\x00" + claim))
	if len(key) > 16 {
		key = key[:16]
	}
	if key == "" {
		key = "nokey"
	}
	return fmt.Sprintf("%s-%s-case%d-%s", puzzle, key, loc.Case, hex.EncodeToString(h[:6]))
}
