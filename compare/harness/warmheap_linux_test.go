package harness

import (
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"syscall"
	"testing"
)

// warmHeapProbe is the body of a test process (GRIDSAT_TEST_WARMHEAP set):
// at the workers' collector target, warmed or not as the variable says, it
// allocates and writes half the collector's first target in small blocks,
// as a solve does, and prints the page faults that took.
func warmHeapProbe(warm bool) {
	debug.SetGCPercent(WorkerGCPercent)
	if warm {
		warmHeap(warmHeapSize(WorkerGCPercent, 0))
	}
	var before, after syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &before)
	n := heapMinimum * WorkerGCPercent / 100 / 2 / 1024
	blocks := make([][]byte, n)
	for i := range blocks {
		blocks[i] = make([]byte, 1024)
		blocks[i][0] = 1
	}
	syscall.Getrusage(syscall.RUSAGE_SELF, &after)
	runtime.KeepAlive(blocks)
	fmt.Println(after.Minflt - before.Minflt)
}

// The warmed heap takes the first solves' allocations without faulting
// pages in: a process that allocates half the collector's first target
// faults most of its pages in cold and few of them warmed.
func TestWarmHeapSavesFaults(t *testing.T) {
	faults := map[string]int64{}
	for _, warm := range []string{"0", "1"} {
		cmd := exec.Command(os.Args[0], "-test.run=^$")
		cmd.Env = append(os.Environ(), "GRIDSAT_TEST_WARMHEAP="+warm)
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("warm=%s: %v", warm, err)
		}
		n, err := strconv.ParseInt(strings.TrimSpace(string(out)), 10, 64)
		if err != nil {
			t.Fatalf("warm=%s: output %q: %v", warm, out, err)
		}
		faults[warm] = n
	}
	pages := int64(heapMinimum * WorkerGCPercent / 100 / 2 / 4096)
	if faults["0"] < pages/2 {
		t.Fatalf("cold, %d faults for %d pages allocated: the probe allocates too little to tell", faults["0"], pages)
	}
	t.Logf("faults cold %d, warmed %d, pages %d", faults["0"], faults["1"], pages)
	if faults["1"] > faults["0"]/4 {
		t.Errorf("warmed, %d faults; cold, %d: want a quarter at most", faults["1"], faults["0"])
	}
}
