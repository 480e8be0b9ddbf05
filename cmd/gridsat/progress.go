package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"time"

	"golang.org/x/term"

	"github.com/gridsat/gridsat/compare"
	"github.com/gridsat/gridsat/compare/harness"
)

// progress is compare's progress line on stderr (a harness.Watcher and
// RunWatcher): the puzzle, the cases done and failed, the time so far,
// the runs going on with how long each has run, and an estimate of the
// time left from the rows finished. It is drawn again every second by
// its own goroutine, so a long run never freezes it.
type progress struct {
	w     io.Writer
	now   func() time.Time
	ticks func() (<-chan time.Time, func()) // a tick a second, and its stop

	mu       sync.Mutex
	name     string
	cases    int
	rows     int
	failures int
	began    time.Time
	running  map[runKey]runningRun
	shown    int           // the width of the line on screen
	stop     chan struct{} // closed by Finish
	finished chan struct{} // closed when the ticking goroutine returns
}

// runKey names a run in progress: its case, solver column and repeat.
type runKey struct {
	src        *harness.Source
	index, col int
	repeat     int
}

// runningRun is a run in progress: its name and when it started.
type runningRun struct {
	name  string
	since time.Time
}

// newProgress returns a progress line on stderr, or nil when mode and the
// terminal say there should be none.
func newProgress(stderr io.Writer, mode string) *progress {
	show := false
	switch mode {
	case "always":
		show = true
	case "auto":
		if f, ok := stderr.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
			show = true
		}
	}
	if !show {
		return nil
	}
	return &progress{w: stderr, now: time.Now, ticks: func() (<-chan time.Time, func()) {
		t := time.NewTicker(time.Second)
		return t.C, t.Stop
	}}
}

// Start begins a puzzle's line and its ticking.
func (pr *progress) Start(p *compare.Puzzle, cases int) {
	pr.mu.Lock()
	pr.name, pr.cases, pr.rows, pr.failures = p.Name, cases, 0, 0
	pr.began, pr.running = pr.now(), map[runKey]runningRun{}
	pr.stop, pr.finished = make(chan struct{}), make(chan struct{})
	pr.draw()
	pr.mu.Unlock()
	ticks, stop := pr.ticks()
	quit, finished := pr.stop, pr.finished
	go func() {
		defer close(finished)
		defer stop()
		for {
			select {
			case <-ticks:
				pr.mu.Lock()
				pr.draw()
				pr.mu.Unlock()
			case <-quit:
				return
			}
		}
	}()
}

// RunStarted notes a run going on.
func (pr *progress) RunStarted(t harness.Task) {
	pr.mu.Lock()
	defer pr.mu.Unlock()
	name := filepath.Base(t.Source.File)
	if t.Source.Set != "" {
		name = t.Source.Set
	}
	name = fmt.Sprintf("%s#%d %s", name, t.Case().Location().Case, t.Spec.Text)
	if t.Repeat < 0 {
		name += " (warm-up)"
	}
	pr.running[runKey{t.Source, t.Index, t.Col, t.Repeat}] = runningRun{name: name, since: pr.now()}
}

// RunEnded drops a run from those going on.
func (pr *progress) RunEnded(t harness.Task, _ compare.Run) {
	pr.mu.Lock()
	defer pr.mu.Unlock()
	delete(pr.running, runKey{t.Source, t.Index, t.Col, t.Repeat})
}

// Row counts a finished row, and the failed ones.
func (pr *progress) Row(r compare.Row) {
	pr.mu.Lock()
	defer pr.mu.Unlock()
	pr.rows++
	if r.Failed() {
		pr.failures++
	}
	pr.draw()
}

// Finish stops the ticking and clears the line: the report starts on a
// clean one.
func (pr *progress) Finish() {
	if pr.stop == nil {
		return // never started
	}
	close(pr.stop)
	<-pr.finished
	pr.stop = nil
	pr.mu.Lock()
	defer pr.mu.Unlock()
	fmt.Fprintf(pr.w, "\r%s\r", strings.Repeat(" ", pr.shown))
	pr.shown = 0
}

// maxRunning is how many runs in progress the line names.
const maxRunning = 3

// draw writes the line again over the last one (with pr.mu held).
func (pr *progress) draw() {
	now := pr.now()
	line := fmt.Sprintf("%s: %d/%s done", pr.name, pr.rows, compare.Count(pr.cases, "case"))
	if pr.failures > 0 {
		line += fmt.Sprintf(", %d failed", pr.failures)
	}
	line += ", " + now.Sub(pr.began).Truncate(time.Second).String()
	if len(pr.running) > 0 {
		var runs []runningRun
		for _, r := range pr.running {
			runs = append(runs, r)
		}
		sort.Slice(runs, func(i, j int) bool { return runs[i].since.Before(runs[j].since) }) // the longest first
		var parts []string
		for _, r := range runs[:min(maxRunning, len(runs))] {
			parts = append(parts, r.name+" "+now.Sub(r.since).Truncate(time.Second).String())
		}
		if len(runs) > maxRunning {
			parts = append(parts, fmt.Sprintf("%d more", len(runs)-maxRunning))
		}
		line += "; running " + strings.Join(parts, ", ")
	}
	line += "; " + pr.estimate(now)
	pad := max(0, pr.shown-len(line))
	fmt.Fprintf(pr.w, "\r%s%s", line, strings.Repeat(" ", pad))
	pr.shown = len(line)
}

// estimate is the time left, from the rows finished so far.
func (pr *progress) estimate(now time.Time) string {
	if pr.rows == 0 || pr.cases <= pr.rows {
		return "time left: estimating"
	}
	per := now.Sub(pr.began) / time.Duration(pr.rows)
	return "about " + compare.FormatDuration((per * time.Duration(pr.cases-pr.rows)).Round(time.Second)) + " left"
}
