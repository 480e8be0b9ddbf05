package report

import (
	"errors"
	"fmt"
	"image/color"
	"io"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/gridsat/gridsat/compare"
)

// PlotKinds are the plots PlotReport draws: solve time against size,
// instances solved against time (a cactus plot, one line per solver and
// the virtual best solver), and one solver's time against another's
// (a scatter plot, log-log, with the diagonal and the time limit).
var PlotKinds = []string{"scaling", "cactus", "scatter"}

// PlotOptions say which plot to draw.
type PlotOptions struct {
	// Kind is one of PlotKinds; "" means "scaling".
	Kind string
	// Pair names the two solver specs of a scatter plot (x, then y); left
	// empty, the report's first two.
	Pair [2]string
	// TimeOnX draws a cactus plot with the time on x and the cases
	// solved on y; the default is the SAT competitions' way round.
	TimeOnX bool
}

// plotWidth and plotHeight are the size of a plot's data area and axes;
// the legend takes a strip on the right.
const plotWidth, plotHeight = 7 * vg.Inch, 4.5 * vg.Inch

// plotFormats are the file name extensions PlotReport writes.
var plotFormats = []string{".svg", ".png", ".pdf"}

// PlotPath is the file the plot of puzzle goes to: every "%s" in template
// replaced by the puzzle's name.
func PlotPath(template, puzzle string) string {
	return strings.ReplaceAll(template, "%s", puzzle)
}

// CheckPlotPath checks a plot file template before anything runs: its
// extension is .svg, .png or .pdf, each puzzle's file lies in an existing
// folder, and with more than one puzzle it holds "%s" (else every puzzle
// would overwrite one file).
func CheckPlotPath(template string, puzzles []string) error {
	ext := strings.ToLower(filepath.Ext(template))
	known := false
	for _, e := range plotFormats {
		known = known || ext == e
	}
	if !known {
		return fmt.Errorf("want a file name ending in %s", strings.Join(plotFormats, ", "))
	}
	if len(puzzles) > 1 && !strings.Contains(template, "%s") {
		return fmt.Errorf("%d puzzles would overwrite one file: put %%s where the puzzle's name goes", len(puzzles))
	}
	for _, p := range puzzles {
		target, err := compare.ResolveLink(PlotPath(template, p))
		if err != nil {
			return err
		}
		dir := filepath.Dir(target)
		info, err := os.Stat(dir)
		if os.IsNotExist(err) {
			return fmt.Errorf("there is no folder %s", dir)
		}
		if err != nil {
			return fmt.Errorf("folder %s: %w", dir, err)
		}
		if !info.IsDir() {
			return fmt.Errorf("%s is not a folder", dir)
		}
		// A folder that cannot be written (read-only, no permission) was
		// found only when the plot was drawn, after every run: a note on
		// stderr, exit 0, no plot. A probe file, removed at once, finds it
		// before anything runs.
		probe, err := os.CreateTemp(dir, ".gridsat-probe-*")
		if err != nil {
			var pe *os.PathError
			if errors.As(err, &pe) {
				err = pe.Err
			}
			return fmt.Errorf("cannot write a file in %s: %w", dir, err)
		}
		probe.Close()
		os.Remove(probe.Name())
	}
	return nil
}

// CheckPlotOptions checks opt against the solver specs of a run before
// anything runs: a known kind, and a scatter plot's two solvers among specs.
func CheckPlotOptions(opt PlotOptions, specs []string) error {
	_, _, err := plotPair(opt, specs)
	return err
}

// plotPair checks opt and returns the columns of a scatter plot's solvers.
func plotPair(opt PlotOptions, specs []string) (int, int, error) {
	switch opt.Kind {
	case "", "scaling", "cactus":
		if opt.Pair != [2]string{} {
			return 0, 0, fmt.Errorf("only a scatter plot takes two solvers")
		}
		return 0, 0, nil
	case "scatter":
	default:
		return 0, 0, fmt.Errorf("unknown plot kind %q (known: %s)", opt.Kind, strings.Join(PlotKinds, ", "))
	}
	if opt.Pair == [2]string{} {
		if len(specs) < 2 {
			return 0, 0, fmt.Errorf("a scatter plot needs two solvers, and there is %d", len(specs))
		}
		return 0, 1, nil
	}
	var cols [2]int
	for k, name := range opt.Pair {
		cols[k] = -1
		for i, s := range specs {
			if s == name {
				cols[k] = i
			}
		}
		if cols[k] < 0 {
			return 0, 0, fmt.Errorf("scatter plot: %q is not one of the solvers (%s)", name, strings.Join(specs, ", "))
		}
	}
	if cols[0] == cols[1] {
		return 0, 0, fmt.Errorf("scatter plot: two different solvers wanted, got %q twice", opt.Pair[0])
	}
	return cols[0], cols[1], nil
}

