package main

import (
	"github.com/spf13/cobra"

	"github.com/gridsat/gridsat/compare/harness"
)

func newWorkerCmd() *cobra.Command {
	return &cobra.Command{
		Use:    "worker",
		Short:  "serve compare's runs on stdin/stdout (started by compare itself)",
		Hidden: true,
		Args:   cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if err := harness.WorkerMain(); err != nil {
				return fail(exitFail, err)
			}
			return nil
		},
	}
}
