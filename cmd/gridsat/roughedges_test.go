package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// Issue 32, item 8: counts agree with their nouns. No format string of
// the command line or the reports prints "%d runs" (or cases, proofs,
// pairs) where the count may be 1 ("ran 1 runs"): compare.Count says
// "1 run". Test files aside.
func TestNoBarePlurals(t *testing.T) {
	bare := regexp.MustCompile(`%d (runs|cases|proofs|pairs|files|repeats)\b`)
	for _, dir := range []string{".", filepath.Join(repoRoot, "compare", "report")} {
		files, _ := filepath.Glob(filepath.Join(dir, "*.go"))
		for _, f := range files {
			if strings.HasSuffix(f, "_test.go") {
				continue
			}
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			for i, line := range strings.Split(string(b), "\n") {
				if m := bare.FindString(line); m != "" && !strings.Contains(line, "plural-ok") {
					t.Errorf("%s:%d: %q prints \"1 %s\" for one: use compare.Count", f, i+1, m, strings.TrimPrefix(m, "%d "))
				}
			}
		}
	}
}

// TestRoughEdges: solve --certify with a solver that cannot prove says
// which can; a missing exec solver is not answered with another's
// install line.
func TestRoughEdges(t *testing.T) {
	in := slantInput(t, t.TempDir())
	usageError(t, "", "--certify: solver dfs writes no proofs; the sat solver does: --solver sat --certify", "solve", "slant", in, "--certify")
	t.Setenv("PATH", t.TempDir()) // no solver on it
	usageError(t, "", "install kissat or give its path", "solve", "slant", in, "--solver", "sat:backend=exec:kissat")
	_, stderr, _ := gridsat(t, "", "solve", "slant", in, "--solver", "sat:backend=exec:kissat")
	if strings.Contains(stderr, "apt-get install cadical") {
		t.Errorf("a missing kissat is answered with cadical's install line: %s", stderr)
	}
}

// TestVersionSaysRevision: --version names the revision built from, or
// says how to record one; -ldflags -X sets it when the build records
// none (this machine's Go builds with -buildvcs=false).
func TestVersionSaysRevision(t *testing.T) {
	if got := versionLine("unknown"); !strings.Contains(got, "-ldflags") || !strings.Contains(got, "-buildvcs=true") {
		t.Errorf("versionLine(unknown) = %q: does not say how to record the revision", got)
	}
	if got := versionLine("abc1234"); !strings.HasSuffix(got, "(revision abc1234)") {
		t.Errorf("versionLine(abc1234) = %q", got)
	}
	bin := filepath.Join(t.TempDir(), "gridsat")
	build := exec.Command("go", "build", "-buildvcs=false", "-ldflags", "-X github.com/gridsat/gridsat/compare.Revision=feedbee", "-o", bin, ".")
	if out, err := build.CombinedOutput(); err != nil {
		t.Skipf("go build: %v\n%s", err, out)
	}
	out, err := exec.Command(bin, "--version").Output()
	if err != nil || !strings.Contains(string(out), "(revision feedbee") {
		t.Errorf("gridsat --version built with -X Revision=feedbee: %q, %v", out, err)
	}
}
