package puzzles

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/gridsat/gridsat/compare"
	"github.com/gridsat/gridsat/encode"
	"github.com/gridsat/gridsat/encode/sat"
)

// The options several adapters share, each declared once (declare.go).

// uniqueOptions is the option of every solver that can prove uniqueness.
type uniqueOptions struct {
	Unique bool `opt:"unique" doc:"look for a second solution and report it (dfs: count solutions up to two; sat: block the solution found and solve on)"`
}

// satOptions are the options every SAT solver takes beside its encoding's.
// proofs= (also --proofs DIR) is read by proofKeeper (keeper.go), which
// writes each claim with encode.WriteClaim.
type satOptions struct {
	Backend backendName `opt:"backend" doc:"SAT backend"`
	Certify bool        `opt:"certify" doc:"check a clausal proof (DRAT, with the cuts accepted by lemma checkers) of every UNSAT answer before reporting it: no solution, unique, optimal, -1; a proof that fails makes the run WRONG"`
	Proofs  string      `opt:"proofs" values:"DIR" doc:"with certify=true, keep each checked claim in DIR: STEM.cnf (the formula with the accepted cut lemmas), STEM.drat (the proof) and STEM.json (what it proves), for drat-trim; gridsat report --proofs DIR checks them again"`
}

var (
	uniqueDecl = compare.DeclareOptions(uniqueOptions{})
	satDecl    = compare.DeclareOptions(defaultSATOptions())
)

// defaultSATOptions are the SAT options' defaults.
func defaultSATOptions() satOptions {
	return satOptions{Backend: backendName(defaultBackend())}
}

// BackendDoc documents the SAT backend option every SAT solver takes
// (compare.BackendOption): its values are the backends linked in.
var BackendDoc = satDecl.Doc("Backend")

// backendName is the backend option: a registered backend's name, or
// exec:NAME ("" is the default backend too). It is checked where it is looked
// up (sat.LookupBackend), not when parsed: a kept proof's options are
// read back on machines without the exec solver.
type backendName string

// Values lists the backends, the default first.
func (backendName) Values() []string {
	def := defaultBackend()
	names := slices.DeleteFunc(sat.BackendNames(), func(n string) bool { return n == def })
	// The named backends before the placeholders (exec:NAME).
	slices.SortStableFunc(names, func(a, b string) int {
		return cmp.Compare(strings.Count(a, ":"), strings.Count(b, ":"))
	})
	return append([]string{def}, names...)
}

// defaultBackend is the name of the backend "" means.
func defaultBackend() string {
	be, err := sat.LookupBackend("")
	if err != nil {
		panic("puzzles: no default SAT backend: " + err.Error())
	}
	return be.Name()
}

// into looks up the backend o names, checks that it can prove when
// certify=true asks it to and that proofs= comes with certify=true, and
// sets dst, the options every SAT solver of encode embeds: the one way a
// backend and certify= reach encode.
func (o satOptions) into(dst *encode.SATOptions) error {
	be, err := sat.LookupBackend(string(o.Backend))
	if err != nil {
		return err
	}
	if o.Proofs != "" && !o.Certify {
		return fmt.Errorf("option %s=%s keeps checked proofs: it needs %s=true", compare.ProofsOption, o.Proofs, compare.CertifyOption)
	}
	if o.Certify {
		if err := sat.CheckCertifiable(be); err != nil {
			return err
		}
	}
	*dst = encode.SATOptions{Backend: be, Certify: o.Certify}
	return nil
}
