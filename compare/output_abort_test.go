package compare

import (
	"os"
	"path/filepath"
	"testing"
)

// A signal that lands right after an output's temporary file is created,
// before CreateOutput returns, still removes the file (one was left when
// the output was registered only after the creation, seen under load in
// TestInterruptedGenLeavesNoTemporary).
func TestAbortRightAfterTempCreated(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "boards.txt")
	os.WriteFile(target, []byte("precious\n"), 0o644)
	aborted := make(chan struct{})
	createTemp = func(dir, pattern string) (*os.File, error) {
		f, err := os.CreateTemp(dir, pattern)
		go func() { AbortOutputs(); close(aborted) }()
		return f, err
	}
	defer func() { createTemp = os.CreateTemp }()
	o, err := CreateOutput(target)
	if err != nil {
		t.Fatal(err)
	}
	defer o.Abort()
	<-aborted
	left, _ := filepath.Glob(filepath.Join(dir, ".boards.txt.tmp-*"))
	if len(left) != 0 {
		t.Errorf("temporary files left: %v", left)
	}
	if got, _ := os.ReadFile(target); string(got) != "precious\n" {
		t.Errorf("target now %q", got)
	}
}
