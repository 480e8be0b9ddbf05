package compare

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"strings"

	"github.com/gridsat/gridsat/instances"
)

// CaseKeyOf names a case by what its answers depend on: a hash of the
// puzzle, the case's number in its file (judge answers name it: "Case 3:
// 5") and its text as FormatCase writes it, whatever file it was read
// from. Results files key their cases so, and kept proofs name theirs so.
func CaseKeyOf(puzzle string, number int, text string) string {
	h := sha256.New()
	fmt.Fprintf(h, "%s\x00%d\x00", puzzle, number)
	io.WriteString(h, text)
	return hex.EncodeToString(h.Sum(nil)[:16])
}

// CaseKey is CaseKeyOf case c of puzzle p ("" when p cannot format it).
func CaseKey(p *Puzzle, c instances.Case) string {
	if p == nil || p.FormatCase == nil || c == nil {
		return ""
	}
	var b strings.Builder
	if err := p.FormatCase(&b, c); err != nil {
		return ""
	}
	return CaseKeyOf(p.Name, c.Location().Case, b.String())
}
