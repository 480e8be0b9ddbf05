package compare

import (
	"bytes"
	"flag"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/gridsat/gridsat/instances"
)

var slantRegen = flag.Bool("slant.regen", false, "rewrite the slant fixtures in instances/testdata and instances/sets/slant")

// slantFixtures are the generated slant files: path, seed, and the sizes
// of their cases in order. Regenerate with
//
//	go test ./compare/ -run TestSlantRegenerateFixtures -slant.regen -timeout 60m
var slantFixtures = []struct {
	path  string
	seed  uint64
	sizes []int
}{
	{"../instances/sets/slant/sample.txt", 1, []int{3, 5}},
	{"../instances/sets/slant/ladder.txt", 2, []int{5, 5, 7, 7, 10, 10, 15, 15, 20, 20, 30, 30, 50, 50}},
	{"../instances/testdata/slant_hard_10.txt", 10, []int{10, 10, 10}},
	{"../instances/testdata/slant_hard_20.txt", 20, []int{20, 20, 20}},
	{"../instances/testdata/slant_hard_50.txt", 50, []int{50, 50, 50}},
}

// TestSlantRegenerateFixtures writes the fixtures with the generator (only
// with -slant.regen); without the flag it checks that each file holds
// unique puzzles of the listed sizes.
func TestSlantRegenerateFixtures(t *testing.T) {
	for _, fx := range slantFixtures {
		if *slantRegen {
			rng := rand.New(rand.NewPCG(fx.seed, 0x51a47))
			var cases []*instances.Slant
			for _, n := range fx.sizes {
				s, _, err := instances.GenerateSlant(rng, n, n, true, SlantGenCounter)
				if err != nil {
					t.Fatal(err)
				}
				cases = append(cases, s)
				t.Logf("%s: %dx%d done", fx.path, n, n)
			}
			var buf bytes.Buffer
			if err := instances.FormatSlantJudge(&buf, cases); err != nil {
				t.Fatal(err)
			}
			if err := os.MkdirAll(filepath.Dir(fx.path), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(fx.path, buf.Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		fh, err := os.Open(fx.path)
		if err != nil {
			t.Fatalf("fixture missing (regenerate with -slant.regen): %v", err)
		}
		cases, err := instances.ParseSlant(fx.path, fh)
		fh.Close()
		if err != nil {
			t.Fatal(err)
		}
		if len(cases) != len(fx.sizes) {
			t.Fatalf("%s: %d cases, want %d", fx.path, len(cases), len(fx.sizes))
		}
		for i, s := range cases {
			if s.W != fx.sizes[i] {
				t.Errorf("%s case %d: size %s, want %d", fx.path, i+1, s.Size(), fx.sizes[i])
			}
		}
	}
}
