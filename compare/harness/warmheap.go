package harness

import (
	"runtime"
	"runtime/debug"
)

// A fresh worker's heap grows page by page as its first solves allocate,
// and every new page costs the kernel a fault (zeroing it, and on a
// virtual machine often a trap to the host) that the process's CPU clock
// counts: the first jobs of a worker, and the allocating SAT side most,
// were timed with the growth of a heap that later jobs reuse. A worker
// therefore grows its heap to the collector's first target before its
// first job and collects it: the pages stay with the process (the
// runtime's scavenger keeps about the target), and the solves allocate
// in them. TestWarmHeapSavesFaults measures the faults it saves.

// warmHeapChunk is the size of the blocks warmHeap touches, one byte a
// page.
const warmHeapChunk = 64 << 10

// heapMinimum is the Go runtime's smallest heap goal at GOGC=100: the
// collector's first target is this scaled by the GC percent.
const heapMinimum = 4 << 20

// warmHeapSize is the heap warmHeap grows: the collector's first target
// at GC percent pct and a quarter more (the heap's own overheads), 0 when
// the collector is off or under a memory limit (bytes, 0 for none) it
// would take more than an eighth of.
func warmHeapSize(pct int, limit int64) int64 {
	if pct <= 0 {
		return 0
	}
	size := int64(heapMinimum) * int64(pct) / 100 * 5 / 4
	if limit > 0 && size > limit/8 {
		return 0
	}
	return size
}

// warmHeap allocates size bytes in blocks, touches every page of them,
// drops them and collects.
func warmHeap(size int64) {
	if size <= 0 {
		return
	}
	blocks := make([][]byte, size/warmHeapChunk)
	for i := range blocks {
		b := make([]byte, warmHeapChunk)
		for j := 0; j < len(b); j += 4096 {
			b[j] = 1
		}
		blocks[i] = b
	}
	blocks = nil
	runtime.GC()
}

// gcPercent returns the collector's current target.
func gcPercent() int {
	pct := debug.SetGCPercent(100)
	debug.SetGCPercent(pct)
	return pct
}
