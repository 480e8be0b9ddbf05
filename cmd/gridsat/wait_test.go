package main

import (
	"testing"
	"time"
)

// hangGuard is how long waitFor waits for an event before it calls the
// test a hang. It bounds a wait, it does not time one: a passing test
// leaves as soon as its event happens, at any load.
const hangGuard = 3 * time.Minute

// waitFor polls cond until it holds, and fails the test (named by what)
// when it has not held within hangGuard.
func waitFor(t testing.TB, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(hangGuard); !cond(); time.Sleep(2 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("waited %s for %s", hangGuard, what)
		}
	}
}
