package main

import (
	"fmt"
	"regexp"
	"strings"
	"sync"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// Hints for command lines that cobra refuses, so that a flag misspelt,
// a flag named as another tool names it, or a value in another tool's
// form gets a "did you mean" rather than the parser's words alone.

// flagAliases are other tools' names for gridsat's flags (hyperfine's
// --runs is --repeat here).
var flagAliases = map[string]string{"runs": "repeat", "min-runs": "repeat", "out-file": "results", "time-limit": "timeout", "memory": "mem", "memlimit": "mem", "threads": "jobs", "seed-bootstrap": "seed"}

// flagErrors are the forms of cobra's flag errors that get a hint,
// compiled when a command line is first refused, not at every start.
var flagErrors = sync.OnceValue(func() (e struct{ unknownFlag, unknownShort, badValue *regexp.Regexp }) {
	e.unknownFlag = regexp.MustCompile(`^unknown flag: --([^ =]+)`)
	e.unknownShort = regexp.MustCompile(`^unknown shorthand flag: '(.)' in -([^ =]+)`)
	e.badValue = regexp.MustCompile(`^invalid argument "([^"]*)" for "(?:-., )?--([^"]+)" flag: (.*)$`)
	return e
})

// flagHint is cobra's flag error err on command c with a hint added
// where one helps; err itself otherwise.
func flagHint(c *cobra.Command, err error) error {
	msg := err.Error()
	hint := ""
	fe := flagErrors()
	if strings.Contains(msg, givenTwice) {
		return err // the value was fine: a hint on its form would mislead
	}
	if m := fe.unknownFlag.FindStringSubmatch(msg); m != nil {
		hint = suggestFlag(c, m[1])
	} else if m := fe.unknownShort.FindStringSubmatch(msg); m != nil && c.Flags().Lookup(m[2]) != nil {
		hint = fmt.Sprintf("did you mean --%s (two dashes)?", m[2])
	} else if m := fe.badValue.FindStringSubmatch(msg); m != nil {
		hint = valueHint(c, m[2], m[1], m[3])
	}
	if hint == "" {
		return err
	}
	return fmt.Errorf("%w; %s", err, hint)
}

// suggestFlag names the flag of c closest to name: another tool's name
// for it, or one within two edits or starting with name.
func suggestFlag(c *cobra.Command, name string) string {
	if alias, ok := flagAliases[name]; ok && c.Flags().Lookup(alias) != nil {
		return fmt.Sprintf("gridsat calls it --%s", alias)
	}
	best, bestDist := "", 3
	c.Flags().VisitAll(func(f *pflag.Flag) {
		d := editDistance(name, f.Name)
		if strings.HasPrefix(f.Name, name) && len(name) >= 3 {
			d = min(d, 1)
		}
		if d < bestDist && !f.Hidden {
			best, bestDist = f.Name, d
		}
	})
	if best == "" {
		return fmt.Sprintf("'gridsat %s -h' lists its flags", c.Name())
	}
	return fmt.Sprintf("did you mean --%s?", best)
}

// valueHint says what form a refused flag value takes.
func valueHint(c *cobra.Command, flag, value, why string) string {
	f := c.Flags().Lookup(flag)
	if f == nil {
		return ""
	}
	switch f.Value.Type() {
	case "duration":
		if strings.Contains(why, "missing unit") {
			return fmt.Sprintf("did you mean --%s %ss? (durations take a unit: 500ms, 10s, 2m, 1h)", flag, value)
		}
		return "durations take a unit: 500ms, 10s, 2m, 1h"
	case "bool":
		return fmt.Sprintf("--%s takes no value: gridsat %s --%s %s", flag, c.Name(), flag, value)
	}
	return ""
}

// editDistance is the Levenshtein distance of a and b.
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur := make([]int, len(b)+1)
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev = cur
	}
	return prev[len(b)]
}
