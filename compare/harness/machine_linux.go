package harness

import (
	"bufio"
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"golang.org/x/sys/unix"

	"github.com/gridsat/gridsat/compare"
)

// readSystem fills in what Linux tells of the CPU, memory and kernel.
func readSystem(m *compare.Machine) {
	if b, err := os.ReadFile("/proc/cpuinfo"); err == nil {
		sc := bufio.NewScanner(bytes.NewReader(b))
		for sc.Scan() {
			k, v, ok := strings.Cut(sc.Text(), ":")
			if ok && strings.TrimSpace(k) == "model name" {
				m.CPUModel = strings.TrimSpace(v)
				break
			}
		}
	}
	cores := map[string]bool{}
	dirs, _ := filepath.Glob("/sys/devices/system/cpu/cpu[0-9]*")
	for _, d := range dirs {
		if n, err := strconv.Atoi(strings.TrimPrefix(filepath.Base(d), "cpu")); err == nil {
			if _, err := os.Stat(d + "/topology/core_id"); err == nil {
				cores[coreOf(n)] = true
			}
		}
	}
	m.PhysicalCores = len(cores)
	if st, err := os.ReadFile("/proc/meminfo"); err == nil {
		m.Memory = statusKiB(st, "MemTotal:") << 10
	}
	var u unix.Utsname
	if unix.Uname(&u) == nil {
		m.Kernel = unix.ByteSliceToString(u.Sysname[:]) + " " + unix.ByteSliceToString(u.Release[:])
	}
	if b, err := os.ReadFile("/sys/devices/system/clocksource/clocksource0/current_clocksource"); err == nil {
		m.Clocksource = strings.TrimSpace(string(b))
	}
}

// loadAverage is the system's load average over 1, 5 and 15 minutes, nil
// where it cannot be read.
func loadAverage() []float64 {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return nil
	}
	f := strings.Fields(string(b))
	if len(f) < 3 {
		return nil
	}
	var out []float64
	for _, s := range f[:3] {
		v, err := strconv.ParseFloat(s, 64)
		if err != nil {
			return nil
		}
		out = append(out, v)
	}
	return out
}
