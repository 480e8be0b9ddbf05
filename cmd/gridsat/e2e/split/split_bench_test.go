package split

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/gridsat/gridsat/compare"
)

// BenchmarkSplitParallel runs one all-target n x n case of the splittable
// puzzle (queens: gamma(Q_n)) two ways, by the dfs alone: whole, by one
// compare; and cut by gridsat split into 64 parts run by GNU parallel -j 2
// in 64 shards (one part each; GRIDSAT_SPLIT_SHARDS lists other shard
// counts, e.g. 64,16: each a sub-benchmark), joined by gridsat report (which must give the
// whole run's answer). It reports both ways' CPU time (user + system of
// the processes and the workers they waited for) and wall time, and their
// ratios, and what the parts' own solves took (their runs' CPU times in
// the results files) and the rest per shard: the fixed cost of a shard
// (a compare process and its worker). GRIDSAT_SPLIT_SIZES lists the n, or
// NxM boards (default 15); it is skipped without GNU parallel. Say the
// load (uptime) beside its figures.
//
//	GRIDSAT_SPLIT_SIZES=15,16 go test ./cmd/gridsat/e2e/split -run XXX -bench SplitParallel -benchtime 1x -timeout 2h
func BenchmarkSplitParallel(b *testing.B) {
	par, err := exec.LookPath("parallel")
	if err != nil {
		b.Skip("GNU parallel is not installed")
	}
	p := splittable(b)
	sizes := os.Getenv("GRIDSAT_SPLIT_SIZES")
	if sizes == "" {
		sizes = "15"
	}
	shards := os.Getenv("GRIDSAT_SPLIT_SHARDS")
	if shards == "" {
		shards = "64"
	}
	for _, n := range strings.Split(sizes, ",") {
		for _, k := range strings.Split(shards, ",") {
			name := "n=" + n
			if shards != "64" {
				name += "/shards=" + k
			}
			b.Run(name, func(b *testing.B) {
				count, err := strconv.Atoi(k)
				if err != nil || count < 1 || count > 64 {
					b.Fatalf("GRIDSAT_SPLIT_SHARDS: %q is not a shard count in 1..64", k)
				}
				for range b.N {
					benchSplitOnce(b, p, par, n, count)
				}
			})
		}
	}
}

// timed runs a command and returns its wall time and the CPU time of it
// and the children it waited for.
func timed(b *testing.B, name string, args ...string) (wall, cpu time.Duration) {
	b.Helper()
	cmd := exec.Command(name, args...)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	start := time.Now()
	if err := cmd.Run(); err != nil {
		b.Fatalf("%s %v: %v\n%s", name, args, err, out.String())
	}
	wall = time.Since(start)
	return wall, cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
}

func benchSplitOnce(b *testing.B, p *compare.Puzzle, par, n string, shards int) {
	dir := b.TempDir()
	self := gridsatBin
	var buf bytes.Buffer
	if err := p.Generate(&buf, compare.GenConfig{Size: n, Count: 1, Seed: 1, Params: compare.Options{"full": "true"}}); err != nil {
		b.Fatal(err)
	}
	whole := filepath.Join(dir, "whole.txt")
	if err := os.WriteFile(whole, buf.Bytes(), 0o644); err != nil {
		b.Fatal(err)
	}
	wWall, wCPU := timed(b, self, "compare", p.Name, whole, "--solvers", "dfs", "--timeout", "2h", "-j", "1", "--results", filepath.Join(dir, "whole.jsonl"))
	parts := filepath.Join(dir, "parts.txt")
	sWall, sCPU := timed(b, self, "split", p.Name, whole, "--jobs", "64", "-o", parts)
	pWall, pCPU := timed(b, par, append([]string{"--will-cite", "-j", "2", "--halt", "now,fail=1", self, "compare", p.Name, parts,
		"--solvers", "dfs", "--timeout", "2h", "-j", "1", "--shard", fmt.Sprintf("{}/%d", shards), "--results", filepath.Join(dir, "s{}.jsonl"), ":::"}, seq(shards)...)...)
	files, _ := filepath.Glob(filepath.Join(dir, "s*.jsonl"))
	solves := runsCPU(b, files)
	out, err := exec.Command(self, append([]string{"report"}, files...)...).Output()
	joins := joinedLine.FindAllStringSubmatch(string(out), -1)
	if err != nil || len(joins) != 1 {
		b.Fatalf("report over the parts: %v, %d joins\n%s", err, len(joins), out)
	}
	jsonOut, err := exec.Command(self, "report", filepath.Join(dir, "whole.jsonl"), "--format", "json").Output()
	var rep struct {
		Rows []compare.Row `json:"rows"`
	}
	if err != nil || json.Unmarshal(jsonOut, &rep) != nil || len(rep.Rows) != 1 {
		b.Fatalf("report over the whole run: %v\n%s", err, jsonOut)
	}
	want, _ := p.Value(rep.Rows[0].Runs[0].Result)
	got, _, _ := strings.Cut(joins[0][3], ",")
	if g, err := strconv.Atoi(got); err != nil || g != want {
		b.Fatalf("joined %q, the whole run %d", joins[0][3], want)
	}
	load, _ := os.ReadFile("/proc/loadavg")
	fixed := (pCPU - solves) / time.Duration(shards)
	b.Logf("n=%s answer %d (%s): whole cpu %.2fs wall %.2fs; split cpu %.2fs wall %.2fs; 64 parts in %d shards by parallel -j 2 cpu %.2fs wall %.2fs (the parts' solves %.2fs, the rest %.1f ms a shard): cpu x%.2f, wall x%.2f; load %s",
		n, want, joins[0][3], wCPU.Seconds(), wWall.Seconds(), sCPU.Seconds(), sWall.Seconds(), shards, pCPU.Seconds(), pWall.Seconds(),
		solves.Seconds(), fixed.Seconds()*1000, (pCPU+sCPU).Seconds()/wCPU.Seconds(), (pWall+sWall).Seconds()/wWall.Seconds(), strings.TrimSpace(string(load)))
	b.ReportMetric(wCPU.Seconds(), "whole-cpu-s")
	b.ReportMetric((pCPU + sCPU).Seconds(), "split-cpu-s")
	b.ReportMetric((pCPU+sCPU).Seconds()/wCPU.Seconds(), "cpu-ratio")
	b.ReportMetric((pWall+sWall).Seconds()/wWall.Seconds(), "wall-ratio")
	b.ReportMetric(fixed.Seconds()*1000, "shard-fixed-ms")
}

// runsCPU sums the CPU times of the runs recorded in results files.
func runsCPU(b *testing.B, files []string) time.Duration {
	var sum time.Duration
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		for _, line := range bytes.Split(bytes.TrimSpace(data), []byte("\n")) {
			var rec struct {
				Kind string
				Run  *struct{ Run compare.Run }
			}
			if err := json.Unmarshal(line, &rec); err != nil {
				b.Fatalf("%s: %v", f, err)
			}
			if rec.Kind == "run" && rec.Run != nil {
				sum += rec.Run.Run.CPU
			}
		}
	}
	return sum
}

// seq is "0".."n-1", GNU parallel's arguments.
func seq(n int) []string {
	s := make([]string, n)
	for i := range s {
		s[i] = fmt.Sprint(i)
	}
	return s
}
