package report

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/gridsat/gridsat/compare"
	jsonschema "github.com/gridsat/gridsat/compare/report/schema"
)

// exportReports are two comparisons as an export takes them: the toy
// rows (a WRONG answer, a disagreement) and rows with a memout, a
// timeout with no words recorded, repeats and a multi-line answer.
func exportReports() []compare.Report {
	toy := compare.Report{Specs: []string{"good", "wrong"}, Rows: parseBackRows(), Timeout: time.Second, Seed: 7}
	rows := parseBackRows()
	rows[0].Runs[0].Result.Answer = "/\\\n\\/\n"
	rows[0].Runs[0].Result.Stats = []compare.Stat{{Name: "nodes", Value: 12}, {Name: "conflicts", Value: 3}}
	rows[0].Runs[1].Spread = &compare.Spread{N: 3, Wall: compare.Quartiles{Min: time.Microsecond, Median: time.Millisecond, Max: 2 * time.Millisecond}}
	rows[1].Runs[0] = compare.Run{Verdict: compare.VerdictMemout, Detail: "estimated peak 3.88GiB over the 2GiB limit (--mem)"}
	rows[2].Runs[1] = compare.Run{Verdict: compare.VerdictTimeout}
	other := compare.Report{Specs: []string{"good", "wrong"}, Rows: rows}
	return []compare.Report{toy, other}
}

