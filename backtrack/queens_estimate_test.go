package backtrack

import (
	"bytes"
	"fmt"
	"math"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"

	"github.com/gridsat/gridsat/instances"
)

// realNodes runs the search of tree t for k queens to the end and returns
// its nodes; the k must be refuted, so that the search sees the whole tree.
func realNodes(t *testing.T, tree queensTree, k int) int64 {
	t.Helper()
	left, ok := tree.start(k)
	if !ok {
		t.Fatalf("k=%d below the forced queens", k)
	}
	tree.d.nodes = 0
	if tree.d.search(0, left) {
		t.Fatalf("k=%d has a cover: the search stops early", k)
	}
	return tree.d.nodes
}

// allProbes runs every probe of tree's search for k once, each choice
// sequence in turn (an odometer over the choices), and returns the mean of
// their estimates weighted by each probe's probability: the estimator's
// exact expectation.
func allProbes(tree queensTree, k int) float64 {
	var script, sizes []int
	total := 0.0
	for {
		i, p := 0, 1.0
		sizes = sizes[:0]
		pick := func(n int) int {
			if i == len(script) {
				script = append(script, 0)
			}
			sizes = append(sizes, n)
			p /= float64(n)
			i++
			return script[i-1]
		}
		left, _ := tree.start(k)
		est, _ := tree.d.probe(left, pick)
		total += p * est
		script = script[:i]
		for len(script) > 0 && script[len(script)-1]+1 >= sizes[len(script)-1] {
			script = script[:len(script)-1]
		}
		if len(script) == 0 {
			return total
		}
		script[len(script)-1]++
	}
}

// estimateBoards are boards with a k they refute: full boards, random
// ones and parts of a split case, with and without symmetry.
func estimateBoards(t *testing.T) []struct {
	name string
	q    *instances.Queens
	k    int
} {
	type board = struct {
		name string
		q    *instances.Queens
		k    int
	}
	var out []board
	for n := 5; n <= 10; n++ {
		out = append(out, board{fmt.Sprintf("Q_%d", n), fullQueens(n, n), gammaQ[n] - 1})
	}
	rng := rand.New(rand.NewPCG(34, 1975))
	for i := 0; i < 6; i++ {
		q, err := instances.GenerateQueens(rng, 7, 8, 0.6)
		if err != nil {
			t.Fatal(err)
		}
		res, err := SolveQueens(q, QueensOptions{})
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, board{fmt.Sprintf("random %d", i), q, len(res.Placement) - 1})
	}
	parts, err := instances.SplitQueens(fullQueens(9, 9), 6, gammaQ[9]-1, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range parts {
		out = append(out, board{p.Part.Name(), p, gammaQ[9] - 1})
	}
	return out
}

// The estimator's expectation, over every probe with its probability, is
// the node count of the search it models, to rounding: the probes walk the
// search's own tree.
func TestQueensEstimateExpectationIsNodeCount(t *testing.T) {
	big := 0
	for _, b := range estimateBoards(t) {
		for _, opt := range []QueensOptions{{}, {NoSymmetry: true}} {
			tree := newQueensTree(b.q, opt)
			if b.k < tree.lo {
				continue // the root bounds refute k without a search
			}
			want := realNodes(t, newQueensTree(b.q, opt), b.k)
			got := allProbes(tree, b.k)
			if math.Abs(got-float64(want)) > 1e-9*float64(want) {
				t.Errorf("%s, k=%d, %+v: expectation over all probes %.6f, the search's nodes %d", b.name, b.k, opt, got, want)
			}
			if want >= 100 {
				big++
			}
		}
	}
	if big < 4 {
		t.Errorf("only %d trees of 100 nodes or more: the test checks little", big)
	}
}

// With a fixed seed, the mean of many random probes lands near the real
// count on a tree too large to enumerate quickly.
func TestQueensEstimateMeanNearNodeCount(t *testing.T) {
	for _, n := range []int{14} {
		q := fullQueens(n, n)
		k := gammaQ[n] - 1
		want := realNodes(t, newQueensTree(q, QueensOptions{}), k)
		if want < 1000 {
			t.Fatalf("Q_%d, k=%d: %d nodes, too few to test an estimate", n, k, want)
		}
		tree := newQueensTree(q, QueensOptions{})
		st := tree.estimate(k, QueensEstimateConfig{Probes: 20000, Batches: 10}, rand.New(rand.NewPCG(1, 2)).IntN)
		if r := st.Nodes / float64(want); r < 0.85 || r > 1.15 {
			t.Errorf("Q_%d, k=%d: estimate %.0f, real %d nodes (ratio %.3f)", n, k, st.Nodes, want, r)
		}
		if st.Found {
			t.Errorf("Q_%d, k=%d: a probe reports a cover of a refuted k", n, k)
		}
	}
}

// A k with covers: some probe reaches one, and the estimate stops there.
func TestQueensEstimateStopsAtCover(t *testing.T) {
	parts, err := instances.SplitQueens(fullQueens(8, 8), 1, gammaQ[8]+1, nil)
	if err != nil {
		t.Fatal(err)
	}
	e := EstimateQueens(parts[0], QueensOptions{}, QueensEstimateConfig{Probes: 2000, Seed: 3})
	last := e.Steps[len(e.Steps)-1]
	if !last.Found || last.K != gammaQ[8] || e.Steps[0].Found {
		t.Errorf("steps %+v: want the last at k=%d with a cover found, none before", e.Steps, gammaQ[8])
	}
}

// The estimate's output: a header, a line per part with its nodes, spread,
// CPU time and rate, and a total per split case. (Finozhenok and Weakley's
// theorem settles these parts at the root; off, there is a k to search.)
func TestWriteQueensEstimatesWellFormed(t *testing.T) {
	parts, err := instances.SplitQueens(fullQueens(7, 7), 4, gammaQ[7]-1, nil)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	cfg := QueensEstimateConfig{Probes: 200, Batches: 10, Seed: 1, RateNodes: 2000}
	if err := WriteQueensEstimates(&b, parts, QueensOptions{NoFinozhenok: true}, cfg); err != nil {
		t.Fatal(err)
	}
	num := `[0-9.]+(e[+-][0-9]+)?`
	partLine := regexp.MustCompile(`^estimate case \d+ \(part (\d+)/` + fmt.Sprint(len(parts)) + ` of [^)]+\): ` + num + ` nodes \(batches 10%/50%/90%: ` + num + `/` + num + `/` + num + `\), (` + num + `|\?) s CPU at ` + num + ` nodes/s;( k=\d+ ` + num + `)+$`)
	totalLine := regexp.MustCompile(`^estimate case \d+ \(` + fmt.Sprint(len(parts)) + ` parts of [0-9a-f]+\), ` + fmt.Sprint(len(parts)) + ` here: ` + num + ` nodes \(batches 10%/50%/90%: ` + num + `/` + num + `/` + num + `\), (` + num + `|\?) s CPU$`)
	lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
	if len(lines) != len(parts)+2 || !strings.HasPrefix(lines[0], "# Knuth's estimate") {
		t.Fatalf("want a header, %d part lines and a total:\n%s", len(parts), b.String())
	}
	for i, l := range lines[1 : len(lines)-1] {
		m := partLine.FindStringSubmatch(l)
		if m == nil || m[1] != fmt.Sprint(i+1) {
			t.Errorf("part line %d malformed: %q", i+1, l)
		}
	}
	if !totalLine.MatchString(lines[len(lines)-1]) {
		t.Errorf("total line malformed: %q", lines[len(lines)-1])
	}
}