// PlotReport draws the plot opt asks for and saves it to file (.svg, .png
// or .pdf by extension).
func PlotReport(file string, r compare.Report, opt PlotOptions) error {
	ext := strings.ToLower(filepath.Ext(file))
	if err := CheckPlotPath(file, nil); err != nil {
		return fmt.Errorf("plot %s: %w", file, err)
	}
	err := compare.WriteOutput(file, func(w io.Writer) error { return writePlot(w, strings.TrimPrefix(ext, "."), resolve(r), opt) })
	if err != nil {
		return fmt.Errorf("plot %s: %w", file, err)
	}
	return nil
}

// writePlot draws the plot opt asks for to w as format: "svg", "png" or
// "pdf".
func writePlot(w io.Writer, format string, r view, opt PlotOptions) error {
	a, b, err := plotPair(opt, r.Specs)
	if err != nil {
		return err
	}
	var p *plot.Plot
	width := plotWidth
	switch opt.Kind {
	case "", "scaling":
		p, err = scalingPlot(r)
	case "cactus":
		p, err = cactusPlot(r, opt)
	case "scatter":
		p, err = scatterPlot(r, a, b)
		width = plotHeight + vg.Inch // about square (the y axis's labels take an inch)
	}
	if err != nil {
		return err
	}
	return drawPlot(w, p, format, width)
}

// drawPlot draws p, width wide, with its legend in a strip on the right
// where it hides no data, and writes it to w as format.
func drawPlot(w io.Writer, p *plot.Plot, format string, width vg.Length) error {
	readable(p)
	legend := p.Legend
	p.Legend = plot.NewLegend()
	box := legend.Rectangle(draw.Canvas{})
	strip := box.Max.X - box.Min.X + vg.Points(24)
	c, err := draw.NewFormattedCanvas(width+strip, plotHeight, format)
	if err != nil {
		return err
	}
	dc := draw.New(c)
	dc.SetColor(color.White)
	dc.Fill(dc.Rectangle.Path())
	p.Draw(draw.Crop(dc, 0, -strip, 0, 0))
	legend.Top, legend.Left = true, true
	legend.XOffs, legend.YOffs = vg.Points(8), -vg.Points(24)
	legend.Draw(draw.Crop(dc, width, 0, 0, 0))
	if _, err := c.WriteTo(w); err != nil {
		return fmt.Errorf("writing plot: %w", err)
	}
	return nil
}

// readable sets p's text large enough to read where the HTML page
// shows the plot at about its size (figure.plot's width).
func readable(p *plot.Plot) {
	p.Title.TextStyle.Font.Size = vg.Points(15)
	for _, ax := range []*plot.Axis{&p.X, &p.Y} {
		ax.Label.TextStyle.Font.Size = vg.Points(14)
		ax.Tick.Label.Font.Size = vg.Points(12)
	}
	p.Legend.TextStyle.Font.Size = vg.Points(13)
	p.Legend.Padding = vg.Points(4)
}

// countTicks marks whole numbers only, for an axis that counts cases.
type countTicks struct{}

// Ticks returns plot.DefaultTicks at whole numbers, labelled without
// decimals.
func (countTicks) Ticks(min, max float64) []plot.Tick {
	var out []plot.Tick
	for _, t := range (plot.DefaultTicks{}).Ticks(min, max) {
		if t.Value != math.Trunc(t.Value) {
			continue
		}
		if t.Label != "" {
			t.Label = strconv.FormatFloat(t.Value, 'f', 0, 64)
		}
		out = append(out, t)
	}
	return out
}

// plotTitle is "puzzle: what" or "what".
func plotTitle(r view, what string) string {
	if r.Name() == "" {
		return what
	}
	return r.Name() + ": " + what
}

// minPlotTime is where times too short to show on a log axis are drawn.
const minPlotTime = 1e-6

