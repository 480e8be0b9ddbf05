package measure

// Metric is what a figure reads off its measured run.
type Metric string

// The metrics.
const (
	// CPU is the user and system time of the measured gridsat and of
	// every process it waited for (its workers), in seconds.
	CPU Metric = "cpu"
	// Wall is the measured run's elapsed time, in seconds.
	Wall Metric = "wall"
	// PeakRSS is the largest resident set of the measured process or of
	// any process it waited for, in bytes.
	PeakRSS Metric = "rss"
	// Printed is the number that Figure.Pattern's first group finds in
	// the measured run's standard output (a geomean ratio, a count).
	Printed Metric = "printed"
)

// A Figure is one number the docs quote and how to measure it again.
type Figure struct {
	// ID names the figure in MEASUREMENTS.md and in the docs that cite
	// it: lower case words joined by hyphens.
	ID string
	// What the figure is, in a line.
	What string
	// Steps are gridsat argument lists run in order, each to completion;
	// "{dir}" stands for a scratch folder of the figure's own. The last
	// step is the measured one, run Repeat times; the others (making the
	// instances) run once.
	Steps [][]string
	// Metric is what is read off the measured step; Pattern is the
	// regular expression whose first group is the number, for Printed.
	Metric  Metric
	Pattern string
	// Repeat is how many times the measured step runs; the figure is
	// the median.
	Repeat int
}

// geomean is the report's summary of a pair: "sat vs dfs: geomean time
// ratio 2.74x".
const geomean = `sat vs dfs: geomean time ratio ([0-9.]+)x`

// Figures are the figures README.md quotes, in its order. Measured again
// all at once (`gridsat measure`), they take about four minutes of CPU on
// the machine MEASUREMENTS.md names.
var Figures = []Figure{
	{ID: "main-job-cpu", What: "compare all: CPU time of the whole run (workers included)",
		Steps: [][]string{{"compare", "all", "--progress", "never"}}, Metric: CPU, Repeat: 5},
	{ID: "main-job-wall", What: "compare all: wall time",
		Steps: [][]string{{"compare", "all", "--progress", "never"}}, Metric: Wall, Repeat: 5},
	{ID: "slant-geomean", What: "bundled slant sets: sat/dfs geomean CPU time ratio, 5 repeats; median of 5 runs",
		Steps: [][]string{{"compare", "slant", "--repeat", "5", "--progress", "never"}}, Metric: Printed, Pattern: geomean, Repeat: 5},
	{ID: "chain-geomean", What: "bundled chain sets: sat/dfs geomean CPU time ratio, 5 repeats; median of 5 runs",
		Steps: [][]string{{"compare", "chain", "--repeat", "5", "--progress", "never"}}, Metric: Printed, Pattern: geomean, Repeat: 5},
	{ID: "queens-geomean", What: "bundled queens sets: sat/dfs geomean CPU time ratio, 5 repeats; median of 5 runs",
		Steps: [][]string{{"compare", "queens", "--repeat", "5", "--progress", "never"}}, Metric: Printed, Pattern: geomean, Repeat: 5},
	{ID: "queens-random-geomean", What: "300 random 8x8 queens boards with 35% targets (gen seed 1): sat/dfs geomean CPU time ratio",
		Steps: [][]string{
			{"gen", "queens", "--size", "8", "--count", "300", "--seed", "1", "--param", "density=0.35", "-o", "{dir}/q8.txt"},
			{"compare", "queens", "{dir}/q8.txt", "--progress", "never"},
		}, Metric: Printed, Pattern: geomean, Repeat: 1},
	{ID: "slant-200-geomean", What: "three hard unique 200x200 slant puzzles (gen seed 1): sat/dfs geomean CPU time ratio",
		Steps: [][]string{
			{"gen", "slant", "--size", "200", "--count", "3", "--seed", "1", "-o", "{dir}/s200.txt"},
			{"compare", "slant", "{dir}/s200.txt", "--timeout", "10m", "--progress", "never"},
		}, Metric: Printed, Pattern: geomean, Repeat: 1},
	{ID: "slant-1000-dfs-cpu", What: "a planted 1000x1000 slant board with 45% of its clues (gen seed 1): dfs, CPU time",
		Steps: [][]string{
			{"gen", "slant", "--size", "1000", "--param", "planted=true", "--param", "clues=0.45", "--seed", "1", "-o", "{dir}/s1000.txt"},
			{"solve", "slant", "{dir}/s1000.txt", "--solver", "dfs"},
		}, Metric: CPU, Repeat: 1},
	{ID: "slant-1000-sat-cpu", What: "the same 1000x1000 board: sat (repair=auto), CPU time",
		Steps: [][]string{
			{"gen", "slant", "--size", "1000", "--param", "planted=true", "--param", "clues=0.45", "--seed", "1", "-o", "{dir}/s1000.txt"},
			{"solve", "slant", "{dir}/s1000.txt", "--solver", "sat"},
		}, Metric: CPU, Repeat: 1},
	{ID: "queens-15-dfs-cpu", What: "gamma(Q_15), the full 15x15 board: dfs, CPU time",
		Steps: [][]string{
			{"gen", "queens", "--size", "15", "--param", "full=true", "-o", "{dir}/q15.txt"},
			{"solve", "queens", "{dir}/q15.txt", "--solver", "dfs"},
		}, Metric: CPU, Repeat: 1},
	{ID: "queens-15-sat-cpu", What: "gamma(Q_15): sat on gophersat, CPU time",
		Steps: [][]string{
			{"gen", "queens", "--size", "15", "--param", "full=true", "-o", "{dir}/q15.txt"},
			{"solve", "queens", "{dir}/q15.txt", "--solver", "sat"},
		}, Metric: CPU, Repeat: 1},
}
