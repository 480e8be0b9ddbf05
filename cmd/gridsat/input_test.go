package main

import (
	"encoding/csv"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// One small well-formed input per puzzle.
var samples = map[string]string{
	"slant":  "1\n3\n....\n..4.\n.22.\n.2..\n",
	"queens": "2 3\nX.X\n...\n0\n",
	"chain":  "3 3\n0 2 0\n1 1 1\n2 0 2\n",
}

// Every way of naming the input is read once, by the parent: a file,
// standard input as -, /dev/stdin, a pipe such as <(cat file).
func TestCompareReadsEveryKindOfInput(t *testing.T) {
	file := filepath.Join(t.TempDir(), "in.txt")
	os.WriteFile(file, []byte(samples["slant"]), 0o644)
	check := func(how, out, stderr string, code int) {
		t.Helper()
		recs, err := csv.NewReader(strings.NewReader(out)).ReadAll()
		if code != 0 || err != nil || len(recs) != 2 {
			t.Fatalf("%s: exit %d, %d records, %v\n%s\n%s", how, code, len(recs), err, out, stderr)
		}
		for i, h := range recs[0] {
			if strings.HasSuffix(h, ".verdict") && recs[1][i] != "ok" {
				t.Errorf("%s: %s = %s", how, h, recs[1][i])
			}
		}
	}
	args := []string{"compare", "slant", "--format", "csv", "--timeout", "30s"}
	out, stderr, code := gridsatProc(t, samples["slant"], nil, append(args, "-")...)
	check("-", out, stderr, code)
	out, stderr, code = gridsatProc(t, samples["slant"], nil, append(args, "/dev/stdin")...)
	check("/dev/stdin", out, stderr, code)
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	go func() { w.WriteString(samples["slant"]); w.Close() }()
	out, stderr, code = gridsatProc(t, "", []*os.File{r}, append(args, "/dev/fd/3")...)
	r.Close()
	check("a pipe", out, stderr, code)
}

// The same input rules for every puzzle, in solve and compare alike.
func TestInputRules(t *testing.T) {
	for name, sample := range samples {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			write := func(file, text string) string {
				path := filepath.Join(dir, file)
				os.WriteFile(path, []byte(text), 0o644)
				return path
			}
			// A BOM is skipped, and comment lines are allowed.
			want, stderr, code := gridsatProc(t, sample, nil, "solve", name)
			if code != 0 {
				t.Fatalf("sample: exit %d: %s", code, stderr)
			}
			got, stderr, code := gridsatProc(t, "\ufeff# with a BOM\n"+sample, nil, "solve", name)
			if code != 0 || got != want {
				t.Errorf("BOM: exit %d, %q, want %q (%s)", code, got, want, stderr)
			}
			bad := []struct{ why, text, want string }{
				{"empty", "", "no cases"},
				{"blank", "\n\n  \n", "no cases"},
				{"garbage", "hello world\nthis is not a puzzle\n", "in.txt: "},
				{"huge number", map[string]string{"slant": "99999999999999999999\n", "queens": "99999999999999999999 1\n", "chain": "3 99999999999999999999\n"}[name], "out of range"},
				{"row split over two lines", wrapRow(name, sample), "line "},
			}
			if name != "chain" { // chain boards run to the end of the input
				bad = append(bad, struct{ why, text, want string }{"trailing data", sample + sample, "trailing data"})
			}
			for _, b := range bad {
				file := write("in.txt", b.text)
				for _, cmd := range [][]string{{"solve", name, file}, {"compare", name, file}} {
					stdout, stderr, code := gridsatProc(t, "", nil, cmd...)
					if code != exitUsage || !strings.Contains(stderr, b.want) || !strings.Contains(stderr, "in.txt") {
						t.Errorf("%s: gridsat %s: exit %d, stderr %q; want exit 2 naming in.txt and %q", b.why, cmd[0], code, stderr, b.want)
					}
					if cmd[0] == "compare" && stdout != "" {
						t.Errorf("%s: compare printed a table for bad input:\n%s", b.why, stdout)
					}
				}
			}
		})
	}
}

// wrapRow moves the last field of a board row of sample to a line of its
// own: rows do not wrap in any format.
func wrapRow(name, sample string) string {
	lines := strings.Split(sample, "\n")
	i := map[string]int{"slant": 3, "queens": 1, "chain": 1}[name]
	row := lines[i]
	if f := strings.Fields(row); len(f) > 1 {
		lines[i] = strings.Join(f[:len(f)-1], " ") + "\n" + f[len(f)-1]
	} else {
		lines[i] = row[:len(row)-1] + "\n" + row[len(row)-1:]
	}
	return strings.Join(lines, "\n")
}