func plotSeconds(d time.Duration) float64 { return math.Max(d.Seconds(), minPlotTime) }

// logAxes puts the x and y axes (as asked) on a log scale; a time axis is
// marked in durations ("10µs", "1s"), another in powers of ten.
func logAxes(p *plot.Plot, x, y bool, xTime, yTime bool) {
	if x {
		p.X.Scale, p.X.Tick.Marker = plot.LogScale{}, decadeTicks{time: xTime}
	}
	if y {
		p.Y.Scale, p.Y.Tick.Marker = plot.LogScale{}, decadeTicks{time: yTime}
	}
}

// logRange is the range a log axis shows for data from lo to hi: both
// ends positive, and at least a factor of 4 apart, so that a single value,
// equal values, zeros or negatives draw (gonum widens an empty range to
// lo-1..hi+1, which a log scale cannot draw).
func logRange(lo, hi float64) (float64, float64) {
	if !(lo > 0) || math.IsInf(lo, 1) {
		lo = minPlotTime
	}
	if !(hi >= lo) || math.IsInf(hi, 1) {
		hi = lo
	}
	if hi < 4*lo {
		lo, hi = lo/2, hi*2
	}
	return lo, hi
}

// decadeTicks marks a log axis at every power of ten, labelled, and at 2..9
// times each, unlabelled. plot.LogTicks labels 1e-5 as
// "9.999999999999999e-05".
type decadeTicks struct{ time bool }

// Ticks returns the marks between min and max: none unless 0 < min <=
// max < +Inf, the only range a log axis has (the log of 0, of a negative
// or of NaN would start the loop at the smallest int and never end it).
// A finite positive range spans at most 632 decades, so a few thousand
// marks at most.
func (d decadeTicks) Ticks(min, max float64) []plot.Tick {
	if !(min > 0) || !(max >= min) || math.IsInf(max, 1) {
		return nil
	}
	var out []plot.Tick
	for e := int(math.Floor(math.Log10(min))); e <= int(math.Ceil(math.Log10(max))); e++ {
		for m := 1; m < 10; m++ {
			v, _ := strconv.ParseFloat(fmt.Sprintf("%de%d", m, e), 64)
			if v < min || v > max {
				continue
			}
			t := plot.Tick{Value: v}
			if m == 1 {
				t.Label = d.label(e, v)
			}
			out = append(out, t)
		}
	}
	return out
}

func (d decadeTicks) label(e int, v float64) string {
	if d.time {
		return compare.FormatDuration(time.Duration(math.Round(v * float64(time.Second))))
	}
	if e >= 0 && e < 7 {
		return strconv.FormatFloat(v, 'f', 0, 64)
	}
	return fmt.Sprintf("1e%d", e)
}

// scalingPlot draws solve time against instance size (cells) for each
// solver on log-log axes, a point per solved run and a line through each
// size's median.
func scalingPlot(r view) (*plot.Plot, error) {
	p := plot.New()
	p.Title.Text = plotTitle(r, "time against size")
	p.X.Label.Text = "cells"
	p.Y.Label.Text = r.timeLabel()
	logAxes(p, true, true, false, true)
	drawn := false
	for i, spec := range r.Specs {
		var pts plotter.XYs
		var bars plotter.YErrors
		spread := false
		bySize := map[int][]float64{}
		for _, row := range r.Rows {
			if i >= len(row.Runs) || !row.Runs[i].Verdict.Solved() || row.Cells <= 0 {
				continue
			}
			t := plotSeconds(r.timeOf(row.Runs[i]))
			pts = append(pts, plotter.XY{X: float64(row.Cells), Y: t})
			q := r.spreadOf(row.Runs[i])
			bars = append(bars, spreadBar(t, q))
			spread = spread || q != nil
			bySize[row.Cells] = append(bySize[row.Cells], t)
		}
		if len(pts) == 0 {
			continue
		}
		drawn = true
		sc, err := plotter.NewScatter(pts)
		if err != nil {
			return nil, err
		}
		sc.GlyphStyle.Color = plotutil.Color(i)
		sc.GlyphStyle.Shape = plotutil.Shape(i)
		sc.GlyphStyle.Radius = vg.Points(2.5)
		if spread {
			if err := addErrorBars(p, spreadPoints{XYs: pts, YErrors: bars}, false, true, plotutil.Color(i)); err != nil {
				return nil, err
			}
		}
		var sizes []int
		for s := range bySize {
			sizes = append(sizes, s)
		}
		sort.Ints(sizes)
		var med plotter.XYs
		for _, s := range sizes {
			med = append(med, plotter.XY{X: float64(s), Y: compare.MedianFloat(bySize[s])})
		}
		line, err := plotter.NewLine(med)
		if err != nil {
			return nil, err
		}
		line.Color = plotutil.Color(i)
		line.Dashes = plotutil.Dashes(i)
		p.Add(sc, line)
		p.Legend.Add(spec+" (median line)", sc, line)
	}
	if !drawn {
		return nil, fmt.Errorf("no solved runs to draw")
	}
	// The data set the ranges (Add); a log axis needs them positive and
	// apart.
	p.X.Min, p.X.Max = logRange(p.X.Min, p.X.Max)
	p.Y.Min, p.Y.Max = logRange(p.Y.Min, p.Y.Max)
	if r.repeats() > 1 {
		noteBars(p)
	}
	p.Add(plotter.NewGrid())
	return p, nil
}

