package compare

// Version is gridsat's version. It is part of every resume key: a run
// recorded by another version is not reused. Bump it when a change can
// change a solver's answer or its time.
const Version = "0.16.0-dev"

// Revision is the VCS revision gridsat was built from when the build
// does not record one (go build -buildvcs=false, or a build outside a
// repository): set it with
//
//	go build -ldflags "-X github.com/gridsat/gridsat/compare.Revision=$(git rev-parse --short HEAD)" ./cmd/gridsat
//
// The revision the build records (vcs.revision) wins over it.
var Revision = ""

// RevisionUnknown is the revision of a build that recorded none.
const RevisionUnknown = "unknown"
