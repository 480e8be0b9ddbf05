//go:build !linux

package harness

import (
	"errors"
)

var errNoPin = errors.New("pinning workers to CPUs (--pin) needs Linux")

// PinCPUs fails outside Linux.
func PinCPUs() ([]int, error) { return nil, errNoPin }

func pinSelf(int) error { return errNoPin }
