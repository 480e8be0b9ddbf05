// Package kept is the claims gridsat keeps on disk (compare --certify
// --proofs DIR): each claim's record (a JSON), the formula it refutes
// (DIMACS CNF, the accepted cut lemmas appended) and its proof (DRAT), and
// the re-check of the three with encode/drat. It links no SAT solver: a
// report that checks kept proofs need not link one. Package encode writes
// the claims (encode.WriteClaim).
package kept

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/gridsat/gridsat/encode/drat"
)

// Claim describes a claim kept on disk (gridsat --proofs DIR): the JSON
// beside STEM.cnf, the formula with the accepted input clauses appended
// (what drat-trim reads), and STEM.drat, the proof's lemmas and deletions
// in DRAT text. Anyone can re-check it: drat-trim STEM.cnf STEM.drat.
type Claim struct {
	Claim  string `json:"claim"`
	Puzzle string `json:"puzzle"`
	// Solver is the solver whose run kept the claim ("" in claims kept
	// before 0.14: sat's).
	Solver string `json:"solver,omitempty"`
	File   string `json:"file"`
	Case   int    `json:"case"`
	// Key is the case's content key (compare.CaseKey, the results files'
	// case key; "" in claims kept before 0.14): it tells apart cases of
	// two files with one name.
	Key string `json:"key,omitempty"`
	// Answer is the answer of the run the claim belongs to, as the judge
	// prints it (for a report to match the claim to its run).
	Answer  string `json:"answer"`
	Vars    int    `json:"vars"`
	Clauses int    `json:"clauses"` // the formula's, input clauses included
	Inputs  int    `json:"inputs"`  // input clauses, accepted by the lemma checkers, at the CNF's end
	Lemmas  int    `json:"lemmas"`
	CNF     string `json:"cnf"`
	DRAT    string `json:"drat"`
	// Trusted is what the claim rests on besides the proof and the
	// encoding (Claim.Trusted).
	Trusted []string `json:"trusted,omitempty"`
	// Options are the run's solver options (proofs= left out): those
	// report --proofs rebuilds the case's encoding with.
	Options map[string]string `json:"options,omitempty"`
	// Queens is a queens claim's k, counter bound and cube (encode.Claim.Queens).
	Queens *Queens `json:"queens,omitempty"`
}

// WriteFile writes path through write, atomically enough for a kept proof:
// a temporary file renamed into place.
func WriteFile(path string, write func(io.Writer) error) error {
	// A temporary name of its own: two runs keeping one claim (two
	// workers, two comparisons sharing a folder) never write one file.
	fh, err := os.CreateTemp(filepath.Dir(path), filepath.Base(path)+".*.tmp")
	if err != nil {
		return err
	}
	tmp := fh.Name()
	bw := bufio.NewWriterSize(fh, 1<<16)
	err = write(bw)
	if err == nil {
		err = bw.Flush()
	}
	if cerr := fh.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		os.Remove(tmp)
		return fmt.Errorf("writing %s: %w", path, err)
	}
	return nil
}

// Recheck reads a kept claim (its JSON, and the CNF and proof beside
// it) and checks the proof against the CNF with encode/drat. It does not
// check that the CNF is the claim's case's (RecheckBound does).
func Recheck(jsonPath string) (Claim, drat.Result, error) {
	return RecheckBound(jsonPath, nil)
}

// Binder accepts or rejects a kept claim's CNF as its case's formula
// (a puzzle's encoding rebuilt and compared); meta is the claim's JSON,
// numVars and clauses the kept CNF.
type Binder func(meta Claim, numVars int, clauses [][]int) error

// RecheckBound is Recheck that first gives the kept CNF to
// bind, if not nil, which must accept it as the case's formula; bind is
// chosen from meta (the puzzle, file and case), so it is given meta
// through lookup, which returns nil for a claim it cannot tie to a case.
// A file read under a bound that it exceeds (a JSON over 1 MiB, a line of
// the CNF or the proof over drat.MaxLine) is an error wrapping
// bufio.ErrTooLong.
func RecheckBound(jsonPath string, lookup func(Claim) Binder) (Claim, drat.Result, error) {
	var meta Claim
	data, err := readJSON(jsonPath)
	if err != nil {
		return meta, drat.Result{}, err
	}
	if err := json.Unmarshal(data, &meta); err != nil {
		return meta, drat.Result{}, fmt.Errorf("%s: %w", jsonPath, err)
	}
	dir := filepath.Dir(jsonPath)
	for _, name := range []string{meta.CNF, meta.DRAT} {
		if name == "" || filepath.Base(name) != name {
			return meta, drat.Result{}, fmt.Errorf("%s: bad file name %q", jsonPath, name)
		}
	}
	cnfFile, err := os.Open(filepath.Join(dir, meta.CNF))
	if err != nil {
		return meta, drat.Result{}, err
	}
	defer cnfFile.Close()
	numVars, clauses, err := drat.ReadDIMACS(cnfFile, meta.CNF)
	if err != nil {
		return meta, drat.Result{}, err
	}
	if lookup != nil {
		if bind := lookup(meta); bind != nil {
			if err := bind(meta, numVars, clauses); err != nil {
				return meta, drat.Result{}, fmt.Errorf("%s: %s: the kept CNF is not the case's formula: %w", jsonPath, meta.Claim, err)
			}
		}
	}
	proofFile, err := os.Open(filepath.Join(dir, meta.DRAT))
	if err != nil {
		return meta, drat.Result{}, err
	}
	defer proofFile.Close()
	steps, err := drat.Parse(bufio.NewReader(proofFile))
	if err != nil {
		return meta, drat.Result{}, fmt.Errorf("%s: %w", meta.DRAT, err)
	}
	res, err := drat.Check(numVars, clauses, steps)
	if err != nil {
		return meta, res, fmt.Errorf("%s: %s: %w", jsonPath, meta.Claim, err)
	}
	return meta, res, nil
}

// maxJSON bounds a kept claim's JSON record (a few hundred bytes as
// gridsat writes it).
const maxJSON = 1 << 20

// readJSON reads a kept claim's JSON record, refusing one over
// maxJSON (the error wraps bufio.ErrTooLong) without reading it whole.
func readJSON(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, maxJSON+1))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if len(data) > maxJSON {
		return nil, fmt.Errorf("%s: over %d MiB (a kept claim's record is a few hundred bytes): %w", path, maxJSON>>20, bufio.ErrTooLong)
	}
	return data, nil
}

// Queens is what a queens claim assumes: at most K queens, with the
// counters counting up to Upto, and with split=classes the cube of Share
// (at most Share[c] queens on square class c; nil without split) and, for
// a share the border split splits, Border: per ring line (first row, last
// row, first column, last column, ring by ring) 1 when it holds a queen,
// 0 when not (nil for a cube not split so).
type Queens struct {
	K      int   `json:"k"`
	Upto   int   `json:"upto"`
	Share  []int `json:"share,omitempty"`
	Border []int `json:"border,omitempty"`
}
