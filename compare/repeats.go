package compare

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"sort"
	"strings"
	"time"

	"gonum.org/v1/gonum/stat"

	"github.com/gridsat/gridsat/instances"
)

// With --repeat N each (case, solver) runs N times; a row then keeps every
// repeat (Row.Repeats) and stands for them with one run per solver whose
// times are the repeats' medians and whose Spread says how far they moved.

// MaxRuns bounds the runs of one comparison, cases x solvers x (repeats
// + warm-up runs): the plan is made before the first run starts (1 GB of
// the parent's memory at the bound, measured), and a --repeat of a
// hundred million ended in a fatal out-of-memory (one of 2^62 in a panic).
const MaxRuns = 10_000_000

// CheckRuns refuses a comparison of more than MaxRuns runs.
func CheckRuns(cases, solvers, repeat, warmup int) error {
	if repeat > MaxRuns || warmup > MaxRuns {
		return fmt.Errorf("--repeat %d, --warmup %d: at most %d runs in one comparison", repeat, warmup, MaxRuns)
	}
	per := repeat + warmup
	if n := cases * solvers; n > 0 && per > MaxRuns/n {
		return fmt.Errorf("%d cases x %d solvers x (--repeat %d + --warmup %d) is more than %d runs in one comparison: fewer repeats, or split the input", cases, solvers, repeat, warmup, MaxRuns)
	}
	return nil
}

// quartiles of ds; zero for none.
func quartiles(ds []time.Duration) Quartiles {
	if len(ds) == 0 {
		return Quartiles{}
	}
	x := make([]float64, len(ds))
	for i, d := range ds {
		x[i] = float64(d)
	}
	sort.Float64s(x)
	q := func(p float64) time.Duration {
		return time.Duration(stat.Quantile(p, stat.Empirical, x, nil))
	}
	return Quartiles{Min: time.Duration(x[0]), Q1: q(0.25), Median: q(0.5), Q3: q(0.75), Max: time.Duration(x[len(x)-1])}
}

// judgeRun sets a run's verdict from the verifier unless the harness set
// one.
func judgeRun(p *Puzzle, c instances.Case, run *Run) {
	defer func() {
		// A claim is certified only when its run stands: verified, and
		// its proof checked.
		run.Certified = run.Result.Certified && (run.Verdict == VerdictOK || run.Verdict == VerdictUnsat)
	}()
	if run.Verdict != "" {
		return
	}
	if err := p.Verify(c, run.Result); err != nil {
		run.Verdict, run.Detail = VerdictWrong, err.Error()
	} else if run.Result.CertError != "" {
		run.Verdict, run.Detail = VerdictWrong, "certificate: "+run.Result.CertError
	} else if run.Result.Solved {
		run.Verdict = VerdictOK
	} else {
		run.Verdict = VerdictUnsat
	}
}

// JudgeRow judges a row as Judge does; a row with repeats first judges
// every repeat, makes each solver's run stand for its repeats
// (mergeRepeats), and lists repeats that disagree on the verdict or the
// answer as problems.
func JudgeRow(p *Puzzle, c instances.Case, row *Row) {
	if len(row.Repeats) == 0 {
		Judge(p, c, row)
		return
	}
	var problems []string
	for i, reps := range row.Repeats {
		if len(reps) == 0 {
			continue // none found (a merge): the run says missing
		}
		for k := range reps {
			judgeRun(p, c, &reps[k])
		}
		var problem string
		row.Runs[i], problem = mergeRepeats(reps)
		if problem != "" {
			problems = append(problems, problem)
		}
	}
	Judge(p, c, row)
	row.Problems = append(row.Problems, problems...)
}

// mergeRepeats is the run that stands for one solver's judged repeats:
// the first repeat's verdict and answer, the medians of their times, the
// largest peak memory, and their spread; problem says how they disagree,
// "" when they do not.
func mergeRepeats(reps []Run) (run Run, problem string) {
	if len(reps) == 0 {
		return Run{}, ""
	}
	run = reps[0]
	run.Repeat = 0
	var walls, cpus, times []time.Duration
	var differ []string
	for k, rep := range reps {
		walls = append(walls, rep.Wall)
		times = append(times, RunTime(rep))
		if rep.CPU > 0 {
			cpus = append(cpus, rep.CPU)
		}
		run.PeakRSS = max(run.PeakRSS, rep.PeakRSS)
		if k > 0 && !sameRun(reps[0], rep) {
			differ = append(differ, fmt.Sprintf("repeat %d %s", rep.Repeat, describeRun(rep)))
		}
	}
	sp := &Spread{N: len(reps), Wall: quartiles(times)}
	if len(cpus) == len(reps) {
		sp.CPU = quartiles(cpus)
	}
	run.Spread = sp
	run.Wall = quartiles(walls).Median
	run.CPU = sp.CPU.Median
	run.Result.Time = sp.Wall.Median
	if len(differ) > 0 {
		problem = fmt.Sprintf("%s: repeats disagree: repeat %d %s, %s", run.Solver, reps[0].Repeat, describeRun(reps[0]), strings.Join(differ, ", "))
	}
	return run, problem
}

// schedule orders a comparison's runs, given each run's repeat index
// (negative for warm-ups), and returns their positions in running order.
// Once through (no shuffle) they go in input order. Else they go in
// rounds, the warm-up rounds first: round k holds the k-th run of every
// (case, solver) still to run, in an order shuffled by seed and k, so that
// each solver's repeats are spread over the whole comparison and
// interleaved with the other solvers' (a burst of load hits one repeat of
// several solvers, not every repeat of one).
func schedule(repeats []int, seed uint64, shuffle bool) []int {
	order := make([]int, len(repeats))
	for i := range order {
		order[i] = i
	}
	if !shuffle {
		return order
	}
	rounds := map[int][]int{}
	var keys []int
	for i, r := range repeats {
		if _, ok := rounds[r]; !ok {
			keys = append(keys, r)
		}
		rounds[r] = append(rounds[r], i)
	}
	slices.Sort(keys)
	order = order[:0]
	for _, k := range keys {
		round := rounds[k]
		rng := rand.New(rand.NewPCG(seed, uint64(int64(k))))
		rng.Shuffle(len(round), func(i, j int) { round[i], round[j] = round[j], round[i] })
		order = append(order, round...)
	}
	return order
}

// NewSeed is a seed for a comparison's order when none is given.
func NewSeed() uint64 { return rand.Uint64() >> 11 } // exact in JSON numbers read as float64
