package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/gridsat/gridsat/compare/harness"
	"github.com/gridsat/gridsat/instances"
)

// forgeParts splits whole (a file) with split's args, edits the parts
// with forge and writes them back with their sums recomputed (the sum is
// a checksum, not a secret); it returns the forged parts file.
func forgeParts(t *testing.T, puzzle, whole string, forge func(parts string) []byte, args ...string) string {
	t.Helper()
	dir := filepath.Dir(whole)
	parts := filepath.Join(dir, "p.txt")
	if out, stderr, code := gridsat(t, "", append([]string{"split", puzzle, whole, "-o", parts}, args...)...); code != 0 {
		t.Fatalf("split: exit %d\n%s\n%s", code, out, stderr)
	}
	forged := filepath.Join(dir, "f.txt")
	if err := os.WriteFile(forged, forge(parts), 0o644); err != nil {
		t.Fatal(err)
	}
	return forged
}

// Issue 29, reproducer 3: a part edited by hand, its sum put back, was
// joined as the case's answer beside the whole case's own row (queens: a
// part with every square banned joined as "more than 3" beside the
// whole's 3; chain: a prefix changed joined as -1; slant: a cell fixed
// joined as no solution). The report now splits the whole case again and
// refuses a part that is not the part the split makes (exit 1), and never
// prints the sum the parser wants.
func TestForgedPartsNotJoined(t *testing.T) {
	read := func(path string) []byte {
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	slantSample := filepath.Join("..", "..", "instances", "sets", "slant", "sample.txt")
	tests := []struct {
		puzzle, board string
		split         []string
		forge         func(parts string) []byte
	}{
		{"queens", q6, []string{"--jobs", "1", "--bound", "3"}, func(parts string) []byte {
			qs, err := instances.ParseQueens(parts, bytes.NewReader(read(parts)))
			if err != nil {
				t.Fatal(err)
			}
			for _, q := range qs {
				for s := range q.Part.Banned {
					q.Part.Banned[s] = true
				}
			}
			var b bytes.Buffer
			instances.FormatQueens(&b, qs)
			return b.Bytes()
		}},
		{"chain", "", []string{"--jobs", "1"}, func(parts string) []byte {
			cs, err := instances.ParseChain(parts, bytes.NewReader(read(parts)))
			if err != nil {
				t.Fatal(err)
			}
			for _, c := range cs {
				c.Part.Prefix = []int{4}
			}
			var b bytes.Buffer
			instances.FormatChain(&b, cs)
			return b.Bytes()
		}},
		{"slant", slantSample, []string{"--jobs", "1"}, func(parts string) []byte {
			ss, err := instances.ParseSlant(parts, bytes.NewReader(read(parts)))
			if err != nil {
				t.Fatal(err)
			}
			for _, s := range ss {
				s.Part.Fixed = []instances.SlantCell{{Cell: 0, Diag: '/'}}
			}
			var b bytes.Buffer
			instances.FormatSlant(&b, ss)
			return b.Bytes()
		}},
	}
	for _, tt := range tests {
		t.Run(tt.puzzle, func(t *testing.T) {
			dir := t.TempDir()
			whole := filepath.Join(dir, "whole.txt")
			switch {
			case tt.puzzle == "chain":
				out, _, code := gridsat(t, "", "gen", "chain", "--size", "4", "--seed", "3", "--count", "1")
				if code != 0 {
					t.Fatalf("gen: exit %d", code)
				}
				os.WriteFile(whole, []byte(out), 0o644)
			case strings.HasSuffix(tt.board, ".txt"):
				os.WriteFile(whole, read(tt.board), 0o644)
			default:
				os.WriteFile(whole, []byte(tt.board), 0o644)
			}
			forged := forgeParts(t, tt.puzzle, whole, tt.forge, tt.split...)
			runs := filepath.Join(dir, "r.jsonl")
			if out, stderr, code := gridsat(t, "", "compare", tt.puzzle, whole, forged, "--solvers", "dfs", "--inproc", "--results", runs); code > 1 {
				t.Fatalf("compare: exit %d\n%s\n%s", code, out, stderr)
			}
			out, stderr, code := gridsat(t, "", "report", runs)
			if code != exitFail || !strings.Contains(out, "of the split derived from the whole case") {
				t.Errorf("report of forged parts: exit %d, want 1 and the part refused\n%s\n%s", code, out, stderr)
			}
			// The parser refuses a part edited without its sum, and does
			// not say which sum it wants.
			b := regexp.MustCompile(`sum [0-9a-f]{16}`).ReplaceAll(read(forged), []byte("sum 0123456789abcdef"))
			os.WriteFile(forged, b, 0o644)
			_, stderr, code = gridsat(t, "", "compare", tt.puzzle, forged, "--solvers", "dfs", "--inproc")
			if code != exitUsage || !strings.Contains(stderr, "does not match") || strings.Contains(stderr, "want ") {
				t.Errorf("a part with a wrong sum: exit %d, want 2 and no wanted sum\n%s", code, stderr)
			}
		})
	}
}

// A join that differs from a whole-case row of the same case is a
// disagreement (exit 1): here the whole case's record edited to a valid
// cover of one queen more than the parts' join.
func TestJoinDisagreesWithWholeRow(t *testing.T) {
	dir := t.TempDir()
	whole, parts := filepath.Join(dir, "whole.txt"), filepath.Join(dir, "p.txt")
	os.WriteFile(whole, []byte(q6), 0o644)
	if out, stderr, code := gridsat(t, "", "split", "queens", whole, "--jobs", "4", "--bound", "3", "-o", parts); code != 0 {
		t.Fatalf("split: exit %d\n%s\n%s", code, out, stderr)
	}
	runs := filepath.Join(dir, "r.jsonl")
	if out, stderr, code := gridsat(t, "", "compare", "queens", whole, parts, "--solvers", "dfs", "--inproc", "--results", runs); code != 0 {
		t.Fatalf("compare: exit %d\n%s\n%s", code, out, stderr)
	}
	if out, stderr, code := gridsat(t, "", "report", runs); code != 0 || strings.Contains(out, "DISAGREES") {
		t.Fatalf("report, untouched: exit %d\n%s\n%s", code, out, stderr)
	}
	editRecords(t, runs, func(_ int, rec *harness.Record) {
		if rec.Kind == "run" && rec.Run.File == whole {
			r := &rec.Run.Run.Result
			r.Answer = "Case 1: 4"
			lines := strings.Split(r.Witness, "\n")
			lines[0] = lines[0][:5] + "Q"
			r.Witness = strings.Join(lines, "\n")
		}
	})
	out, stderr, code := gridsat(t, "", "report", runs)
	if code != exitFail || !strings.Contains(out, "DISAGREES with the whole case") {
		t.Errorf("report, the whole row edited: exit %d, want 1 and the disagreement\n%s\n%s", code, out, stderr)
	}
}
