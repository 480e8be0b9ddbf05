package compare

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"runtime/debug"
	"sort"
	"strings"
	"time"
)

// Machine is what a results file's header records of where its runs were
// measured: the hardware, the system, the software and its versions, the
// load, and how times were taken.
type Machine struct {
	Host          string `json:"host,omitempty"`
	CPUModel      string `json:"cpu_model"`
	LogicalCPUs   int    `json:"logical_cpus"`
	PhysicalCores int    `json:"physical_cores,omitempty"` // 0: unknown
	Memory        int64  `json:"memory,omitempty"`         // bytes; 0: unknown
	OS            string `json:"os"`                       // GOOS/GOARCH
	Kernel        string `json:"kernel,omitempty"`
	GoVersion     string `json:"go_version"`
	Gridsat       string `json:"gridsat"`
	// Revision is the VCS revision gridsat was built from, "unknown"
	// when the build did not record one (-buildvcs=false, a build
	// outside a checkout), with "+dirty" for uncommitted changes.
	Revision string `json:"revision"`
	// Backends are the SAT backends' versions: gophersat and gini from
	// the build's module list, exec: solvers from their --version.
	Backends map[string]string `json:"backends,omitempty"`
	// TimeSource says how CPU and wall times were measured, Clocksource
	// the kernel's clock under the wall time.
	TimeSource  string `json:"time_source"`
	Clocksource string `json:"clocksource,omitempty"`
	// LoadStart is the load average (1, 5, 15 minutes) when the
	// comparison started; its end is in the footer record.
	LoadStart []float64 `json:"load_start,omitempty"`
	// Pinned lists the CPUs the workers were pinned to (--pin).
	Pinned []int `json:"pinned_cpus,omitempty"`
}

// Footer is the record a comparison writes to its results file when it
// ends (an interrupted one too): the header is never rewritten.
type Footer struct {
	// Started is the header's Started, which names the comparison.
	Started time.Time `json:"started"`
	Ended   time.Time `json:"ended"`
	LoadEnd []float64 `json:"load_end,omitempty"`
	Runs    int       `json:"runs"` // the runs it made
}

// NewMachine describes this machine and build for a comparison of specs.
func NewMachine(specs []Spec) *Machine {
	m := &Machine{OS: runtime.GOOS + "/" + runtime.GOARCH, GoVersion: runtime.Version(), Gridsat: Version,
		LogicalCPUs: runtime.NumCPU(), TimeSource: TimeSource, Revision: "unknown"}
	m.Host, _ = os.Hostname()
	m.readSystem()
	m.LoadStart = loadAverage()
	m.Backends = map[string]string{}
	if info, ok := debug.ReadBuildInfo(); ok {
		m.readBuild(info)
	}
	for _, s := range specs {
		if b := s.Options[BackendOption.Name]; strings.HasPrefix(b, "exec:") {
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
func (m *Machine) readBuild(info *debug.BuildInfo) {
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
	if dirty && m.Revision != "unknown" {
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
			return "unknown (" + clip(err.Error(), 60) + ")"
		}
		return "unknown"
	}
	return clip(line, 80)
}

// CPUKey is what two machines must share for their times to be compared:
// the CPU model ("" when not recorded).
func (m *Machine) CPUKey() string {
	if m == nil {
		return ""
	}
	return m.CPUModel
}

// Lines describe the machine for a report, with the load at the end
// when a footer gave it.
func (m *Machine) Lines(loadEnd []float64) []string {
	if m == nil {
		return nil
	}
	hw := fmt.Sprintf("machine: %s, %d logical CPUs", orUnknown(m.CPUModel), m.LogicalCPUs)
	if m.PhysicalCores > 0 {
		hw += fmt.Sprintf(" (%d cores)", m.PhysicalCores)
	}
	if m.Memory > 0 {
		hw += ", " + FormatBytes(m.Memory)
	}
	if m.Host != "" {
		hw += ", host " + m.Host
	}
	sys := fmt.Sprintf("system: %s", m.OS)
	if m.Kernel != "" {
		sys += ", kernel " + m.Kernel
	}
	sys += fmt.Sprintf(", %s, gridsat %s (revision %s)", m.GoVersion, m.Gridsat, m.Revision)
	var names []string
	for k := range m.Backends {
		names = append(names, k)
	}
	sort.Strings(names)
	var bs []string
	for _, k := range names {
		bs = append(bs, k+" "+m.Backends[k])
	}
	if len(bs) > 0 {
		sys += "; backends " + strings.Join(bs, ", ")
	}
	load := "load average: " + loadText(m.LoadStart) + " at start, " + loadText(loadEnd) + " at end"
	if len(m.Pinned) > 0 {
		var cs []string
		for _, c := range m.Pinned {
			cs = append(cs, fmt.Sprint(c))
		}
		load += "; workers pinned to CPU " + strings.Join(cs, ", ")
	}
	clock := "clock: " + m.TimeSource
	if m.Clocksource != "" {
		clock += " (kernel clocksource " + m.Clocksource + ")"
	}
	return []string{hw, sys, load, clock}
}

// LoadAverage is the system's load average over 1, 5 and 15 minutes, nil
// where it cannot be read.
func LoadAverage() []float64 { return loadAverage() }

// CPUName is the machine's CPU model, "unknown CPU" when it was not
// recorded.
func (m *Machine) CPUName() string {
	if m == nil {
		return orUnknown("")
	}
	return orUnknown(m.CPUModel)
}

func orUnknown(s string) string {
	if s == "" {
		return "unknown CPU"
	}
	return s
}

// loadText prints a load average triple, "?" when unknown.
func loadText(l []float64) string {
	if len(l) == 0 {
		return "?"
	}
	var parts []string
	for _, v := range l {
		parts = append(parts, fmt.Sprintf("%.2f", v))
	}
	return strings.Join(parts, " ")
}
