package main

import "github.com/gridsat/gridsat/cmd/gridsat/internal/clitest"

// waitFor is clitest's: a wait for an event, bounded by a hang guard,
// never a timing.
var waitFor = clitest.WaitFor
