package report

import (
	"fmt"
	"sort"
	"strings"

	"github.com/gridsat/gridsat/compare"
)

// claimMarks are the table's marks after a verdict, by label.
var claimMarks = map[string]string{compare.ClaimCertified: "✓✓", compare.ClaimCertifiedWhenRun: "✓", compare.ClaimBound: "⊢", compare.ClaimClaimed: "?"}

// claimCounts counts the labels of column i's runs.
func claimCounts(rows []compare.Row, i int) map[string]int {
	n := map[string]int{}
	for _, r := range rows {
		if i < len(r.Runs) && r.Runs[i].Claim != "" {
			n[r.Runs[i].Claim]++
		}
	}
	return n
}

// claimsLines are the summary's lines on claims: each solver's count per
// label, and what the table's marks mean when it shows one; none when no
// run claims anything.
func claimsLines(r view, solvers []Summary) []string {
	var parts []string
	marked := false
	for _, s := range solvers {
		var counts []string
		for _, label := range compare.ClaimLabels {
			if n := s.Claims[label]; n > 0 {
				counts = append(counts, fmt.Sprintf("%d %s", n, label))
				marked = marked || claimMarks[label] != ""
			}
		}
		if len(counts) > 0 {
			parts = append(parts, s.Solver+" "+strings.Join(counts, ", "))
		}
	}
	if len(parts) == 0 {
		return nil
	}
	lines := []string{fmt.Sprintf("claims no verifier can check (%s): %s", r.Puzzle.ClaimsWhat(), strings.Join(parts, "; "))}
	if by := boundsLine(r.Rows); by != "" {
		lines = append(lines, by)
	}
	if said := saidCertified(r.Rows); said > 0 {
		lines = append(lines, fmt.Sprintf("%s certified when run, by the results file's word alone, which is not taken: each is labelled by what is checked here (keep the proofs with compare --certify --proofs DIR; report --proofs DIR checks them again)", compare.Count(said, "run says it was|runs say they were")))
	}
	if marked {
		lines = append(lines, marksLegend())
	}
	return lines
}

// saidCertified counts the runs read from a file that say they were
// certified when run (Run.Certified) and that no proof checked here
// certifies.
func saidCertified(rows []compare.Row) int {
	n := 0
	for _, r := range rows {
		for _, run := range r.Runs {
			if run.Certified && !run.Live && run.Claim != compare.ClaimCertified && run.Claim != "" {
				n++
			}
		}
	}
	return n
}

// boundsLine names the theorems and bounds that settle runs labelled
// ClaimBound, each with how many runs it settles; "" when none.
func boundsLine(rows []compare.Row) string {
	n := map[string]int{}
	var names []string
	for _, r := range rows {
		for _, run := range r.Runs {
			if run.Claim == compare.ClaimBound && run.ClaimBy != "" {
				if n[run.ClaimBy] == 0 {
					names = append(names, run.ClaimBy)
				}
				n[run.ClaimBy]++
			}
		}
	}
	if len(names) == 0 {
		return ""
	}
	sort.Strings(names)
	for i, name := range names {
		names[i] = fmt.Sprintf("%s (%s)", name, compare.Count(n[name], "run"))
	}
	return "settled by a bound checked from the case, no proof needed: " + strings.Join(names, "; ")
}

// marksLegend explains the marks claimMarks puts beside claims, spelled
// from claimMarks itself so that the legend names the marks the table
// prints.
func marksLegend() string {
	return fmt.Sprintf("marks: %q claimed (only the solver says so; report --recheck runs it again), %q certified when run, %q certified (a kept proof of every fact it needs checked again), %q settled by a named bound; unmarked: verified, or cross-checked by an independent solver",
		claimMarks[compare.ClaimClaimed], claimMarks[compare.ClaimCertifiedWhenRun], claimMarks[compare.ClaimCertified], claimMarks[compare.ClaimBound])
}
