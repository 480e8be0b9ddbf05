package harness

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// workerDirPrefix names the workers' temporary folders: the prefix, the
// pid of the gridsat whose worker it is, a dash and a random part, so that
// a later gridsat knows a folder whose owner is gone.
const workerDirPrefix = "gridsat-worker-"

// removeStale removes what the workers of a gridsat killed outright
// (SIGKILL, a crash: no cleanup ran) left behind: their temporary folders,
// the processes still running with one as TMPDIR (an exec: solver's
// background child), and their memory cgroups with what runs in them. Each
// is named by its owner's pid and taken only once that pid is gone.
func removeStale() {
	dirs, _ := filepath.Glob(filepath.Join(os.TempDir(), workerDirPrefix+"*"))
	for _, dir := range dirs {
		if staleOwner(strings.TrimPrefix(filepath.Base(dir), workerDirPrefix)) {
			killByEnv("TMPDIR=" + dir)
			os.RemoveAll(dir)
		}
	}
	if cgs := findMemCgroups(); cgs != nil {
		cgs.removeStale()
	}
}

// staleOwner reports whether name, "PID-rest", names a process that is
// gone (not this one).
func staleOwner(name string) bool {
	a, _, ok := strings.Cut(name, "-")
	pid, err := strconv.Atoi(a)
	return ok && err == nil && pid > 0 && pid != os.Getpid() && !pidAlive(pid)
}
