//go:build !unix

package harness

// liftDataLimit does nothing where there is no data rlimit.
func liftDataLimit() {}
