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

// TestSplitBadCommandLines: for every puzzle that can be split, a bad
// command line is exit 2 with one line saying why (naming the file and
// case where one is at fault), and nothing on standard output: --jobs out
// of 1..2^20 (a split past the part lines' count would write parts no
// parser reads; 2^20 on a small board once ran for minutes), an empty
// input, a file that is already parts, --out naming the input (split
// once replaced the whole cases with their parts), a --bound no part
// line may carry (queens: past the board's squares; the others take
// none).
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
				{"refusing to write over it", []string{whole, "--jobs", "2", "-o", whole}},
				{"-parts.txt: case 1 (line ", []string{parts, "--jobs", "2"}},
				{"it is already a part", []string{parts, "--jobs", "2"}},
			} {
				usageError(t, "", tt.want, append([]string{"split", p.Name}, tt.args...)...)
			}
		})
	}
}

// TestSplitShardsCutAndRecheck: the parts of one case run in two shards
// join through report --recheck=all (every run re-run, none
// contradicted); a results file whose runs of a part were edited to say
// -1 joins to a wrong "more than the bound" without --recheck (a record
// is believed until rechecked: the claim is labelled), and with it the
// contradiction is named, the part's re-run answer joined, exit 1; a
// shard's results file cut mid-line in its last run (killed) names the
// line, keeps the runs before it, and the join names the part it leaves
// unsettled (exit 1).
func TestSplitShardsCutAndRecheck(t *testing.T) {
	dir := t.TempDir()
	whole := filepath.Join(dir, "q.txt")
	full := "6 6\n" + strings.Repeat("XXXXXX\n", 6) + "0\n"
	if err := os.WriteFile(whole, []byte(full), 0o644); err != nil {
		t.Fatal(err)
	}
	parts := filepath.Join(dir, "parts.txt")
	if _, stderr, code := gridsatProc(t, "", nil, "split", "queens", whole, "--jobs", "4", "--bound", "3", "-o", parts); code != 0 {
		t.Fatalf("split: exit %d\n%s", code, stderr)
	}
	var files []string
	for i := 0; i < 2; i++ {
		file := filepath.Join(dir, fmt.Sprintf("s%d.jsonl", i))
		if _, stderr, code := gridsatProc(t, "", nil, "compare", "queens", parts, "--shard", fmt.Sprintf("%d/2", i), "--results", file); code != 0 {
			t.Fatalf("shard %d: exit %d\n%s", i, code, stderr)
		}
		files = append(files, file)
	}
	joined := regexp.MustCompile(`joined [0-9a-f]{16} \(4 parts, bound 3, from [^)]*\): (.*)`)
	out, stderr, code := gridsatProc(t, "", nil, append([]string{"report", "--recheck=all"}, files...)...)
	m := joined.FindStringSubmatch(out)
	if code != 0 || m == nil || !strings.HasPrefix(m[1], "3, in part ") || !strings.Contains(stderr, "0 contradict it") {
		t.Fatalf("report --recheck=all: exit %d, join %q\n%s\n%s", code, m, out, stderr)
	}
	part := regexp.MustCompile(`in part (\d+)/4`).FindStringSubmatch(m[1])[1]
	lie, cut := filepath.Join(dir, "lie.jsonl"), filepath.Join(dir, "cut.jsonl")
	var lied []string
	for _, f := range files {
		text, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range strings.SplitAfter(string(text), "\n") {
			if strings.Contains(l, `"kind":"run"`) && strings.Contains(l, `"case":`+part+`,`) {
				l = regexp.MustCompile(`"solved":true,"answer":"Case (\d+): 3","witness":"[^"]*"`).ReplaceAllString(l, `"answer":"Case $1: -1"`)
			}
			lied = append(lied, l)
		}
	}
	if err := os.WriteFile(lie, []byte(strings.Join(lied, "")), 0o644); err != nil {
		t.Fatal(err)
	}
	out, _, code = gridsatProc(t, "", nil, "report", lie)
	if m := joined.FindStringSubmatch(out); code != 0 || m == nil || !strings.HasPrefix(m[1], "no part has an answer of at most 3") {
		t.Fatalf("report over the edited runs: exit %d, join %q, want the edit believed\n%s", code, m, out)
	}
	out, stderr, code = gridsatProc(t, "", nil, "report", "--recheck=all", lie)
	if m := joined.FindStringSubmatch(out); code != 1 || m == nil || !strings.HasPrefix(m[1], "3, in part "+part) || !strings.Contains(stderr, "2 contradict it") {
		t.Fatalf("report --recheck=all over the edited runs: exit %d, join %q\n%s\n%s", code, m, out, stderr)
	}
	text, err := os.ReadFile(files[0])
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(text), "\n")
	for !strings.Contains(lines[len(lines)-1], `"kind":"run"`) {
		lines = lines[:len(lines)-1] // the footer: the shard was killed
	}
	last := lines[len(lines)-1]
	caseNo := regexp.MustCompile(`"case":(\d+),`).FindStringSubmatch(last)[1]
	if err := os.WriteFile(cut, []byte(strings.Join(lines[:len(lines)-1], "")+last[:len(last)/2]), 0o644); err != nil {
		t.Fatal(err)
	}
	out, stderr, code = gridsatProc(t, "", nil, "report", cut)
	if want := fmt.Sprintf("cut.jsonl line %d is cut mid-line", len(lines)); code != 1 || !strings.Contains(stderr, want) {
		t.Fatalf("report over a cut file: exit %d, want 1 and %q\n%s", code, want, stderr)
	}
	// The cut run's part is unsettled, unless its other solver's run came
	// first (the workers' order): then that run settles it, claimed, and
	// the row shows the cut run missing.
	row := regexp.MustCompile(`(?m)^.*parts\.txt#` + caseNo + ` .*$`).FindString(out)
	m = joined.FindStringSubmatch(out)
	if m == nil || !strings.HasPrefix(m[1], "no answer") || !strings.Contains(m[1], "unsettled part "+caseNo+"/4") && !strings.Contains(row, "missing") {
		t.Fatalf("report over a cut file: join %q, row %q: want the cut part %s/4 named unsettled, or its cut run missing\n%s", m, row, caseNo, out)
	}
}
