//go:build unix

package drat

import (
	"bytes"
	"io"
	"math/rand/v2"
	"sync"
	"syscall"
	"testing"
	"time"
)

// cpuTime is the process's user and system CPU time so far: benchmarks
// report it beside wall time, which the shared machine's load inflates.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// benchProof is a formula with a gophersat proof and the CPU time gophersat
// took to solve it with the certificate on (and the test to read it).
type benchProof struct {
	nv    int
	cnf   [][]int
	steps []Step
	solve time.Duration // CPU time
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
	start := cpuTime()
	unsat, steps := gophersatProof(b, nv, cnf)
	p := &benchProof{nv, cnf, steps, cpuTime() - start}
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
	start := cpuTime()
	for b.Loop() {
		var err error
		if res, err = Check(p.nv, p.cnf, p.steps); err != nil {
			b.Fatal(err)
		}
	}
	cpu := (cpuTime() - start) / time.Duration(b.N)
	b.ReportMetric(float64(res.Lemmas), "lemmas")
	b.ReportMetric(float64(res.Core), "checked")
	b.ReportMetric(cpu.Seconds()*1e3, "cpu-ms/op")
	b.ReportMetric(p.solve.Seconds()*1e3, "solve-cpu-ms")
	b.ReportMetric(cpu.Seconds()/p.solve.Seconds(), "check/solve")
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

func benchParse(b *testing.B, write func(io.Writer, []Step) error) {
	p := proofFor(b, "php9", func() (int, [][]int) { return php(9, 8) })
	var buf bytes.Buffer
	if err := write(&buf, p.steps); err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(buf.Len()))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Parse(bytes.NewReader(buf.Bytes())); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkParseText(b *testing.B)   { benchParse(b, WriteText) }
func BenchmarkParseBinary(b *testing.B) { benchParse(b, WriteBinary) }