// cactusPlot draws, for each solver and the virtual best solver, how many
// cases it solved within each time, in the SAT competitions' orientation:
// the cases solved on x, the time on a log y axis (opt.TimeOnX swaps
// them). The time axis fits the data; the time limit is a line where it
// falls within a factor of limitReach of the slowest solve, else marked
// at the axis's edge.
func cactusPlot(r view, opt PlotOptions) (*plot.Plot, error) {
	times, cases := cactusTimes(r)
	vbs := len(r.Specs)
	if len(times[vbs]) == 0 {
		return nil, fmt.Errorf("no solved runs to draw")
	}
	lo, hi := math.Inf(1), 0.0
	for _, ts := range times {
		if len(ts) > 0 {
			lo, hi = math.Min(lo, ts[0]), math.Max(hi, ts[len(ts)-1])
		}
	}
	edge := timeEdge(hi, r.Timeout.Seconds())
	lo, top := logRange(lo/2, edge.top)
	p := plot.New()
	p.Title.Text = plotTitle(r, fmt.Sprintf("cases solved within a time (cactus, %s)", compare.Count(cases, "case")))
	count, tm := &p.X, &p.Y
	if opt.TimeOnX {
		count, tm = &p.Y, &p.X
	}
	count.Label.Text, tm.Label.Text = "cases solved", r.timeLabel()
	count.Tick.Marker = countTicks{}
	tm.Scale, tm.Tick.Marker = plot.LogScale{}, decadeTicks{time: true}
	count.Min, count.Max = 0, float64(cases)*1.02
	tm.Min, tm.Max = lo, top
	p.Add(plotter.NewGrid())
	xy := func(n, t float64) plotter.XY {
		if opt.TimeOnX {
			return plotter.XY{X: t, Y: n}
		}
		return plotter.XY{X: n, Y: t}
	}
	for i, ts := range times {
		name, col, dashes := virtualBest, color.Color(color.Black), []vg.Length{vg.Points(6), vg.Points(3)}
		if i < vbs {
			name, col, dashes = r.Specs[i], plotutil.Color(i), nil
		}
		var pts plotter.XYs
		for k, t := range ts {
			pts = append(pts, xy(float64(k+1), t))
		}
		line, err := plotter.NewLine(pts)
		if err != nil {
			return nil, err
		}
		line.Color, line.Dashes, line.Width = col, dashes, vg.Points(2)
		p.Add(line)
		p.Legend.Add(fmt.Sprintf("%s (%d solved)", name, len(ts)), line)
	}
	if edge.name != "" {
		l, err := plotter.NewLine(plotter.XYs{xy(0, edge.at), xy(float64(cases)*1.02, edge.at)})
		if err != nil {
			return nil, err
		}
		l.Color, l.Dashes, l.Width = color.Gray{Y: 96}, []vg.Length{vg.Points(4), vg.Points(3)}, vg.Points(1.5)
		p.Add(l)
		p.Legend.Add(edge.name, l)
	}
	return p, nil
}

