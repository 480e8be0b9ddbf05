package backtrack

import "github.com/gridsat/gridsat/instances"

// The table of dead ends in the chain search (the rule ChainOptions.NoMemo
// turns off). Whether a walk can be completed depends on the walk only
// through its end, the cells it visited, and which of the diagonal steps
// still possible it crosses (instances.ChainWalk.CanStep's rules: an
// unvisited cell, no crossing, the target last), not on the order it took
// them in. Walks through the same cells to the same end in other orders
// are common (a 2x2 block or a strip walked two ways), and on boards with
// no path the search meets the same dead ends again and again: on a
// board of swapped labels most of the nodes repeat a walk already seen
// (docs/findings.md, chain). The table keeps the walks whose subtree the search
// exhausted, by an exact key (no hashing: a collision would be a wrong
// -1), and the search skips a step that leads to one.

// chainMemoBytes bounds the bytes of the keys the table holds; when a key
// would pass it, the table starts empty again.
const chainMemoBytes = 16 << 20

// chainMemo is the table of walks that cannot be completed.
type chainMemo struct {
	dead  map[string]struct{}
	bytes int
	key   []byte // scratch: the key being built
	hits  int64
}

// memoKey builds the key of the walk ending at cur in s.memo.key: cur, the
// visited cells, and one bit for each 2x2 block where the walk took a
// diagonal step whose crossing step is still open to the walk's rest (both
// its cells unvisited or cur, the step in the board's step graph either
// way). One bit says which diagonal: the visited cells tell which one the
// walk took.
func (s *chainSearch) memoKey(cur int) []byte {
	n := s.n
	cellBytes, blockBytes := (s.n2+7)/8, ((n-1)*(n-1)+7)/8
	k := s.memo.key[:0]
	k = append(k, byte(cur), byte(cur>>8), byte(cur>>16))
	k = append(k, make([]byte, cellBytes+blockBytes)...)
	cells, blocks := k[3:3+cellBytes], k[3+cellBytes:]
	walked := s.walk.Cells()
	for _, u := range walked {
		cells[u/8] |= 1 << (u % 8)
	}
	for i, d := range s.walk.Dirs() {
		if d%2 == 0 {
			continue
		}
		block, slant := instances.ChainBlock(n, walked[i], d)
		tl := block/(n-1)*n + block%(n-1)
		a, b, dir := tl+1, tl+n, 5 // the "/" diagonal crosses a "" step
		if slant == 2 {
			a, b, dir = tl, tl+n+1, 3
		}
		if s.crossedOpen(a, b, dir, cur) {
			blocks[block/8] |= 1 << (block % 8)
		}
	}
	s.memo.key = k
	return k
}

// crossedOpen reports whether the diagonal step between a and b (from a in
// direction d), which a step of the walk crosses, is open to the walk's
// rest but for that crossing.
func (s *chainSearch) crossedOpen(a, b, d, cur int) bool {
	avail := func(u int) bool { return !s.walk.Visited(u) || u == cur }
	if !avail(a) || !avail(b) {
		return false
	}
	_, ab := s.c.Step(a, d)
	_, ba := s.c.Step(b, (d+4)%8)
	return ab || ba
}

// memoDead reports whether the walk ending at cur is in the table.
func (s *chainSearch) memoDead(cur int) bool {
	if _, ok := s.memo.dead[string(s.memoKey(cur))]; ok {
		s.memo.hits++
		return true
	}
	return false
}

// memoAdd puts the walk ending at cur in the table: the search exhausted
// its subtree without finding a path.
func (s *chainSearch) memoAdd(cur int) {
	k := s.memoKey(cur)
	if s.memo.dead == nil || s.memo.bytes+len(k) > chainMemoBytes {
		s.memo.dead, s.memo.bytes = map[string]struct{}{}, 0
	}
	s.memo.dead[string(k)] = struct{}{}
	s.memo.bytes += len(k)
}
