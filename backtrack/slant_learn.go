package backtrack

// slantClauses holds clauses over diagonals (learned nogoods, blocked
// solutions, deduced relations between cells) with two watched literals
// each: a clause is looked at only when one of its first two literals
// becomes false.
type slantClauses struct {
	clauses [][]slantLit
	watches [][]int32 // per literal: the clauses watching it
}

func (db *slantClauses) init(cells int) {
	db.watches = make([][]int32, 2*cells)
}

// add stores a clause of two or more literals; the caller orders them so
// that lits[0] and lits[1] are the best to watch (not false, or false at
// the highest levels). It returns the clause's index.
func (db *slantClauses) add(lits []slantLit) int32 {
	c := append([]slantLit(nil), lits...)
	idx := int32(len(db.clauses))
	db.clauses = append(db.clauses, c)
	db.watches[c[0]] = append(db.watches[c[0]], idx)
	db.watches[c[1]] = append(db.watches[c[1]], idx)
	return idx
}

// truncate forgets every clause from index n on.
func (db *slantClauses) truncate(n int) {
	if n >= len(db.clauses) {
		return
	}
	db.clauses = db.clauses[:n]
	for l, ws := range db.watches {
		j := 0
		for _, ci := range ws {
			if int(ci) < n {
				ws[j] = ci
				j++
			}
		}
		db.watches[l] = ws[:j]
	}
}

// propagate visits the clauses watching the negation of l, which has just
// become true: each finds another literal to watch, or forces its first
// one, or (all false) fills st.conflict and reports false.
func (db *slantClauses) propagate(st *slantState, l slantLit) bool {
	f := l.neg()
	ws := db.watches[f]
	j := 0
	for k := 0; k < len(ws); k++ {
		ci := ws[k]
		c := db.clauses[ci]
		if c[0] == f {
			c[0], c[1] = c[1], c[0]
		}
		if st.litTrue(c[0]) {
			ws[j] = ci
			j++
			continue
		}
		moved := false
		for m := 2; m < len(c); m++ {
			if !st.litFalse(c[m]) {
				c[1], c[m] = c[m], c[1]
				db.watches[c[1]] = append(db.watches[c[1]], ci)
				moved = true
				break
			}
		}
		if moved {
			continue
		}
		ws[j] = ci
		j++
		if st.litFalse(c[0]) {
			copy(ws[j:], ws[k+1:])
			db.watches[f] = ws[:j+len(ws)-k-1]
			if st.explain {
				st.conflict = st.conflict[:0]
				for _, x := range c {
					st.conflict = append(st.conflict, x.neg())
				}
			}
			return false
		}
		st.pend = append(st.pend, pending{lit: c[0], kind: rClause, data: ci})
	}
	db.watches[f] = ws[:j]
	return true
}

// cellHeap orders undecided cells for branching: lower rank first (the
// region being solved), then higher activity, then lower index.
type cellHeap struct {
	heap []int32
	idx  []int32 // position in heap, -1 when absent
	act  []float64
	rank []int32
}

func newCellHeap(n int) *cellHeap {
	h := &cellHeap{idx: make([]int32, n), act: make([]float64, n), rank: make([]int32, n)}
	for i := range h.idx {
		h.idx[i] = -1
	}
	return h
}

func (h *cellHeap) less(a, b int32) bool {
	if h.rank[a] != h.rank[b] {
		return h.rank[a] < h.rank[b]
	}
	if h.act[a] != h.act[b] {
		return h.act[a] > h.act[b]
	}
	return a < b
}

func (h *cellHeap) push(c int32) {
	if h.idx[c] >= 0 {
		return
	}
	h.idx[c] = int32(len(h.heap))
	h.heap = append(h.heap, c)
	h.up(int(h.idx[c]))
}

func (h *cellHeap) pop() int32 {
	c := h.heap[0]
	last := h.heap[len(h.heap)-1]
	h.heap = h.heap[:len(h.heap)-1]
	h.idx[c] = -1
	if len(h.heap) > 0 {
		h.heap[0] = last
		h.idx[last] = 0
		h.down(0)
	}
	return c
}

func (h *cellHeap) up(i int) {
	c := h.heap[i]
	for i > 0 {
		p := (i - 1) / 2
		if !h.less(c, h.heap[p]) {
			break
		}
		h.heap[i] = h.heap[p]
		h.idx[h.heap[i]] = int32(i)
		i = p
	}
	h.heap[i] = c
	h.idx[c] = int32(i)
}

func (h *cellHeap) down(i int) {
	c := h.heap[i]
	n := len(h.heap)
	for {
		l := 2*i + 1
		if l >= n {
			break
		}
		if r := l + 1; r < n && h.less(h.heap[r], h.heap[l]) {
			l = r
		}
		if !h.less(h.heap[l], c) {
			break
		}
		h.heap[i] = h.heap[l]
		h.idx[h.heap[i]] = int32(i)
		i = l
	}
	h.heap[i] = c
	h.idx[c] = int32(i)
}

// bump raises c's activity by inc, rescaling all when it grows large.
func (h *cellHeap) bump(c int32, inc *float64) {
	h.act[c] += *inc
	if h.act[c] > 1e100 {
		for i := range h.act {
			h.act[i] *= 1e-100
		}
		*inc *= 1e-100
	}
	if h.idx[c] >= 0 {
		h.up(int(h.idx[c]))
	}
}

// rebuild puts every cell for which keep is true back into the heap.
func (h *cellHeap) rebuild(n int, keep func(int32) bool) {
	h.heap = h.heap[:0]
	for i := range h.idx {
		h.idx[i] = -1
	}
	for c := int32(0); int(c) < n; c++ {
		if keep(c) {
			h.idx[c] = int32(len(h.heap))
			h.heap = append(h.heap, c)
		}
	}
	for i := len(h.heap)/2 - 1; i >= 0; i-- {
		h.down(i)
	}
}
