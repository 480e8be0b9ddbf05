package compare

import (
	"bufio"
	"errors"
	"fmt"
	"path/filepath"
	"slices"

	"github.com/gridsat/gridsat/encode/kept"
)

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

// ProofCheck is what RecheckProofs found.
type ProofCheck struct {
	Claims, Failed int // kept claims checked, and failed
	Runs           int // runs labelled certified by them
	// Unproved counts the runs that say they were certified when run
	// (Run.Certified) whose obligations are not all met by kept claims:
	// labelled claimed, or cross-checked.
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
	meta         kept.Claim
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
// claimed and its row gets the refusal as a problem. A run that says it
// was certified when run whose obligations are not all kept keeps the
// label LabelClaims gave it (claimed, or cross-checked; Unproved).
// A kept file over the readers' bounds (RecheckClaimBound) is an error:
// the report refuses the folder.
func RecheckProofs(r *Report, opts []Options, dirs ...string) (ProofCheck, error) {
	var pc ProofCheck
	ck := newCaseKeys(r)
	refs, err := readKept(r, ck, dirs, &pc)
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
				labelByProofs(r, ck, row, j, opts[j], refs, &pc)
			}
		}
	}
	for _, k := range refs {
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
	var refs []*keptRef
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
				meta, _, err := kept.RecheckBound(path, rebuiltBinder(r, ck, &keys))
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
				refs = append(refs, k)
			}
		}
	}
	return refs, nil
}

// labelByProofs labels run j of row by the claims kept for it
// (RecheckProofs).
func labelByProofs(r *Report, ck *caseKeys, row *Row, j int, o Options, refs []*keptRef, pc *ProofCheck) {
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
	for _, k := range refs {
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
	case run.Certified:
		if run.Claim == ClaimCertifiedWhenRun {
			run.Claim = ClaimClaimed
		}
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
func sameRunOptions(p *Puzzle, spec string, o Options, meta kept.Claim) bool {
	name, solver := SolverName(spec), meta.Solver
	if solver == "" {
		solver = p.SAT // claims kept before 0.14 are the sat solver's
	}
	if name != solver {
		return false
	}
	given := meta.Options
	for i := range p.Solvers {
		s := &p.Solvers[i]
		if s.Name != name {
			continue
		}
		for key := range given {
			if _, ok := s.Option(key); !ok {
				return false
			}
		}
		resolved := Spec{Solver: s, Options: Options(given)}.Resolved()
		for _, d := range s.Options {
			if d.Name != ProofsOption && resolved[d.Name] != o[d.Name] {
				return false
			}
		}
		return true
	}
	return false
}
