package encode

import (
	"math/rand/v2"

	"github.com/gridsat/gridsat/instances"
)

// walkBudget is the local search's budget per size tried, in swaps: when
// this many find no cover of size k, the walk stops with the cover of size
// k+1. A walk that fails spends all of it, and on small boards the SAT
// calls it could spare cost less than the swaps, so it grows with the
// square of the formula (squares plus clauses), as the swaps the walks
// needed on the full boards did, from 200 to 20,000 (the full boards from
// Q_17 up get all of it).
func walkBudget(squares, clauses int) int64 {
	x := int64(squares + clauses)
	return min(max(x*x/16, 200), 20_000)
}

// coverWalk is a weighted local search for small covers of a set of
// clauses over positive literals (the queens formula's target clauses over
// its square variables), in the style of the exchange searches for vertex
// and set cover (NuMVC, Cai et al. 2013): it keeps a selection of k
// squares, and each step swaps one selected square out and one square of
// an uncovered clause in, choosing by scores under clause weights that grow
// while a clause stays uncovered. It reads only the clauses: nothing of
// the board or of the DFS.
type coverWalk struct {
	clauses [][]int32 // clause -> squares (indices into the square list)
	occurs  [][]int32 // square -> clauses holding it
	weight  []int64   // clause weights
	count   []int32   // clause -> selected squares in it
	xor     []int32   // clause -> the XOR of its selected squares: the one when count is 1
	score   []int64   // unselected: weight it would cover; selected: -weight only it covers
	age     []int64   // the step a square last changed
	sel     []bool
	chosen  []int32 // the selected squares
	open    []int32 // the uncovered clauses
	where   []int32 // clause -> its index in open, -1 when covered
	rng     *rand.Rand
	step    int64
	tabu    int32 // the square last added, not removed next
}

// newCoverWalk prepares the walk over clauses on squares 0..n-1.
func newCoverWalk(n int, clauses [][]int32, seed uint64) *coverWalk {
	w := &coverWalk{
		clauses: clauses,
		occurs:  make([][]int32, n),
		weight:  make([]int64, len(clauses)),
		count:   make([]int32, len(clauses)),
		xor:     make([]int32, len(clauses)),
		score:   make([]int64, n),
		age:     make([]int64, n),
		sel:     make([]bool, n),
		where:   make([]int32, len(clauses)),
		rng:     rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15)),
		tabu:    -1,
	}
	for c, cl := range clauses {
		w.weight[c] = 1
		w.where[c] = int32(len(w.open))
		w.open = append(w.open, int32(c))
		for _, s := range cl {
			w.occurs[s] = append(w.occurs[s], int32(c))
			w.score[s]++
		}
	}
	return w
}

// flip selects or unselects square s, keeping counts, scores and the open
// list up to date. A clause holds each square once, so the XOR of its
// selected squares names the one that covers it alone: only a clause
// newly covered or uncovered needs a walk over its squares.
func (w *coverWalk) flip(s int32) {
	w.age[s] = w.step
	if !w.sel[s] {
		w.sel[s] = true
		w.chosen = append(w.chosen, s)
		w.score[s] = -w.score[s]
		for _, c := range w.occurs[s] {
			w.count[c]++
			switch w.count[c] {
			case 1: // newly covered, by s alone
				w.close(c)
				for _, o := range w.clauses[c] {
					if o != s {
						w.score[o] -= w.weight[c]
					}
				}
			case 2: // the other selected square no longer covers it alone
				w.score[w.xor[c]] += w.weight[c]
			}
			w.xor[c] ^= s
		}
		return
	}
	w.sel[s] = false
	for i, o := range w.chosen {
		if o == s {
			w.chosen[i] = w.chosen[len(w.chosen)-1]
			w.chosen = w.chosen[:len(w.chosen)-1]
			break
		}
	}
	w.score[s] = -w.score[s]
	for _, c := range w.occurs[s] {
		w.count[c]--
		w.xor[c] ^= s
		switch w.count[c] {
		case 0: // uncovered again
			w.reopen(c)
			for _, o := range w.clauses[c] {
				if o != s {
					w.score[o] += w.weight[c]
				}
			}
		case 1: // the one selected square left covers it alone
			w.score[w.xor[c]] -= w.weight[c]
		}
	}
}

