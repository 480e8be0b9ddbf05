package split

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/gridsat/gridsat/compare"
)

// byAnswer is a registered puzzle whose split parts are joined by their
// answers (compare.PartOf.ByAnswer: a smallest answer, no bound), found
// through the registry (cmd/ spells no puzzle), with an input of its
// generated boards written to dir.
func byAnswer(t *testing.T, dir string) (*compare.Puzzle, string) {
	t.Helper()
	for _, p := range compare.Puzzles() {
		if p.Split == nil || p.Generate == nil {
			continue
		}
		var buf bytes.Buffer
		for _, g := range []compare.GenConfig{p.GenSmall, {Size: "6", Count: 3, Seed: 5, Params: p.GenSmall.Params}} {
			if err := p.Generate(&buf, g); err != nil {
				t.Fatal(err)
			}
		}
		cases, err := p.Parse("whole.txt", bytes.NewReader(buf.Bytes()))
		if err != nil {
			t.Fatal(err)
		}
		var parts bytes.Buffer
		if err := p.Split(&parts, cases[:1], compare.SplitConfig{Jobs: 2, Bound: -1}); err != nil {
			t.Fatal(err)
		}
		ps, err := p.Parse("parts.txt", &parts)
		if err != nil {
			t.Fatal(err)
		}
		if of, ok := p.PartOf(ps[0]); ok && of.ByAnswer {
			file := filepath.Join(dir, "whole.txt")
			if err := os.WriteFile(file, buf.Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
			return p, file
		}
	}
	t.Skip("no registered puzzle joins its parts by their answers")
	return nil, ""
}

var joinedAnswer = regexp.MustCompile(`(?m)^\S+: joined [0-9a-f]{16} \((\d+) parts, from [^)]*\): (\S*)(,| no part)`)

// TestSplitJoinsTheSmallestAnswer: for a puzzle whose parts are joined by
// their answers, the parts run in two shards join into each case's
// unsplit answer; --bound is refused; without a shard the report names
// the missing parts and exits 1; an edited part is refused with file,
// case and line (compare's tests join boards without an answer too).
func TestSplitJoinsTheSmallestAnswer(t *testing.T) {
	dir := t.TempDir()
	p, whole := byAnswer(t, dir)
	rows, code := jsonRows(t, "compare", p.Name, whole)
	if code != 0 {
		t.Fatalf("unsplit: exit %d", code)
	}
	parts := filepath.Join(dir, "parts.txt")
	if out, stderr, code := gridsatProc(t, "", nil, "split", p.Name, whole, "--jobs", "8", "-o", parts); code != 0 {
		t.Fatalf("split: exit %d\n%s\n%s", code, out, stderr)
	}
	var files []string
	for i := 0; i < 2; i++ {
		file := filepath.Join(dir, fmt.Sprintf("s%d.jsonl", i))
		if out, stderr, code := gridsatProc(t, "", nil, "compare", p.Name, parts, "--shard", fmt.Sprintf("%d/2", i), "--results", file); code != 0 {
			t.Fatalf("shard %d: exit %d\n%s\n%s", i, code, out, stderr)
		}
		files = append(files, file)
	}
	out, stderr, code := gridsatProc(t, "", nil, append([]string{"report"}, files...)...)
	joins := joinedAnswer.FindAllStringSubmatch(out, -1)
	if code != 0 || len(joins) != len(rows) {
		t.Fatalf("report: exit %d, %d joined answers for %d cases:\n%s\n%s", code, len(joins), len(rows), out, stderr)
	}
	for i, row := range rows {
		if want := row.Runs[0].Result.Answer; joins[i][2] != want {
			t.Errorf("case %d: joined %q, unsplit %q", i+1, joins[i][2], want)
		}
	}
	usageError(t, "", "no bound", "split", p.Name, whole, "--jobs", "2", "--bound", "3")
	out, _, code = gridsatProc(t, "", nil, "report", files[1])
	if code != 1 || !regexp.MustCompile(`no answer: missing part \d+/\d+`).MatchString(out) {
		t.Fatalf("report without shard 0: exit %d, want 1 and the missing parts named:\n%s", code, out)
	}
	text, err := os.ReadFile(parts)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(text), "\n")
	for i, l := range lines {
		if f := strings.Fields(l); strings.HasPrefix(l, "part 2/") && len(f) > 5 {
			f[1] = "1" + f[1][1:] // the part's number, under the same sum
			lines[i] = strings.Join(f, " ")
			bad := filepath.Join(dir, "bad.txt")
			if err := os.WriteFile(bad, []byte(strings.Join(lines, "\n")), 0o644); err != nil {
				t.Fatal(err)
			}
			_, stderr, code := gridsatProc(t, "", nil, "compare", p.Name, bad)
			if want := fmt.Sprintf("bad.txt: case 2: line %d: part line", i+1); code != 2 || !strings.Contains(stderr, want) {
				t.Fatalf("compare over an edited part: exit %d, want 2 and %q:\n%s", code, want, stderr)
			}
			return
		}
	}
	t.Fatalf("no part 2 in\n%s", text)
}
