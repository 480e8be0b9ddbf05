// Package e2e tests gridsat as a user runs it: a binary built from
// cmd/gridsat, in processes of its own, killed at random points, on full
// disks and read-only folders, with outputs that are its inputs. These
// suites start hundreds of processes; a package of their own gives them a
// test binary (and go test's time limit) of their own, apart from
// cmd/gridsat's in-process tests.
package e2e

import (
	"os"
	"testing"

	"github.com/gridsat/gridsat/cmd/gridsat/internal/clitest"
)

// gridsatBin is the gridsat TestMain built for these tests.
var gridsatBin string

// Exit statuses, as cmd/gridsat documents them.
const (
	exitFail        = 1
	exitUsage       = 2
	exitInterrupted = 130
)

// hangGuard bounds every wait for an event.
const hangGuard = clitest.HangGuard

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

// waitFor, fileIs and clipText are clitest's.
var (
	waitFor  = clitest.WaitFor
	fileIs   = clitest.FileIs
	clipText = clitest.Clip
)
