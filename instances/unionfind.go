package instances

// UnionFind is a disjoint-set forest over 0..n-1 with union by size and no
// path compression, so that every union can be undone in LIFO order. Finds
// take O(log n). The depth-first solvers use Mark and Undo to roll back on
// backtracking; the verifiers and generators simply never undo.
type UnionFind struct {
	parent []int32
	size   []int32
	// undo holds the root that was attached by each union, or -1 for a
	// union that joined nothing.
	undo []int32
}

// NewUnionFind returns n singleton sets.
func NewUnionFind(n int) *UnionFind {
	u := &UnionFind{parent: make([]int32, n), size: make([]int32, n)}
	for i := range u.parent {
		u.parent[i] = int32(i)
		u.size[i] = 1
	}
	return u
}

// Len is the number of elements.
func (u *UnionFind) Len() int { return len(u.parent) }

// Find returns the representative of x's set.
func (u *UnionFind) Find(x int) int {
	for int(u.parent[x]) != x {
		x = int(u.parent[x])
	}
	return x
}

// Same reports whether x and y are in one set.
func (u *UnionFind) Same(x, y int) bool { return u.Find(x) == u.Find(y) }

// Union joins the sets of x and y and reports whether they were apart.
// Every call, joining or not, pushes one entry for Undo.
func (u *UnionFind) Union(x, y int) bool {
	a, b := u.Find(x), u.Find(y)
	if a == b {
		u.undo = append(u.undo, -1)
		return false
	}
	if u.size[a] < u.size[b] {
		a, b = b, a
	}
	u.parent[b] = int32(a)
	u.size[a] += u.size[b]
	u.undo = append(u.undo, int32(b))
	return true
}

// Mark returns the current undo depth, for Undo.
func (u *UnionFind) Mark() int { return len(u.undo) }

// Undo reverts the unions made since Mark returned mark.
func (u *UnionFind) Undo(mark int) {
	for len(u.undo) > mark {
		b := u.undo[len(u.undo)-1]
		u.undo = u.undo[:len(u.undo)-1]
		if b < 0 {
			continue
		}
		a := u.parent[b]
		u.size[a] -= u.size[b]
		u.parent[b] = b
	}
}

// Reset makes every element a singleton again and forgets the undo history.
func (u *UnionFind) Reset() {
	for i := range u.parent {
		u.parent[i] = int32(i)
		u.size[i] = 1
	}
	u.undo = u.undo[:0]
}
