//go:build unix

package outputs

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// Issue 30, items 1, 2, 3, 5 and 7: every way an output can be a file
// read, a results file, a locked file, a dangling link or another output
// is refused, naming both; the ways that lose nothing pass.
func TestGuardRefuses(t *testing.T) {
	dir := t.TempDir()
	at := func(name string) string { return filepath.Join(dir, name) }
	write := func(name, text string) string {
		if err := os.WriteFile(at(name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return at(name)
	}
	in := write("q.txt", "1\n4 4\n")
	runs := write("runs.jsonl", ResultsPrefix+`"version":"x"}`+"\n")
	cut := write("cut.jsonl", `{"kind":"hea`)
	write("notes.jsonl", `{"kind":"run"}`+"\n")
	os.Link(in, at("hard.txt"))
	os.Symlink("q.txt", at("soft.txt"))
	os.Symlink("new.txt", at("dangling.txt"))
	os.Symlink("loop2", at("loop1"))
	os.Symlink("loop1", at("loop2"))
	os.Mkdir(at("P"), 0o755)
	locked := write("locked.txt", "held\n")
	lf, _ := os.Open(locked)
	defer lf.Close()
	if err := syscall.Flock(int(lf.Fd()), syscall.LOCK_EX); err != nil {
		t.Fatal(err)
	}
	stdin, _ := os.Open(in)
	defer stdin.Close()
	stdout, _ := os.OpenFile(at("out.txt"), os.O_WRONLY|os.O_CREATE, 0o644)
	defer stdout.Close()

	cases := []struct {
		name string
		add  func(g *Guard)
		want string // "" when allowed
	}{
		{"input by path", func(g *Guard) { g.Input("input", in); g.Output("-o", in) }, "-o " + in + " is also given as input"},
		{"input by hard link", func(g *Guard) { g.Input("input", in); g.Output("-o", at("hard.txt")) }, "the same file as input " + in},
		{"input by symlink", func(g *Guard) { g.Input("input", in); g.Output("--plot", at("soft.txt")) }, "--plot " + at("soft.txt") + " is the same file as input"},
		{"input by cleaned path", func(g *Guard) { g.Input("input", in); g.Output("-o", dir+"/P/../q.txt") }, "the same file as input"},
		{"stdin", func(g *Guard) { g.Stdin(stdin); g.Output("-o", in) }, "the same file as standard input"},
		{"stdin to --svg via link", func(g *Guard) { g.Stdin(stdin); g.Output("--svg", at("soft.txt")) }, "--svg"},
		{"stdout is an input", func(g *Guard) { g.Input("input", at("out.txt")); g.Stdout(stdout) }, "standard output is the same file as input"},
		{"dangling link", func(g *Guard) { g.Output("-o", at("dangling.txt")) }, "which does not exist"},
		{"dangling --out", func(g *Guard) { g.Results("--results", at("dangling.txt")); g.Output("-o", at("new.txt")) }, "does not exist"},
		{"link loop", func(g *Guard) { g.Output("-o", at("loop1")) }, "loop"},
		{"a results file as -o", func(g *Guard) { g.Output("-o", runs) }, "-o " + runs + " is a gridsat results file"},
		{"a cut results file as -o", func(g *Guard) { g.Output("-o", cut) }, "results file"},
		{"a locked file", func(g *Guard) { g.Output("-o", locked) }, "is locked by"},
		{"two outputs", func(g *Guard) { g.Output("-o", at("r.txt")); g.Output("--plot", dir+"/./r.txt") }, "--plot " + dir + "/./r.txt is the same file as -o " + at("r.txt")},
		{"-o is --proofs", func(g *Guard) { g.OutputDir("--proofs", at("zz")); g.Output("-o", at("zz")) }, "-o " + at("zz") + " is also given as --proofs"},
		{"--out is --proofs", func(g *Guard) { g.OutputDir("--proofs", at("yy")); g.Results("--results", at("yy")) }, "--proofs"},
		{"-o in --proofs", func(g *Guard) { g.OutputDir("--proofs", at("P")); g.Output("-o", at("P/a.json")) }, "-o " + at("P/a.json") + " is inside the folder of --proofs " + at("P")},
		{"--proofs in --proofs order", func(g *Guard) { g.Output("-o", at("P/a.json")); g.OutputDir("--proofs", at("P")) }, "is inside the folder of --proofs"},
		{"report --proofs P -o P/x", func(g *Guard) { g.InputDir("--proofs", at("P")); g.Output("-o", at("P/c.json")) }, "inside the folder of --proofs"},

		{"one new file twice", func(g *Guard) { g.Output("--output", at("new")); g.Results("--results", at("new")) }, "is also given as --output"},
		{"stdout twice", func(g *Guard) { g.Output("--output", "-"); g.Output("--plot", "-") }, ""},
		{"distinct files", func(g *Guard) { g.Input("input", in); g.Output("-o", at("r.txt")); g.Results("--results", runs) }, ""},
		{"--out a results file", func(g *Guard) { g.Results("--results", runs) }, ""},
		{"a file that is no results file", func(g *Guard) { g.Output("-o", at("notes.jsonl")) }, ""},
		{"/dev/null twice", func(g *Guard) {
			g.Input("input", os.DevNull)
			g.Output("-o", os.DevNull)
			g.Output("--plot", os.DevNull)
		}, ""},
		{"a link to a new file in a read folder", func(g *Guard) { g.InputDir("--proofs", at("P")); g.Output("-o", at("Pfile")) }, ""},
		{"stdin not a file", func(g *Guard) { g.Stdin(strings.NewReader("x")); g.Output("-o", in) }, ""},
	}
	for _, tc := range cases {
		var g Guard
		tc.add(&g)
		err := g.Check()
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%s: %v, want no error", tc.name, err)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("%s: %v, want an error with %q", tc.name, err, tc.want)
		}
	}
	if got, _ := os.ReadFile(in); string(got) != "1\n4 4\n" {
		t.Errorf("the input changed: %q", got)
	}
}

// IsInput knows an input by any of its names.
func TestGuardIsInput(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "case-007.cnf")
	os.WriteFile(in, []byte("p cnf 0 0\n"), 0o644)
	f, _ := os.Open(in)
	defer f.Close()
	var g Guard
	g.Stdin(f)
	if !g.IsInput(filepath.Join(dir, "./case-007.cnf")) {
		t.Error("stdin's file is not known as an input")
	}
	if g.IsInput(filepath.Join(dir, "case-001.cnf")) {
		t.Error("a missing file is an input")
	}
}

