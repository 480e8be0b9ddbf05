package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// Issue 32, item 1: --out means the main output wherever a command has
// it; compare's runs file is --results, and compare refuses --out (its
// old name for the runs file) with a hint rather than writing JSON lines
// into a report-looking file.
func TestOutMeansOneThing(t *testing.T) {
	dir := t.TempDir()
	page := filepath.Join(dir, "r.html")
	usageError(t, "", "the report goes to -o/--output FILE", "compare", "slant", "sample", "--inproc", "--format", "html", "--out", page)
	usageError(t, "", "name it .jsonl", "compare", "slant", "sample", "--inproc", "--format", "html", "--results", page)
	usageError(t, "", "-o r.csv --format csv", "compare", "slant", "sample", "--inproc", "--results", "r.csv")
	if _, err := os.Stat(page); err == nil {
		t.Fatalf("a refused command line wrote %s", page)
	}
	runs := filepath.Join(dir, "runs.jsonl")
	stdout, stderr, code := gridsat(t, "", "compare", "slant", "sample", "--inproc", "--format", "html", "-o", page, "--results", runs)
	if code != 0 || stdout != "" {
		t.Fatalf("compare -o r.html --results runs.jsonl: exit %d, stdout %q, stderr %s", code, stdout, stderr)
	}
	html, _ := os.ReadFile(page)
	lines, _ := os.ReadFile(runs)
	if !strings.HasPrefix(string(html), "<!DOCTYPE html>") || !strings.HasPrefix(string(lines), "{") {
		t.Errorf("-o got %.40q, --results got %.40q: want the page and the JSON lines", html, lines)
	}
}

// flagMention is a flag named in help text, with the word before it
// (a command name when the text speaks of another command's flag).
var flagMention = regexp.MustCompile(`(?:([a-z]+)\s)?--([a-z][a-z0-9-]*)`)

// TestHelpNamesOwnFlags walks every command's help (its long text and its
// flags' usage lines) and checks that each --flag it names is a flag of
// that command, unless the text names the other command right before it
// ("compare --certify --proofs DIR"), whose flags it is then checked
// against.
func TestHelpNamesOwnFlags(t *testing.T) {
	root := newRoot()
	for _, c := range root.Commands() {
		texts := []string{c.Long}
		c.Flags().VisitAll(func(f *pflag.Flag) {
			if !f.Hidden {
				texts = append(texts, f.Usage)
			}
		})
		for _, text := range texts {
			for _, clause := range regexp.MustCompile(`[.;:,()]\s`).Split(text, -1) {
				checkMentions(t, root, c, clause)
			}
		}
	}
}

// checkMentions checks the flags one clause of c's help names: each is
// c's, or, after another command's name in the clause, that command's.
func checkMentions(t *testing.T, root, c *cobra.Command, clause string) {
	t.Helper()
	owner := c
	for _, m := range flagMention.FindAllStringSubmatch(clause, -1) {
		if other, _, err := root.Find([]string{m[1]}); m[1] != "" && err == nil && other != root {
			owner = other
		}
		f := owner.Flags().Lookup(m[2])
		if f == nil {
			f = owner.InheritedFlags().Lookup(m[2])
		}
		if (f == nil || f.Hidden) && m[2] != "help" && m[2] != "version" {
			t.Errorf("gridsat %s -h names --%s, which %s has not: %q", c.Name(), m[2], owner.Name(), strings.TrimSpace(clause))
		}
	}
}
