package harness

import (
	"runtime/debug"

	"github.com/gridsat/gridsat/compare"
)

// DescribeMachine is the record of this machine and build that a
// comparison stores in its header, for measurements made outside one
// (gridsat measure).
func DescribeMachine() *compare.Machine { return newMachine(nil) }

// LoadAverage is the 1, 5 and 15 minute load average, nil where the
// system does not say.
func LoadAverage() []float64 { return loadAverage() }

// BuildRevision is the VCS revision this binary was built from: the one
// the build recorded, else compare.Revision (-ldflags -X), else
// compare.RevisionUnknown.
func BuildRevision() string {
	m := &compare.Machine{Revision: compare.RevisionUnknown, Backends: map[string]string{}}
	if info, ok := debug.ReadBuildInfo(); ok {
		readBuild(m, info)
	}
	if m.Revision == compare.RevisionUnknown && compare.Revision != "" {
		m.Revision = compare.Revision
	}
	return m.Revision
}
