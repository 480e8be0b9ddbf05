//go:build !linux

package compare

// readSystem knows only what the Go runtime says outside Linux.
func (m *Machine) readSystem() {}

// loadAverage is unknown outside Linux.
func loadAverage() []float64 { return nil }
