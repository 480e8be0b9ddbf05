package instances

import (
	"fmt"
	"math/rand"
)

// ChainGenOptions say what GenerateChain makes.
type ChainGenOptions struct {
	N, K int
	// Perturb changes the labels of one to three cells after planting, so
	// that the board often has no path (or a different smallest one).
	Perturb bool
	// Swap exchanges the labels of one to three pairs of cells after
	// planting (and after Perturb): the label counts stay as a path needs
	// them, yet the board often has no path.
	Swap bool
	// Moves is the number of random path changes made to the starting
	// path; 0 means 30*N*N.
	Moves int
}

// GenerateChain makes a board with a planted path: a random non-crossing
// Hamiltonian king path from (0,0) to (N-1,N-1), whose t-th cell is
// labelled t mod K. The same rng state gives the same board. It returns
// the board and the planted path (cells in order; after Perturb the path
// may no longer fit the labels).
func GenerateChain(rng *rand.Rand, o ChainGenOptions) (*Chain, []int, error) {
	if o.N < 1 || o.N > ChainMaxN {
		return nil, nil, fmt.Errorf("chain board size %d is out of range 1..%d", o.N, ChainMaxN)
	}
	if o.K < 1 || o.K > ChainMaxK {
		return nil, nil, fmt.Errorf("chain label count %d is out of range 1..%d", o.K, ChainMaxK)
	}
	path := randomChainPath(rng, o.N, o.Moves)
	c := &Chain{N: o.N, K: o.K, Labels: make([]int, o.N*o.N)}
	for t, cell := range path {
		c.Labels[cell] = t % o.K
	}
	if o.Perturb && o.K > 1 {
		for i := 1 + rng.Intn(3); i > 0; i-- {
			cell := rng.Intn(len(c.Labels))
			c.Labels[cell] = (c.Labels[cell] + 1 + rng.Intn(o.K-1)) % o.K
		}
	}
	if o.Swap && o.K > 1 {
		swapChainLabels(rng, c)
	}
	return c, path, nil
}

// swapChainLabels exchanges the labels of one to three pairs of cells
// whose labels differ, never a corner's.
func swapChainLabels(rng *rand.Rand, c *Chain) {
	n2 := len(c.Labels)
	if n2 < 4 {
		return
	}
	for i := 1 + rng.Intn(3); i > 0; i-- {
		for tries := 0; tries < 100; tries++ {
			a, b := 1+rng.Intn(n2-2), 1+rng.Intn(n2-2)
			if c.Labels[a] != c.Labels[b] {
				c.Labels[a], c.Labels[b] = c.Labels[b], c.Labels[a]
				break
			}
		}
	}
}

// randomChainPath returns a random non-crossing Hamiltonian king path on
// the n×n board from (0,0) to (n-1,n-1), as cells in order. It starts from
// a snake and makes moves random segment reversals (2-opt moves: reverse
// p[i+1..j] when p[i]~p[j] and p[i+1]~p[j+1] are king steps), keeping only
// those that leave the path without crossings; moves 0 means 30*n*n.
func randomChainPath(rng *rand.Rand, n, moves int) []int {
	path := snakePath(n)
	if n < 2 {
		return path
	}
	if moves <= 0 {
		moves = 30 * n * n
	}
	pos := make([]int, n*n) // pos[cell] is the cell's index in path
	for i, cell := range path {
		pos[cell] = i
	}
	adjacent := func(a, b int) bool {
		dr, dc := a/n-b/n, a%n-b%n
		return a != b && dr >= -1 && dr <= 1 && dc >= -1 && dc <= 1
	}
	last := len(path) - 1
	slants := pathSlants(n, path)
	// Most tries make no move (the step found is not adjacent, or the
	// swap would cross), so the tries, not the moves, are the cost: 50
	// a move asked grew with N*N past any wait at the sizes gen accepts
	// (red-team pass; BenchmarkGenerateChainLarge). They stop at
	// maxChainGenTries, which binds from N = 116 up: boards up to that
	// size are what they were for each seed.
	for tries := 0; moves > 0 && tries < min(50*moves, maxChainGenTries); tries++ {
		i := rng.Intn(last - 1) // p[i], p[i+1] with i+1 < last
		a := path[i]
		d := rng.Intn(8)
		r, c := a/n+ChainDR[d], a%n+ChainDC[d]
		if r < 0 || r >= n || c < 0 || c >= n {
			continue
		}
		j := pos[r*n+c]
		if j <= i+1 || j >= last || !adjacent(path[i+1], path[j+1]) {
			continue
		}
		// The steps inside p[i+1..j] stay (reversed), so only the two
		// steps swapped in can cross anything.
		if !swapSteps(n, slants, [2]int{path[i], path[i+1]}, [2]int{path[j], path[j+1]}, [2]int{path[i], path[j]}, [2]int{path[i+1], path[j+1]}) {
			continue
		}
		reverse(path[i+1 : j+1])
		for k := i + 1; k <= j; k++ {
			pos[path[k]] = k
		}
		moves--
	}
	return path
}

