package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"slices"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/spf13/cobra"

	"github.com/gridsat/gridsat/compare"
	"github.com/gridsat/gridsat/compare/harness"
	"github.com/gridsat/gridsat/compare/measure"
)

// selfArgs come before the arguments of a command measure runs with this
// binary (the tests' binary needs its own).
var selfArgs []string

// measureOptions are measure's flags.
type measureOptions struct {
	figures  []measure.Figure // measure.Figures, unless a test gives others
	only     []string
	markdown bool
	list     bool
}

func newMeasureCmd() *cobra.Command { return newMeasureCmdOf(measure.Figures) }

// newMeasureCmdOf is the measure command over figs.
func newMeasureCmdOf(figs []measure.Figure) *cobra.Command {
	o := measureOptions{figures: figs}
	cmd := &cobra.Command{
		Use:   "measure",
		Short: "measure again every figure the docs quote, beside its record",
		Long: `measure runs the commands behind every figure README.md quotes (listed with
their recorded values in compare/measure/MEASUREMENTS.md) on this machine,
with this binary, and prints each figure measured now beside its record
and the ratio of the two. All of them take a few minutes; --only picks
some. --markdown prints a new MEASUREMENTS.md from this run instead (its
commit, machine and load included), to record them anew.`,
		Example: `  gridsat measure --list
  gridsat measure --only main-job-cpu,slant-geomean
  gridsat measure --markdown > compare/measure/MEASUREMENTS.md`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error { return runMeasure(cmd, o) },
	}
	cmd.Flags().StringSliceVar(&o.only, "only", nil, "measure only these figures (IDs, comma-separated; --list names them)")
	cmd.Flags().BoolVar(&o.markdown, "markdown", false, "print MEASUREMENTS.md for this run instead of the comparison with the record")
	cmd.Flags().BoolVar(&o.list, "list", false, "list the figures and their records, measuring nothing")
	return cmd
}

// runMeasure measures the figures o picks and prints them.
func runMeasure(cmd *cobra.Command, o measureOptions) error {
	records, err := measure.Records(measure.Recorded)
	if err != nil {
		return fail(exitFail, err)
	}
	if cmd.Flags().Changed("only") && len(o.only) == 0 {
		// An empty --only named nothing; taken as no filter it started
		// minutes of measuring (red-team pass).
		return fail(exitUsage, fmt.Errorf("--only names no figure (--list names them)"))
	}
	figs, err := pickFigures(o.figures, o.only)
	if err != nil {
		return fail(exitUsage, err)
	}
	w := cmd.OutOrStdout()
	if o.list {
		return written(listFigures(w, figs, records))
	}
	bin, err := os.Executable()
	if err != nil {
		return fail(exitFail, fmt.Errorf("measure: this binary: %w", err))
	}
	dir, err := os.MkdirTemp("", "gridsat-measure-")
	if err != nil {
		return fail(exitFail, fmt.Errorf("measure: scratch folder: %w", err))
	}
	defer os.RemoveAll(dir)
	m := &measure.Measurer{Binary: bin, Prefix: selfArgs, Dir: dir, Progress: func(f measure.Figure, step []string) {
		fmt.Fprintf(cmd.ErrOrStderr(), "%s: gridsat %s\n", f.ID, strings.Join(step, " "))
	}}
	var values []measure.Value
	var loads []float64
	for _, f := range figs {
		loads = append(loads, loadNow())
		v, err := m.Measure(cmd.Context(), f)
		if err != nil {
			return fail(exitFail, err)
		}
		values = append(values, v)
	}
	if o.markdown {
		mach := harness.DescribeMachine()
		desc := fmt.Sprintf("%s, %d logical CPUs, %s, %s, %s", mach.CPUModel, mach.LogicalCPUs, compare.FormatBytes(mach.Memory), mach.OS, mach.GoVersion)
		return written(measure.Markdown(w, values, loads, revision(mach.Revision), desc, time.Now().UTC().Format("2006-01-02")))
	}
	return written(compareFigures(w, values, records))
}

// written is a failed write of the figures as exit 1, as every command's
// failed output is (exit 2 is for bad input and usage).
func written(err error) error {
	if err != nil {
		return fail(exitFail, fmt.Errorf("writing the figures: %w", err))
	}
	return nil
}

// pickFigures are the figures named by only (all when empty), in the
// record's order; an unknown ID is an error that lists the known ones.
func pickFigures(all []measure.Figure, only []string) ([]measure.Figure, error) {
	if len(only) == 0 {
		return all, nil
	}
	var ids []string
	for _, f := range all {
		ids = append(ids, f.ID)
	}
	for _, id := range only {
		if !slices.Contains(ids, id) {
			return nil, fmt.Errorf("--only: no figure %q (there are: %s)", id, strings.Join(ids, ", "))
		}
	}
	var figs []measure.Figure
	for _, f := range all {
		if slices.Contains(only, f.ID) {
			figs = append(figs, f)
		}
	}
	return figs, nil
}

// listFigures prints each figure with its record.
func listFigures(w io.Writer, figs []measure.Figure, records map[string]measure.Record) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "id\trecorded\tcommit\tload\tfigure")
	for _, f := range figs {
		r := records[f.ID]
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\n", f.ID, orDash(r.Text), orDash(r.Commit), orDash(r.Load), f.What)
	}
	return tw.Flush()
}

// compareFigures prints each value measured now beside its record.
func compareFigures(w io.Writer, values []measure.Value, records map[string]measure.Record) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "id\trecorded\tnow\trange\tnow/recorded\tfigure")
	for _, v := range values {
		r, ok := records[v.Figure.ID]
		ratio := "-"
		if ok && r.Value > 0 {
			ratio = fmt.Sprintf("%.2f", measure.Ratio(v, r))
		}
		span := "-"
		if v.Repeats > 1 {
			span = measure.Format(v.Figure.Metric, v.Min) + " - " + measure.Format(v.Figure.Metric, v.Max)
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\n", v.Figure.ID, orDash(r.Text), measure.Format(v.Figure.Metric, v.Median), span, ratio, v.Figure.What)
	}
	return tw.Flush()
}

// loadNow is the 1-minute load average, 0 where unknown.
func loadNow() float64 {
	if l := harness.LoadAverage(); len(l) > 0 {
		return l[0]
	}
	return 0
}

// revision is the build's revision, shortened; for a build that recorded
// none (-buildvcs=false) the revision of the git checkout measure runs
// in, "+dirty" when it has changes; "unknown" outside one.
func revision(built string) string {
	if built != "unknown" && built != "" {
		return shortRevision(built)
	}
	head, err := exec.Command("git", "rev-parse", "--short=7", "HEAD").Output()
	if err != nil {
		return "unknown"
	}
	rev := strings.TrimSpace(string(head))
	if st, err := exec.Command("git", "status", "--porcelain", "--untracked-files=no").Output(); err == nil && len(bytes.TrimSpace(st)) > 0 {
		rev += "+dirty"
	}
	return rev
}

// shortRevision is the first 7 digits of a revision ("d15c04a+dirty").
func shortRevision(rev string) string {
	hash, dirty, _ := strings.Cut(rev, "+")
	if len(hash) > 7 {
		hash = hash[:7]
	}
	if dirty != "" {
		return hash + "+" + dirty
	}
	return hash
}

// orDash is s, or "-" when empty.
func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}