// A link's relative target is read from the link's own folder after that
// folder's links, as the kernel reads it: "../x" in a link inside a
// linked folder is x beside the folder linked to. ResolveLink must name
// the file the kernel would open, and the guard must see two names of one
// file through such links (found by a red-team pass: the text join put
// the output on ./victim while the kernel wrote sub/victim).
func TestResolveLinkThroughLinkedFolders(t *testing.T) {
	dir := t.TempDir()
	at := func(name string) string { return filepath.Join(dir, name) }
	raw := func(name string) string { return dir + "/" + name } // not cleaned: ".." stays for the kernel
	for _, d := range []string{"sub/deep", "other"} {
		if err := os.MkdirAll(at(d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for _, l := range [][2]string{
		{"sub/deep", "d"},            // d -> sub/deep
		{"../victim", "d/up"},        // read in sub/deep: sub/victim
		{"../../other/x", "d/twoup"}, // sub/deep/../../other/x: other/x
		{"d/up", "chain"},            // chain -> d/up -> sub/victim
		{"../sub/deep/../victim", "other/back"},
	} {
		if err := os.Symlink(l[0], at(l[1])); err != nil {
			t.Fatal(err)
		}
	}
	for _, f := range []string{"victim", "sub/victim"} {
		os.WriteFile(at(f), []byte(f), 0o644)
	}
	for _, tc := range []struct{ path, want string }{
		{"d/up", "sub/victim"},
		{"d/twoup", "other/x"},
		{"chain", "sub/victim"},
		{"other/back", "sub/victim"},
		{"d/../victim", "sub/victim"}, // not a link: the path as given, which the kernel reads from sub
	} {
		got, err := ResolveLink(raw(tc.path))
		if err != nil {
			t.Fatalf("%s: %v", tc.path, err)
		}
		if realPath(got) != realPath(at(tc.want)) {
			t.Errorf("ResolveLink(%s) = %s, want the file %s", tc.path, got, tc.want)
		}
	}
	// d/../victim is sub/victim to the kernel: the guard knows it as the
	// input sub/victim, and not as ./victim.
	var g Guard
	g.Input("input", at("sub/victim"))
	g.Output("-o", raw("d/../victim"))
	if err := g.Check(); err == nil || !strings.Contains(err.Error(), "the same file as input") {
		t.Errorf("-o d/../victim over input sub/victim: %v, want refused", err)
	}
	g = Guard{}
	g.Input("input", at("victim"))
	g.Output("-o", at("d/up"))
	if err := g.Check(); err != nil {
		t.Errorf("-o d/up (sub/victim) beside input ./victim: %v, want allowed", err)
	}
}
