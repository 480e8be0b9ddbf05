package sat

import (
	"fmt"
	"strings"
	"sync"
)

// ProofKind is the kind of one proof step.
type ProofKind int

// The proof step kinds, as DRAT has them plus trusted inputs.
const (
	// ProofLemma is a clause derived from the formula and the steps before
	// it (RUP or RAT): the checker checks it.
	ProofLemma ProofKind = iota
	// ProofDelete removes a clause from the checker's database.
	ProofDelete
	// ProofInput is a clause added mid-proof that the formula does not
	// imply (a loop cut, a blocking clause): the proof checker takes it
	// as given, and a lemma checker of its Why must accept it.
	ProofInput
)

// ProofStep is one step of a clausal proof, over the variables of the
// formula the proof is for.
type ProofStep struct {
	Kind ProofKind
	Lits []int
	// Why names the lemma checker of an input step ("" otherwise).
	Why string
}

// ProofLog records the clausal proof of one solver's answers, in the
// variables of the formula it was made for: the backend's lemmas (mapped
// back through any renumbering), gridsat's own derivations (probing), and
// the clauses added between solves as inputs. The backend's lemmas may
// arrive from another goroutine; every method is safe for concurrent use.
type ProofLog struct {
	mu    sync.Mutex
	steps []ProofStep
	// stopped: steps are no longer recorded (see Stop).
	stopped bool
}

// Stop ends the recording: the steps of later solves are dropped (their
// answers are not certified).
func (p *ProofLog) Stop() {
	if p == nil {
		return
	}
	p.mu.Lock()
	p.stopped = true
	p.mu.Unlock()
}

// lemma records a derived clause (copied).
func (p *ProofLog) lemma(lits []int) { p.add(ProofLemma, lits, "") }

// deletion records the deletion of a clause (copied).
func (p *ProofLog) deletion(lits []int) { p.add(ProofDelete, lits, "") }

// Input records a clause added as given, with the name of the lemma
// checker that must accept it (copied).
func (p *ProofLog) Input(why string, lits []int) { p.add(ProofInput, lits, why) }

func (p *ProofLog) add(k ProofKind, lits []int, why string) {
	if p == nil {
		return
	}
	c := append([]int(nil), lits...)
	p.mu.Lock()
	if p.stopped {
		p.mu.Unlock()
		return
	}
	p.steps = append(p.steps, ProofStep{Kind: k, Lits: c, Why: why})
	p.mu.Unlock()
}

// Steps returns the steps so far (the log's own slice: not to be changed).
func (p *ProofLog) Steps() []ProofStep {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.steps[:len(p.steps):len(p.steps)]
}

// Refuted records the empty clause, the end of a refutation, unless the
// last step already is one.
func (p *ProofLog) Refuted() {
	p.mu.Lock()
	n := len(p.steps)
	done := n > 0 && p.steps[n-1].Kind == ProofLemma && len(p.steps[n-1].Lits) == 0
	p.mu.Unlock()
	if !done {
		p.lemma(nil)
	}
}

// ProofSink receives a solver's proof lines: a lemma, or a deleted clause
// when del is set. It must not keep lits.
type ProofSink func(lits []int, del bool)

// Sink returns p as a ProofSink.
func (p *ProofLog) Sink() ProofSink {
	return func(lits []int, del bool) {
		if del {
			p.deletion(lits)
		} else {
			p.lemma(lits)
		}
	}
}

// CheckCertifiable reports, before anything runs, whether backend be can
// prove its answers: an error naming the backends that can when it
// cannot.
func CheckCertifiable(be Backend) error {
	if p, ok := be.(Prover); ok && p.CanProve() {
		return nil
	}
	return fmt.Errorf("%s cannot write a clausal proof: --certify needs a backend that can (%s)", be.Name(), strings.Join(provingBackendNames(), ", "))
}

// provingBackendNames names the backends whose answers can be certified.
func provingBackendNames() []string {
	return []string{"gophersat", "exec:PROGRAM for a program that writes DRAT (cadical, kissat)"}
}

// parseLits reads a DIMACS clause line "l1 l2 ... 0" into literals.
func parseLits(line string) ([]int, error) {
	var lits []int
	n, neg, digits := 0, false, false
	for i := 0; i <= len(line); i++ {
		if i == len(line) || line[i] == ' ' || line[i] == '\t' || line[i] == '\n' {
			if digits {
				if n == 0 {
					return lits, nil
				}
				if neg {
					n = -n
				}
				lits = append(lits, n)
			} else if neg {
				return nil, fmt.Errorf("proof line %q: lone '-'", line)
			}
			n, neg, digits = 0, false, false
			continue
		}
		switch ch := line[i]; {
		case ch == '-' && !neg && !digits:
			neg = true
		case ch >= '0' && ch <= '9':
			n = n*10 + int(ch-'0')
			digits = true
			if n > 1<<31 {
				return nil, fmt.Errorf("proof line %q: literal out of range", line)
			}
		default:
			return nil, fmt.Errorf("proof line %q: bad character %q", line, ch)
		}
	}
	return nil, fmt.Errorf("proof line %q: no terminating 0", line)
}
