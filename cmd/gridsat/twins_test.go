package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/gridsat/gridsat/compare"
)

// twinBoard is a 10x10 queens board whose 4-cover needs a refutation of 3
// queens: its runs' "fewest" is a claim that the solvers cross-check.
const twinBoard = `10 10
......X..X
..XX...X..
.XX...XXX.
.XX.XXX..X
....X..X.X
X.X.X.....
X..X.....X
.XXXX..X.X
.X.X....X.
X.X...XX..
`

// One board at two places in the input must be answered alike. Both runs
// of the second edited to a cover of one queen more agree with each other
// (so the row alone reads cross-checked, exit 0: red-team pass), but not
// with the first: report marks both rows as disagreements naming each
// other, labels no run of them cross-checked, and exits 1.
func TestTwinBoardsAnswerAlike(t *testing.T) {
	in := filepath.Join(t.TempDir(), "twins.txt")
	if err := os.WriteFile(in, []byte(twinBoard+twinBoard+"0\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out := recorded(t, "queens", in, "--solvers", "dfs,sat")
	stdout, stderr, code := gridsatProc(t, "", nil, "report", out, "--format", "json")
	if code != 0 {
		t.Fatalf("report of the runs as made: exit %d\n%s%s", code, stdout, stderr)
	}
	if edited := addQueen(t, out, 2, "."); edited != 2 {
		t.Fatalf("edited %d runs, want the two of case 2", edited)
	}
	stdout, stderr, code = gridsatProc(t, "", nil, "report", out, "--format", "json")
	var rep struct {
		Rows []compare.Row `json:"rows"`
	}
	if err := json.Unmarshal([]byte(stdout), &rep); err != nil || len(rep.Rows) != 2 {
		t.Fatalf("report: %v, %d rows\n%s%s", err, len(rep.Rows), stdout, stderr)
	}
	if code != 1 {
		t.Errorf("report with twins answering otherwise: exit %d, want 1\n%s", code, stderr)
	}
	for i, row := range rep.Rows {
		other := "#" + strconv.Itoa(2-i)
		if row.Agree != "NO" || !strings.Contains(strings.Join(row.Problems, "\n"), "same board") ||
			!strings.Contains(strings.Join(row.Problems, "\n"), other) {
			t.Errorf("case %d: agree %s, problems %q; want NO and the twin %s named", row.Case, row.Agree, row.Problems, other)
		}
		for _, run := range row.Runs {
			if run.Claim == compare.ClaimCrossChecked {
				t.Errorf("case %d: %s answers %q, labelled %s beside a twin that answers otherwise", row.Case, run.Solver, run.Result.Answer, run.Claim)
			}
		}
	}
}
