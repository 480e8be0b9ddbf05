//go:build !unix

package compare

// processAlive cannot tell here: every process is taken to be alive, so
// that no writer's temporary file is removed under it.
func processAlive(int) bool { return true }
