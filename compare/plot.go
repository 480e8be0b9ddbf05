package compare

import (
	"fmt"
	"math"
	"path/filepath"
	"sort"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"
)

// Plot draws solve time against instance size (cells) for each solver on
// log-log axes, a point per solved run and a line through each size's
// median, and saves it to file (.svg, .png or .pdf by extension).
func Plot(file, title string, specs []string, rows []Row) error {
	switch strings.ToLower(filepath.Ext(file)) {
	case ".svg", ".png", ".pdf":
	default:
		return fmt.Errorf("plot %s: want a .svg, .png or .pdf file", file)
	}
	p := plot.New()
	p.Title.Text = title
	p.X.Label.Text = "cells"
	p.Y.Label.Text = "solve time (s)"
	p.X.Scale, p.Y.Scale = plot.LogScale{}, plot.LogScale{}
	p.X.Tick.Marker, p.Y.Tick.Marker = plot.LogTicks{Prec: -1}, plot.LogTicks{Prec: -1}
	p.Legend.Top = true
	p.Legend.Left = true
	any := false
	for i, spec := range specs {
		var pts plotter.XYs
		bySize := map[int][]float64{}
		for _, r := range rows {
			if i >= len(r.Runs) || !solvedVerdict(r.Runs[i].Verdict) || r.Cells <= 0 {
				continue
			}
			t := math.Max(runTime(r.Runs[i]).Seconds(), 1e-6)
			pts = append(pts, plotter.XY{X: float64(r.Cells), Y: t})
			bySize[r.Cells] = append(bySize[r.Cells], t)
		}
		if len(pts) == 0 {
			continue
		}
		any = true
		sc, err := plotter.NewScatter(pts)
		if err != nil {
			return fmt.Errorf("plot %s: %w", file, err)
		}
		sc.GlyphStyle.Color = plotutil.Color(i)
		sc.GlyphStyle.Shape = plotutil.Shape(i)
		sc.GlyphStyle.Radius = vg.Points(2.5)
		var med plotter.XYs
		var sizes []int
		for s := range bySize {
			sizes = append(sizes, s)
		}
		sort.Ints(sizes)
		for _, s := range sizes {
			ts := bySize[s]
			sort.Float64s(ts)
			med = append(med, plotter.XY{X: float64(s), Y: ts[len(ts)/2]})
		}
		line, err := plotter.NewLine(med)
		if err != nil {
			return fmt.Errorf("plot %s: %w", file, err)
		}
		line.Color = plotutil.Color(i)
		line.Dashes = plotutil.Dashes(i)
		p.Add(sc, line)
		p.Legend.Add(spec+" (median line)", sc, line)
	}
	if !any {
		return fmt.Errorf("plot %s: no solved runs to draw", file)
	}
	p.Add(plotter.NewGrid())
	if err := p.Save(7*vg.Inch, 4.5*vg.Inch, file); err != nil {
		return fmt.Errorf("saving plot: %w", err)
	}
	return nil
}
