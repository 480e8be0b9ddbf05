package encode

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/gridsat/gridsat/encode/sat"
	"github.com/gridsat/gridsat/instances"
)

// BenchmarkCertifyGamma proves gamma(Q_n) on gophersat with and without
// the certificate (sub-benchmarks alternate), reporting the proofs'
// lemmas, the checking time and its share of the whole run:
//
//	go test -run X -bench 'CertifyGamma/n=13' -benchtime 1x ./encode/
func BenchmarkCertifyGamma(b *testing.B) {
	for _, n := range []int{13, 14} {
		for _, certify := range []bool{false, true} {
			b.Run(fmt.Sprintf("n=%d/certify=%v", n, certify), func(b *testing.B) {
				var res QueensResult
				var total time.Duration
				for i := 0; i < b.N; i++ {
					q := fullBoard(n)
					start := time.Now()
					var err error
					if res, err = SolveQueens(q, QueensOptions{SATOptions: SATOptions{Certify: certify}}); err != nil {
						b.Fatal(err)
					}
					total += time.Since(start)
					if len(res.Placement) != gammaQ[n] || res.CertErr != nil {
						b.Fatalf("%d queens, %v", len(res.Placement), res.CertErr)
					}
					if err := instances.VerifyQueens(q, res.Placement); err != nil {
						b.Fatal(err)
					}
				}
				if res.Cert != nil {
					reportCert(b, *res.Cert, total/time.Duration(b.N))
				}
			})
		}
	}
}

// reportCert reports a certificate's size and checking time, and the
// checker's share of the run's time.
func reportCert(b *testing.B, c sat.Certificate, run time.Duration) {
	b.ReportMetric(float64(c.Claims), "claims")
	b.ReportMetric(float64(c.Lemmas), "lemmas")
	b.ReportMetric(c.Check.Seconds(), "check-s")
	b.ReportMetric(c.Lemma.Seconds(), "lemma-check-s")
	b.ReportMetric((run - c.Check).Seconds(), "solve-s")
	b.ReportMetric(100*c.Check.Seconds()/run.Seconds(), "check-%")
}

// BenchmarkCertifySlantUnique proves the bundled unique boards
// (instances/testdata/slant_unique.txt, 20x20..100x100) unique with a
// certificate, and checks it:
//
//	go test -run X -bench 'CertifySlantUnique/6' -benchtime 1x ./encode/
func BenchmarkCertifySlantUnique(b *testing.B) {
	f, err := os.Open(filepath.Join("..", "instances", "testdata", "slant_unique.txt"))
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	boards, err := instances.ParseSlant("slant_unique.txt", f)
	if err != nil {
		b.Fatal(err)
	}
	for k, s := range boards {
		b.Run(fmt.Sprintf("%d:%s", k+1, s.Size()), func(b *testing.B) {
			var cert sat.Certificate
			var total time.Duration
			for i := 0; i < b.N; i++ {
				start := time.Now()
				res, err := SolveSlant(s, SlantOptions{Unique: true, SATOptions: SATOptions{Certify: true}})
				if err != nil || !res.UniqueChecked || res.Second != nil {
					b.Fatalf("%v: not proved unique", err)
				}
				if cert, err = CertifySlant(s, res, nil); err != nil {
					b.Fatal(err)
				}
				total += time.Since(start)
				if err := instances.VerifySlant(s, res.Solution); err != nil {
					b.Fatal(err)
				}
			}
			reportCert(b, cert, total/time.Duration(b.N))
		})
	}
}

// BenchmarkCertifyChainAllZero finds the smallest path of the all-zero
// K=1 board on gophersat and certifies it (every smaller direction at every
// step refuted by a checked proof), reporting the search and the
// certificate's parts:
//
//	go test -run X -bench 'CertifyChainAllZero/N=12' -benchtime 1x ./encode/
func BenchmarkCertifyChainAllZero(b *testing.B) {
	for _, n := range []int{8, 10, 12} {
		c := &instances.Chain{N: n, K: 1, Labels: make([]int, n*n)}
		b.Run(fmt.Sprintf("N=%d", n), func(b *testing.B) {
			var cert sat.Certificate
			var total, search time.Duration
			for i := 0; i < b.N; i++ {
				start := time.Now()
				res, err := SolveChain(c, ChainOptions{SATOptions: SATOptions{Backend: gophersatBackend, Certify: true}})
				if err != nil {
					b.Fatal(err)
				}
				search += time.Since(start)
				if cert, _, err = CertifyChain(c, res, nil); err != nil {
					b.Fatal(err)
				}
				total += time.Since(start)
				if err := instances.VerifyChain(c, res.Answer); err != nil {
					b.Fatal(err)
				}
			}
			reportCert(b, cert, total/time.Duration(b.N))
			b.ReportMetric((search / time.Duration(b.N)).Seconds(), "search-s")
			b.ReportMetric(cert.Solve.Seconds(), "prove-s")
		})
	}
}
