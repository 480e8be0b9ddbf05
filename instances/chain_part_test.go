package instances

import (
	"bytes"
	"errors"
	"math/rand"
	"slices"
	"strings"
	"testing"
)

// chainBoards are the boards the split tests cut: planted, perturbed and
// swapped boards (the last two often without a path) of sizes 1..4
// (BruteChain's reach).
func chainBoards(t testing.TB) []*Chain {
	t.Helper()
	rng := rand.New(rand.NewSource(23))
	var bs []*Chain
	for n := 1; n <= 4; n++ {
		for _, k := range []int{1, 2, 3} {
			for _, o := range []ChainGenOptions{{N: n, K: k}, {N: n, K: k, Perturb: true}, {N: n, K: k, Swap: true}} {
				b, _, err := GenerateChain(rng, o)
				if err != nil {
					t.Fatal(err)
				}
				bs = append(bs, b)
			}
		}
	}
	return bs
}

// chainPartsText splits b into jobs parts and writes them.
func chainPartsText(t testing.TB, b *Chain, jobs int) string {
	t.Helper()
	parts, err := SplitChain(b, jobs)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := FormatChain(&buf, parts); err != nil {
		t.Fatal(err)
	}
	return buf.String()
}

// allChainPaths lists every path of c (exponential: small boards only).
func allChainPaths(c *Chain) []string {
	if c.Labels[0] != 0 {
		return nil
	}
	var paths []string
	w := NewChainWalk(c)
	var walk func()
	walk = func() {
		if w.Complete() {
			paths = append(paths, FormatChainAnswer(w.Dirs()))
			return
		}
		for d := 0; d < 8; d++ {
			if _, ok := w.CanStep(d); ok {
				w.Step(d)
				walk()
				w.Back()
			}
		}
	}
	walk()
	return paths
}

// TestSplitChainPartitions: the parts' prefixes are in lexicographic
// order, none begins another, each path of the board begins with exactly
// one of them, the parts round-trip through the judge format, and the
// first part with a path holds the board's smallest (BruteChain).
func TestSplitChainPartitions(t *testing.T) {
	for i, b := range chainBoards(t) {
		for _, jobs := range []int{1, 3, 16} {
			text := chainPartsText(t, b, jobs)
			parts, err := ParseChain("parts", strings.NewReader(text))
			if err != nil {
				t.Fatalf("board %d, %d jobs: %v", i, jobs, err)
			}
			if len(parts) < 1 || len(parts) > jobs {
				t.Fatalf("board %d: %d parts for %d jobs", i, len(parts), jobs)
			}
			var buf bytes.Buffer
			if err := FormatChain(&buf, parts); err != nil || buf.String() != text {
				t.Fatalf("board %d: round trip changed the parts (%v)", i, err)
			}
			prefixes := make([]string, len(parts))
			for j, p := range parts {
				if p.Part.Index != j+1 || p.Part.Count != len(parts) || p.Part.Parent != chainHash(b) {
					t.Fatalf("board %d: part %+v, want %d/%d of %s", i, p.Part, j+1, len(parts), chainHash(b))
				}
				prefixes[j] = FormatChainAnswer(p.Part.Prefix)
				if j > 0 && (prefixes[j] <= prefixes[j-1] || strings.HasPrefix(prefixes[j], prefixes[j-1])) {
					t.Fatalf("board %d: prefixes %q then %q", i, prefixes[j-1], prefixes[j])
				}
			}
			first := ChainNoPath
			for _, path := range allChainPaths(b) {
				n := 0
				for j, pre := range prefixes {
					if strings.HasPrefix(path, pre) {
						n++
						if err := VerifyChain(parts[j], path); err != nil {
							t.Fatalf("board %d: path %s in part %d: %v", i, path, j+1, err)
						}
					}
				}
				if n != 1 {
					t.Fatalf("board %d, %d jobs: path %s begins %d prefixes of %q", i, jobs, path, n, prefixes)
				}
			}
			for _, p := range parts {
				if first = BruteChain(p); first != ChainNoPath {
					break
				}
			}
			if want := BruteChain(b); first != want {
				t.Fatalf("board %d, %d jobs: first part's path %s, the board's %s", i, jobs, first, want)
			}
		}
	}
}

