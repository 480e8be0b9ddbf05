package split

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/gridsat/gridsat/compare"
)

// splittable is a registered puzzle that gridsat split can cut with a
// bound and that generates "full" boards, as these tests ask (named
// through the registry: cmd/ spells no puzzle).
func splittable(t testing.TB) *compare.Puzzle {
	t.Helper()
	for _, p := range compare.Puzzles() {
		full := slices.ContainsFunc(p.GenParams, func(d compare.OptionDoc) bool { return d.Name == "full" })
		if p.Split != nil && p.Generate != nil && full {
			return p
		}
	}
	t.Skip("no registered puzzle can be split")
	return nil
}

// splitInput writes the boards the split tests cut: the puzzle's small
// generated ones and two with every square a target.
func splitInput(t testing.TB, p *compare.Puzzle, dir string) string {
	t.Helper()
	var buf bytes.Buffer
	if err := p.Generate(&buf, p.GenSmall); err != nil {
		t.Fatal(err)
	}
	text := strings.TrimSuffix(buf.String(), "0\n")
	for _, size := range []string{"7x7", "5x8"} {
		buf.Reset()
		if err := p.Generate(&buf, compare.GenConfig{Size: size, Count: 1, Seed: 1, Params: compare.Options{"full": "true"}}); err != nil {
			t.Fatal(err)
		}
		text += strings.TrimSuffix(buf.String(), "0\n")
	}
	file := filepath.Join(dir, "whole.txt")
	if err := os.WriteFile(file, []byte(text+"0\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return file
}

var joinedLine = regexp.MustCompile(`(?m)^\S+: joined [0-9a-f]{16} \((\d+) parts, bound (\d+), from [^)]*\): (.*)$`)

// TestSplitJoinsToTheWholeAnswer cuts cases into parts, runs the parts in
// three shards, and checks that the report joins them into each case's
// unsplit answer; with a shard left out it names the missing parts and
// exits 1.
func TestSplitJoinsToTheWholeAnswer(t *testing.T) {
	p := splittable(t)
	dir := t.TempDir()
	whole := splitInput(t, p, dir)
	rows, code := jsonRows(t, "compare", p.Name, whole)
	if code != 0 {
		t.Fatalf("unsplit: exit %d", code)
	}
	parts := filepath.Join(dir, "parts.txt")
	if out, stderr, code := gridsatProc(t, "", nil, "split", p.Name, whole, "--jobs", "9", "-o", parts); code != 0 {
		t.Fatalf("split: exit %d\n%s\n%s", code, out, stderr)
	}
	var files []string
	for i := 0; i < 3; i++ {
		file := filepath.Join(dir, fmt.Sprintf("s%d.jsonl", i))
		if out, stderr, code := gridsatProc(t, "", nil, "compare", p.Name, parts, "--shard", fmt.Sprintf("%d/3", i), "--results", file); code != 0 {
			t.Fatalf("shard %d: exit %d\n%s\n%s", i, code, out, stderr)
		}
		files = append(files, file)
	}
	out, stderr, code := gridsatProc(t, "", nil, append([]string{"report"}, files...)...)
	if code != 0 {
		t.Fatalf("report: exit %d\n%s\n%s", code, out, stderr)
	}
	joins := joinedLine.FindAllStringSubmatch(out, -1)
	if len(joins) != len(rows) {
		t.Fatalf("%d joined answers for %d cases:\n%s", len(joins), len(rows), out)
	}
	for i, row := range rows {
		want, err := p.Value(row.Runs[0].Result)
		if err != nil {
			t.Fatal(err)
		}
		got, _, ok := strings.Cut(joins[i][3], ",")
		if n, err := strconv.Atoi(got); !ok || err != nil || n != want {
			t.Errorf("case %d: joined %q, unsplit %d", i+1, joins[i][3], want)
		}
		if !strings.Contains(joins[i][3], compare.ClaimCrossChecked) && !strings.Contains(joins[i][3], compare.ClaimBound) && !strings.Contains(joins[i][3], "nothing to back") {
			t.Errorf("case %d: joined %q, want it cross-checked or by a bound", i+1, joins[i][3])
		}
	}
	out, _, code = gridsatProc(t, "", nil, "report", files[0], files[2])
	if code != 1 || !regexp.MustCompile(`no answer: missing part \d+/\d+`).MatchString(out) {
		t.Fatalf("report without shard 1: exit %d, want 1 and the missing parts named:\n%s", code, out)
	}
}

// TestSplitPartCorrupted: a part whose restriction was edited is refused
// by compare, as bad input naming file, case and line (exit 2).
func TestSplitPartCorrupted(t *testing.T) {
	p := splittable(t)
	dir := t.TempDir()
	whole := splitInput(t, p, dir)
	out, stderr, code := gridsatProc(t, "", nil, "split", p.Name, whole, "--jobs", "4")
	if code != 0 {
		t.Fatalf("split: exit %d\n%s", code, stderr)
	}
	lines := strings.Split(out, "\n")
	second := -1 // the second part's first restricted row
	for i, l := range lines {
		if strings.HasPrefix(l, "part 2/") {
			second = i
			break
		}
	}
	if second < 0 {
		t.Fatalf("no part 2 in\n%s", out)
	}
	bad := ""
	for i := second + 2; i < len(lines) && bad == ""; i++ {
		if j := strings.IndexAny(lines[i], "Qq"); j >= 0 {
			lines[i] = lines[i][:j] + "." + lines[i][j+1:]
			bad = strings.Join(lines, "\n")
		}
	}
	file := filepath.Join(dir, "bad.txt")
	if err := os.WriteFile(file, []byte(bad), 0o644); err != nil {
		t.Fatal(err)
	}
	_, stderr, code = gridsatProc(t, "", nil, "compare", p.Name, file)
	if want := fmt.Sprintf("bad.txt: case 2: line %d: part line", second+1); code != 2 || !strings.Contains(stderr, want) {
		t.Fatalf("compare over an edited part: exit %d, want 2 and %q:\n%s", code, want, stderr)
	}
}

// TestSplitCertifiedJoin: parts solved with --certify keep their proofs,
// report --proofs checks them again against each part's own formula, and
// the join is certified.
func TestSplitCertifiedJoin(t *testing.T) {
	p := splittable(t)
	dir := t.TempDir()
	var buf bytes.Buffer
	if err := p.Generate(&buf, compare.GenConfig{Size: "8", Count: 1, Seed: 1, Params: compare.Options{"full": "true"}}); err != nil {
		t.Fatal(err)
	}
	whole, parts := filepath.Join(dir, "whole.txt"), filepath.Join(dir, "parts.txt")
	if err := os.WriteFile(whole, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, stderr, code := gridsatProc(t, "", nil, "split", p.Name, whole, "--jobs", "5", "--bound", "4", "-o", parts); code != 0 {
		t.Fatalf("split: exit %d\n%s", code, stderr)
	}
	runs, proofs := filepath.Join(dir, "runs.jsonl"), filepath.Join(dir, "proofs")
	if _, stderr, code := gridsatProc(t, "", nil, "compare", p.Name, parts, "--solvers", "sat", "--certify", "--proofs", proofs, "--results", runs); code != 0 {
		t.Fatalf("compare: exit %d\n%s", code, stderr)
	}
	out, stderr, code := gridsatProc(t, "", nil, "report", runs, "--proofs", proofs)
	joins := joinedLine.FindAllStringSubmatch(out, -1)
	if code != 0 || len(joins) != 1 || !strings.HasSuffix(joins[0][3], "("+compare.ClaimCertified+")") || !strings.Contains(stderr, " 0 failed") {
		t.Fatalf("report --proofs: exit %d, joins %v, want one certified\n%s\n%s", code, joins, out, stderr)
	}
}

// TestSplitRefuses: bad uses of split exit 2 with one line saying why.
func TestSplitRefuses(t *testing.T) {
	p := splittable(t)
	dir := t.TempDir()
	whole := splitInput(t, p, dir)
	parts := filepath.Join(dir, "parts.txt")
	if _, stderr, code := gridsatProc(t, "", nil, "split", p.Name, whole, "--jobs", "3", "-o", parts); code != 0 {
		t.Fatalf("split: exit %d\n%s", code, stderr)
	}
	usageError(t, "", "--jobs must be at least 1", "split", p.Name, whole)
	usageError(t, "", "--bound -2: want at least 0", "split", p.Name, whole, "--jobs", "2", "--bound", "-2")
	usageError(t, "", "already a part", "split", p.Name, parts, "--jobs", "2")
	usageError(t, "", "no such file", "split", p.Name, filepath.Join(dir, "none.txt"), "--jobs", "2")
	for _, other := range compare.Puzzles() {
		if other.Split == nil {
			usageError(t, "", "cannot be split", "split", other.Name, whole, "--jobs", "2")
			break
		}
	}
}
