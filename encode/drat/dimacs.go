package drat

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// maxDIMACSVars bounds the variables a DIMACS header may declare.
const maxDIMACSVars = 1 << 26

// ReadDIMACS reads a DIMACS CNF ("c" comments, "p cnf VARS CLAUSES", clauses
// ending in 0); name is the file's, for errors, which give its line. The
// clause count must match the header, and every literal be among the
// declared variables. A line over MaxLine is refused (the error wraps
// bufio.ErrTooLong). It returns the variable count and the clauses.
func ReadDIMACS(r io.Reader, name string) (numVars int, clauses [][]int, err error) {
	f, err := readDIMACS(r, name)
	if err != nil {
		return 0, nil, err
	}
	return f.numVars, f.clauses, nil
}

// dimacsFormula is a formula as ReadDIMACS reads it.
type dimacsFormula struct {
	numVars int
	clauses [][]int
}

func readDIMACS(r io.Reader, name string) (*dimacsFormula, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 1<<16), MaxLine+1) // its newline too
	f := &dimacsFormula{}
	want, line, header := 0, 0, false
	var cur []int
	for sc.Scan() {
		line++
		text := strings.TrimSpace(sc.Text())
		if text == "" || text[0] == 'c' || text[0] == '%' {
			continue
		}
		if text[0] == 'p' {
			fields := strings.Fields(text)
			if header || len(fields) != 4 || fields[1] != "cnf" {
				return nil, fmt.Errorf("%s: line %d: bad header %q", name, line, text)
			}
			v, err1 := strconv.Atoi(fields[2])
			c, err2 := strconv.Atoi(fields[3])
			if err1 != nil || err2 != nil || v < 0 || c < 0 || v > maxDIMACSVars {
				return nil, fmt.Errorf("%s: line %d: bad header %q", name, line, text)
			}
			f.numVars, want, header = v, c, true
			continue
		}
		if !header {
			return nil, fmt.Errorf("%s: line %d: a clause before the header", name, line)
		}
		for _, tok := range strings.Fields(text) {
			l, err := strconv.Atoi(tok)
			if err != nil || l > f.numVars || -l > f.numVars {
				return nil, fmt.Errorf("%s: line %d: bad literal %q (%d variables)", name, line, tok, f.numVars)
			}
			if l == 0 {
				f.clauses = append(f.clauses, cur)
				cur = nil
				continue
			}
			cur = append(cur, l)
		}
	}
	if err := sc.Err(); err == bufio.ErrTooLong {
		return nil, fmt.Errorf("%s: line %d: longer than %d MiB: %w", name, line+1, MaxLine>>20, err)
	} else if err != nil {
		return nil, fmt.Errorf("%s: line %d: %w", name, line+1, err)
	}
	switch {
	case !header:
		return nil, fmt.Errorf("%s: no \"p cnf\" header", name)
	case cur != nil:
		return nil, fmt.Errorf("%s: the last clause has no terminating 0", name)
	case len(f.clauses) != want:
		return nil, fmt.Errorf("%s: %d clauses, the header says %d", name, len(f.clauses), want)
	}
	return f, nil
}
