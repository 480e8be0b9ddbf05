// Command noisebench measures how reproducible gridsat compare's figures
// are on a loaded machine (issue 19's benchmark): with a CPU hog pinned
// to one CPU, it runs each binary's comparison of slant, chain and queens
// several times, alternating binaries, and prints for each binary and
// puzzle how much one (case, solver)'s time moves between the runs
// (max/min over the runs; the median over the runs of at least 0.2 ms,
// and the worst), how much the geomean sat/dfs ratio moves, and whether
// each run's 95% confidence interval of that ratio (where the binary
// gives one) holds the other runs' ratios.
//
//	go build -o /tmp/gs ./cmd/gridsat
//	git worktree add --detach /tmp/v013 d829ed2 && (cd /tmp/v013 && go build -o /tmp/gs013 ./cmd/gridsat)
//	go run ./compare/testdata/noisebench -bin "/tmp/gs --repeat 5 --pin -j 1" -bin /tmp/gs013
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"math"
	"os"
	"os/exec"
	"sort"
	"strings"

	"github.com/gridsat/gridsat/compare"
)

type multi []string

func (m *multi) String() string     { return strings.Join(*m, "; ") }
func (m *multi) Set(s string) error { *m = append(*m, s); return nil }

// report is what noisebench reads of a JSON report: old and new fields.
type report struct {
	Time string `json:"time"`
	Rows []struct {
		File string `json:"file"`
		Case int    `json:"case"`
		Runs []struct {
			Solver  string `json:"solver"`
			Verdict string `json:"verdict"`
			CPU     int64  `json:"cpu_ns"`
			Result  struct {
				Time int64 `json:"time_ns"`
			} `json:"result"`
		} `json:"runs"`
	} `json:"rows"`
	Summary []struct {
		Ratio float64 `json:"geomean_ratio_vs_first"`
	} `json:"summary"`
	Pairs []struct {
		Ratio float64 `json:"geomean_ratio"`
		Low   float64 `json:"ci_low"`
		High  float64 `json:"ci_high"`
	} `json:"pairs"`
}

func main() {
	var bins multi
	flag.Var(&bins, "bin", "a gridsat binary and its compare flags (repeatable)")
	runs := flag.Int("runs", 4, "runs of each binary")
	hogCPU := flag.Int("hog", 1, "the CPU a busy loop (yes > /dev/null) is pinned to; -1 for none")
	puzzles := flag.String("puzzles", "slant,chain,queens", "puzzles to compare")
	flag.Parse()
	if len(bins) == 0 {
		fmt.Fprintln(os.Stderr, "noisebench: give -bin at least once")
		os.Exit(2)
	}
	if *hogCPU >= 0 {
		hog := exec.Command("taskset", "-c", fmt.Sprint(*hogCPU), "yes")
		if err := hog.Start(); err != nil {
			fmt.Fprintln(os.Stderr, "noisebench: starting the hog:", err)
			os.Exit(1)
		}
		defer func() { hog.Process.Kill(); hog.Wait() }()
	}
	got := map[string][]report{} // bin+puzzle -> one report per run
	for k := range *runs {
		for _, bin := range bins {
			for _, p := range strings.Split(*puzzles, ",") {
				f := strings.Fields(bin)
				args := append(append([]string{f[0], "compare", p}, f[1:]...), "--format", "json")
				load, _ := os.ReadFile("/proc/loadavg")
				out, err := exec.Command(args[0], args[1:]...).Output()
				var r report
				if jerr := json.Unmarshal(out, &r); jerr != nil {
					fmt.Fprintf(os.Stderr, "noisebench: %s: %v %v\n", strings.Join(args, " "), err, jerr)
					os.Exit(1)
				}
				got[bin+"\x00"+p] = append(got[bin+"\x00"+p], r)
				fmt.Fprintf(os.Stderr, "run %d: %s %s (load %s)\n", k+1, bin, p, strings.Join(strings.Fields(string(load))[:3], " "))
			}
		}
	}
	fmt.Println("| binary and flags | puzzle | runs >= 0.2 ms | time max/min over the runs: median, worst | geomean sat/dfs in each run | spread | each CI holds the others |")
	fmt.Println("|---|---|---|---|---|---|---|")
	for _, bin := range bins {
		for _, p := range strings.Split(*puzzles, ",") {
			rs := got[bin+"\x00"+p]
			n, med, worst := moves(rs)
			var ratios []string
			lo, hi := math.Inf(1), 0.0
			for _, r := range rs {
				ratio := r.Summary[1].Ratio
				ratios = append(ratios, fmt.Sprintf("%.2f", ratio))
				lo, hi = math.Min(lo, ratio), math.Max(hi, ratio)
			}
			fmt.Printf("| %s | %s | %d | %.2fx, %.2fx | %s | %.1f%% | %s |\n", bin, p, n, med, worst, strings.Join(ratios, ", "), (hi/lo-1)*100, cover(rs))
		}
	}
}

// moves is, over the (case, solver) runs solved in every run with a
// median time of at least 0.2 ms, how many there are and the median and
// largest max/min of their times over the runs.
func moves(rs []report) (n int, median, worst float64) {
	times := map[string][]float64{}
	for _, r := range rs {
		for _, row := range r.Rows {
			for _, run := range row.Runs {
				if run.Verdict != "ok" && run.Verdict != "unsat" {
					continue
				}
				t := float64(run.Result.Time)
				if r.Time == "cpu" && run.CPU > 0 {
					t = float64(run.CPU)
				}
				k := fmt.Sprintf("%s#%d %s", row.File, row.Case, run.Solver)
				times[k] = append(times[k], t)
			}
		}
	}
	var ratios []float64
	for _, ts := range times {
		if len(ts) != len(rs) {
			continue
		}
		sort.Float64s(ts)
		if compare.Quantile(ts, 0.5) < 2e5 {
			continue
		}
		ratios = append(ratios, ts[len(ts)-1]/ts[0])
	}
	if len(ratios) == 0 {
		return 0, 0, 0
	}
	sort.Float64s(ratios)
	return len(ratios), compare.Quantile(ratios, 0.5), ratios[len(ratios)-1]
}

// cover says whether each run's CI of the first pair holds every other
// run's ratio; "-" when the reports give no CI.
func cover(rs []report) string {
	var out []string
	for i, r := range rs {
		if len(r.Pairs) == 0 {
			return "-"
		}
		held := 0
		for j, o := range rs {
			if j != i && o.Pairs[0].Ratio >= r.Pairs[0].Low && o.Pairs[0].Ratio <= r.Pairs[0].High {
				held++
			}
		}
		out = append(out, fmt.Sprintf("%.2f-%.2f: %d/%d", r.Pairs[0].Low, r.Pairs[0].High, held, len(rs)-1))
	}
	return strings.Join(out, "; ")
}
