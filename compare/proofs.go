package compare

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

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
func newProofKeeper(o Options) *proofKeeper {
	dir := o.Get(ProofsOption, "")
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

// keeper returns k as an encode.ClaimKeeper (nil stays nil).
func (k *proofKeeper) keeper() encode.ClaimKeeper {
	if k == nil {
		return nil
	}
	return k
}

// write writes the claims of a run of puzzle on c, whose result is r.
func (k *proofKeeper) write(puzzle string, c instances.Case, o Options, r Result) error {
	if k == nil || len(k.claims) == 0 {
		return nil
	}
	if err := os.MkdirAll(k.dir, 0o755); err != nil {
		return fmt.Errorf("--proofs: %w", err)
	}
	loc := c.Location()
	stem := proofStem(puzzle, loc, o, r.Answer)
	for i, cl := range k.claims {
		meta := encode.KeptClaim{Puzzle: puzzle, File: loc.File, Case: loc.Case, Answer: r.Answer, Options: keptOptions(o)}
		if err := encode.WriteClaim(k.dir, fmt.Sprintf("%s-%04d", stem, i+1), cl, meta); err != nil {
			return fmt.Errorf("--proofs: %w", err)
		}
	}
	return nil
}

// keptOptions are o without proofs=, as a kept claim records them.
func keptOptions(o Options) map[string]string {
	kept := map[string]string{}
	for key, v := range o {
		if key != ProofsOption {
			kept[key] = v
		}
	}
	return kept
}

// RepeatProofsDir is where repeat r (0-based; negative for a warm-up) of a
// run keeps its proofs when the comparison keeps them in dir: the first
// repeat in dir, repeat r+1 (from 2) in dir/repeat-R, warm-up -r in
// dir/warmup-W, so that no repeat's proofs replace another's.
// RecheckProofs reads dir and its repeat-R folders.
func RepeatProofsDir(dir string, r int) string {
	switch {
	case r == 0:
		return dir
	case r < 0:
		return filepath.Join(dir, fmt.Sprintf("warmup-%d", -r))
	}
	return filepath.Join(dir, fmt.Sprintf("repeat-%d", r+1))
}

// proofStem names a run's kept claims: the puzzle, the input file's base
// name, the case, and a hash of the options and the answer (two solvers'
// claims on one case do not collide).
func proofStem(puzzle string, loc instances.Loc, o Options, answer string) string {
	keys := make([]string, 0, len(o))
	for key := range o {
		if key != ProofsOption {
			keys = append(keys, key+"="+o[key])
		}
	}
	sort.Strings(keys)
	h := sha256.Sum256([]byte(strings.Join(keys, "\x00") + "\x00" + answer))
	base := strings.TrimSuffix(filepath.Base(loc.File), filepath.Ext(loc.File))
	if base == "" || base == "." {
		base = "stdin"
	}
	clean := strings.Map(func(r rune) rune {
		if r == '-' || r == '_' || r == '.' || (r >= '0' && r <= '9') || (r >= 'a' && r <= 'z') || (r >= 'A' && r <= 'Z') {
			return r
		}
		return '_'
	}, base)
	return fmt.Sprintf("%s-%s-case%d-%s", puzzle, clean, loc.Case, hex.EncodeToString(h[:4]))
}

// ProofCheck is what RecheckProofs found.
type ProofCheck struct {
	Claims, Failed int // kept claims checked, and failed
	Runs           int // runs labelled certified by them
	// Incomplete counts the runs some of whose claims are kept and check
	// but not all of them: left certified when run.
	Incomplete int
	// NotRebuilt counts the runs whose kept proofs check against their
	// kept CNF but whose puzzle's encoding report --proofs does not
	// rebuild (none of the three today): the CNF is not tied to the case, so the
	// run stays certified when run.
	NotRebuilt int
	Problems   []string // the failures
	// Unreadable lists the kept claims whose JSON could not be read (so
	// neither their puzzle nor their case is known): failures of no row.
	Unreadable []string
}

// RecheckProofs checks again every claim kept in dir and labels certified (ClaimCertified) every run of r labelled certified
// when run whose kept claims (same puzzle, file, case and answer) all check
// and are as many as the claims the row's runs with that answer made; a
// run with a failed claim is labelled claimed and its row gets the
// failure as a problem. A claim's kept CNF must be its case's formula
// (rebuiltBinder: each puzzle's encoding is rebuilt from the row's case); a
// puzzle whose encoding is not rebuilt has its proofs checked against
// the kept CNF only, and its runs stay certified when run (NotRebuilt).
// A kept file over the readers' bounds (RecheckClaimBound) is an error:
// the report refuses the folder.
func RecheckProofs(r *Report, dir string) (ProofCheck, error) {
	var pc ProofCheck
	files, err := filepath.Glob(filepath.Join(dir, "*.json"))
	if err != nil {
		return pc, err
	}
	repeats, err := filepath.Glob(filepath.Join(dir, "repeat-*", "*.json"))
	if err != nil {
		return pc, err
	}
	files = append(files, repeats...)
	type key struct {
		file   string
		number int
		answer string
	}
	good, bad := map[key]int{}, map[key][]string{}
	lookup, rebuilt := rebuiltBinder(r)
	for _, path := range files {
		meta, _, err := encode.RecheckClaimBound(path, lookup)
		if errors.Is(err, bufio.ErrTooLong) {
			// Bad input, refused: not gridsat's kept files.
			return pc, err
		}
		if meta.Puzzle == "" && err != nil {
			// A claim file cut or corrupted is a failure, never skipped
			// as another puzzle's.
			pc.Claims++
			pc.Failed++
			pc.Unreadable = append(pc.Unreadable, err.Error())
			pc.Problems = append(pc.Problems, err.Error())
			continue
		}
		if meta.Puzzle != r.Name() {
			continue
		}
		pc.Claims++
		k := key{meta.File, meta.Case, meta.Answer}
		if err != nil {
			pc.Failed++
			bad[k] = append(bad[k], err.Error())
			pc.Problems = append(pc.Problems, err.Error())
			continue
		}
		good[k]++
	}
	for i := range r.Rows {
		row := &r.Rows[i]
		// The claims a row's runs made with one answer: every one must be
		// kept and check (a run of chain's smallest path makes one per
		// smaller step; one kept is not the path proved smallest).
		need := map[key]int{}
		for _, run := range row.Runs {
			if run.Claim == ClaimCertifiedWhenRun {
				need[key{row.File, row.Case, run.Result.Answer}] += keptClaimsOf(run)
			}
		}
		for j := range row.Runs {
			run := &row.Runs[j]
			k := key{row.File, row.Case, run.Result.Answer}
			switch {
			case len(bad[k]) > 0 && run.Certified:
				run.Claim = ClaimClaimed
				row.Problems = append(row.Problems, fmt.Sprintf("%s: a kept proof fails: %s", run.Solver, bad[k][0]))
			case good[k] > 0 && good[k] < need[k] && run.Claim == ClaimCertifiedWhenRun:
				pc.Incomplete++
			case good[k] > 0 && !rebuilt && run.Claim == ClaimCertifiedWhenRun:
				pc.NotRebuilt++
			case good[k] > 0 && run.Claim == ClaimCertifiedWhenRun:
				run.Claim = ClaimCertified
				pc.Runs++
			}
		}
	}
	return pc, nil
}

// keptClaimsOf is how many claims run proved (its proof_claims statistic;
// 1 for a record without it).
func keptClaimsOf(run Run) int {
	if n, ok := run.Result.Stat("proof_claims"); ok && n > 0 {
		return int(n)
	}
	return 1
}