// maxChainGenTries bounds randomChainPath's tries at what N = 115 takes.
const maxChainGenTries = 20_000_000

// pathSlants returns the slant (see stepSlant) of the diagonal step of
// path through each 2×2 block (numbered r*n+c by its top-left cell), 0
// where none passes. A non-crossing path has at most one per block.
func pathSlants(n int, path []int) []int8 {
	slants := make([]int8, n*n)
	for i := 1; i < len(path); i++ {
		if block, s := stepSlant(n, path[i-1], path[i]); s != 0 {
			slants[block] = s
		}
	}
	return slants
}

// stepSlant returns the 2×2 block the step a -> b passes through and its
// slant, 1 for "\" and 2 for "/", or slant 0 for a straight step.
func stepSlant(n, a, b int) (block int, slant int8) {
	dr, dc := b/n-a/n, b%n-a%n
	if dr == 0 || dc == 0 {
		return 0, 0
	}
	block = min(a/n, b/n)*n + min(a%n, b%n)
	if dr != dc {
		return block, 2
	}
	return block, 1
}

// swapSteps takes the steps out1 and out2 out of a non-crossing path's
// slants and puts in1 and in2 in, when neither of those crosses a step
// left or the other; otherwise it leaves slants as they were and returns
// false. Two diagonal steps through one block cross (the same diagonal
// twice would be one step taken twice).
func swapSteps(n int, slants []int8, out1, out2, in1, in2 [2]int) bool {
	set := func(st [2]int, v int8) {
		if block, s := stepSlant(n, st[0], st[1]); s != 0 {
			slants[block] = v * s
		}
	}
	set(out1, 0)
	set(out2, 0)
	b1, s1 := stepSlant(n, in1[0], in1[1])
	b2, s2 := stepSlant(n, in2[0], in2[1])
	if s1 != 0 && slants[b1] != 0 || s2 != 0 && (slants[b2] != 0 || s1 != 0 && b1 == b2) {
		set(out1, 1)
		set(out2, 1)
		return false
	}
	set(in1, 1)
	set(in2, 1)
	return true
}

func reverse(s []int) {
	for i, j := 0, len(s)-1; i < j; i, j = i+1, j-1 {
		s[i], s[j] = s[j], s[i]
	}
}

// snakePath is a non-crossing Hamiltonian path from (0,0) to (n-1,n-1):
// rows left and right in turn; for even n the last two rows are covered
// column by column with "/" steps between the columns. For odd n from 5
// the first two rows are covered so too, then the middle rows in turn,
// then the last two: a plain snake of odd n has only straight steps, and
// every segment reversal of it makes a crossing, so the random moves
// could not change it (every seed gave the same board).
func snakePath(n int) []int {
	var path []int
	pairs := func(r int) { // rows r and r+1, column by column
		for c := 0; c < n; c++ {
			path = append(path, r*n+c, (r+1)*n+c)
		}
	}
	from, to := 0, n
	switch {
	case n%2 == 0:
		to = n - 2
	case n >= 5:
		pairs(0)
		from, to = 2, n-2
	}
	for r := from; r < to; r++ {
		// From the top corner the first row goes right; after the two
		// rows of pairs, which end on the right, it goes left.
		left := (r-from)%2 == 1
		if from > 0 {
			left = !left
		}
		for i := 0; i < n; i++ {
			c := i
			if left {
				c = n - 1 - i
			}
			path = append(path, r*n+c)
		}
	}
	if to == n-2 {
		pairs(n - 2)
	}
	return path
}

// chainPathAnswer turns a path given as cells into the judge's answer.
func chainPathAnswer(n int, path []int) string {
	dirs := make([]int, 0, len(path))
	for i := 1; i < len(path); i++ {
		dr, dc := path[i]/n-path[i-1]/n, path[i]%n-path[i-1]%n
		for d := 0; d < 8; d++ {
			if ChainDR[d] == dr && ChainDC[d] == dc {
				dirs = append(dirs, d)
			}
		}
	}
	return FormatChainAnswer(dirs)
}

// ChainEasyPath returns the answer of a path of b that one of a few fixed
// paths gives (the paths the generator starts from, snakePath, and their
// mirror images across the main diagonal), when it reads b's labels in
// turn and crosses nothing (VerifyChain accepts it), and ok false when
// none does. It costs a few passes over the board: a claim that b has no
// path is refuted by it at no cost, as a cover refutes queens' "none".
func ChainEasyPath(b *Chain) (answer string, ok bool) {
	n := b.N
	snake := snakePath(n)
	mirror := make([]int, len(snake))
	for i, cell := range snake {
		mirror[i] = cell%n*n + cell/n
	}
	for _, path := range [][]int{snake, mirror} {
		if a := chainPathAnswer(n, path); VerifyChain(b, a) == nil {
			return a, true
		}
	}
	return "", false
}
