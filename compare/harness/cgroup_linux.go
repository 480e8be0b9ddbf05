package harness

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
)

// A memory cgroup per worker makes the kernel enforce --mem on the
// worker and everything it starts, together (external solvers included),
// the way benchexec does: past the limit the kernel's OOM killer kills a
// process of the group, and the group's oom_kill counter says so. gridsat
// uses a cgroup v2 where its own cgroup delegates the memory controller to
// children, or the cgroup v1 memory hierarchy where it can create groups
// (as root, say). Where neither works, workers fall back to a data rlimit
// and the parent's poll (worker_linux.go, worker.go).

// memCgroups makes per-worker memory cgroups under one parent folder.
type memCgroups struct {
	dir string // the folder new groups go in
	v2  bool
}

// cgroupSeq numbers this process's cgroups (every pool's), so that names
// never collide.
var cgroupSeq atomic.Int64

// findMemCgroups returns a place to make memory cgroups, or nil: found
// once per process (the pools' cgroups and removeStale both ask; the
// probe makes and removes a group, which the kernel makes slowly).
var findMemCgroups = sync.OnceValue(probeMemCgroups)

// probeMemCgroups looks for a place to make memory cgroups: nil if none.
func probeMemCgroups() *memCgroups {
	own, err := os.ReadFile("/proc/self/cgroup")
	if err != nil {
		return nil
	}
	sc := bufio.NewScanner(bytes.NewReader(own))
	var v1, v2 string
	for sc.Scan() {
		f := strings.SplitN(sc.Text(), ":", 3)
		if len(f) != 3 {
			continue
		}
		if f[0] == "0" && f[1] == "" {
			v2 = f[2]
		}
		for _, c := range strings.Split(f[1], ",") {
			if c == "memory" {
				v1 = f[2]
			}
		}
	}
	if v2 != "" {
		for _, root := range []string{"/sys/fs/cgroup", "/sys/fs/cgroup/unified"} {
			dir := filepath.Join(root, v2)
			ctl, err := os.ReadFile(filepath.Join(dir, "cgroup.subtree_control"))
			if err == nil && hasWord(ctl, "memory") && writable(dir) {
				return &memCgroups{dir: dir, v2: true}
			}
		}
	}
	if v1 != "" {
		dir := filepath.Join("/sys/fs/cgroup/memory", v1)
		if _, err := os.Stat(filepath.Join(dir, "memory.limit_in_bytes")); err == nil && writable(dir) {
			return &memCgroups{dir: dir}
		}
	}
	return nil
}

func hasWord(b []byte, w string) bool {
	for _, f := range bytes.Fields(b) {
		if string(f) == w {
			return true
		}
	}
	return false
}

// writable reports whether a group can be made in dir (by making one).
func writable(dir string) bool {
	probe := filepath.Join(dir, fmt.Sprintf("gridsat-probe-%d", os.Getpid()))
	if err := os.Mkdir(probe, 0o755); err != nil {
		return false
	}
	os.Remove(probe)
	return true
}

// memCgroup is one worker's memory cgroup.
type memCgroup struct {
	dir string
	v2  bool
}

// add makes a group limited to mem bytes and moves process pid into it
// (its later children follow).
func (m *memCgroups) add(pid int, mem int64) (*memCgroup, error) {
	dir := filepath.Join(m.dir, fmt.Sprintf("gridsat-%d-%d", os.Getpid(), cgroupSeq.Add(1)))
	if err := os.Mkdir(dir, 0o755); err != nil {
		return nil, fmt.Errorf("making a memory cgroup: %w", err)
	}
	g := &memCgroup{dir: dir, v2: m.v2}
	limit := strconv.FormatInt(mem, 10)
	var err error
	if m.v2 {
		err = os.WriteFile(filepath.Join(dir, "memory.max"), []byte(limit), 0)
		os.WriteFile(filepath.Join(dir, "memory.swap.max"), []byte("0"), 0)
	} else {
		err = os.WriteFile(filepath.Join(dir, "memory.limit_in_bytes"), []byte(limit), 0)
		os.WriteFile(filepath.Join(dir, "memory.memsw.limit_in_bytes"), []byte(limit), 0)
	}
	if err == nil {
		err = os.WriteFile(filepath.Join(dir, "cgroup.procs"), []byte(strconv.Itoa(pid)), 0)
	}
	if err != nil {
		os.Remove(dir)
		return nil, fmt.Errorf("setting up the memory cgroup %s: %w", dir, err)
	}
	return g, nil
}

// oomKills is how many processes of the group the kernel killed for
// memory so far.
func (g *memCgroup) oomKills() int64 {
	if g == nil {
		return 0
	}
	file := "memory.oom_control"
	if g.v2 {
		file = "memory.events"
	}
	b, err := os.ReadFile(filepath.Join(g.dir, file))
	if err != nil {
		return 0
	}
	i := bytes.Index(b, []byte("oom_kill "))
	if i < 0 {
		return 0
	}
	f := bytes.Fields(b[i+len("oom_kill "):])
	if len(f) == 0 {
		return 0
	}
	n, _ := strconv.ParseInt(string(f[0]), 10, 64)
	return n
}

// remove deletes the group, killing first whatever still runs in it (a
// child that left the worker's process group), for up to a second.
func (g *memCgroup) remove() {
	if g == nil {
		return
	}
	for range 100 {
		if err := os.Remove(g.dir); err == nil || os.IsNotExist(err) {
			return
		}
		g.killAll()
		time.Sleep(10 * time.Millisecond)
	}
}

// killAll kills every process of the group.
func (g *memCgroup) killAll() {
	b, _ := os.ReadFile(filepath.Join(g.dir, "cgroup.procs"))
	for _, f := range bytes.Fields(b) {
		if pid, err := strconv.Atoi(string(f)); err == nil {
			syscall.Kill(pid, syscall.SIGKILL)
		}
	}
}

// removeStale removes the groups, and what runs in them, of gridsats
// whose pid is gone ("gridsat-PID-N"; stale.go).
func (m *memCgroups) removeStale() {
	dirs, _ := filepath.Glob(filepath.Join(m.dir, "gridsat-*"))
	for _, dir := range dirs {
		if staleOwner(strings.TrimPrefix(filepath.Base(dir), "gridsat-")) {
			(&memCgroup{dir: dir, v2: m.v2}).remove()
		}
	}
}
