//go:build !linux

package harness

import (
	"github.com/gridsat/gridsat/compare"
)

// readSystem knows only what the Go runtime says outside Linux.
func readSystem(m *compare.Machine) {}

// loadAverage is unknown outside Linux.
func loadAverage() []float64 { return nil }
