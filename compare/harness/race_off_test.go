//go:build !race

package harness

// raceBuild says the test binary (and so every worker it starts) is built
// with the race detector, whose shadow memory makes a process several
// times larger.
const raceBuild = false
