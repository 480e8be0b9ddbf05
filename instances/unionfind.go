package instances

// UnionFind is a disjoint-set forest over 0..n-1 with union by size (no
// path compression): finds take O(log n). The verifiers, the generators,
// the slant encoding and the DFS's region split use it; the slant DFS keeps
// its own undoable sets (backtrack's cornerSets).
type UnionFind struct {
	parent []int32
	size   []int32
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
func (u *UnionFind) Union(x, y int) bool {
	a, b := u.Find(x), u.Find(y)
	if a == b {
		return false
	}
	if u.size[a] < u.size[b] {
		a, b = b, a
	}
	u.parent[b] = int32(a)
	u.size[a] += u.size[b]
	return true
}

// Reset makes every element a singleton again.
func (u *UnionFind) Reset() {
	for i := range u.parent {
		u.parent[i] = int32(i)
		u.size[i] = 1
	}
}
