package main

import (
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"github.com/gridsat/gridsat/compare"
)

// abortOutputsOnSignal makes SIGINT and SIGTERM end the command at once
// with exit status 130, after removing the temporary files of the outputs
// it has not finished (compare.AbortOutputs): an interrupted gen or
// dimacs leaves every file it was writing as it was, and no temporary
// file beside it (one was left). stop ends the watch.
func abortOutputsOnSignal(stderr io.Writer) (stop func()) {
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, os.Interrupt, syscall.SIGTERM)
	done := make(chan struct{})
	go func() {
		select {
		case s := <-sig:
			compare.AbortOutputs()
			fmt.Fprintf(stderr, "gridsat: %v: stopped; the files being written are left as they were\n", s)
			os.Exit(exitInterrupted)
		case <-done:
		}
	}()
	return func() {
		signal.Stop(sig)
		close(done)
	}
}
