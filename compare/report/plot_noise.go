package report

import (
	"image/color"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"

	"github.com/gridsat/gridsat/compare"
)

// Plots show the noise of repeated runs: each point with repeats gets an
// error bar from its fastest repeat to its slowest (the same min-max the
// table prints).

// spreadPoints are points with error bars, as gonum's error bar plotters
// take them.
type spreadPoints struct {
	plotter.XYs
	plotter.XErrors
	plotter.YErrors
}

// spreadBar is the error bar of a point drawn at v (seconds) for a run
// whose repeats spread as q: how far below and above v it reaches.
func spreadBar(v float64, q *compare.Quartiles) struct{ Low, High float64 } {
	if q == nil {
		return struct{ Low, High float64 }{}
	}
	return struct{ Low, High float64 }{max(v-plotSeconds(q.Min), 0), max(plotSeconds(q.Max)-v, 0)}
}

// addErrorBars adds the bars of pts to p in col: vertical ones when ys is
// set, horizontal ones when xs is; bars of zero length draw nothing.
func addErrorBars(p *plot.Plot, pts spreadPoints, xs, ys bool, col color.Color) error {
	if ys {
		eb, err := plotter.NewYErrorBars(pts)
		if err != nil {
			return err
		}
		eb.LineStyle.Color = col
		p.Add(eb)
	}
	if xs {
		eb, err := plotter.NewXErrorBars(pts)
		if err != nil {
			return err
		}
		eb.LineStyle.Color = col
		p.Add(eb)
	}
	return nil
}

// noteBars adds a legend line saying what the error bars are.
func noteBars(p *plot.Plot) { p.Legend.Add("bars: min-max of the repeats") }

// timeLabel names the time a report's plots show.
func (r view) timeLabel() string {
	if r.Clock() == compare.TimeCPU {
		return "CPU time"
	}
	return "solve time"
}
