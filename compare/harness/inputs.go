package harness

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/gridsat/gridsat/compare"
)

// CheckInputs ties the cases of m, read from its results files, to the
// inputs the comparison read (srcs: each path compare was given, loaded
// by LoadPath, in the same order). A results file carries its cases'
// texts under keys anyone editing it can recompute, so a case swapped
// for another board is verified, and its answer judged, against the board
// the file says; given the inputs, report checks the file's word: a row
// whose case is not the inputs' case of its file and number gets a
// problem naming it (the row fails), and err says when the header's digest of its inputs is not the
// digest of these (a case added, dropped or changed, or other inputs).
func (m *Merged) CheckInputs(srcs []*Source) error {
	p := m.Report.Puzzle
	sum := sha256.New()
	keys, n := map[string]string{}, 0 // by where a case is (inputName): its key
	for _, src := range srcs {
		if err := src.prepare(p); err != nil {
			return err
		}
		for i, k := range src.keys {
			io.WriteString(sum, k)
			keys[inputName(src.Set, src.File, src.Cases[i].Location().Case)] = k
			n++
		}
	}
	var b strings.Builder
	for i := range m.Report.Rows {
		row := &m.Report.Rows[i]
		if row.Input == nil {
			continue
		}
		b.Reset()
		if err := p.FormatCase(&b, row.Input); err != nil {
			return fmt.Errorf("%s: %w", row.Where(), err)
		}
		if keys[inputName(row.Set, row.File, row.Case)] != compare.CaseKeyOf(p.Name, row.Case, b.String()) {
			row.Problems = append(row.Problems, "this case is not the inputs' case of that file and number (--inputs): the results file holds another board under its name")
		}
	}
	if digest := hex.EncodeToString(sum.Sum(nil)[:16]); digest != m.Header.Inputs || n != m.Header.Cases {
		return fmt.Errorf("the inputs given hold %s (digest %s), the comparison's header %s (digest %s): other inputs, or cases added, dropped or changed",
			compare.Count(n, "case"), digest, compare.Count(m.Header.Cases, "case"), m.Header.Inputs)
	}
	return nil
}

// inputName says where a case is, as a results file and an input both
// name it: its bundled set, or its file's base name, and its number.
func inputName(set, file string, number int) string {
	if set == "" {
		set = filepath.Base(file)
	}
	return fmt.Sprintf("%s#%d", set, number)
}