// cactusTimes are each solver's solved times, sorted, and the virtual
// best solver's (last), with the number of cases.
func cactusTimes(r view) ([][]float64, int) {
	times := make([][]float64, len(r.Specs)+1)
	vbs, cases := len(r.Specs), 0
	for _, row := range r.Rows {
		if len(row.Runs) == 0 {
			continue
		}
		cases++
		best := math.Inf(1)
		for i := range r.Specs {
			if i < len(row.Runs) && row.Runs[i].Verdict.Solved() {
				t := plotSeconds(r.timeOf(row.Runs[i]))
				times[i] = append(times[i], t)
				best = math.Min(best, t)
			}
		}
		if !math.IsInf(best, 1) {
			times[vbs] = append(times[vbs], best)
		}
	}
	for _, ts := range times {
		sort.Float64s(ts)
	}
	return times, cases
}

// limitReach is how far past the slowest solve a time axis stretches to
// show the time limit as a line of its own.
const limitReach = 4

// axisEdge is where a time axis ends and where the time limit is drawn.
type axisEdge struct {
	top  float64 // the axis's end
	at   float64 // the limit line: the limit, or the axis's end
	name string  // the limit line's legend, "" for none
}

// timeEdge fits a time axis to solves up to hi under limit (0: none):
// the limit drawn where it is when it is near the data, else at the
// axis's edge, labelled so.
func timeEdge(hi, limit float64) axisEdge {
	lim := compare.FormatDuration(time.Duration(limit * float64(time.Second)))
	switch {
	case limit <= 0:
		return axisEdge{top: hi * 2}
	case limit <= hi*limitReach:
		return axisEdge{top: limit * 1.3, at: limit, name: "time limit " + lim}
	}
	return axisEdge{top: hi * 2, at: hi * 2, name: "time limit " + lim + " (off axis)"}
}

// Scatter point classes, by the verdicts of a case's two runs.
var scatterClasses = []struct {
	name  string
	color color.Color
	shape draw.GlyphDrawer
}{
	{"both ok", color.RGBA{R: 0x1f, G: 0x9d, B: 0x55, A: 0xff}, draw.CircleGlyph{}},
	{"both unsat", color.RGBA{R: 0x1f, G: 0x5f, B: 0xbf, A: 0xff}, draw.SquareGlyph{}},
	{"timeout or memout", color.RGBA{R: 0xe6, G: 0x7e, B: 0x22, A: 0xff}, draw.TriangleGlyph{}},
	{"WRONG, error or disagreement", color.RGBA{R: 0xc0, G: 0x39, B: 0x2b, A: 0xff}, draw.CrossGlyph{}},
}

// scatterClass is the class of a case whose two runs are a and b.
func scatterClass(row compare.Row, a, b compare.Run) int {
	failed := func(v compare.Verdict) bool { return v == compare.VerdictWrong || v == compare.VerdictError || v == "" }
	switch {
	case failed(a.Verdict) || failed(b.Verdict) || row.Agree == "NO":
		return 3
	case !a.Verdict.Solved() || !b.Verdict.Solved():
		return 2
	case a.Verdict == compare.VerdictUnsat && b.Verdict == compare.VerdictUnsat:
		return 1
	}
	return 0
}

// scatterPlot draws solver b's time against solver a's for every case on
// log-log axes: the diagonal, the time limit (where runs that did not
// solve their case are drawn), and points coloured by verdict.
func scatterPlot(r view, a, b int) (*plot.Plot, error) {
	pts, lo, hi := scatterPoints(r, a, b)
	if len(pts) == 0 {
		return nil, fmt.Errorf("no case has runs of both %s and %s", r.Specs[a], r.Specs[b])
	}
	if hi == 0 { // nothing solved
		lo, hi = minPlotTime, minPlotTime
	}
	// Unsolved runs go on the limit line, or past the slowest solved run
	// when there was no limit.
	edge := timeEdge(hi, r.Timeout.Seconds())
	limit, limitName := edge.at, "not solved ("+edge.name+")"
	if edge.at < r.Timeout.Seconds() {
		limitName = "not solved (limit " + compare.FormatDuration(r.Timeout) + ": off axis)"
	}
	if edge.name == "" {
		limit, limitName = hi*2, "not solved (no limit)"
	}
	lo, hi = lo/2, limit*1.3
	p := plot.New()
	p.Title.Text = plotTitle(r, fmt.Sprintf("%s against %s, a point per case", r.Specs[b], r.Specs[a]))
	p.X.Label.Text = r.Specs[a] + ": " + r.timeLabel()
	p.Y.Label.Text = r.Specs[b] + ": " + r.timeLabel()
	logAxes(p, true, true, true, true)
	p.X.Min, p.X.Max, p.Y.Min, p.Y.Max = lo, hi, lo, hi
	p.Add(plotter.NewGrid())
	if err := scatterGuides(p, lo, hi, limit, limitName); err != nil {
		return nil, err
	}
	for c := range scatterClasses {
		if err := addScatterClass(p, pts, c, limit); err != nil {
			return nil, err
		}
	}
	if r.repeats() > 1 {
		noteBars(p)
	}
	return p, nil
}

