package instances

import (
	"bytes"
	"encoding/xml"
	"errors"
	"io"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// chainSample is the seed statement's sample board; its answer 41255214 is
// the statement's.
const chainSample = "3 3\n0 2 0\n1 1 1\n2 0 2\n"

func TestParseChainFixture(t *testing.T) {
	file := filepath.Join("testdata", "chain_three.txt")
	fh, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer fh.Close()
	bs, err := ParseChain(file, fh)
	if err != nil {
		t.Fatal(err)
	}
	want := []struct {
		n, k, line int
		labels     []int
	}{
		{3, 3, 1, []int{0, 2, 0, 1, 1, 1, 2, 0, 2}},
		{1, 1, 6, []int{0}},
		{2, 2, 9, []int{0, 1, 1, 0}},
	}
	if len(bs) != len(want) {
		t.Fatalf("%d boards, want %d", len(bs), len(want))
	}
	for i, w := range want {
		b := bs[i]
		if b.N != w.n || b.K != w.k || b.Line != w.line || b.Case != i+1 || b.File != file {
			t.Errorf("board %d: N=%d K=%d at %v, want N=%d K=%d line %d", i+1, b.N, b.K, b.Loc, w.n, w.k, w.line)
		}
		for j, v := range w.labels {
			if b.Labels[j] != v {
				t.Errorf("board %d: label %d = %d, want %d", i+1, j, b.Labels[j], v)
			}
		}
		if b.Cells() != w.n*w.n || b.Size() == "" {
			t.Errorf("board %d: Cells %d, Size %q", i+1, b.Cells(), b.Size())
		}
	}
}

func TestParseChainErrors(t *testing.T) {
	tests := []struct {
		name, input string
		boards      int // read before the error
		caseNo      int
		line        int
		msg         string
	}{
		{"N too big", "1001 3\n", 0, 1, 1, "out of range"},
		{"N zero", "0 3\n", 0, 1, 1, "out of range"},
		{"K too big", "2 101\n", 0, 1, 1, "out of range"},
		{"K zero", "2 0\n", 0, 1, 1, "out of range"},
		{"header with one field", "3\n0 0 0\n", 0, 1, 1, "header"},
		{"header with three fields", "3 3 3\n", 0, 1, 1, "header"},
		{"letter in header", "3 x\n", 0, 1, 1, "not an integer"},
		{"label too big", "2 2\n0 2\n1 1\n", 0, 1, 2, "out of range"},
		{"negative label", "2 2\n0 -1\n1 1\n", 0, 1, 2, "out of range"},
		{"letter label", "2 2\n0 1\n1 a\n", 0, 1, 3, "not an integer"},
		{"short row", "2 2\n0 1\n1\n", 0, 1, 3, "has 1 labels, want 2"},
		{"long row", "2 2\n0 1 1\n1 0\n", 0, 1, 2, "has 3 labels, want 2"},
		{"truncated", "3 3\n0 2 0\n1 1 1\n", 0, 1, 3, "truncated"},
		{"second board bad", chainSample + "2 2\n0 1\n1 7\n", 1, 2, 7, "out of range"},
		{"second board short", chainSample + "\n3 3\n0 1 2\n", 1, 2, 7, "truncated"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			bs, err := ParseChain("in.txt", strings.NewReader(tt.input))
			if len(bs) != tt.boards {
				t.Errorf("%d boards returned, want %d", len(bs), tt.boards)
			}
			var ie *InputError
			if !errors.As(err, &ie) {
				t.Fatalf("error %v is not an InputError", err)
			}
			if ie.File != "in.txt" || ie.Case != tt.caseNo || ie.Line != tt.line || !strings.Contains(ie.Msg, tt.msg) {
				t.Errorf("got %q (case %d, line %d), want case %d, line %d, %q", err, ie.Case, ie.Line, tt.caseNo, tt.line, tt.msg)
			}
		})
	}
}

func TestParseChainShortRowFixture(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "chain_short_row.txt"))
	if err != nil {
		t.Fatal(err)
	}
	bs, err := ParseChain("chain_short_row.txt", bytes.NewReader(data))
	if len(bs) != 1 || err == nil || !strings.Contains(err.Error(), "chain_short_row.txt: case 2: line 7") {
		t.Fatalf("got %d boards, %v", len(bs), err)
	}
}

func TestParseChainEmptyInput(t *testing.T) {
	for _, in := range []string{"", "\n  \n", "\ufeff", "# only a comment\n"} {
		bs, err := ParseChain("", strings.NewReader(in))
		if len(bs) != 0 || err == nil || !strings.Contains(err.Error(), "no cases") {
			t.Errorf("ParseChain(%q): got %d boards, %v; want a no-cases error", in, len(bs), err)
		}
	}
}

