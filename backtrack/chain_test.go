package backtrack

import (
	"errors"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gridsat/gridsat/instances"
)

func chainBoards(t testing.TB, file string) []*instances.Chain {
	t.Helper()
	fh, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer fh.Close()
	bs, err := instances.ParseChain(file, fh)
	if err != nil {
		t.Fatal(err)
	}
	return bs
}

func chainBoard(t testing.TB, input string) *instances.Chain {
	t.Helper()
	bs, err := instances.ParseChain("test", strings.NewReader(input))
	if err != nil || len(bs) != 1 {
		t.Fatalf("parse %q: %v", input, err)
	}
	return bs[0]
}

// checkChain solves b both ways (pruned and plain) and checks the answer
// against want and the verifier.
func checkChain(t *testing.T, b *instances.Chain, want string) {
	t.Helper()
	for _, plain := range []bool{false, true} {
		res, err := SolveChain(b, ChainOptions{Plain: plain})
		if err != nil {
			t.Fatalf("plain=%v: %v", plain, err)
		}
		if res.Answer != want {
			t.Fatalf("plain=%v: answer %q, want %q", plain, res.Answer, want)
		}
		if res.Solved != (want != instances.ChainNoPath) {
			t.Fatalf("plain=%v: Solved=%v for answer %q", plain, res.Solved, res.Answer)
		}
		if res.Solved {
			if err := instances.VerifyChain(b, res.Answer); err != nil {
				t.Fatalf("plain=%v: answer %q fails verification: %v", plain, res.Answer, err)
			}
		}
	}
}

func TestSolveChainSmallFixture(t *testing.T) {
	// The sample's answer is the statement's; the others are small enough
	// to check by hand: N=1 answers the empty path, a lone 1 has none,
	// the 2x2 boards go right, down-left, right.
	want := []string{"41255214", "", instances.ChainNoPath, "252", instances.ChainNoPath}
	bs := chainBoards(t, filepath.Join("testdata", "chain_small.txt"))
	if len(bs) != len(want) {
		t.Fatalf("%d boards, want %d", len(bs), len(want))
	}
	for i, b := range bs {
		t.Run(b.Location().String(), func(t *testing.T) { checkChain(t, b, want[i]) })
	}
}

func TestSolveChainNoPath(t *testing.T) {
	tests := []struct {
		name, input string
		reason      string // part of the pruned search's reason
	}{
		{"start corner", "3 3\n1 2 0\n1 1 1\n2 0 2\n", "start corner"},
		{"target corner", "3 3\n0 2 0\n1 1 1\n2 0 1\n", "target corner"},
		{"label counts", "3 3\n0 2 0\n1 1 1\n2 2 2\n", "label 0"},
		{"only path crosses, 3x3", "3 9\n0 1 3\n5 4 2\n6 7 8\n", "forced steps"},
		{"only path crosses, 4x4", "4 16\n0 1 5 4\n7 6 2 3\n8 11 12 13\n9 10 14 15\n", "forced steps"},
		{"two cells need one predecessor", "3 3\n0 1 0\n1 2 2\n1 0 2\n", "forced steps"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := chainBoard(t, tt.input)
			if bf := instances.ChainBruteForce(b); bf != instances.ChainNoPath {
				t.Fatalf("the brute force finds %q: not a -1 board", bf)
			}
			checkChain(t, b, instances.ChainNoPath)
			res, _ := SolveChain(b, ChainOptions{})
			if !strings.Contains(res.Reason, tt.reason) {
				t.Errorf("reason %q, want %q", res.Reason, tt.reason)
			}
		})
	}
}

