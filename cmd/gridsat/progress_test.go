package main

import (
	"strings"
	"testing"
	"time"

	"github.com/gridsat/gridsat/compare"
	"github.com/gridsat/gridsat/compare/harness"
)

// lineWriter hands each write to the test as it is made.
type lineWriter chan string

func (w lineWriter) Write(b []byte) (int, error) { w <- string(b); return len(b), nil }

// Issue 32, item 3 of the issue (item 8 of the brief): the progress line
// is drawn again at every tick with no run ending meanwhile (a long run
// does not freeze it), names the runs going on with how long each has
// run, and estimates the time left from the rows done. The test drives
// the ticks and the clock: it waits for each line written, never sleeps.
func TestProgressTicks(t *testing.T) {
	p, err := compare.Lookup("slant")
	if err != nil {
		t.Fatal(err)
	}
	srcs, err := harness.LoadBundled(p)
	if err != nil || len(srcs) == 0 || len(srcs[0].Cases) < 2 {
		t.Fatalf("slant's bundled sets: %v", err)
	}
	spec, err := p.ParseSpec("sat", nil)
	if err != nil {
		t.Fatal(err)
	}
	clock := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	ticks := make(chan time.Time)
	out := make(lineWriter)
	pr := &progress{w: out, now: func() time.Time { return clock },
		ticks: func() (<-chan time.Time, func()) { return ticks, func() {} }}
	next := func(what string) string {
		t.Helper()
		select {
		case line := <-out:
			return line
		case <-time.After(time.Minute): // a bound on a hang, not a wait for the clock
			t.Fatalf("no line written after %s", what)
			return ""
		}
	}
	go pr.Start(p, 4)
	if line := next("Start"); !strings.Contains(line, "slant: 0/4 cases done") {
		t.Errorf("first line %q", line)
	}
	long := harness.Task{Puzzle: p, Source: srcs[0], Index: 1, Spec: spec}
	pr.RunStarted(long)
	where := srcs[0].Set + "#" + "2 sat"
	for _, secs := range []int{1, 2, 3} {
		clock = clock.Add(time.Second)
		ticks <- clock
		line := next("a tick")
		if want := where + " " + time.Duration(secs*int(time.Second)).String(); !strings.Contains(line, want) {
			t.Errorf("tick %d: %q does not name the run going on as %q", secs, line, want)
		}
	}
	go pr.Row(compare.Row{})
	if line := next("a row"); !strings.Contains(line, "1/4 cases done") || !strings.Contains(line, "about 9s left") {
		t.Errorf("after a row in 3s, %q: want 1/4 done and about 9s left", line)
	}
	pr.RunEnded(long, compare.Run{})
	clock = clock.Add(time.Second)
	ticks <- clock
	if line := next("a tick"); strings.Contains(line, "running") {
		t.Errorf("%q still names a run that ended", line)
	}
	go pr.Finish()
	if line := next("Finish"); strings.TrimSpace(screenLine(line)) != "" {
		t.Errorf("Finish wrote %q: the line is not cleared", line)
	}
}