func TestParseChainBOMAndComments(t *testing.T) {
	bs, err := ParseChain("", strings.NewReader("\ufeff# sample\n2 2\n0 1\n# inside\n1 0\n"))
	if err != nil || len(bs) != 1 || bs[0].Labels[2] != 1 || bs[0].Line != 2 {
		t.Fatalf("got %d boards, %v", len(bs), err)
	}
}

// FuzzParseChain: the parser never panics; it either returns boards that
// are well formed and survive a round trip through FormatChain, or an
// InputError.
func FuzzParseChain(f *testing.F) {
	f.Add(chainSample)
	f.Add("1 1\n0\n")
	f.Add("2 2\n0 1\n1 0\n3 3\n0 2 0\n1 1 1\n2 0 2\n")
	f.Add("2 2\n0 1\n1\n")
	f.Add("16 100\n")
	f.Fuzz(func(t *testing.T, input string) {
		bs, err := ParseChain("fuzz", strings.NewReader(input))
		if err != nil && !IsInputError(err) {
			t.Fatalf("error %v is not an InputError", err)
		}
		for _, b := range bs {
			if b.N < 1 || b.N > ChainMaxN || b.K < 1 || b.K > ChainMaxK || len(b.Labels) != b.N*b.N {
				t.Fatalf("bad board %+v", b)
			}
			for _, v := range b.Labels {
				if v < 0 || v >= b.K {
					t.Fatalf("label %d outside 0..%d", v, b.K-1)
				}
			}
		}
		var buf bytes.Buffer
		if err := FormatChain(&buf, bs); err != nil {
			t.Fatal(err)
		}
		again, err := ParseChain("again", &buf)
		if len(bs) == 0 {
			return
		}
		if err != nil || len(again) != len(bs) {
			t.Fatalf("round trip: %d boards back of %d: %v", len(again), len(bs), err)
		}
		for i, b := range bs {
			if again[i].N != b.N || again[i].K != b.K || !equalInts(again[i].Labels, b.Labels) {
				t.Fatalf("round trip: board %d differs", i+1)
			}
		}
	})
}

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func mustChain(t testing.TB, input string) *Chain {
	t.Helper()
	bs, err := ParseChain("test", strings.NewReader(input))
	if err != nil || len(bs) != 1 {
		t.Fatalf("parse %q: %d boards, %v", input, len(bs), err)
	}
	return bs[0]
}

func TestVerifyChain(t *testing.T) {
	sample := mustChain(t, chainSample)
	zeros3 := mustChain(t, "3 1\n0 0 0\n0 0 0\n0 0 0\n")
	tests := []struct {
		name   string
		board  *Chain
		answer string
		msg    string // "" for valid
	}{
		{"sample answer", sample, "41255214", ""},
		{"one cell", mustChain(t, "1 1\n0\n"), "", ""},
		{"two by two", mustChain(t, "2 2\n0 1\n0 1\n"), "252", ""},
		{"too short", sample, "4125521", "has 7 steps"},
		{"too long", sample, "412552140", "has 9 steps"},
		{"not a direction", sample, "41255218", "not a direction"},
		{"leaves the board", sample, "01255214", "leaves the board"},
		{"wrong label", sample, "22466422", "labelled"},
		{"revisit", zeros3, "26262644", "visited twice"},
		{"crossing", mustChain(t, "3 9\n0 1 3\n5 4 2\n6 7 8\n"), "23056422", "crosses"},
		{"ends elsewhere", zeros3, "22446602", "ends at"},
		{"zeros snake", zeros3, "22466422", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := VerifyChain(tt.board, tt.answer)
			if tt.msg == "" {
				if err != nil {
					t.Fatalf("valid path rejected: %v", err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tt.msg) {
				t.Fatalf("got %v, want an error saying %q", err, tt.msg)
			}
		})
	}
}

func TestChainInfeasible(t *testing.T) {
	tests := []struct {
		name, input string
		msg         string
	}{
		{"sample", chainSample, ""},
		{"start not 0", "2 2\n1 0\n0 1\n", "start corner"},
		{"target wrong", "2 2\n0 1\n1 0\n", "target corner"},
		{"counts", "3 3\n0 1 1\n1 2 0\n1 2 2\n", "label 0 is on 2 cells"},
		{"K above cells", "2 9\n0 1\n2 3\n", ""},
		{"K above cells, counts", "2 9\n0 1\n1 3\n", "label"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := mustChain(t, tt.input).Infeasible()
			if tt.msg == "" && got != "" || tt.msg != "" && !strings.Contains(got, tt.msg) {
				t.Fatalf("Infeasible() = %q, want %q", got, tt.msg)
			}
		})
	}
}

