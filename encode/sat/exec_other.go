//go:build !linux

package sat

import "os/exec"

// tieToParent does nothing where the kernel cannot kill a child with its
// parent; a solver outliving a killed gridsat runs until it ends.
func tieToParent(*exec.Cmd) {}

// ownGroup does nothing outside Linux: a cancel kills the program alone.
func ownGroup(*exec.Cmd) {}

// endGroup waits for the command (outside Linux, its children are not
// killed).
func endGroup(cmd *exec.Cmd) error { return cmd.Wait() }
