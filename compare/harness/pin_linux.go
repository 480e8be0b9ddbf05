package harness

import (
	"fmt"
	"os"
	"runtime"
	"sort"
	"strconv"
	"strings"

	"golang.org/x/sys/unix"
)

// PinCPUs lists the logical CPUs this process may run on, in the order
// --pin gives them to workers: one CPU of each physical core first (as
// benchexec does, so that two workers do not share a core's caches and
// execution units while another core is free), then the cores' other
// hardware threads. Where /sys gives no topology every CPU is its own
// core.
func PinCPUs() ([]int, error) {
	var set unix.CPUSet
	if err := unix.SchedGetaffinity(0, &set); err != nil {
		return nil, fmt.Errorf("reading the CPUs this process may use: %w", err)
	}
	var cpus []int
	for c := 0; c < len(set)*64; c++ {
		if set.IsSet(c) {
			cpus = append(cpus, c)
		}
	}
	rank := map[string]int{} // core -> CPUs of it seen so far
	nth := map[int]int{}     // cpu -> its place among its core's
	for _, c := range cpus {
		core := coreOf(c)
		nth[c] = rank[core]
		rank[core]++
	}
	sort.SliceStable(cpus, func(i, j int) bool { return nth[cpus[i]] < nth[cpus[j]] })
	return cpus, nil
}

// coreOf names the physical core of logical CPU c: its package and core
// ids, or the CPU itself where /sys does not say.
func coreOf(c int) string {
	dir := "/sys/devices/system/cpu/cpu" + strconv.Itoa(c) + "/topology/"
	pkg, err1 := os.ReadFile(dir + "physical_package_id")
	core, err2 := os.ReadFile(dir + "core_id")
	if err1 != nil || err2 != nil {
		return "cpu" + strconv.Itoa(c)
	}
	return strings.TrimSpace(string(pkg)) + "/" + strings.TrimSpace(string(core))
}

// pinSelf binds every thread of this process to logical CPU cpu, and the
// Go runtime to one thread at a time (GOMAXPROCS 1: on one CPU more only
// adds the scheduler's spinning to the runs' CPU time). Threads started
// later inherit the binding; the loop ends when a pass over the threads
// finds none it had not bound.
func pinSelf(cpu int) error {
	runtime.GOMAXPROCS(1)
	var set unix.CPUSet
	set.Set(cpu)
	done := map[int]bool{}
	for pass := 0; pass < 100; pass++ {
		tasks, err := os.ReadDir("/proc/self/task")
		if err != nil {
			return unix.SchedSetaffinity(0, &set)
		}
		fresh := false
		for _, t := range tasks {
			tid, err := strconv.Atoi(t.Name())
			if err != nil || done[tid] {
				continue
			}
			if err := unix.SchedSetaffinity(tid, &set); err != nil && err != unix.ESRCH {
				return fmt.Errorf("pinning thread %d to CPU %d: %w", tid, cpu, err)
			}
			done[tid], fresh = true, true
		}
		if !fresh {
			return nil
		}
	}
	return fmt.Errorf("pinning to CPU %d: threads kept appearing", cpu)
}
