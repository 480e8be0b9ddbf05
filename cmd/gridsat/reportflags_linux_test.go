package main

import (
	"fmt"
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"golang.org/x/sys/unix"
)

// openTerminal opens a pseudo-terminal cols columns wide and returns its
// terminal side, or skips when the system has none to give.
func openTerminal(t *testing.T, cols uint16) *os.File {
	t.Helper()
	ptmx, err := os.OpenFile("/dev/ptmx", os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		t.Skipf("no pseudo-terminal: %v", err)
	}
	t.Cleanup(func() { ptmx.Close() })
	if err := unix.IoctlSetPointerInt(int(ptmx.Fd()), unix.TIOCSPTLCK, 0); err != nil {
		t.Skipf("unlocking the pseudo-terminal: %v", err)
	}
	n, err := unix.IoctlGetInt(int(ptmx.Fd()), unix.TIOCGPTN)
	if err != nil {
		t.Skipf("naming the pseudo-terminal: %v", err)
	}
	tty, err := os.OpenFile(fmt.Sprintf("/dev/pts/%d", n), os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		t.Skipf("opening the pseudo-terminal: %v", err)
	}
	t.Cleanup(func() { tty.Close() })
	if err := unix.IoctlSetWinsize(int(tty.Fd()), unix.TIOCSWINSZ, &unix.Winsize{Row: 40, Col: cols}); err != nil {
		t.Fatal(err)
	}
	return tty
}

// TestTableWidthFromTerminal: a table on a terminal is as wide as the
// terminal allows; in a file or pipe, report.DefaultWidth.
func TestTableWidthFromTerminal(t *testing.T) {
	var rf reportFlags
	tty := openTerminal(t, 90)
	if got := rf.reportOptions(tty, "table").Width; got != 90 {
		t.Errorf("on a 90-column terminal: width %d", got)
	}
	file, err := os.Create(filepath.Join(t.TempDir(), "out.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer file.Close()
	if got := rf.reportOptions(file, "table").Width; got != 0 {
		t.Errorf("in a file: width %d, want 0 (the default)", got)
	}
}
