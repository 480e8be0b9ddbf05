package main

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// A flag that takes one value is given once: given twice, the command is
// refused (exit 2) rather than running with the last value, as
// `--export-csv x.csv --export-csv y.csv` wrote y.csv only and
// `solve --solver sat --solver dfs` ran dfs (red-team pass). Flags that
// collect values (slices and arrays: --proofs, --opt) repeat as before.

// givenTwice is what a second value of a single-valued flag is told.
const givenTwice = "is given twice: give it once"

// onceValue is a flag's value that refuses a second Set.
type onceValue struct {
	pflag.Value
	name string
	set  bool
}

func (v *onceValue) Set(s string) error {
	if v.set {
		return fmt.Errorf("--%s %s", v.name, givenTwice)
	}
	v.set = true
	return v.Value.Set(s)
}

// IsBoolFlag keeps a boolean flag's form without a value (--unique).
func (v *onceValue) IsBoolFlag() bool {
	b, ok := v.Value.(interface{ IsBoolFlag() bool })
	return ok && b.IsBoolFlag()
}

// flagsOnce makes every single-valued flag of cmd and its subcommands
// refuse a second value.
func flagsOnce(cmd *cobra.Command) {
	wrap := func(f *pflag.Flag) {
		if _, done := f.Value.(*onceValue); done {
			return
		}
		if t := f.Value.Type(); strings.HasSuffix(t, "Slice") || strings.HasSuffix(t, "Array") {
			return
		}
		f.Value = &onceValue{Value: f.Value, name: f.Name}
	}
	cmd.Flags().VisitAll(wrap)
	cmd.PersistentFlags().VisitAll(wrap)
	for _, sub := range cmd.Commands() {
		flagsOnce(sub)
	}
}
