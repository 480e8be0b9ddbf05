// Package instancestest reads the boards the solvers' tests share: the
// generated slant fixtures of instances/testdata and the public zigzag
// suites beside the repository (../shared/bench/zigzag). The DFS
// (backtrack), the SAT encodings (encode) and the comparison
// (compare/puzzles) read them through it instead of a copy each. Only
// tests import it; it imports instances alone, so backtrack and encode
// still share no code outside their tests.
package instancestest

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gridsat/gridsat/instances"
)

// Root is the module's root folder, found from the working directory up
// (go test runs a package's tests in its folder): the one holding go.mod.
func Root(tb testing.TB) string {
	tb.Helper()
	dir, err := os.Getwd()
	if err != nil {
		tb.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			tb.Fatal("instancestest: no go.mod above the working directory")
		}
		dir = parent
	}
}

// SlantFixture reads the slant boards of instances/testdata/name.
func SlantFixture(tb testing.TB, name string) []*instances.Slant {
	tb.Helper()
	cases, err := instances.ReadFile(filepath.Join(Root(tb), "instances", "testdata", name), instances.ParseSlant)
	if err != nil {
		tb.Fatal(err)
	}
	return cases
}

// Zigzag reads every public zigzag suite, by file name without .txt; tb
// is skipped when there are none (they live outside the repository).
func Zigzag(tb testing.TB) map[string][]*instances.Slant {
	tb.Helper()
	dir := filepath.Join(Root(tb), "..", "shared", "bench", "zigzag")
	files, _ := filepath.Glob(filepath.Join(dir, "*.txt"))
	if len(files) == 0 {
		tb.Skip("no zigzag suites at", dir)
	}
	suites := map[string][]*instances.Slant{}
	for _, f := range files {
		cases, err := instances.ReadFile(f, instances.ParseSlant)
		if err != nil {
			tb.Fatal(err)
		}
		suites[strings.TrimSuffix(filepath.Base(f), ".txt")] = cases
	}
	return suites
}
