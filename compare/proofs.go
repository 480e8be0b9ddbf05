package compare

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
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
func (k *proofKeeper) write(puzzle string, c instances.Case, o Options, r Result) error {
	if k == nil || len(k.claims) == 0 {
		return nil
	}
	if err := os.MkdirAll(k.dir, 0o755); err != nil {
		return fmt.Errorf("--proofs: %w", err)
	}
	loc := c.Location()
	key := keptCaseKey(puzzle, c)
	for _, cl := range k.claims {
		meta := encode.KeptClaim{Puzzle: puzzle, Solver: "sat", File: loc.File, Case: loc.Case, Key: key, Answer: r.Answer, Options: keptOptions(o)}
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
		p, err := Lookup(puzzle)
		if err != nil {
			return ""
		}
		return CaseKey(p, c)
	}
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

// proofStem names a kept claim by its content: the puzzle, the case's
// content key (CaseKey: two files' cases of one base name differ, one
// case read from two files is one), the case's number, and a hash of the
// run's options (proofs= left out), its answer and the claim (the fact it
// proves): a claim kept again replaces itself, and two solvers' or two
// answers' claims never collide.
func proofStem(puzzle, key string, loc instances.Loc, o Options, answer, claim string) string {
	keys := make([]string, 0, len(o))
	for k := range o {
		if k != ProofsOption {
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

// ProofCheck is what RecheckProofs found.
type ProofCheck struct {
	Claims, Failed int // kept claims checked, and failed
	Runs           int // runs labelled certified by them
	// Unproved counts the runs certified when run whose obligations are
	// not all met by kept claims: labelled claimed.
	Unproved int
	// Refused counts the kept claims that check but meet no obligation of
	// a run, or one another claim met already.
	Refused  int
	Problems []string // the failures and refusals
	// Unreadable lists the kept claims whose JSON could not be read (so
	// neither their puzzle nor their case is known), and those of no run
	// of the report: failures of no row.
	Unreadable []string
}

// keptRef is a kept claim RecheckProofs read: where, what it says, the
// obligations it meets (nil when it failed) and why it failed.
type keptRef struct {
	path, folder string
	meta         encode.KeptClaim
	keys         []string
	err          error
	used         bool
}

// RecheckProofs checks again every claim kept in dirs (and their
// repeat-R folders), each bound to its case (Puzzle.BindProof rebuilds
// the formula from the row's case), and labels r's runs by them. For each
// run whose answer claims something (claims.go) and is not settled by a
// named bound, it derives the facts the answer needs from the case and
// the run's options (opts[i] are column i's resolved options,
// Puzzle.Obligations) and, in each folder, matches every one to exactly
// one kept claim of the run (same case, answer and options): the run is
// labelled certified when every one is met in some folder. A claim that
// fails, a second claim of one obligation, and a claim of the run that
// meets none of its obligations are refused by name: the run is labelled
// claimed and its row gets the refusal as a problem. A run certified when
// run whose obligations are not all kept is labelled claimed (Unproved).
// A kept file over the readers' bounds (RecheckClaimBound) is an error:
// the report refuses the folder.
func RecheckProofs(r *Report, opts []Options, dirs ...string) (ProofCheck, error) {
	var pc ProofCheck
	ck := newCaseKeys(r)
	kept, err := readKept(r, ck, dirs, &pc)
	if err != nil {
		return pc, err
	}
	if r.Puzzle == nil || r.Puzzle.Obligations == nil {
		return pc, nil
	}
	for i := range r.Rows {
		row := &r.Rows[i]
		for j := range row.Runs {
			if j < len(opts) {
				labelByProofs(r, ck, row, j, opts[j], kept, &pc)
			}
		}
	}
	for _, k := range kept {
		if k.meta.Puzzle == r.Name() && !k.used && k.err == nil {
			pc.Refused++
			msg := fmt.Sprintf("%s: %s: a kept claim of no run of the report (case %s#%d, answer %q)", k.path, k.meta.Claim, filepath.Base(k.meta.File), k.meta.Case, k.meta.Answer)
			pc.Problems = append(pc.Problems, msg)
			if row := ck.claimRow(k.meta); row != nil {
				row.Problems = append(row.Problems, msg)
			} else {
				pc.Unreadable = append(pc.Unreadable, msg)
			}
		}
	}
	return pc, nil
}

// readKept reads and checks every claim kept in dirs and their repeat-R
// folders, binding each of r's puzzle to its case.
func readKept(r *Report, ck *caseKeys, dirs []string, pc *ProofCheck) ([]*keptRef, error) {
	var kept []*keptRef
	for _, dir := range dirs {
		folders, err := filepath.Glob(filepath.Join(dir, "repeat-*"))
		if err != nil {
			return nil, err
		}
		for _, folder := range append([]string{dir}, folders...) {
			files, err := filepath.Glob(filepath.Join(folder, "*.json"))
			if err != nil {
				return nil, err
			}
			for _, path := range files {
				k := &keptRef{path: path, folder: folder}
				var keys []string
				meta, _, err := encode.RecheckClaimBound(path, rebuiltBinder(r, ck, &keys))
				if errors.Is(err, bufio.ErrTooLong) {
					// Bad input, refused: not gridsat's kept files.
					return nil, err
				}
				k.meta, k.keys, k.err = meta, keys, err
				switch {
				case meta.Puzzle == "" && err != nil:
					// A claim file cut or corrupted is a failure, never
					// skipped as another puzzle's.
					pc.Claims++
					pc.Failed++
					pc.Unreadable = append(pc.Unreadable, err.Error())
					pc.Problems = append(pc.Problems, err.Error())
					continue
				case meta.Puzzle != r.Name():
					continue
				}
				pc.Claims++
				if err != nil {
					pc.Failed++
					pc.Problems = append(pc.Problems, err.Error())
				}
				kept = append(kept, k)
			}
		}
	}
	return kept, nil
}

// labelByProofs labels run j of row by the claims kept for it
// (RecheckProofs).
func labelByProofs(r *Report, ck *caseKeys, row *Row, j int, o Options, kept []*keptRef, pc *ProofCheck) {
	run := &row.Runs[j]
	if run.Claim == "" {
		return
	}
	var spec string
	if j < len(r.Specs) {
		spec = r.Specs[j]
	}
	byFolder := map[string][]*keptRef{}
	var folders []string
	for _, k := range kept {
		if !ck.claimOfRow(row, k.meta) || k.meta.Answer != run.Result.Answer ||
			!sameRunOptions(r.Puzzle, spec, o, k.meta) {
			continue
		}
		k.used = true
		if byFolder[k.folder] == nil {
			folders = append(folders, k.folder)
		}
		byFolder[k.folder] = append(byFolder[k.folder], k)
	}
	if run.Claim == ClaimBound {
		// A bound settles it: the run's claims (a part's search proved
		// a k that report's own bound, over the allowed squares only,
		// settles) are true but needed by nothing; not refused.
		return
	}
	need, err := r.Puzzle.Obligations(row.Input, unresolved(r.Puzzle, spec, o), run.Result)
	if err != nil {
		need = nil
		row.Problems = append(row.Problems, fmt.Sprintf("%s: the facts its answer needs cannot be derived: %v", run.Solver, err))
	}
	met, refused := false, []string(nil)
	for _, folder := range folders {
		ok, why := matchObligations(need, byFolder[folder])
		met = met || (ok && err == nil)
		refused = append(refused, why...)
	}
	pc.Refused += len(refused)
	switch {
	case len(refused) > 0:
		run.Claim = ClaimClaimed
		for _, why := range refused {
			row.Problems = append(row.Problems, fmt.Sprintf("%s: a kept proof is refused: %s", run.Solver, why))
		}
		pc.Problems = append(pc.Problems, refused...)
	case met:
		run.Claim = ClaimCertified
		pc.Runs++
	case run.Claim == ClaimCertifiedWhenRun:
		run.Claim = ClaimClaimed
		pc.Unproved++
	}
}

// matchObligations matches the obligations need to the claims kept in
// one folder: ok when each is met by exactly one claim; why names every
// claim refused (failed, a second claim of one obligation, or one that
// meets none of need).
func matchObligations(need []string, claims []*keptRef) (ok bool, why []string) {
	wanted := map[string]bool{}
	for _, key := range need {
		wanted[key] = true
	}
	by := map[string]string{}
	for _, k := range claims {
		if k.err != nil {
			why = append(why, k.err.Error())
			continue
		}
		keys := slices.Compact(slices.Sorted(slices.Values(k.keys)))
		if len(keys) == 0 {
			why = append(why, fmt.Sprintf("%s: %s: meets no obligation", k.path, k.meta.Claim))
		}
		for _, key := range keys {
			switch {
			case !wanted[key]:
				why = append(why, fmt.Sprintf("%s: %s: proves %q, which the answer does not need", k.path, k.meta.Claim, key))
			case by[key] != "":
				why = append(why, fmt.Sprintf("%s: %s: proves %q again (%s proves it)", k.path, k.meta.Claim, key, by[key]))
			default:
				by[key] = k.path
			}
		}
	}
	return len(why) == 0 && len(by) == len(wanted), why
}

// unresolved is o, spec's resolved options, without those at their
// default (Spec.Resolved the other way): options a solver's parser takes.
func unresolved(p *Puzzle, spec string, o Options) Options {
	out := Options{}
	for key, v := range o {
		out[key] = v
	}
	name := SolverName(spec)
	for _, s := range p.Solvers {
		if s.Name != name {
			continue
		}
		for _, d := range s.Options {
			if v, ok := out[d.Name]; ok && (v == d.Default || d.Name == ProofsOption) {
				delete(out, d.Name)
			}
		}
	}
	return out
}

// sameRunOptions reports whether a kept claim's options (as the run took
// them, proofs= left out) resolve to o, the resolved options of spec's
// column (proofs= left out).
func sameRunOptions(p *Puzzle, spec string, o Options, meta encode.KeptClaim) bool {
	name, solver := SolverName(spec), meta.Solver
	if solver == "" {
		solver = "sat"
	}
	if name != solver {
		return false
	}
	kept := meta.Options
	for i := range p.Solvers {
		s := &p.Solvers[i]
		if s.Name != name {
			continue
		}
		for key := range kept {
			if _, ok := s.option(key); !ok {
				return false
			}
		}
		resolved := Spec{Solver: s, Options: Options(kept)}.Resolved()
		for _, d := range s.Options {
			if d.Name != ProofsOption && resolved[d.Name] != o[d.Name] {
				return false
			}
		}
		return true
	}
	return false
}