// TestChainPartCorrupted edits a part's text in ways a hand or a cut file
// would and checks that each is refused as bad input naming the file, the
// case and the line.
func TestChainPartCorrupted(t *testing.T) {
	b, _, err := GenerateChain(rand.New(rand.NewSource(3)), ChainGenOptions{N: 4, K: 3})
	if err != nil {
		t.Fatal(err)
	}
	text := chainPartsText(t, b, 4)
	lines := strings.Split(text, "\n")
	second := 6 // part line, header, 4 rows
	if !strings.HasPrefix(lines[second], "part 2/") {
		t.Fatalf("line %d is %q, want case 2's part line\n%s", second+1, lines[second], text)
	}
	edit := func(f func([]string)) string {
		ls := slices.Clone(lines)
		f(ls)
		return strings.Join(ls, "\n")
	}
	field := func(ls []string, i int, to string) {
		f := strings.Fields(ls[second])
		f[i] = to
		ls[second] = strings.Join(f, " ")
	}
	prefix := strings.Fields(lines[second])[9]
	for _, tc := range []struct {
		name, in, want string
		line           int
	}{
		{"prefix changed", edit(func(ls []string) { field(ls, 9, prefix[:len(prefix)-1]) }), "sum", second + 1},
		{"prefix bad digit", edit(func(ls []string) { field(ls, 9, prefix+"9") }), "not a direction", second + 1},
		{"split changed", edit(func(ls []string) { field(ls, 5, "0123456789abcdef") }), "sum", second + 1},
		{"split not a hash", edit(func(ls []string) { field(ls, 5, "zz") }), "split", second + 1},
		{"jobs changed", edit(func(ls []string) { field(ls, 7, "3") }), "sum", second + 1},
		{"jobs not a count", edit(func(ls []string) { field(ls, 7, "x") }), "split jobs", second + 1},
		{"index changed", edit(func(ls []string) { field(ls, 1, "3/4") }), "sum", second + 1},
		{"index past count", edit(func(ls []string) { field(ls, 1, "5/4") }), "part number I", second + 1},
		{"count changed", edit(func(ls []string) { field(ls, 1, "2/5") }), "sum", second + 1},
		{"sum changed", edit(func(ls []string) { field(ls, 11, "0123456789abcdef") }), "sum", second + 1},
		{"keyword changed", edit(func(ls []string) { field(ls, 10, "sun") }), `want "part I/N`, second + 1},
		{"label edited", edit(func(ls []string) { ls[second+2] = "1" + ls[second+2][1:] }), "hashes to", second + 1},
		{"bad hash", edit(func(ls []string) { field(ls, 3, "zz") }), "16 hex", second + 1},
		{"short line", edit(func(ls []string) { ls[second] = "part 2/4" }), `want "part I/N`, second + 1},
		{"two part lines", edit(func(ls []string) { ls[second+1] = ls[second] }), "second part line", second + 2},
		{"cut after part line", strings.Join(lines[:second+1], "\n"), "truncated", 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParseChain("parts.txt", strings.NewReader(tc.in))
			var ie *InputError
			if !errors.As(err, &ie) {
				t.Fatalf("error %v, want an input error", err)
			}
			if ie.File != "parts.txt" || ie.Case != 2 || (tc.line > 0 && ie.Line != tc.line) || !strings.Contains(ie.Msg, tc.want) {
				t.Fatalf("error %v: want parts.txt, case 2, line %d, %q", err, tc.line, tc.want)
			}
		})
	}
}

// TestChainPartPrefixRefused: a part whose prefix breaks the step rules
// (with a matching sum, as a buggy writer would make it) is refused.
func TestChainPartPrefixRefused(t *testing.T) {
	b := &Chain{N: 2, K: 1, Labels: []int{0, 0, 0, 0}}
	for _, prefix := range [][]int{{0}, {2, 6}, {3}} {
		p := b.Whole()
		p.Part = &ChainPart{Index: 1, Count: 1, Parent: chainHash(b), Prefix: prefix}
		var buf bytes.Buffer
		if err := FormatChain(&buf, []*Chain{p}); err != nil {
			t.Fatal(err)
		}
		_, err := ParseChain("p.txt", &buf)
		if !IsInputError(err) || !strings.Contains(err.Error(), "the prefix") {
			t.Errorf("prefix %v: error %v, want the prefix refused", prefix, err)
		}
	}
}

// TestChainPartVerify: the verifier refuses a valid path of the whole
// board that does not begin with the part's prefix.
func TestChainPartVerify(t *testing.T) {
	b := &Chain{N: 2, K: 1, Labels: []int{0, 0, 0, 0}}
	parts, err := SplitChain(b, 8)
	if err != nil {
		t.Fatal(err)
	}
	if len(parts) < 2 {
		t.Fatalf("%d parts, want at least 2", len(parts))
	}
	paths := allChainPaths(b)
	for _, p := range parts {
		in := 0
		for _, path := range paths {
			err := VerifyChain(p, path)
			if strings.HasPrefix(path, FormatChainAnswer(p.Part.Prefix)) {
				in++
				if err != nil {
					t.Errorf("%s: path %s: %v", p.Part.Name(), path, err)
				}
			} else if err == nil || !strings.Contains(err.Error(), "prefix") {
				t.Errorf("%s: path %s outside the prefix: %v", p.Part.Name(), path, err)
			}
		}
		if in == 0 && BruteChain(p) != ChainNoPath {
			t.Errorf("%s: no path of the board, but BruteChain finds one", p.Part.Name())
		}
	}
}

func FuzzParseChainPart(f *testing.F) {
	for _, b := range chainBoards(f)[:20] {
		f.Add(chainPartsText(f, b, 3))
	}
	f.Add("part 1/1 of 0123456789abcdef prefix - sum 0123456789abcdef\n1 1\n0\n")
	f.Add("part 1/2 of x prefix 9 sum y\n2 1\n0 0\n0 0\n")
	f.Add("part 1/1 of 0123456789abcdef prefix 2222222222 sum 0123456789abcdef\n2 1\n0 0\n0 0\n")
	f.Fuzz(func(t *testing.T, in string) {
		cases, err := ParseChain("fuzz", strings.NewReader(in))
		if err != nil && !IsInputError(err) {
			t.Fatalf("error %v is not an input error", err)
		}
		var buf bytes.Buffer
		if err := FormatChain(&buf, cases); err != nil {
			t.Fatal(err)
		}
		again, err := ParseChain("again", &buf)
		if len(cases) > 0 && (err != nil || len(again) != len(cases)) {
			t.Fatalf("the %d cases read do not read back: %d, %v", len(cases), len(again), err)
		}
		for _, c := range cases {
			if c.Part != nil && c.walkPrefix(c.Part.Prefix) != nil {
				t.Fatalf("a part with a prefix the rules refuse: %v", c.Part.Prefix)
			}
		}
	})
}