// chain's -1 is an answer, as the judge prints it: exit 0. A slant case
// with no solution prints nothing and exits 1.
func TestNoSolutionExitStatus(t *testing.T) {
	out, stderr, code := gridsatProc(t, "3 3\n1 2 0\n1 1 1\n2 0 2\n", nil, "solve", "chain")
	if code != 0 || strings.TrimSpace(out) != "-1" {
		t.Errorf("chain -1: exit %d, %q (%s)", code, out, stderr)
	}
	out, _, code = gridsatProc(t, "1\n1\n2.\n..\n", nil, "solve", "slant")
	if code != exitFail || out != "" {
		t.Errorf("unsolvable slant: exit %d, %q", code, out)
	}
}

// Resume reuses only what stands for a run now: --unique changes the key,
// a timeout is re-run when the limit grew, and a cut last line is cut off
// before the next run appends.
func TestResumeRerunsWhatChanged(t *testing.T) {
	dir := t.TempDir()
	runs := filepath.Join(dir, "runs.jsonl")
	say := func(args ...string) (string, string) {
		t.Helper()
		out, stderr, code := gridsatProc(t, "", nil, append(args, "--results", runs, "--resume")...)
		if code != 0 {
			t.Fatalf("gridsat %v: exit %d\n%s\n%s", args, code, out, stderr)
		}
		return out, stderr
	}
	say("compare", "slant", "sample")
	out, _ := say("compare", "slant", "sample")
	if !strings.Contains(out, "runs: 4 reused from the results file, 0 run now") {
		t.Errorf("plain resume:\n%s", out)
	}
	// Other options are another comparison: report could not read a file
	// holding both, so it is refused, untouched (its runs were reused
	// by none of the new ones).
	before, _ := os.ReadFile(runs)
	usageError(t, "", `other solver options (dfs: unique "false" vs "true")`, "compare", "slant", "sample", "--unique", "--results", runs, "--resume")
	fileIs(t, "--resume --unique", runs, string(before))
	// A cut last line, as a kill mid-write leaves: cut off, then appended
	// after.
	f, _ := os.OpenFile(runs, os.O_APPEND|os.O_WRONLY, 0)
	f.WriteString(`{"kind":"run","run":{"puzzle":"sla`)
	f.Close()
	out, stderr := say("compare", "slant", "sample")
	if !strings.Contains(stderr, "cut off an unfinished last line") || !strings.Contains(out, "runs: 4 reused") {
		t.Errorf("after a cut line:\n%s\n%s", out, stderr)
	}
	// gamma(Q_25) by the DFS (13, found by long parallel computations;
	// a case no solver here settles within seconds, where Q_14 by SAT
	// once was and no longer is): past 1s; with 2s it is re-run, not
	// reused.
	q := filepath.Join(dir, "q25.txt")
	os.WriteFile(q, []byte("25 25\n"+strings.Repeat(strings.Repeat("X", 25)+"\n", 25)+"0\n"), 0o644)
	qruns := filepath.Join(dir, "q.jsonl")
	for i, limit := range []string{"1s", "1s", "2s"} {
		out, stderr, code := gridsatProc(t, "", nil, "compare", "queens", q, "--solvers", "dfs", "--timeout", limit, "--results", qruns, "--resume")
		want := []string{"0 reused from the results file, 1 run now", "1 reused from the results file, 0 run now", "0 reused from the results file, 1 run now"}[i]
		if code != 0 || !strings.Contains(out, "timeout") || !strings.Contains(out, want) {
			t.Errorf("--timeout %s (run %d): exit %d, want %q\n%s\n%s", limit, i+1, code, want, out, stderr)
		}
	}
}

// Equal boards at different case numbers are different runs: queens
// answers name their case ("Case 2: 1"), so a run of case 1 stands for
// neither case 2 nor case 1 of a file where the boards swapped places.
// Resuming must reuse every run and find no answer wrong.
func TestResumeEqualBoardsAtOtherNumbers(t *testing.T) {
	dir := t.TempDir()
	boards := filepath.Join(dir, "boards.txt")
	os.WriteFile(boards, []byte("2 2\nXX\nXX\n3 3\nX..\n...\n..X\n2 2\nXX\nXX\n0\n"), 0o644)
	runs := filepath.Join(dir, "runs.jsonl")
	for i, want := range []string{"0 reused from the results file, 6 run now", "6 reused from the results file, 0 run now"} {
		out, stderr, code := gridsatProc(t, "", nil, "compare", "queens", boards, "--results", runs, "--resume")
		if code != 0 || strings.Contains(out, "WRONG") || !strings.Contains(out, want) {
			t.Errorf("run %d: exit %d, want %q and no WRONG\n%s\n%s", i+1, code, want, out, stderr)
		}
	}
}
