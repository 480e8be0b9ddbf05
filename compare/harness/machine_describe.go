package harness

import "github.com/gridsat/gridsat/compare"

// DescribeMachine is the record of this machine and build that a
// comparison stores in its header, for measurements made outside one
// (gridsat measure).
func DescribeMachine() *compare.Machine { return newMachine(nil) }

// LoadAverage is the 1, 5 and 15 minute load average, nil where the
// system does not say.
func LoadAverage() []float64 { return loadAverage() }
