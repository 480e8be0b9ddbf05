//go:build !linux

package e2e

import "errors"

// mountTmpfs cannot mount here: the tests that fill a disk skip.
func mountTmpfs(string, int) error { return errors.New("no tmpfs mounts outside Linux") }
