package split

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/gridsat/gridsat/compare"
	"github.com/gridsat/gridsat/instances"
)

// slantSplitInput writes, as game IDs, the boards the slant split test
// cuts: a generated hard unique 20x20, a planted 20x20 (many solutions),
// a not-square planted 12x8, and from compare's fixtures a 20x20 with no
// solution and one not unique.
func slantSplitInput(t *testing.T, dir string) string {
	t.Helper()
	var ids []string
	for _, args := range [][]string{
		{"gen", "slant", "--size", "20", "--seed", "4"},
		{"gen", "slant", "--size", "20", "--seed", "4", "--param", "planted=true"},
		{"gen", "slant", "--size", "12x8", "--seed", "4", "--param", "planted=true"},
	} {
		out, stderr, code := gridsat(t, "", args...)
		if code != 0 {
			t.Fatalf("gridsat %v: exit %d\n%s", args, code, stderr)
		}
		cases, err := instances.ParseSlant("gen", strings.NewReader(out))
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, instances.SlantGameID(cases[0]))
	}
	changed, err := instances.ReadFile(filepath.Join("..", "..", "..", "..", "compare", "puzzles", "testdata", "slant_split.txt"), instances.ParseSlant)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range changed {
		if s.W == 20 {
			ids = append(ids, instances.SlantGameID(s))
		}
	}
	file := filepath.Join(dir, "whole.txt")
	if err := os.WriteFile(file, []byte(strings.Join(ids, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return file
}

var joinedSlant = regexp.MustCompile(`(?m)^\S+: joined [0-9a-f]{16} \((\d+) parts, from [^)]*\): (no solution|unique|not unique|a solution)[^(]*(\(uniqueness not asked\) )?\(([^)]*)\)$`)

// TestSplitSlantJoinsToTheWholeAnswer: slant cases split into parts, the
// parts run by both solvers with --unique in three shards, join in the
// report into what the unsplit run says (no solution, unique, not
// unique), no solution and unique cross-checked; without a shard the
// report names the missing parts and exits 1; a part whose fixed cell
// was edited is refused with file, case and line (exit 2).
func TestSplitSlantJoinsToTheWholeAnswer(t *testing.T) {
	dir := t.TempDir()
	whole := slantSplitInput(t, dir)
	rows, code := jsonRows(t, "compare", "slant", whole, "--unique")
	if code != 0 {
		t.Fatalf("unsplit: exit %d", code)
	}
	parts := filepath.Join(dir, "parts.txt")
	if out, stderr, code := gridsatProc(t, "", nil, "split", "slant", whole, "--jobs", "9", "-o", parts); code != 0 {
		t.Fatalf("split: exit %d\n%s\n%s", code, out, stderr)
	}
	var files []string
	for i := 0; i < 3; i++ {
		file := filepath.Join(dir, fmt.Sprintf("s%d.jsonl", i))
		if out, stderr, code := gridsatProc(t, "", nil, "compare", "slant", parts, "--unique", "--shard", fmt.Sprintf("%d/3", i), "--results", file); code != 0 {
			t.Fatalf("shard %d: exit %d\n%s\n%s", i, code, out, stderr)
		}
		files = append(files, file)
	}
	out, stderr, code := gridsatProc(t, "", nil, append([]string{"report"}, files...)...)
	joins := joinedSlant.FindAllStringSubmatch(out, -1)
	if code != 0 || len(joins) != len(rows) {
		t.Fatalf("report: exit %d, %d joined answers for %d cases:\n%s\n%s", code, len(joins), len(rows), out, stderr)
	}
	seen := map[string]bool{}
	for i, row := range rows {
		r := row.Runs[0].Result
		want, claim := "unique", compare.ClaimCrossChecked
		switch {
		case !r.Solved:
			want = "no solution"
		case r.Second != "":
			want, claim = "not unique", "nothing to back"
		}
		seen[want] = true
		if joins[i][2] != want || joins[i][4] != claim {
			t.Errorf("case %d: joined %q, unsplit %s (%s)", i+1, joins[i][0], want, claim)
		}
	}
	if len(seen) != 3 {
		t.Fatalf("unsplit answers %v: want no solution, unique and not unique", seen)
	}
	out, _, code = gridsatProc(t, "", nil, "report", files[0], files[2])
	if code != 1 || !regexp.MustCompile(`no answer: missing part \d+/\d+`).MatchString(out) {
		t.Fatalf("report without shard 1: exit %d, want 1 and the missing parts named:\n%s", code, out)
	}
	usageError(t, "", "no bound", "split", "slant", whole, "--jobs", "2", "--bound", "3")
	text, err := os.ReadFile(parts)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(text), "\n")
	for i, l := range lines {
		// "part 2/N of PARENT split ID jobs J fix CELLS sum SUM"
		if f := strings.Fields(l); strings.HasPrefix(l, "part 2/") && len(f) == 12 && f[9] != "-" {
			f[9] = strings.NewReplacer(`\`, "/", "/", `\`).Replace(f[9]) // the fixed cells flipped
			lines[i] = strings.Join(f, " ")
			bad := filepath.Join(dir, "bad.txt")
			if err := os.WriteFile(bad, []byte(strings.Join(lines, "\n")), 0o644); err != nil {
				t.Fatal(err)
			}
			_, stderr, code := gridsatProc(t, "", nil, "compare", "slant", bad)
			if want := fmt.Sprintf("bad.txt: case 2: line %d: part line", i+1); code != 2 || !strings.Contains(stderr, want) {
				t.Fatalf("compare over an edited part: exit %d, want 2 and %q:\n%s", code, want, stderr)
			}
			return
		}
	}
	t.Fatalf("no part 2 with fixed cells in\n%s", text)
}