// scatterPoint is a case of a scatter plot: its two times (where solved),
// its class, and the spread of each run's repeats (nil for none).
type scatterPoint struct {
	x, y   float64
	xs, ys bool // solved
	class  int
	qx, qy *compare.Quartiles
}

// scatterPoints are the cases with runs of both columns a and b, and the
// range of their solved times (hi 0 when none was solved).
func scatterPoints(r view, a, b int) (pts []scatterPoint, lo, hi float64) {
	lo = math.Inf(1)
	for _, row := range r.Rows {
		if a >= len(row.Runs) || b >= len(row.Runs) {
			continue
		}
		ra, rb := row.Runs[a], row.Runs[b]
		pt := scatterPoint{class: scatterClass(row, ra, rb), xs: ra.Verdict.Solved(), ys: rb.Verdict.Solved()}
		if pt.xs {
			pt.qx = r.spreadOf(ra)
			pt.x = plotSeconds(r.timeOf(ra))
			lo, hi = math.Min(lo, pt.x), math.Max(hi, pt.x)
		}
		if pt.ys {
			pt.qy = r.spreadOf(rb)
			pt.y = plotSeconds(r.timeOf(rb))
			lo, hi = math.Min(lo, pt.y), math.Max(hi, pt.y)
		}
		pts = append(pts, pt)
	}
	return pts, lo, hi
}

// scatterGuides draws the diagonal (the same time) and the limit line
// that unsolved runs sit on.
func scatterGuides(p *plot.Plot, lo, hi, limit float64, limitName string) error {
	diag, err := plotter.NewLine(plotter.XYs{{X: lo, Y: lo}, {X: hi, Y: hi}})
	if err != nil {
		return err
	}
	diag.Color = color.Gray{Y: 96}
	p.Add(diag)
	p.Legend.Add("same time", diag)
	lim, err := plotter.NewLine(plotter.XYs{{X: lo, Y: limit}, {X: limit, Y: limit}, {X: limit, Y: lo}})
	if err != nil {
		return err
	}
	lim.Color, lim.Dashes = color.Gray{Y: 128}, []vg.Length{vg.Points(2), vg.Points(2)}
	p.Add(lim)
	p.Legend.Add(limitName, lim)
	return nil
}

// addScatterClass draws the points of class c (scatterClasses), an
// unsolved run on the limit, with the spread of their repeats.
func addScatterClass(p *plot.Plot, pts []scatterPoint, c int, limit float64) error {
	class := scatterClasses[c]
	var xys plotter.XYs
	var xbars plotter.XErrors
	var ybars plotter.YErrors
	spread := false
	for _, pt := range pts {
		if pt.class != c {
			continue
		}
		x, y := pt.x, pt.y
		if !pt.xs {
			x = limit
		}
		if !pt.ys {
			y = limit
		}
		xys = append(xys, plotter.XY{X: x, Y: y})
		xbars = append(xbars, spreadBar(x, pt.qx))
		ybars = append(ybars, spreadBar(y, pt.qy))
		spread = spread || pt.qx != nil || pt.qy != nil
	}
	if len(xys) == 0 {
		return nil
	}
	sc, err := plotter.NewScatter(xys)
	if err != nil {
		return err
	}
	if spread {
		if err := addErrorBars(p, spreadPoints{xys, xbars, ybars}, true, true, class.color); err != nil {
			return err
		}
	}
	sc.GlyphStyle.Color, sc.GlyphStyle.Shape, sc.GlyphStyle.Radius = class.color, class.shape, vg.Points(3)
	p.Add(sc)
	p.Legend.Add(fmt.Sprintf("%s (%d)", class.name, len(xys)), sc)
	return nil
}
