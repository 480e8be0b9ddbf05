package compare

import (
	"flag"
	"os"
	"strings"
	"testing"
)

var updateReadme = flag.Bool("update", false, "rewrite compare/README.md's option tables from the declarations")

// TestReadmeOptionTables: the option tables of compare/README.md are the
// declarations' (OptionTables); go test ./compare -run ReadmeOption
// -update rewrites them.
func TestReadmeOptionTables(t *testing.T) {
	const path = "README.md"
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	text := string(data)
	before, rest, ok1 := strings.Cut(text, OptionTablesBegin+"\n")
	tables, after, ok2 := strings.Cut(rest, OptionTablesEnd)
	if !ok1 || !ok2 {
		t.Fatalf("%s has no %s ... %s section", path, OptionTablesBegin, OptionTablesEnd)
	}
	want := OptionTables()
	if tables == want {
		return
	}
	if *updateReadme {
		if err := os.WriteFile(path, []byte(before+OptionTablesBegin+"\n"+want+OptionTablesEnd+after), 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("%s: option tables rewritten", path)
		return
	}
	got, wantLines := strings.Split(tables, "\n"), strings.Split(want, "\n")
	for i := range max(len(got), len(wantLines)) {
		g, w := line(got, i), line(wantLines, i)
		if g != w {
			t.Fatalf("%s's option tables differ from the declarations at table line %d (go test ./compare -run ReadmeOption -update rewrites them):\n README: %s\ndeclared: %s", path, i+1, g, w)
		}
	}
}

// line returns lines[i], or "(end)" past the end.
func line(lines []string, i int) string {
	if i < len(lines) {
		return lines[i]
	}
	return "(end)"
}

// TestOptionTablesCells: a pipe in a doc is escaped, so that it does not
// split its cell; a phrase default is text, an unset one "none".
func TestOptionTablesCells(t *testing.T) {
	tests := []struct{ got, want string }{
		{mdCell("at least |squares|-k"), `at least \|squares\|-k`},
		{mdValues("true|false"), "`true`, `false`"},
		{mdDefault(""), "none"},
		{mdDefault("the optimum"), "the optimum"},
		{mdDefault("0"), "`0`"},
	}
	for _, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("got %q, want %q", tt.got, tt.want)
		}
	}
}
