package harness

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"runtime/debug"
	"strings"
	"time"

	"github.com/gridsat/gridsat/compare"
)

// collectorText says under which garbage collector target the workers
// run their solves (WorkerGCPercent), for the machine record: the times
// depend on it.
func collectorText() string {
	if g := os.Getenv("GOGC"); g != "" {
		return "GOGC=" + g + " in the workers (from the environment)"
	}
	return fmt.Sprintf("GOGC=%d in the workers", WorkerGCPercent)
}

// newMachine describes this machine and build for a comparison of specs.
func newMachine(specs []compare.Spec) *compare.Machine {
	m := &compare.Machine{OS: runtime.GOOS + "/" + runtime.GOARCH, GoVersion: runtime.Version(), Gridsat: compare.Version,
		LogicalCPUs: runtime.NumCPU(), TimeSource: timeSource, Collector: collectorText(), Revision: compare.RevisionUnknown}
	m.Host, _ = os.Hostname()
	readSystem(m)
	m.LoadStart = loadAverage()
	if _, ok := cpuNow(); ok {
		cost := clockCost()
		m.ClockCost, m.ClockCostWall = cost.cpu, cost.wall
	}
	m.Backends = map[string]string{}
	if info, ok := debug.ReadBuildInfo(); ok {
		readBuild(m, info)
	}
	if m.Revision == compare.RevisionUnknown && compare.Revision != "" {
		m.Revision = compare.Revision // -ldflags -X
	}
	for _, s := range specs {
		if b := s.Options[compare.BackendOption]; strings.HasPrefix(b, "exec:") {
			if _, done := m.Backends[b]; !done {
				m.Backends[b] = execVersion(strings.TrimPrefix(b, "exec:"))
			}
		}
	}
	return m
}

// backendModules are the modules whose versions name the in-process
// backends.
var backendModules = map[string]string{"github.com/crillab/gophersat": "gophersat", "github.com/go-air/gini": "gini"}

// readBuild takes the revision and the backends' versions from the build
// information.
func readBuild(m *compare.Machine, info *debug.BuildInfo) {
	for _, dep := range info.Deps {
		if name, ok := backendModules[dep.Path]; ok {
			v := dep.Version
			if dep.Replace != nil {
				v += " => " + dep.Replace.Path + " " + dep.Replace.Version
			}
			m.Backends[name] = v
		}
	}
	dirty := false
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			m.Revision = s.Value
		case "vcs.modified":
			dirty = s.Value == "true"
		}
	}
	if dirty && m.Revision != compare.RevisionUnknown {
		m.Revision += "+dirty"
	}
}

// execVersion is the first line an external solver prints for
// --version, or why there is none.
func execVersion(name string) string {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, name, "--version")
	// Its own process group, killed when it ends, however it ends (a
	// script's child must not outlive it), and its output bounded.
	ownGroup(cmd)
	out := &headBuffer{max: 4 << 10}
	cmd.Stdout = out
	err := cmd.Start()
	if err == nil {
		err = endGroup(cmd)
	}
	line, _, _ := strings.Cut(strings.TrimSpace(string(out.b)), "\n")
	if line == "" {
		if err != nil {
			return "unknown (" + compare.Clip(err.Error(), 60) + ")"
		}
		return "unknown"
	}
	return compare.Clip(line, 80)
}
