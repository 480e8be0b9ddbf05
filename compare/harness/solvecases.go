package harness

import (
	"context"

	"github.com/gridsat/gridsat/compare"
	"github.com/gridsat/gridsat/instances"
)

// SolveCases runs spec on each of cases (read from file) in turn under
// limits: in worker processes started with worker (this binary's worker
// subcommand), or in this process for limits.InProcess. It calls done
// with each run as it ends, in order, until done returns false or ctx is
// cancelled. A run that answered has an empty verdict (the caller
// verifies its answer); one stopped or failed has timeout, memout, error
// or harness, with its reason in Detail. gridsat solve's --timeout and
// --mem go through here.
func SolveCases(ctx context.Context, worker []string, limits Limits, p *compare.Puzzle, spec compare.Spec, file string, cases []instances.Case, done func(i int, run compare.Run) bool) error {
	src := &Source{File: file, Cases: cases}
	if err := src.prepare(p); err != nil {
		return err
	}
	var exec executor = inProcess{}
	if !limits.InProcess {
		pool := &workerPool{Command: worker, Timeout: limits.Timeout, Mem: limits.Mem}
		defer pool.Close()
		exec = pool
	}
	for i := range cases {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if !done(i, exec.Execute(ctx, Task{Puzzle: p, Source: src, Index: i, Spec: spec})) {
			return nil
		}
	}
	return nil
}