// TestExportsFollowTheSchema: the JSON export validates against
// schema/export.schema.json, the CSV export's header is the schema's
// x-csv-columns and each of its rows validates as a run record; every
// verdict but ok and unsat has a reason, and answers are one line.
func TestExportsFollowTheSchema(t *testing.T) {
	schema, err := jsonschema.Load(ExportSchema)
	if err != nil {
		t.Fatal(err)
	}
	var js, cs bytes.Buffer
	if err := Export(&js, "json", exportReports(), Options{}); err != nil {
		t.Fatal(err)
	}
	if err := Export(&cs, "csv", exportReports(), Options{}); err != nil {
		t.Fatal(err)
	}
	var doc any
	if err := json.Unmarshal(js.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	for _, e := range jsonschema.Validate(schema, doc) {
		t.Error("JSON export:", e)
	}
	text := cs.String()
	recs, err := csv.NewReader(&cs).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	var cols []string
	for _, c := range schema["x-csv-columns"].([]any) {
		cols = append(cols, c.(string))
	}
	if !slices.Equal(recs[0], cols) {
		t.Fatalf("CSV header %v, want the schema's x-csv-columns %v", recs[0], cols)
	}
	if len(recs) != 1+2*6 {
		t.Errorf("CSV has %d rows, want one per case and solver (12) under the header", len(recs)-1)
	}
	runDef := schema["$defs"].(map[string]any)["run"].(map[string]any)
	for i, rec := range recs[1:] {
		obj := csvRecord(runDef, cols, rec)
		for _, e := range jsonschema.ValidateDef(schema, "run", obj, "csv row "+strconv.Itoa(i+1)) {
			t.Error(e)
		}
		verdict, reason := obj["verdict"], obj["reason"]
		if (verdict == "ok" || verdict == "unsat") != (reason == "") {
			t.Errorf("csv row %d: verdict %v with reason %q", i+1, verdict, reason)
		}
	}
	if !strings.Contains(text, "estimated peak 3.88GiB over the 2GiB limit (--mem)") || !strings.Contains(text, `/\ | \/`) {
		t.Errorf("CSV export lacks the memout's reason or the one-line answer:\n%s", text)
	}
}

// csvRecord is a CSV row as the JSON object the schema describes, each
// cell converted to its property's type.
func csvRecord(def map[string]any, cols, rec []string) map[string]any {
	props := def["properties"].(map[string]any)
	obj := map[string]any{}
	for i, c := range cols {
		cell := rec[i]
		switch props[c].(map[string]any)["type"] {
		case "integer", "number":
			f, err := strconv.ParseFloat(cell, 64)
			if err != nil {
				obj[c] = cell // a string where a number belongs: the schema says so
				continue
			}
			obj[c] = f
		case "boolean":
			obj[c] = cell == "true"
			if cell != "true" && cell != "false" {
				obj[c] = cell
			}
		default:
			obj[c] = cell
		}
	}
	return obj
}

// TestSchemaValidatorCatches attacks the validator: an export edited in
// each way the schema forbids is refused.
func TestSchemaValidatorCatches(t *testing.T) {
	schema, err := jsonschema.Load(ExportSchema)
	if err != nil {
		t.Fatal(err)
	}
	var js bytes.Buffer
	if err := Export(&js, "json", exportReports(), Options{}); err != nil {
		t.Fatal(err)
	}
	for _, edit := range []struct{ from, to string }{
		{`"verdict": "memout"`, `"verdict": "out of memory"`},
		{`"format": "gridsat-export"`, `"format": "other"`},
		{`"time_s": 0.001`, `"time_s": -1`},
		{`"cells": 1`, `"cells": "1"`},
		{`"agree": "yes"`, `"agree": "yes", "extra": 1`},
		{`"version": 1`, `"version": 2`},
		{`"answer": "/\\ | \\/"`, `"answer": "/\\\n\\/"`},
	} {
		text := js.String()
		if !strings.Contains(text, edit.from) {
			t.Fatalf("the export has no %s to edit:\n%s", edit.from, text)
		}
		var doc any
		if err := json.Unmarshal([]byte(strings.Replace(text, edit.from, edit.to, 1)), &doc); err != nil {
			t.Fatal(err)
		}
		if errs := jsonschema.Validate(schema, doc); len(errs) == 0 {
			t.Errorf("%s edited to %s: the validator found nothing", edit.from, edit.to)
		}
	}
}

// TestVerdictReasonsInEveryFormat (issue 32, item 3): a memout's reason
// and a timeout's are in the table and markdown (a footnote numbered in
// the cell), the CSV (a reason column), the JSON (detail) and the HTML.
func TestVerdictReasonsInEveryFormat(t *testing.T) {
	r := exportReports()[1]
	why := "estimated peak 3.88GiB over the 2GiB limit (--mem)"
	for _, format := range Formats {
		var b bytes.Buffer
		if err := WriteReport(&b, r, Options{Format: format}); err != nil {
			t.Fatal(err)
		}
		out := b.String()
		if !strings.Contains(out, why) {
			t.Errorf("--format %s does not give the memout's reason", format)
		}
		switch format {
		case "table", "markdown":
			if !strings.Contains(out, "memout [1]") || !strings.Contains(out, "[1] memout: "+why) || !strings.Contains(out, "timeout: stopped at the time limit") {
				t.Errorf("--format %s: no numbered reasons:\n%s", format, out)
			}
		case "csv":
			if !strings.Contains(out, "good.reason") {
				t.Errorf("CSV has no reason column:\n%s", out)
			}
		}
	}
}

// The exports say what the table says (audit): the virtual best's cases
// within noise, and the clock each run's time_s is by (a timeout, with no
// CPU time, counts its wall time: clock wall, not the report's cpu).
func TestExportsMatchTheTable(t *testing.T) {
	r := compare.Report{Specs: []string{"a", "b"}, Rows: pairRows(2, 3), Timeout: time.Second, Time: compare.TimeCPU}
	for _, row := range r.Rows {
		for i := range row.Runs {
			row.Runs[i].CPU = row.Runs[i].Result.Time
		}
	}
	r.Rows[1].Runs[1] = compare.Run{Solver: "b", Verdict: compare.VerdictTimeout, Wall: time.Second}
	v := resolve(r)
	runs := v.exportRuns()
	for _, e := range runs {
		want := compare.TimeCPU
		if e.Verdict == string(compare.VerdictTimeout) {
			want = compare.TimeWall
		}
		if e.Clock != want {
			t.Errorf("%s#%d %s: clock %q, want %q", e.File, e.Case, e.Solver, e.Clock, want)
		}
	}
	_, best := scores(v)
	best.WithinNoise = 3
	if e := exportSummary(best); e.WithinNoise != 3 {
		t.Errorf("the virtual best's within_noise: %d, want 3", e.WithinNoise)
	}
}