// TestSolveChainAgainstBruteForce holds the search to the brute force on
// random planted boards, perturbed or not, of up to 16 cells.
func TestSolveChainAgainstBruteForce(t *testing.T) {
	rng := rand.New(rand.NewSource(11))
	solved, unsolved := 0, 0
	for i := 0; i < 600; i++ {
		n := 1 + rng.Intn(4)
		k := 1 + rng.Intn(6)
		if n == 4 && k == 1 {
			k = 2 // 4x4 all-zero boards have too many paths to enumerate quickly
		}
		b, _, err := instances.GenerateChain(rng, instances.ChainGenOptions{N: n, K: k, Perturb: rng.Intn(3) == 0})
		if err != nil {
			t.Fatal(err)
		}
		want := instances.ChainBruteForce(b)
		checkChain(t, b, want)
		if want == instances.ChainNoPath {
			unsolved++
		} else {
			solved++
		}
	}
	if solved < 100 || unsolved < 30 {
		t.Errorf("only %d solvable and %d unsolvable boards: the test lost its teeth", solved, unsolved)
	}
}

// TestSolveChainAllZero: with K=1 every king path counts; the answer must
// be a valid path, and on small boards the brute force's.
func TestSolveChainAllZero(t *testing.T) {
	for n := 1; n <= 16; n++ {
		b := &instances.Chain{N: n, K: 1, Labels: make([]int, n*n)}
		res, err := SolveChain(b, ChainOptions{MaxNodes: 1_000_000})
		if err != nil {
			t.Fatalf("N=%d: %v", n, err)
		}
		if err := instances.VerifyChain(b, res.Answer); err != nil {
			t.Fatalf("N=%d: %v", n, err)
		}
		if n <= 3 {
			if want := instances.ChainBruteForce(b); res.Answer != want {
				t.Fatalf("N=%d: %q, brute force %q", n, res.Answer, want)
			}
		}
	}
}

func TestSolveChainNodeLimit(t *testing.T) {
	b := &instances.Chain{N: 8, K: 1, Labels: make([]int, 64)}
	_, err := SolveChain(b, ChainOptions{Plain: true, MaxNodes: 1000})
	if !errors.Is(err, ErrChainNodeLimit) {
		t.Fatalf("err = %v, want the node limit", err)
	}
}

// BenchmarkChainPlanted solves 500 random planted boards per size, every
// other one perturbed, with K from 2 to 10, and reports the slowest
// board's time and how many boards the search gave up on (a million
// nodes).
func BenchmarkChainPlanted(b *testing.B) {
	for _, n := range []int{6, 8, 10, 12, 16} {
		b.Run(fmtN(n), func(b *testing.B) {
			rng := rand.New(rand.NewSource(int64(100 + n)))
			var boards []*instances.Chain
			for i := 0; i < 500; i++ {
				c, _, err := instances.GenerateChain(rng, instances.ChainGenOptions{N: n, K: 2 + rng.Intn(9), Perturb: i%2 == 1})
				if err != nil {
					b.Fatal(err)
				}
				boards = append(boards, c)
			}
			var worst time.Duration
			gaveUp := 0
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				gaveUp = 0
				for _, c := range boards {
					start := time.Now()
					_, err := SolveChain(c, ChainOptions{MaxNodes: 1_000_000})
					if errors.Is(err, ErrChainNodeLimit) {
						gaveUp++
						continue
					}
					if err != nil {
						b.Fatal(err)
					}
					worst = max(worst, time.Since(start))
				}
			}
			b.ReportMetric(float64(worst.Microseconds())/1000, "max-ms/board")
			b.ReportMetric(float64(gaveUp), "gave-up")
		})
	}
}

// BenchmarkChainAllZero solves the all-zero K=1 boards.
func BenchmarkChainAllZero(b *testing.B) {
	for _, n := range []int{6, 10, 16} {
		b.Run(fmtN(n), func(b *testing.B) {
			c := &instances.Chain{N: n, K: 1, Labels: make([]int, n*n)}
			for i := 0; i < b.N; i++ {
				if _, err := SolveChain(c, ChainOptions{}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func fmtN(n int) string { return fmt.Sprintf("N=%d", n) }
