package encode

import "github.com/gridsat/gridsat/encode/sat"

// The embedded backends the tests solve with.
var (
	gophersatBackend = mustBackend("gophersat")
	giniBackend      = mustBackend("gini")
)

// mustBackend is the backend called name, which must be registered.
func mustBackend(name string) sat.Backend {
	be, err := sat.LookupBackend(name)
	if err != nil {
		panic(err)
	}
	return be
}

// satisfied reports whether model makes clause true.
func satisfied(clause []int, model []bool) bool {
	for _, l := range clause {
		if (l > 0) == model[max(l, -l)] {
			return true
		}
	}
	return false
}

// logOf is a proof log holding steps, recorded one by one.
func logOf(steps []sat.ProofStep) *sat.ProofLog {
	log := &sat.ProofLog{}
	sink := log.Sink()
	for _, st := range steps {
		switch st.Kind {
		case sat.ProofLemma:
			sink(st.Lits, false)
		case sat.ProofDelete:
			sink(st.Lits, true)
		default:
			log.Input(st.Why, st.Lits)
		}
	}
	return log
}
