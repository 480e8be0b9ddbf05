package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/gridsat/gridsat/compare"
	"github.com/gridsat/gridsat/compare/harness"
)

// headerMachine reads the machine record of a results file's header, and
// its footer.
func headerMachine(t *testing.T, file string) (*compare.Machine, *harness.Footer) {
	t.Helper()
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var m *compare.Machine
	var f *harness.Footer
	for _, line := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		var rec harness.Record
		if err := json.Unmarshal([]byte(line), &rec); err != nil {
			t.Fatal(err)
		}
		if rec.Header != nil {
			m = rec.Header.Machine
		}
		if rec.Footer != nil {
			f = rec.Footer
		}
	}
	if m == nil || f == nil {
		t.Fatalf("%s: machine %v, footer %v", file, m, f)
	}
	return m, f
}

// Two shards with repeats, run pinned, merge into rows of every repeat;
// the machine record round-trips through report; a shard measured on
// another CPU model is refused without --mixed-machines.
func TestShardsWithRepeatsAndMachines(t *testing.T) {
	dir := t.TempDir()
	var files []string
	for i := range 2 {
		file := filepath.Join(dir, fmt.Sprintf("s%d.jsonl", i))
		_, stderr, code := gridsatProc(t, "", nil, "compare", "slant", "sample", "--repeat", "3", "--warmup", "1", "--seed", "9",
			"--shard", fmt.Sprintf("%d/2", i), "--results", file, "--pin", "-j", "1")
		if code != 0 {
			t.Fatalf("shard %d: exit %d: %s", i, code, stderr)
		}
		files = append(files, file)
	}
	m, _ := headerMachine(t, files[0])
	_, footer := headerMachine(t, files[1]) // the latest comparison's end
	if m.CPUModel == "" || m.LogicalCPUs < 1 || m.GoVersion == "" || m.Revision == "" || m.Backends["gophersat"] == "" || len(m.Pinned) != 1 {
		t.Errorf("machine record %+v", m)
	}
	out, stderr, code := gridsatProc(t, "", nil, append([]string{"report", "--format", "json"}, files...)...)
	if code != 0 {
		t.Fatalf("report: exit %d: %s", code, stderr)
	}
	var rep struct {
		Machines []compare.MachineRun `json:"machines"`
		Rows     []compare.Row        `json:"rows"`
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	if len(rep.Machines) != 1 || !reflect.DeepEqual(rep.Machines[0].Machine, m) {
		t.Errorf("report's machines %+v, want the header's %+v", rep.Machines, m)
	} else if !reflect.DeepEqual(rep.Machines[0].LoadEnd, footer.LoadEnd) {
		t.Errorf("report's load at the end %v, the footers' %v", rep.Machines[0].LoadEnd, footer.LoadEnd)
	}
	if len(rep.Rows) != 2 {
		t.Fatalf("%d rows", len(rep.Rows))
	}
	for _, row := range rep.Rows {
		if len(row.Repeats) != 2 || len(row.Repeats[0]) != 3 || len(row.Repeats[1]) != 3 || row.Runs[1].Spread == nil || row.Failed() {
			t.Errorf("%s: repeats %v, problems %v", row.Where(), row.Repeats, row.Problems)
		}
	}
	table, _, _ := gridsatProc(t, "", nil, append([]string{"report"}, files...)...)
	if !strings.Contains(table, "machine: "+m.CPUModel) {
		t.Errorf("the table report does not show the machine:\n%s", table)
	}
	// Shard 1 on another CPU model.
	b, _ := os.ReadFile(files[1])
	other := strings.ReplaceAll(string(b), `"cpu_model":`+quote(m.CPUModel), `"cpu_model":"Other CPU 9000"`)
	os.WriteFile(files[1], []byte(other), 0o644)
	_, stderr, code = gridsatProc(t, "", nil, append([]string{"report"}, files...)...)
	if code != 2 || !strings.Contains(stderr, "--mixed-machines") {
		t.Errorf("shards of two CPU models: exit %d, %s", code, stderr)
	}
	table, stderr, code = gridsatProc(t, "", nil, append([]string{"report", "--mixed-machines"}, files...)...)
	if code != 0 || !strings.Contains(table, "machine 2: Other CPU 9000") || !strings.Contains(table, "on machine 2 (Other CPU 9000)") {
		t.Errorf("--mixed-machines: exit %d, %s\n%s", code, stderr, table)
	}
}

func quote(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

func TestPinRefusesMoreJobsThanCPUs(t *testing.T) {
	for _, args := range [][]string{
		{"compare", "slant", "sample", "--pin", "-j", "4097"},
		{"compare", "slant", "sample", "--pin", "--inproc"},
		{"compare", "slant", "sample", "--repeat", "0"},
		{"compare", "slant", "sample", "--warmup", "-1"},
		{"compare", "slant", "sample", "--time", "user"},
	} {
		out, stderr, code := gridsatProc(t, "", nil, args...)
		if code != 2 || out != "" || strings.Count(strings.TrimSpace(stderr), "\n") != 0 {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want 2, nothing, one line", args, code, out, stderr)
		}
	}
}

// The bootstrap's seed is recorded in --out's header without --repeat too:
// report prints the confidence interval compare printed (it used seed 1).
// queens seed has 10 cases: an interval needs 5 pairs.
func TestReportKeepsBootstrapSeed(t *testing.T) {
	runs := filepath.Join(t.TempDir(), "runs.jsonl")
	out, stderr, code := gridsat(t, "", "compare", "queens", "seed", "--inproc", "--results", runs)
	if code != 0 {
		t.Fatalf("compare: exit %d\n%s\n%s", code, out, stderr)
	}
	ci := regexp.MustCompile(`95% CI [^ ]+ \(bootstrap, seed [0-9]+,`)
	first := ci.FindString(out)
	if first == "" || strings.Contains(first, "seed 1,") {
		t.Fatalf("compare printed no CI with a fresh seed:\n%s", out)
	}
	out, stderr, code = gridsat(t, "", "report", runs)
	if again := ci.FindString(out); code != 0 || again != first {
		t.Errorf("compare printed %q, report %q (exit %d)\n%s", first, again, code, stderr)
	}
}
