package compare

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"time"

	"github.com/gridsat/gridsat/instances"
)

// compare's tests cannot import compare/harness (it imports compare), so
// they read and run cases with these: what harness.LoadPath and
// harness.Compare with the in-process executor do, without the worker
// protocol, resume keys or schedules.

// source is the cases of one input.
type source struct {
	Set, File string
	Cases     []instances.Case
}

// loadPath reads the cases of path: "bundled" (every bundled set of p), a
// directory (its .txt files in name order) or a file.
func loadPath(p *Puzzle, path string) ([]*source, error) {
	if path == "bundled" {
		var srcs []*source
		for _, set := range instances.Sets(p.Name) {
			b, err := instances.ReadSet(set.Path)
			if err != nil {
				return nil, err
			}
			src, err := parseSource(p, set.String(), set.Path, bytes.NewReader(b))
			if err != nil {
				return nil, err
			}
			srcs = append(srcs, src)
		}
		return srcs, nil
	}
	files := []string{path}
	if st, err := os.Stat(path); err != nil {
		return nil, err
	} else if st.IsDir() {
		files, _ = filepath.Glob(filepath.Join(path, "*.txt"))
		sort.Strings(files)
	}
	var srcs []*source
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			return nil, err
		}
		src, err := parseSource(p, "", f, bytes.NewReader(b))
		if err != nil {
			return nil, err
		}
		srcs = append(srcs, src)
	}
	return srcs, nil
}

// parseSource parses one input that must hold a case.
func parseSource(p *Puzzle, set, file string, r io.Reader) (*source, error) {
	cases, err := p.Parse(file, r)
	if err == nil && len(cases) == 0 {
		err = fmt.Errorf("%s: no cases", file)
	}
	return &source{Set: set, File: file, Cases: cases}, err
}

// solveRows runs every spec on every case of srcs in this process, one
// run at a time, and judges each row and labels its claims as a
// comparison does; rows come in input order.
func solveRows(p *Puzzle, specs []Spec, srcs []*source) []Row {
	uses := SpecUses(p, specs)
	var rows []Row
	for _, src := range srcs {
		for _, c := range src.Cases {
			row := Row{CaseInfo: CaseInfoOf(src.Set, src.File, c), Input: c}
			for _, sp := range specs {
				start := time.Now()
				res, err := SolveCase(sp, c)
				run := Run{Solver: sp.Text, Result: res, Wall: time.Since(start)}
				if err != nil {
					run.Verdict, run.Detail = VerdictError, err.Error()
				}
				row.Runs = append(row.Runs, run)
			}
			JudgeRow(p, c, &row)
			LabelClaims(p, uses, &row)
			rows = append(rows, row)
		}
	}
	return rows
}
