package drat

import (
	"bytes"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/crillab/gophersat/solver"
)

// php returns the pigeonhole formula PHP(p, h): p pigeons in h holes, each
// pigeon in some hole, no two in one; variable (i*h + j + 1) puts pigeon i in
// hole j. It is unsatisfiable when p > h.
func php(p, h int) (int, [][]int) {
	v := func(i, j int) int { return i*h + j + 1 }
	var cnf [][]int
	for i := range p {
		var c []int
		for j := range h {
			c = append(c, v(i, j))
		}
		cnf = append(cnf, c)
	}
	for j := range h {
		for a := range p {
			for b := a + 1; b < p; b++ {
				cnf = append(cnf, []int{-v(a, j), -v(b, j)})
			}
		}
	}
	return p * h, cnf
}

// random3SAT returns m random clauses of three distinct variables over n.
func random3SAT(rng *rand.Rand, n, m int) [][]int {
	cnf := make([][]int, m)
	for i := range cnf {
		vars := rng.Perm(n)[:3]
		c := make([]int, 3)
		for j, x := range vars {
			c[j] = x + 1
			if rng.IntN(2) == 0 {
				c[j] = -c[j]
			}
		}
		cnf[i] = c
	}
	return cnf
}

// gophersatProof solves cnf with gophersat's certificate on and returns
// whether it is unsatisfiable and the proof (its learned clauses and units;
// the final "0" is the empty clause).
func gophersatProof(tb testing.TB, numVars int, cnf [][]int) (bool, []Step) {
	tb.Helper()
	s := solver.New(solver.ParseSliceNb(cnf, numVars))
	ch := make(chan string, 1<<12)
	s.Certified = true
	s.CertChan = ch
	done := make(chan string)
	go func() {
		var b strings.Builder
		for line := range ch {
			b.WriteString(line)
			b.WriteByte('\n')
		}
		done <- b.String()
	}()
	status := s.Solve()
	close(ch)
	text := <-done
	steps, err := ParseText(strings.NewReader(text))
	if err != nil {
		tb.Fatalf("gophersat's proof does not parse: %v", err)
	}
	return status == solver.Unsat, steps
}

// writeCNF writes cnf in DIMACS to a file in dir.
func writeCNF(tb testing.TB, dir string, numVars int, cnf [][]int) string {
	tb.Helper()
	var b bytes.Buffer
	b.WriteString("p cnf ")
	b.WriteString(itoa(numVars) + " " + itoa(len(cnf)) + "\n")
	for _, c := range cnf {
		for _, l := range c {
			b.WriteString(itoa(l) + " ")
		}
		b.WriteString("0\n")
	}
	path := filepath.Join(dir, "f.cnf")
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		tb.Fatal(err)
	}
	return path
}

func itoa(x int) string { return strconv.Itoa(x) }

// cadicalProof runs cadical on cnf and returns its DRAT proof (binary or
// text) and whether it answered UNSAT; it skips the test when cadical is not
// installed.
func cadicalProof(tb testing.TB, numVars int, cnf [][]int, binary bool) (bool, []byte) {
	tb.Helper()
	path, err := exec.LookPath("cadical")
	if err != nil {
		tb.Skip("cadical is not installed (apt-get install -y cadical): skipping its proofs")
	}
	dir := tb.TempDir()
	f := writeCNF(tb, dir, numVars, cnf)
	proof := filepath.Join(dir, "proof")
	args := []string{"-q", "--binary=" + map[bool]string{true: "true", false: "false"}[binary], f, proof}
	out, err := exec.Command(path, args...).Output()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		tb.Fatalf("cadical: %v", err)
	}
	if code != 10 && code != 20 {
		tb.Fatalf("cadical exit %d: %s", code, out)
	}
	data, err := os.ReadFile(proof)
	if err != nil {
		tb.Fatal(err)
	}
	return code == 20, data
}