func TestBruteChainSample(t *testing.T) {
	if got := BruteChain(mustChain(t, chainSample)); got != "41255214" {
		t.Fatalf("brute force on the sample = %q, want 41255214", got)
	}
	// The only path that follows labels 0..8 crosses itself.
	if got := BruteChain(mustChain(t, "3 9\n0 1 3\n5 4 2\n6 7 8\n")); got != ChainNoPath {
		t.Fatalf("brute force on a crossing-only board = %q, want -1", got)
	}
}

func TestGenerateChainPlantsValidPaths(t *testing.T) {
	rng := rand.New(rand.NewSource(5))
	sizes := []int{24, 32, 64}
	for n := 1; n <= 17; n++ {
		sizes = append(sizes, n)
	}
	for _, n := range sizes {
		for _, k := range []int{1, 2, 3, 7, 100} {
			b, path, err := GenerateChain(rng, ChainGenOptions{N: n, K: k})
			if err != nil {
				t.Fatal(err)
			}
			answer := chainPathAnswer(n, path)
			if err := VerifyChain(b, answer); err != nil {
				t.Fatalf("N=%d K=%d: planted path %s rejected: %v", n, k, answer, err)
			}
			if b.Infeasible() != "" {
				t.Fatalf("N=%d K=%d: planted board infeasible: %s", n, k, b.Infeasible())
			}
		}
	}
	if _, _, err := GenerateChain(rng, ChainGenOptions{N: ChainMaxN + 1, K: 2}); err == nil {
		t.Errorf("N=%d accepted", ChainMaxN+1)
	}
	if _, _, err := GenerateChain(rng, ChainGenOptions{N: 3, K: 0}); err == nil {
		t.Error("K=0 accepted")
	}
}

func TestGenerateChainDeterministicAndVaried(t *testing.T) {
	gen := func(seed int64) string {
		b, _, err := GenerateChain(rand.New(rand.NewSource(seed)), ChainGenOptions{N: 8, K: 3, Perturb: true})
		if err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		FormatChain(&buf, []*Chain{b})
		return buf.String()
	}
	if gen(1) != gen(1) {
		t.Fatal("same seed, different boards")
	}
	if gen(1) == gen(2) {
		t.Fatal("different seeds, same board")
	}
	// The random moves change the snake: paths from two seeds differ, at
	// odd sizes too (a plain odd snake admits no move without a crossing,
	// and every seed gave the same board). Each is a non-crossing path of
	// the whole board from corner to corner.
	for n := 4; n <= 11; n++ {
		p1 := randomChainPath(rand.New(rand.NewSource(1)), n, 0)
		p2 := randomChainPath(rand.New(rand.NewSource(2)), n, 0)
		if equalInts(p1, p2) || equalInts(p1, snakePath(n)) {
			t.Errorf("N=%d: random paths do not vary", n)
		}
		for _, p := range [][]int{snakePath(n), p1} {
			b := &Chain{N: n, K: 1, Labels: make([]int, n*n)}
			if err := VerifyChain(b, chainPathAnswer(n, p)); err != nil {
				t.Errorf("N=%d: %v", n, err)
			}
		}
	}
}

func TestRenderChain(t *testing.T) {
	b := mustChain(t, chainSample)
	for _, answer := range []string{"41255214", ChainNoPath, "9"} {
		var buf bytes.Buffer
		if err := RenderChain(&buf, b, answer); err != nil {
			t.Fatal(err)
		}
		svg := buf.String()
		d := xml.NewDecoder(&buf)
		for {
			_, err := d.Token()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatalf("answer %q: bad SVG: %v", answer, err)
			}
		}
		if hasLine := strings.Contains(svg, "polyline"); hasLine != (answer == "41255214") {
			t.Errorf("answer %q: path drawn = %v", answer, hasLine)
		}
	}
}

// BenchmarkGenerateChainLarge makes a random N=400 board: the path's
// tries are bounded (maxChainGenTries), so this takes seconds, not the
// minutes it grew to with N*N.
//
//	go test -run X -bench GenerateChainLarge -benchtime 1x ./instances/
func BenchmarkGenerateChainLarge(b *testing.B) {
	rng := rand.New(rand.NewSource(1))
	for i := 0; i < b.N; i++ {
		c, path, err := GenerateChain(rng, ChainGenOptions{N: 400, K: 3})
		if err != nil || len(path) != 400*400 || c.Label(0, 0) != 0 {
			b.Fatalf("%v: %d cells on the path", err, len(path))
		}
	}
}
