package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// Issue 32, item 6: a comparison's statistics do not move when it is
// resumed or reported: the bootstrap seed is the one its first run drew
// (recorded in the results file's header), and when every run is reused
// the machine and load printed are those recorded when the runs were
// measured, not the load of the moment.
func TestStatisticsReproducible(t *testing.T) {
	runs := filepath.Join(t.TempDir(), "runs.jsonl")
	args := []string{"compare", "slant", "--inproc", "--solvers", "dfs,sat", "--results", runs}
	first, stderr, code := gridsat(t, "", args...)
	if code != 0 {
		t.Fatalf("compare: exit %d, %s", code, stderr)
	}
	// The loads recorded, made unmistakable: no machine has them now.
	text := string(readFile(t, runs))
	text = regexp.MustCompile(`"load_start":\[[^]]*\]`).ReplaceAllString(text, `"load_start":[101.25,102.5,103.75]`)
	text = regexp.MustCompile(`"load_end":\[[^]]*\]`).ReplaceAllString(text, `"load_end":[104.5,105,106]`)
	if err := os.WriteFile(runs, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	seedLine := regexp.MustCompile(`(?m)^.*bootstrap, seed \d+.*$`)
	want := seedLine.FindString(first)
	if want == "" {
		t.Fatalf("the first run printed no bootstrap interval:\n%s", first)
	}
	for _, again := range [][]string{append(args, "--resume"), append(args, "--resume"), {"report", runs}} {
		out, stderr, code := gridsat(t, "", again...)
		if code != 0 {
			t.Fatalf("%v: exit %d, %s", again, code, stderr)
		}
		if got := seedLine.FindString(out); got != want {
			t.Errorf("%v printed\n  %s\nwhere the first run printed\n  %s", again[:2], got, want)
		}
		if !strings.Contains(out, "load average: 101.25 102.50 103.75 at start, 104.50 105.00 106.00 at end") {
			t.Errorf("%v does not print the load recorded when the runs were measured:\n%s", again[:2], out)
		}
	}
}
