package main

import (
	"bytes"
	"os"
	"strings"
	"testing"
)

// TestMain lets the test binary stand in for gridsat as compare's worker:
// compare starts os.Executable() with the argument "worker".
func TestMain(m *testing.M) {
	if len(os.Args) > 1 && os.Args[1] == "worker" {
		os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
	}
	// "gridsat-cli ARGS" runs the command line itself, for tests that
	// need a real process (signals).
	if len(os.Args) > 1 && os.Args[1] == "gridsat-cli" {
		os.Exit(run(os.Args[2:], os.Stdin, os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}

// gridsat runs the command line with stdin and returns its outputs and
// exit status.
func gridsat(t *testing.T, stdin string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	var out, errb bytes.Buffer
	code = run(args, strings.NewReader(stdin), &out, &errb)
	return out.String(), errb.String(), code
}

func TestUsageErrors(t *testing.T) {
	tests := []struct {
		args    []string
		wantErr string
	}{
		{[]string{"solve", "nosuchpuzzle"}, "unknown puzzle"},
		{[]string{"solve"}, "accepts between 1 and 2 arg"},
		{[]string{"frobnicate"}, "unknown command"},
		{[]string{"compare", "nosuchpuzzle", "x"}, "unknown puzzle"},
		{[]string{"compare", "all", "--format", "yaml"}, "unknown --format"},
		{[]string{"compare", "all", "--mem", "lots"}, "--mem"},
		{[]string{"compare", "all", "--resume"}, "--resume needs --out"},
		{[]string{"gen", "nosuchpuzzle"}, "unknown puzzle"},
	}
	for _, tt := range tests {
		_, stderr, code := gridsat(t, "", tt.args...)
		if code != exitUsage || !strings.Contains(stderr, tt.wantErr) {
			t.Errorf("gridsat %v: exit %d, stderr %q; want exit 2 and %q", tt.args, code, stderr, tt.wantErr)
		}
	}
}

func TestHelpListsCommands(t *testing.T) {
	out, _, code := gridsat(t, "", "help")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	for _, cmd := range []string{"solve", "compare", "gen", "sets", "puzzles"} {
		if !strings.Contains(out, cmd) {
			t.Errorf("help does not mention %s", cmd)
		}
	}
	if strings.Contains(out, "worker") {
		t.Error("help shows the internal worker command")
	}
}

func TestParseBytes(t *testing.T) {
	tests := []struct {
		in   string
		want int64
		ok   bool
	}{
		{"2GiB", 2 << 30, true}, {"512MiB", 512 << 20, true}, {"100M", 100 << 20, true},
		{"0", 0, true}, {"1.5G", 3 << 29, true}, {"lots", 0, false}, {"-1M", 0, false},
	}
	for _, tt := range tests {
		got, err := parseBytes(tt.in)
		if (err == nil) != tt.ok || got != tt.want {
			t.Errorf("parseBytes(%q) = %d, %v", tt.in, got, err)
		}
	}
}
