// Package split tests gridsat's split, join and shards end to end: a
// gridsat built for them cuts cases into parts, runs the parts in shards
// (GNU parallel where it is installed), and report joins them, refusing
// forged or missing parts. A test binary of its own, so that go test's
// time limit is its own.
package split

import (
	"os"
	"testing"

	"github.com/gridsat/gridsat/cmd/gridsat/internal/clitest"
	"github.com/gridsat/gridsat/compare"
)

// gridsatBin is the gridsat TestMain built for these tests.
var gridsatBin string

// Exit statuses, as cmd/gridsat documents them.
const (
	exitFail  = 1
	exitUsage = 2
)

func TestMain(m *testing.M) { clitest.Main(m, &gridsatBin) }

// gridsat runs the built gridsat with stdin and returns its outputs and
// exit status; a panic is a failed test.
func gridsat(t *testing.T, stdin string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	return clitest.Run(t, gridsatBin, nil, stdin, nil, args...)
}

// gridsatProc is gridsat with files as descriptors 3, 4...
func gridsatProc(t *testing.T, stdin string, files []*os.File, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	return clitest.Run(t, gridsatBin, nil, stdin, files, args...)
}

// usageError checks a bad command line: exit 2, one line on stderr that
// contains want, nothing on stdout (nothing ran).
func usageError(t *testing.T, stdin string, want string, args ...string) {
	t.Helper()
	clitest.UsageError(t, gridsatBin, nil, stdin, want, args...)
}

// jsonRows runs the built gridsat with --format json and returns its rows.
func jsonRows(t *testing.T, args ...string) ([]compare.Row, int) {
	t.Helper()
	return clitest.JSONRows(t, gridsatBin, nil, args...)
}

// editRecords is clitest's.
var editRecords = clitest.EditRecords
