package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCampaignReportsAgain judges every results file of the queens
// campaign again (compare/campaign/CAMPAIGN.md): report must verify its
// cover, answer the table's value and label it as the table says. The
// table is read, never trusted: an edited file or table fails here.
func TestCampaignReportsAgain(t *testing.T) {
	dir := filepath.Join(repoRoot, "compare", "campaign")
	rows := campaignRows(t, filepath.Join(dir, "CAMPAIGN.md"))
	if len(rows) < 2 {
		t.Fatalf("the campaign table has %d rows", len(rows))
	}
	for _, row := range rows {
		t.Run(row["file"], func(t *testing.T) {
			export := filepath.Join(t.TempDir(), "export.json")
			stdout, stderr, code := gridsat(t, "", "report", filepath.Join(dir, row["file"]), "--export-json", export)
			if code != 0 {
				t.Fatalf("report: exit %d\n%s", code, stderr)
			}
			if parts, ok := strings.CutSuffix(row["file"], "parts.jsonl"); ok {
				// A split case: the join report derives is the answer.
				want := ": " + row["gamma(Q_n)"] + ", the split's own answer: no part has one of at most "
				if !strings.Contains(stdout, "joined ") || !strings.Contains(stdout, want) || !strings.Contains(stdout, "("+row["label"]+")") {
					t.Errorf("%s: report joins no %q labelled %s:\n%s", parts, want, row["label"], stdout)
				}
				return
			}
			var got struct {
				Runs []struct{ Verdict, Answer, Claim string }
			}
			b, err := os.ReadFile(export)
			if err != nil {
				t.Fatal(err)
			}
			if err := json.Unmarshal(b, &got); err != nil {
				t.Fatal(err)
			}
			if len(got.Runs) != 1 {
				t.Fatalf("%d runs, want 1", len(got.Runs))
			}
			r := got.Runs[0]
			if r.Verdict != "ok" || r.Answer != "Case 1: "+row["gamma(Q_n)"] || r.Claim != row["label"] {
				t.Errorf("report says %s %q %q; the table %s %q", r.Verdict, r.Answer, r.Claim, row["gamma(Q_n)"], row["label"])
			}
		})
	}
}

// campaignRows reads the first Markdown table of path as maps from its
// header's cells.
func campaignRows(t *testing.T, path string) []map[string]string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var head []string
	var rows []map[string]string
	for _, line := range strings.Split(string(b), "\n") {
		if !strings.HasPrefix(line, "|") {
			if head != nil {
				break
			}
			continue
		}
		cells := strings.Split(strings.Trim(line, "|"), "|")
		for i := range cells {
			cells[i] = strings.TrimSpace(cells[i])
		}
		switch {
		case head == nil:
			head = cells
		case strings.HasPrefix(cells[0], "---"):
		default:
			row := map[string]string{}
			for i, c := range cells {
				if i < len(head) {
					row[head[i]] = c
				}
			}
			rows = append(rows, row)
		}
	}
	return rows
}
