package encode

import "github.com/gridsat/gridsat/encode/sat"

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
	for _, st := range steps {
		switch st.Kind {
		case sat.ProofLemma:
			log.Lemma(st.Lits)
		case sat.ProofDelete:
			log.Delete(st.Lits)
		default:
			log.Input(st.Why, st.Lits)
		}
	}
	return log
}
