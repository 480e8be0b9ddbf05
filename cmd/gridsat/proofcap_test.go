package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gridsat/gridsat/compare"
)

// report --proofs reads kept files under a bound: a line of a kept CNF or
// DRAT proof over 16 MiB, or a kept claim's JSON over 1 MiB, is refused
// (exit 2) naming the file and the line, not read whole into memory; the
// real proofs gridsat keeps are read as before.
func TestProofsReadUnderACap(t *testing.T) {
	proofs, runs := keptProofs(t, false)
	if out, stderr, code := gridsat(t, "", "report", runs, "--proofs", proofs); code != 0 || !strings.Contains(stderr, " 0 failed") {
		t.Fatalf("report --proofs: exit %d\n%s\n%s", code, out, stderr)
	}
	long := "c " + strings.Repeat("x", 16<<20) + "\n" // a comment: cheap to parse, if read
	tests := []struct {
		ext, want string
		edit      func([]byte) []byte
	}{
		{".cnf", "line 2", func(b []byte) []byte {
			_, rest, _ := bytes.Cut(b, []byte("\n"))
			return append(append(append([]byte{}, b[:len(b)-len(rest)]...), long...), rest...)
		}},
		{".drat", "line 1", func(b []byte) []byte { return append([]byte(long), b...) }},
		{".json", "over 1 MiB", func(b []byte) []byte { return append(b, bytes.Repeat([]byte(" "), 1<<20)...) }},
	}
	for _, tt := range tests {
		t.Run(tt.ext, func(t *testing.T) {
			files, _ := filepath.Glob(filepath.Join(proofs, "*"+tt.ext))
			if len(files) == 0 {
				t.Fatalf("no kept %s file", tt.ext)
			}
			orig, err := os.ReadFile(files[0])
			if err != nil {
				t.Fatal(err)
			}
			defer os.WriteFile(files[0], orig, 0o644)
			if err := os.WriteFile(files[0], tt.edit(orig), 0o644); err != nil {
				t.Fatal(err)
			}
			out, stderr, code := gridsat(t, "", "report", runs, "--proofs", proofs)
			if code != exitUsage || !strings.Contains(stderr, filepath.Base(files[0])) || !strings.Contains(stderr, tt.want) || out != "" {
				t.Errorf("report --proofs with an over-long %s: exit %d, stdout %d bytes\n%s", tt.ext, code, len(out), stderr)
			}
		})
	}
}

// keptProofs runs compare --certify --proofs on small generated cases of
// the first registered puzzle whose runs keep proofs (each run twice,
// with a warm-up, if repeat), and returns the proofs' folder and the
// results file.
func keptProofs(t *testing.T, repeat bool) (proofs, runs string) {
	t.Helper()
	for _, name := range puzzlesWithGen(t) {
		if p, _ := compare.Lookup(name); p.BindProof == nil {
			continue
		}
		dir := t.TempDir()
		input, proofs, runs := filepath.Join(dir, "in.txt"), filepath.Join(dir, "proofs"), filepath.Join(dir, "runs.jsonl")
		text, stderr, code := gridsat(t, "", append(append([]string{"gen", name}, genArgs(name)...), "--seed", "1")...)
		if code != 0 {
			t.Fatalf("gen: exit %d: %s", code, stderr)
		}
		if err := os.WriteFile(input, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		args := []string{"compare", name, input, "--inproc", "--certify", "--proofs", proofs, "--results", runs}
		if repeat {
			args = append(args, "--repeat", "2", "--warmup", "1")
		}
		if out, stderr, code := gridsat(t, "", args...); code != 0 {
			t.Fatalf("compare: exit %d\n%s\n%s", code, out, stderr)
		}
		if kept, _ := filepath.Glob(filepath.Join(proofs, "*.json")); len(kept) > 0 {
			return proofs, runs
		}
	}
	t.Fatal("no puzzle's small cases keep a proof")
	return "", ""
}

// compare --repeat N --proofs DIR keeps every repeat's proofs: the first
// repeat's in DIR, repeat R's in DIR/repeat-R, each as many; report
// --proofs DIR checks them all.
func TestProofsOfEveryRepeatKept(t *testing.T) {
	proofs, runs := keptProofs(t, true)
	first, _ := filepath.Glob(filepath.Join(proofs, "*.json"))
	second, _ := filepath.Glob(filepath.Join(proofs, "repeat-2", "*.json"))
	if len(first) == 0 || len(second) != len(first) {
		t.Fatalf("kept %d claims of the first repeat, %d of the second", len(first), len(second))
	}
	out, stderr, code := gridsat(t, "", "report", runs, "--proofs", proofs)
	if code != 0 || !strings.Contains(stderr, fmt.Sprintf(" %d kept proofs checked again", 2*len(first))) || !strings.Contains(stderr, " 0 failed") {
		t.Errorf("report --proofs: exit %d\n%s\n%s", code, out, stderr)
	}
}
