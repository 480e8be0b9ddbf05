package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/gridsat/gridsat/compare"
)

// TestSplitBadCommandLines: for every puzzle that can be split, a bad
// command line is exit 2 with one line saying why (naming the file and
// case where one is at fault), and nothing on standard output: --jobs out
// of 1..2^20 (a split past the part lines' count would write parts no
// parser reads; 2^20 on a small board once ran for minutes), an empty
// input, a file that is already parts, a --bound no part line may carry
// (queens: past the board's squares; the others take none).
func TestSplitBadCommandLines(t *testing.T) {
	dir := t.TempDir()
	empty := filepath.Join(dir, "empty.txt")
	if err := os.WriteFile(empty, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, p := range compare.Puzzles() {
		if p.Split == nil || p.Generate == nil {
			continue
		}
		t.Run(p.Name, func(t *testing.T) {
			var buf bytes.Buffer
			if err := p.Generate(&buf, p.GenSmall); err != nil {
				t.Fatal(err)
			}
			whole, parts := filepath.Join(dir, p.Name+".txt"), filepath.Join(dir, p.Name+"-parts.txt")
			if err := os.WriteFile(whole, buf.Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
			if _, stderr, code := gridsatProc(t, "", nil, "split", p.Name, whole, "--jobs", "1", "-o", parts); code != 0 {
				t.Fatalf("split --jobs 1: exit %d\n%s", code, stderr)
			}
			for _, tt := range []struct {
				want string
				args []string
			}{
				{"--jobs must be at least 1", []string{whole, "--jobs", "0"}},
				{"--jobs must be at least 1", []string{whole, "--jobs", "-5"}},
				{p.Name + ".txt: case 1 (line ", []string{whole, "--jobs", "1048577"}},
				{"1048577 jobs: want 1..1048576", []string{whole, "--jobs", "1048577"}},
				{"bound 100000", []string{whole, "--jobs", "2", "--bound", "100000"}},
				{"empty.txt: at end of file: no cases", []string{empty, "--jobs", "2"}},
				{"-parts.txt: case 1 (line ", []string{parts, "--jobs", "2"}},
				{"it is already a part", []string{parts, "--jobs", "2"}},
			} {
				usageError(t, "", tt.want, append([]string{"split", p.Name}, tt.args...)...)
			}
		})
	}
}
