package compare

import (
	"fmt"
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
	// Collector is the garbage collector's target the solves ran under
	// ("GOGC=400 in the workers"); empty in older records.
	Collector string `json:"collector,omitempty"`
	// ClockCost and ClockCostWall are what timing an empty solve reads
	// (the median of many), in CPU and wall time: the clocks' own cost,
	// carried by every measured time. MinSolve is the shortest solve
	// timed on its own (Run.Solves); 0 in older records.
	ClockCost     time.Duration `json:"clock_cost_ns,omitempty"`
	ClockCostWall time.Duration `json:"clock_cost_wall_ns,omitempty"`
	MinSolve      time.Duration `json:"min_solve_ns,omitempty"`
	// LoadStart is the load average (1, 5, 15 minutes) when the
	// comparison started; its end is in the footer record.
	LoadStart []float64 `json:"load_start,omitempty"`
	// Pinned lists the CPUs the workers were pinned to (--pin).
	Pinned []int `json:"pinned_cpus,omitempty"`
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
	if m.Collector != "" {
		clock += "; collector: " + m.Collector
	}
	if m.ClockCost > 0 {
		clock += fmt.Sprintf("; reading the clocks costs %s CPU, %s wall", FormatDuration(m.ClockCost), FormatDuration(m.ClockCostWall))
	}
	if m.MinSolve > 0 {
		clock += fmt.Sprintf("; solves under %s repeated until a round lasts %s, timed per solve", FormatDuration(m.MinSolve), FormatDuration(m.MinSolve))
	}
	return []string{hw, sys, load, clock}
}

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
