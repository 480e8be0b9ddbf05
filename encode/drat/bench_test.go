package drat

import (
	"math/rand/v2"
	"sync"
	"testing"
	"time"
)

// benchProof is a formula with a gophersat proof and the time gophersat took
// to solve it with the certificate on.
type benchProof struct {
	nv    int
	cnf   [][]int
	steps []Step
	solve time.Duration
}

var (
	benchMu     sync.Mutex
	benchProofs = map[string]*benchProof{}
)

// proofFor makes (once per process) gophersat's proof of the named formula.
func proofFor(b *testing.B, name string, make func() (int, [][]int)) *benchProof {
	benchMu.Lock()
	defer benchMu.Unlock()
	if p := benchProofs[name]; p != nil {
		return p
	}
	nv, cnf := make()
	start := time.Now()
	unsat, steps := gophersatProof(b, nv, cnf)
	p := &benchProof{nv, cnf, steps, time.Since(start)}
	if !unsat {
		b.Fatalf("%s is satisfiable", name)
	}
	benchProofs[name] = p
	return p
}

// random3SATUnsat returns the first random 3-SAT formula over n variables
// with ratio 4.26 (seeds 1, 2, ...) that gophersat refutes.
func random3SATUnsat(b *testing.B, n int) (int, [][]int) {
	for seed := uint64(1); ; seed++ {
		cnf := random3SAT(rand.New(rand.NewPCG(seed, 150)), n, n*426/100)
		if unsat, _ := gophersatProof(b, n, cnf); unsat {
			return n, cnf
		}
	}
}

func benchCheck(b *testing.B, p *benchProof) {
	b.ReportAllocs()
	var res Result
	for b.Loop() {
		var err error
		if res, err = Check(p.nv, p.cnf, p.steps); err != nil {
			b.Fatal(err)
		}
	}
	perOp := b.Elapsed() / time.Duration(b.N)
	b.ReportMetric(float64(res.Lemmas), "lemmas")
	b.ReportMetric(float64(res.Core), "checked")
	b.ReportMetric(p.solve.Seconds()*1e3, "solve-ms")
	b.ReportMetric(perOp.Seconds()/p.solve.Seconds(), "check/solve")
}

func BenchmarkCheckPHP8(b *testing.B) {
	benchCheck(b, proofFor(b, "php8", func() (int, [][]int) { return php(8, 7) }))
}

func BenchmarkCheckPHP9(b *testing.B) {
	benchCheck(b, proofFor(b, "php9", func() (int, [][]int) { return php(9, 8) }))
}

func BenchmarkCheckRandom150(b *testing.B) {
	benchCheck(b, proofFor(b, "r150", func() (int, [][]int) { return random3SATUnsat(b, 150) }))
}
