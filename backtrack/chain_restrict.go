package backtrack

// A part of a split chain case (instances.ChainPart) fixes the first moves
// of every path: the search takes only the prefix's step while the walk is
// within it, and searches freely after it. Every pruning rule is sound for
// all paths of the whole board, so it is for those that begin with the
// prefix, and the first path found is the part's smallest.

// offPrefix reports whether a step in direction d from the walk's end
// leaves the part's prefix: the walk is within the prefix and d is not its
// next direction.
func (s *chainSearch) offPrefix(d int) bool {
	p := s.c.Prefix()
	t := s.walk.Len()
	return t < len(p) && d != p[t]
}
