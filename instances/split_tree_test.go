package instances

import (
	"math/rand"
	"strings"
	"testing"
)

// TestSplitLimits: a split is refused, naming the case, when it asks for
// fewer than one part, more parts than a part line may count, or (queens)
// a bound past the board's squares, so that a split never writes parts
// its own parsers refuse.
func TestSplitLimits(t *testing.T) {
	q := NewQueens(4, 4)
	q.Loc = Loc{File: "q.txt", Case: 1}
	c, _, err := GenerateChain(rand.New(rand.NewSource(1)), ChainGenOptions{N: 3, K: 2})
	if err != nil {
		t.Fatal(err)
	}
	s := NewSlant(3, 3)
	for _, tt := range []struct {
		name string
		err  error
		want string
	}{
		{"queens 0 jobs", second(SplitQueens(q, 0, 2, nil)), "0 jobs: want 1..1048576"},
		{"queens -1 jobs", second(SplitQueens(q, -1, 2, nil)), "-1 jobs: want 1..1048576"},
		{"queens too many jobs", second(SplitQueens(q, MaxParts+1, 2, nil)), "1048577 jobs: want 1..1048576"},
		{"queens bound past the squares", second(SplitQueens(q, 4, 17, nil)), "q.txt: case 1 (line 0): bound 17: want 0..16"},
		{"chain too many jobs", second(SplitChain(c, MaxParts+1)), "1048577 jobs"},
		{"chain 0 jobs", second(SplitChain(c, 0)), "0 jobs"},
		{"slant too many jobs", second(SplitSlant(s, MaxParts+1)), "1048577 jobs"},
		{"slant 0 jobs", second(SplitSlant(s, 0)), "0 jobs"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if tt.err == nil || !strings.Contains(tt.err.Error(), tt.want) {
				t.Fatalf("error %v, want one with %q", tt.err, tt.want)
			}
		})
	}
	if _, err := SplitQueens(q, 4, 16, nil); err != nil {
		t.Fatalf("bound 16 on 16 squares: %v", err)
	}
}

func second[T any](_ T, err error) error { return err }

// TestSplitManyJobs: a small board split into far more parts than it has
// makes every part it can and stops. (The split once scanned every part
// for the shallowest at each cut: 2^16 jobs on a 6x6 board took two
// minutes, 2^20 would not end; the 70,161 parts it makes now take a
// second.)
func TestSplitManyJobs(t *testing.T) {
	q := NewQueens(6, 6)
	for i := range q.Target {
		q.Target[i] = true
	}
	parts, err := SplitQueens(q, MaxParts, 2, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(parts) < 1<<16 || len(parts) >= MaxParts || parts[0].Part.Count != len(parts) {
		t.Fatalf("%d parts (count %d), want more than 2^16 and fewer than asked", len(parts), parts[0].Part.Count)
	}
}

// TestSplitIDs: the parts of one split share an identity that another
// split of the case as many parts (another cover) does not, and parts
// written without one (before the field) still read, with none.
func TestSplitIDs(t *testing.T) {
	q := NewQueens(5, 5)
	for i := range q.Target {
		q.Target[i] = true
	}
	a, err1 := SplitQueens(q, 4, -1, []Square{{0, 0}, {1, 3}, {3, 1}, {4, 4}})
	b, err2 := SplitQueens(q, 4, -1, []Square{{2, 0}, {2, 1}, {2, 2}, {2, 4}})
	if err1 != nil || err2 != nil || len(a) != 4 || len(b) != 4 {
		t.Fatal(err1, err2, len(a), len(b))
	}
	for i := range a {
		if a[i].Part.Split != a[0].Part.Split || a[i].Part.Split == b[i].Part.Split || !isHash(a[i].Part.Split) {
			t.Fatalf("part %d: split %q (part 1 %q), other split's %q", i+1, a[i].Part.Split, a[0].Part.Split, b[i].Part.Split)
		}
	}
	for _, p := range a {
		p.Part.Split = ""
	}
	var buf strings.Builder
	if err := FormatQueens(&buf, a); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(buf.String(), " split ") {
		t.Fatalf("parts without a split written with one:\n%s", buf.String())
	}
	old, err := ParseQueens("old.txt", strings.NewReader(buf.String()))
	if err != nil || len(old) != 4 || old[3].Part.Split != "" {
		t.Fatalf("old parts: %d read, %v", len(old), err)
	}
}

// BenchmarkSplitQueensLarge splits the full 32x32 board into 2^14 parts,
// reporting the bytes allocated (-benchmem): the parts share the board,
// and the split's identity is hashed as the parts are made.
//
//	go test -run X -bench SplitQueensLarge -benchmem ./instances/
func BenchmarkSplitQueensLarge(b *testing.B) {
	q := NewQueens(32, 32)
	for i := range q.Target {
		q.Target[i] = true
	}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		parts, err := SplitQueens(q, 1<<14, 15, nil)
		if err != nil || len(parts) != 1<<14 {
			b.Fatalf("%d parts: %v", len(parts), err)
		}
	}
}
