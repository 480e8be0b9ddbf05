package main

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gridsat/gridsat/compare/report"
	jsonschema "github.com/gridsat/gridsat/compare/report/schema"
)

// Issue 32, item 2: compare all --export-csv --export-json, and report of
// the same runs file, write exports that validate against the schema and
// hold identical statistics; the table is still on stdout; --format csv
// of all puzzles is the CSV export.
func TestExportsOfCompareAllAndReport(t *testing.T) {
	dir := t.TempDir()
	at := func(name string) string { return filepath.Join(dir, name) }
	runs := at("runs.jsonl")
	stdout, stderr, code := gridsat(t, "", "compare", "all", "--inproc", "--results", runs,
		"--export-csv", at("all.csv"), "--export-json", at("all.json"), "--export-markdown", at("all.md"))
	if code != 0 || !strings.Contains(stdout, "== slant ==") {
		t.Fatalf("compare all --export-*: exit %d, stdout %.200q, stderr %s", code, stdout, stderr)
	}
	if _, stderr, code := gridsat(t, "", "report", runs, "--export-csv", at("r.csv"), "--export-json", at("r.json")); code != 0 {
		t.Fatalf("report --export-*: exit %d, %s", code, stderr)
	}
	schema, err := jsonschema.Load(report.ExportSchema)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"all.json", "r.json"} {
		var doc map[string]any
		if err := json.Unmarshal(readFile(t, at(name)), &doc); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		for _, e := range jsonschema.Validate(schema, doc) {
			t.Errorf("%s: %s", name, e)
		}
		if n := len(doc["comparisons"].([]any)); n < 3 {
			t.Errorf("%s has %d comparisons, want every puzzle's", name, n)
		}
	}
	if !bytes.Equal(readFile(t, at("all.json")), readFile(t, at("r.json"))) || !bytes.Equal(readFile(t, at("all.csv")), readFile(t, at("r.csv"))) {
		t.Error("compare all's exports and report's of its runs file differ")
	}
	recs, err := csv.NewReader(bytes.NewReader(readFile(t, at("all.csv")))).ReadAll()
	if err != nil || len(recs) < 2 || recs[0][0] != "puzzle" {
		t.Fatalf("all.csv: %v, %d records", err, len(recs))
	}
	if md := string(readFile(t, at("all.md"))); !strings.Contains(md, "### queens") || !strings.Contains(md, "|:---") {
		t.Errorf("all.md is not markdown tables per puzzle:\n%.300s", md)
	}
	stdout, _, code = gridsat(t, "", "report", runs, "--format", "csv")
	if code != 0 || stdout != string(readFile(t, at("r.csv"))) {
		t.Errorf("report --format csv of several puzzles: exit %d, not the CSV export", code)
	}
	usageError(t, "", "gridsat report FILE... --export-FORMAT", "compare", "slant", "--shard", "0/2", "--results", at("s.jsonl"), "--export-csv", at("s.csv"))
}

// readFile reads a file the test wrote.
func readFile(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestExportColumnsDocumented: docs/exports.md has a row for every CSV
// column, in the CSV's order.
func TestExportColumnsDocumented(t *testing.T) {
	doc := readRepoFile(t, "docs/exports.md")
	last := -1
	for _, c := range report.ExportColumns() {
		i := strings.Index(doc, "| `"+c+"` |")
		if i < 0 {
			t.Errorf("docs/exports.md has no row for the CSV column %s", c)
		} else if i < last {
			t.Errorf("docs/exports.md lists %s out of the CSV's order", c)
		}
		last = max(last, i)
	}
}
