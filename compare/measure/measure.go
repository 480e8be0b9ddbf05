package measure

import (
	"bytes"
	"context"
	"fmt"
	"os/exec"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/gridsat/gridsat/compare"
)

// A Value is one figure measured now: the median of its repeats and
// their range.
type Value struct {
	Figure   Figure
	Median   float64
	Min, Max float64
	Repeats  int
}

// A Measurer runs figures' steps with one gridsat binary in one scratch
// folder.
type Measurer struct {
	// Binary is the gridsat executable the steps run.
	Binary string
	// Prefix comes before each step's arguments.
	Prefix []string
	// Dir is the scratch folder that "{dir}" stands for; the steps'
	// instances are written there.
	Dir string
	// Progress, when set, is told of each step before it runs.
	Progress func(fig Figure, step []string)
	// prepared are the preparing steps already run, by their arguments.
	prepared map[string]bool
}

// Measure runs fig's steps and reads its metric off the measured one.
func (m *Measurer) Measure(ctx context.Context, fig Figure) (Value, error) {
	if len(fig.Steps) == 0 {
		return Value{}, fmt.Errorf("figure %s: no steps", fig.ID)
	}
	if m.prepared == nil {
		m.prepared = map[string]bool{}
	}
	last := len(fig.Steps) - 1
	for _, step := range fig.Steps[:last] {
		key := strings.Join(step, "\x00")
		if m.prepared[key] {
			continue
		}
		if _, err := m.run(ctx, fig, step); err != nil {
			return Value{}, err
		}
		m.prepared[key] = true
	}
	var got []float64
	for range max(fig.Repeat, 1) {
		s, err := m.run(ctx, fig, fig.Steps[last])
		if err != nil {
			return Value{}, err
		}
		v, err := read(fig, s)
		if err != nil {
			return Value{}, err
		}
		got = append(got, v)
	}
	slices.Sort(got)
	return Value{Figure: fig, Median: compare.MedianFloat(got), Min: got[0], Max: got[len(got)-1], Repeats: len(got)}, nil
}

// sample is what one run of a step gave.
type sample struct {
	cpu, wall time.Duration
	rss       int64 // bytes
	stdout    []byte
}

// run runs one step to completion; a non-zero exit is an error that
// names the figure, the command and what it printed on stderr.
func (m *Measurer) run(ctx context.Context, fig Figure, step []string) (sample, error) {
	args := make([]string, len(step))
	for i, a := range step {
		args[i] = strings.ReplaceAll(a, "{dir}", m.Dir)
	}
	if m.Progress != nil {
		m.Progress(fig, args)
	}
	cmd := exec.CommandContext(ctx, m.Binary, append(slices.Clone(m.Prefix), args...)...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	start := time.Now()
	err := cmd.Run()
	wall := time.Since(start)
	if err != nil {
		return sample{}, fmt.Errorf("figure %s: gridsat %s: %w: %s", fig.ID, strings.Join(args, " "), err, lastLine(stderr.String()))
	}
	cpu, rss := usage(cmd.ProcessState)
	return sample{cpu: cpu, wall: wall, rss: rss, stdout: stdout.Bytes()}, nil
}

// read is fig's metric of one sample.
func read(fig Figure, s sample) (float64, error) {
	switch fig.Metric {
	case CPU:
		return s.cpu.Seconds(), nil
	case Wall:
		return s.wall.Seconds(), nil
	case PeakRSS:
		return float64(s.rss), nil
	case Printed:
		re, err := regexp.Compile(fig.Pattern)
		if err != nil {
			return 0, fmt.Errorf("figure %s: pattern: %w", fig.ID, err)
		}
		m := re.FindSubmatch(s.stdout)
		if m == nil || len(m) < 2 {
			return 0, fmt.Errorf("figure %s: the run printed nothing matching %q", fig.ID, fig.Pattern)
		}
		v, err := strconv.ParseFloat(string(m[1]), 64)
		if err != nil {
			return 0, fmt.Errorf("figure %s: %q: %w", fig.ID, m[1], err)
		}
		return v, nil
	}
	return 0, fmt.Errorf("figure %s: unknown metric %q", fig.ID, fig.Metric)
}

// lastLine is the last non-empty line of s, for an error message.
func lastLine(s string) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	return lines[len(lines)-1]
}
