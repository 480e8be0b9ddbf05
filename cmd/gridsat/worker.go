package main

import (
	"github.com/spf13/cobra"

	"github.com/gridsat/gridsat/compare"
)

func newWorkerCmd() *cobra.Command {
	return &cobra.Command{
		Use:    "worker",
		Short:  "serve compare's runs on stdin/stdout (started by compare itself)",
		Hidden: true,
		Args:   cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if err := compare.WorkerMain(); err != nil {
				return fail(exitFail, err)
			}
			return nil
		},
	}
}
