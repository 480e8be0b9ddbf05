package sat

import (
	"fmt"
	"os"
	"sync"

	"github.com/gridsat/gridsat/encode/drat"
)

// writesDRAT caches, per program path, whether its --help says it writes
// a DRAT proof to a file given after the input.
var writesDRAT sync.Map

// CanProve reports whether the program writes DRAT proofs: a program
// following the SAT competition's convention whose --help mentions DRAT
// (cadical, kissat), asked once.
func (e *execBackend) CanProve() bool {
	if e.MiniSat {
		return false
	}
	return helpSays(&writesDRAT, e.Path, "DRAT")
}

// NewProving is New with the program given a proof file after the input
// on every run; the proof of the run that answers UNSAT (text or binary
// DRAT, deletions included) goes to proof.
func (e *execBackend) NewProving(f *CNF, proof ProofSink) (Solver, error) {
	if !e.CanProve() {
		return nil, fmt.Errorf("%s writes no DRAT proof", e.Name())
	}
	s, err := e.New(f)
	if err != nil {
		return nil, err
	}
	switch s := s.(type) {
	case *execSolver:
		s.proof = proof
	case *execCuber:
		s.proof = proof
	}
	return s, nil
}

// readProof hands the DRAT proof at path to s.proof.
func (s *execSolver) readProof(path string) error {
	fh, err := os.Open(path)
	if err != nil {
		return fmt.Errorf("%s: reading its proof: %w", s.e.Name(), err)
	}
	defer fh.Close()
	steps, err := drat.Parse(fh)
	if err != nil {
		return fmt.Errorf("%s: its proof: %w", s.e.Name(), err)
	}
	for _, st := range steps {
		s.proof(st.Lits, st.Kind == drat.Delete)
	}
	return nil
}