func (w *coverWalk) close(c int32) {
	i := w.where[c]
	last := w.open[len(w.open)-1]
	w.open[i], w.where[last] = last, i
	w.open = w.open[:len(w.open)-1]
	w.where[c] = -1
}

func (w *coverWalk) reopen(c int32) {
	w.where[c] = int32(len(w.open))
	w.open = append(w.open, c)
}

// bump adds one to the weight of every uncovered clause.
func (w *coverWalk) bump() {
	for _, c := range w.open {
		w.weight[c]++
		for _, s := range w.clauses[c] {
			w.score[s]++
		}
	}
}

// worst is the selected square whose removal uncovers the least weight
// (not the square just added), the oldest among ties.
func (w *coverWalk) worst() int32 {
	best := int32(-1)
	for _, s := range w.chosen {
		if s == w.tabu && len(w.chosen) > 1 {
			continue
		}
		if best < 0 || w.score[s] > w.score[best] || w.score[s] == w.score[best] && w.age[s] < w.age[best] {
			best = s
		}
	}
	return best
}

// run builds a greedy cover (the square covering the most open clauses
// first, the lowest index among ties) and looks for smaller ones: it drops
// the worst square, then swaps until the selection covers every clause or
// the budget runs out, and repeats with one square fewer after each cover.
// It returns the smallest cover found, and stops at one of floor squares
// (a lower bound: no smaller cover exists to look for).
func (w *coverWalk) run(budget int64, floor int) []int32 {
	for len(w.open) > 0 {
		best := int32(-1)
		for s := range w.score {
			if !w.sel[s] && (best < 0 || w.score[s] > w.score[best]) {
				best = int32(s)
			}
		}
		w.flip(best)
	}
	best := append([]int32(nil), w.chosen...)
	for len(w.open) == 0 && len(w.chosen) > max(1, floor) {
		w.flip(w.worst())
		for spent := int64(0); len(w.open) > 0 && spent < budget; spent++ {
			w.step++
			out := w.worst()
			w.flip(out)
			// In: the best square of a random uncovered clause, not the
			// one just taken out (unless it is the clause's only one).
			c := w.open[w.rng.IntN(len(w.open))]
			in := int32(-1)
			for _, s := range w.clauses[c] {
				if s == out && len(w.clauses[c]) > 1 {
					continue
				}
				if in < 0 || w.score[s] > w.score[in] || w.score[s] == w.score[in] && w.age[s] < w.age[in] {
					in = s
				}
			}
			w.flip(in)
			w.tabu = in
			w.bump()
		}
		if len(w.open) > 0 {
			break
		}
		best = append(best[:0], w.chosen...)
	}
	return best
}

// walk runs the cover walk on qf's target clauses and returns the smallest
// cover it finds, stopping at one of floor queens (a lower bound; 0 for
// none).
func (qf *QueensFormula) walk(seed uint64, floor int) []instances.Square {
	w := qf.coverWalk(seed)
	model := make([]bool, qf.CNF.NumVars+1)
	for _, i := range w.run(walkBudget(len(qf.Queens), len(w.clauses)), floor) {
		model[qf.Queens[i]] = true
	}
	return qf.placement(model)
}

// coverWalk returns the cover walk over qf's target clauses.
func (qf *QueensFormula) coverWalk(seed uint64) *coverWalk {
	index := map[int]int32{}
	for i, v := range qf.Queens {
		index[v] = int32(i)
	}
	clauses := make([][]int32, len(qf.targets))
	for c, cl := range qf.targets {
		clauses[c] = make([]int32, len(cl))
		for i, v := range cl {
			clauses[c][i] = index[v]
		}
	}
	return newCoverWalk(len(qf.Queens), clauses, seed)
}
