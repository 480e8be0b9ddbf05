//go:build !linux

package harness

// warmHeapProbe is warmheap_linux_test.go's: page faults are counted on
// Linux only.
func warmHeapProbe(bool) {}
