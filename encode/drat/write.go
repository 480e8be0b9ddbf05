package drat

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"
)

// ErrInputStep is returned by WriteText and WriteBinary for an Input step:
// DRAT has no line for a trusted clause. Write such clauses into the formula
// instead (SplitInputs separates them), which an external checker such as
// drat-trim then reads as part of the CNF.
var ErrInputStep = errors.New("drat: an input step has no DRAT form: write input clauses into the formula (see SplitInputs)")

// WriteText writes steps as a DRAT text proof ("1 -2 0", "d 1 -2 0"). Input
// steps are not DRAT: WriteText refuses them (an error wrapping ErrInputStep)
// unless they are written separately, into the formula (SplitInputs).
func WriteText(w io.Writer, steps []Step) error {
	return writeSteps(w, steps, appendText)
}

// WriteBinary writes steps as a binary DRAT proof (see ParseBinary). Like
// WriteText, it refuses Input steps.
func WriteBinary(w io.Writer, steps []Step) error {
	return writeSteps(w, steps, appendBinary)
}

// writeSteps checks each step and writes it as appendStep encodes it.
func writeSteps(w io.Writer, steps []Step, appendStep func([]byte, Step) []byte) error {
	bw := bufio.NewWriterSize(w, 1<<16)
	var buf []byte
	for i, s := range steps {
		if err := checkWritable(i, s); err != nil {
			return err
		}
		buf = appendStep(buf[:0], s)
		if _, err := bw.Write(buf); err != nil {
			return fmt.Errorf("drat: write: %w", err)
		}
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("drat: write: %w", err)
	}
	return nil
}

// appendText appends s as a text line.
func appendText(buf []byte, s Step) []byte {
	if s.Kind == Delete {
		buf = append(buf, "d "...)
	}
	for _, l := range s.Lits {
		buf = strconv.AppendInt(buf, int64(l), 10)
		buf = append(buf, ' ')
	}
	return append(buf, "0\n"...)
}

// appendBinary appends s in the binary form: 'a' or 'd', each literal as
// a varint of 2v (positive) or 2v+1 (negative), then 0.
func appendBinary(buf []byte, s Step) []byte {
	if s.Kind == Delete {
		buf = append(buf, 'd')
	} else {
		buf = append(buf, 'a')
	}
	for _, l := range s.Lits {
		u := uint64(2 * l)
		if l < 0 {
			u = uint64(-2*l) + 1
		}
		for u >= 0x80 {
			buf = append(buf, byte(u)|0x80)
			u >>= 7
		}
		buf = append(buf, byte(u))
	}
	return append(buf, 0)
}

func checkWritable(i int, s Step) error {
	switch s.Kind {
	case Input:
		return fmt.Errorf("%s: %w", where(i, s), ErrInputStep)
	case Lemma, Delete:
	default:
		return fmt.Errorf("drat: %s: unknown kind %v", where(i, s), s.Kind)
	}
	for _, l := range s.Lits {
		if l == 0 || l > maxVar || l < -maxVar {
			return fmt.Errorf("drat: %s: bad literal %d", where(i, s), l)
		}
	}
	return nil
}

// SplitInputs separates a proof's Input steps from its DRAT steps, so that
// the inputs can be written into the formula for an external checker. Moving
// an input to the formula's end keeps every RUP lemma RUP (it only adds a
// clause earlier); a RAT lemma may then need the RAT check against it too.
// When the proof has inputs and no empty clause (its refutation may end at
// an input, which Check accepts), the split proof ends with the empty
// clause, so that it still states its conclusion: moved earlier, the inputs
// make the clauses conflict no later than before, so the empty clause is RUP
// where the original proof was a refutation.
func SplitInputs(steps []Step) (proof []Step, inputs [][]int) {
	empty := false
	for _, s := range steps {
		if s.Kind == Input {
			inputs = append(inputs, s.Lits)
			continue
		}
		empty = empty || (s.Kind == Lemma && len(s.Lits) == 0)
		proof = append(proof, s)
	}
	if len(inputs) > 0 && !empty {
		proof = append(proof, Step{Kind: Lemma})
	}
	return proof, inputs
}
