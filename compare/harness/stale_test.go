//go:build linux

package harness

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/gridsat/gridsat/compare"
)

// A worker that ends well has its whole process group killed too: a child
// its solver left running in the background does not outlive compare
// (0.13.0 killed the group only of a worker that would not exit), and its
// memory cgroup, which that child kept busy, is removed.
func TestWorkerEndKillsItsGroup(t *testing.T) {
	needProc(t)
	p := toyPuzzle()
	for _, mem := range []int64{0, 1 << 30} {
		pidfile := filepath.Join(t.TempDir(), "child.pid")
		pool := testPool(time.Minute, mem)
		pool.Env = append(pool.Env, "GRIDSAT_TEST_PIDFILE="+pidfile)
		enforced := pool.memoryEnforcement()
		rows := compareAll(context.Background(), compareConfig{Puzzle: p, Specs: specs(t, p, "bgchild"), Sources: []*Source{toySource(t, "1\n")}, Exec: pool})
		if v := rows[0].Runs[0].Verdict; v != compare.VerdictOK {
			t.Fatalf("bgchild: %s %s", v, rows[0].Runs[0].Detail)
		}
		pool.Close()
		b, err := os.ReadFile(pidfile)
		if err != nil {
			t.Fatal(err)
		}
		pid, _ := strconv.Atoi(string(b))
		if !gone(pid) {
			t.Errorf("mem %s (%s): the solver's background child %d outlived a worker that ended well", compare.FormatBytes(mem), enforced, pid)
		}
		if strings.HasPrefix(enforced, "cgroup") {
			left, _ := filepath.Glob(filepath.Join(pool.cgs.dir, fmt.Sprintf("gridsat-%d-*", os.Getpid())))
			if len(left) > 0 {
				t.Errorf("memory cgroups left: %v", left)
			}
		} else if mem > 0 {
			t.Logf("no memory cgroup can be made here (%s): their removal is not tested", enforced)
		}
	}
}

// deadPid is the pid of a process that has ended.
func deadPid(t *testing.T) int {
	cmd := exec.Command("true")
	if err := cmd.Run(); err != nil {
		t.Fatal(err)
	}
	return cmd.Process.Pid
}

// After a gridsat killed outright, the next one's first worker removes
// what it left: worker folders whose owner pid is gone, the processes
// running from them, and stale memory cgroups; what a live gridsat owns
// stays.
func TestStaleWorkerLeftoversAreRemoved(t *testing.T) {
	needProc(t)
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	dead := deadPid(t)
	stale := filepath.Join(tmp, fmt.Sprintf("%s%d-123", workerDirPrefix, dead))
	live := filepath.Join(tmp, fmt.Sprintf("%s%d-456", workerDirPrefix, os.Getppid()))
	old := filepath.Join(tmp, workerDirPrefix+"789") // 0.13.0's name: no owner known
	for _, d := range []string{stale, live, old} {
		if err := os.MkdirAll(filepath.Join(d, "gridsat-exec-1"), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	orphan := exec.Command("sleep", "60")
	orphan.Env = append(os.Environ(), "TMPDIR="+stale)
	if err := orphan.Start(); err != nil {
		t.Fatal(err)
	}
	go orphan.Wait()
	var cg string
	if cgs := findMemCgroups(); cgs != nil {
		cg = filepath.Join(cgs.dir, fmt.Sprintf("gridsat-%d-1", dead))
		if err := os.Mkdir(cg, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(cg, "cgroup.procs"), []byte(strconv.Itoa(orphan.Process.Pid)), 0); err != nil {
			t.Fatal(err)
		}
	} else {
		t.Log("no memory cgroup can be made here: stale cgroups are not tested")
	}
	p := toyPuzzle()
	pool := testPool(time.Minute, 0)
	rows := compareAll(context.Background(), compareConfig{Puzzle: p, Specs: specs(t, p, "good"), Sources: []*Source{toySource(t, "1\n")}, Exec: pool})
	pool.Close()
	if v := rows[0].Runs[0].Verdict; v != compare.VerdictOK {
		t.Fatalf("good: %s %s", v, rows[0].Runs[0].Detail)
	}
	if !gone(orphan.Process.Pid) {
		t.Error("a process running from a stale worker folder was left running")
	}
	if _, err := os.Stat(stale); !os.IsNotExist(err) {
		t.Errorf("the stale worker folder is still there (%v)", err)
	}
	for _, d := range []string{live, old} {
		if _, err := os.Stat(d); err != nil {
			t.Errorf("%s was removed, but its owner is alive or unknown", d)
		}
	}
	if cg != "" {
		if _, err := os.Stat(cg); !os.IsNotExist(err) {
			os.Remove(cg)
			t.Errorf("the stale memory cgroup %s is still there (%v)", cg, err)
		}
	}
}
