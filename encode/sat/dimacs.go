package sat

import (
	"io"

	"github.com/gridsat/gridsat/encode/drat"
)

// ReadDIMACS reads a DIMACS CNF as drat.ReadDIMACS does (comments, the "p
// cnf" header, clauses ending in 0, errors naming the file's line) into a
// CNF.
func ReadDIMACS(r io.Reader, name string) (*CNF, error) {
	n, clauses, err := drat.ReadDIMACS(r, name)
	if err != nil {
		return nil, err
	}
	return &CNF{NumVars: n, Clauses: clauses}, nil
}
