// Package comparetest holds what the tests of several packages share to
// read and run cases without a harness (compare/report and compare/puzzles
// import no harness): sources read as harness.LoadPath reads them, rows
// solved in this process and judged as a comparison judges them, and the
// SVG check of renders and plots. Only tests import it.
package comparetest

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"testing"
	"time"

	"github.com/gridsat/gridsat/compare"
	"github.com/gridsat/gridsat/instances"
)

// Source is the cases of one input.
type Source struct {
	Set, File string
	Cases     []instances.Case
}

// LoadPath reads the cases of path: "bundled" (every bundled set of p), a
// directory (its .txt files in name order) or a file.
func LoadPath(p *compare.Puzzle, path string) ([]*Source, error) {
	if path == "bundled" {
		var srcs []*Source
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
	var srcs []*Source
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
func parseSource(p *compare.Puzzle, set, file string, r io.Reader) (*Source, error) {
	cases, err := p.Parse(file, r)
	if err == nil && len(cases) == 0 {
		err = fmt.Errorf("%s: no cases", file)
	}
	return &Source{Set: set, File: file, Cases: cases}, err
}

// SolveRows runs every spec on every case of srcs in this process, one
// run at a time, and judges each row and labels its claims as a
// comparison does; rows come in input order: what compare/harness does
// with its in-process executor, without the worker protocol, resume keys
// or schedules.
func SolveRows(p *compare.Puzzle, specs []compare.Spec, srcs []*Source) []compare.Row {
	uses := compare.SpecUses(p, specs)
	var rows []compare.Row
	for _, src := range srcs {
		for _, c := range src.Cases {
			row := compare.Row{CaseInfo: compare.CaseInfoOf(src.Set, src.File, c), Input: c}
			for _, sp := range specs {
				start := time.Now()
				res, err := compare.SolveCase(sp, c)
				run := compare.Run{Solver: sp.Text, Result: res, Wall: time.Since(start)}
				if err != nil {
					run.Verdict, run.Detail = compare.VerdictError, err.Error()
				}
				row.Runs = append(row.Runs, run)
			}
			compare.JudgeRow(p, c, &row)
			compare.LabelClaims(p, uses, &row)
			rows = append(rows, row)
		}
	}
	return rows
}

// ReadSet reads a bundled set of p, failing tb when it holds no case.
func ReadSet(tb testing.TB, p *compare.Puzzle, set instances.Set) *Source {
	tb.Helper()
	b, err := instances.ReadSet(set.Path)
	if err != nil {
		tb.Fatal(err)
	}
	src, err := parseSource(p, set.String(), set.Path, bytes.NewReader(b))
	if err != nil {
		tb.Fatalf("%s: %v", set, err)
	}
	return src
}

// WellFormedSVG checks that b parses as XML with an svg root: what the
// tests of renders and plots ask of a picture.
func WellFormedSVG(b []byte) error {
	d := xml.NewDecoder(bytes.NewReader(b))
	root := ""
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			return err
		}
		if se, ok := tok.(xml.StartElement); ok && root == "" {
			root = se.Name.Local
		}
	}
	if root != "svg" {
		return &xml.SyntaxError{Msg: "root element is " + root + ", not svg"}
	}
	return nil
}
