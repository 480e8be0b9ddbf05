package instances

import (
	"cmp"
	"container/heap"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"hash"
	"slices"
	"strings"
)

// MaxParts is the most parts a split case may have: the most the part
// lines' parsers read (I/N with N at most this) and the most --jobs a
// split makes.
const MaxParts = 1 << 20

// checkJobs refuses a split into fewer than one part or more than
// MaxParts, naming the case.
func checkJobs(where fmt.Stringer, jobs int) error {
	if jobs < 1 || jobs > MaxParts {
		return fmt.Errorf("splitting %s: %d jobs: want 1..%d", where, jobs, MaxParts)
	}
	return nil
}

// splitStep is what a split does with the part it looks at.
type splitStep int

const (
	splitCut   splitStep = iota // replace the part by its kids, in order
	splitStuck                  // keep the part, never cut it
	splitDrop                   // the part holds nothing: leave it out
)

// splitTree cuts root into at most jobs parts, shallowest first, the
// first of equal depth (in the parts' order) first, while the parts are
// fewer than jobs: step says, for a part and the number of parts so far,
// whether to cut it (into kids, each of its own depth), keep it or drop
// it. It returns the parts in order. The parts' order is the tree's
// (each part's kids in their order, where it stood), kept as each part's
// path of kid numbers, and the next part to look at comes from a heap:
// O(n log n) for n parts, where a scan of the list for the shallowest
// made a split into 2^16 parts of a small board take minutes.
func splitTree[T any](root T, depth int, jobs int, step func(v T, count int) ([]T, []int, splitStep)) []T {
	h := &splitHeap[T]{{v: root, depth: depth}}
	var kept []splitNode[T]
	for count := 1; count < jobs && h.Len() > 0; {
		n := heap.Pop(h).(splitNode[T])
		kids, depths, what := step(n.v, count)
		switch what {
		case splitDrop:
			count--
		case splitStuck:
			kept = append(kept, n)
		default:
			count += len(kids) - 1
			for k, kid := range kids {
				heap.Push(h, splitNode[T]{v: kid, depth: depths[k], path: append(slices.Clip(n.path), int32(k))})
			}
		}
	}
	kept = append(kept, *h...)
	slices.SortFunc(kept, func(a, b splitNode[T]) int { return slices.Compare(a.path, b.path) })
	out := make([]T, len(kept))
	for i, n := range kept {
		out[i] = n.v
	}
	return out
}

// splitNode is a part while splitTree cuts: its depth and its path of
// kid numbers from the root (no part's path begins another's, so the
// paths' order is the parts' order).
type splitNode[T any] struct {
	v     T
	depth int
	path  []int32
}

// splitHeap orders parts by depth, then by path.
type splitHeap[T any] []splitNode[T]

func (h splitHeap[T]) Len() int { return len(h) }
func (h splitHeap[T]) Less(i, j int) bool {
	if c := cmp.Compare(h[i].depth, h[j].depth); c != 0 {
		return c < 0
	}
	return slices.Compare(h[i].path, h[j].path) < 0
}
func (h splitHeap[T]) Swap(i, j int) { h[i], h[j] = h[j], h[i] }
func (h *splitHeap[T]) Push(x any)   { *h = append(*h, x.(splitNode[T])) }
func (h *splitHeap[T]) Pop() any {
	old := *h
	n := old[len(old)-1]
	*h = old[:len(old)-1]
	return n
}

// A split's parts carry its identity, "split ID" on each part line after
// the parent's hash: the hash of every part's restriction, in order, so
// that parts of two splits of one case (another --jobs, bound or cover
// that made as many parts, cut differently) never join as one split.
// Parts written before the field existed have none (""), and join only
// with parts that have none.

// shortHash is the first 16 hex digits of the SHA-256 of the pieces
// written one after another: the hashes and sums of part lines.
func shortHash(pieces ...[]byte) string {
	h := sha256.New()
	for _, p := range pieces {
		h.Write(p)
	}
	return hex.EncodeToString(h.Sum(nil)[:8])
}

// splitID is the identity of a split whose parts' restrictions, in
// order, are texts: the first 16 hex digits of their SHA-256.
func splitID(texts []string) string {
	h := newSplitHasher()
	for _, t := range texts {
		h.add([]byte(t))
	}
	return h.sum()
}

// splitHasher makes splitID from the texts one at a time, so that a
// split need not keep them.
type splitHasher struct{ h hash.Hash }

func newSplitHasher() splitHasher { return splitHasher{sha256.New()} }

// add adds the next part's text.
func (s splitHasher) add(text []byte) {
	fmt.Fprintf(s.h, "%d\n", len(text))
	s.h.Write(text)
}

// sum is the identity of the texts added so far.
func (s splitHasher) sum() string { return hex.EncodeToString(s.h.Sum(nil)[:8]) }

// withSplit is a part line's head "part I/N of PARENT" with " split ID"
// after it when id is not "", and " jobs J" after that when jobs is not
// 0: the --jobs the split was made with, for a report to split the whole
// case again (compare's join_derive.go).
func withSplit(head, id string, jobs int) string {
	if id == "" {
		return head
	}
	if jobs > 0 {
		return fmt.Sprintf("%s split %s jobs %d", head, id, jobs)
	}
	return head + " split " + id
}

// cutSplitField removes a part line's optional "split ID" (fields 4 and
// 5, after the parent) and "jobs J" after it from f, returning the ID
// ("" when there is none), the jobs (0 when not written) and the fields
// left.
func cutSplitField(l *Lines, f []string) (string, int, []string, error) {
	if len(f) < 6 || f[4] != "split" {
		return "", 0, f, nil
	}
	id := f[5]
	if !isHash(id) {
		return "", 0, nil, l.Errorf("part line: split %q is not a hash of 16 hex digits", clipToken(id))
	}
	jobs, rest := 0, f[6:]
	if len(rest) >= 2 && rest[0] == "jobs" {
		n, err := l.Int(rest[1], "split jobs J", 1, MaxParts)
		if err != nil {
			return "", 0, nil, err
		}
		jobs, rest = n, rest[2:]
	}
	return id, jobs, append(f[:4:4], rest...), nil
}

// isHash reports whether h is 16 lowercase hex digits.
func isHash(h string) bool {
	return len(h) == 16 && strings.Trim(h, "0123456789abcdef") == ""
}
