package compare

import (
	"strings"
	"testing"

	"github.com/gridsat/gridsat/instances"
)

// FuzzReadResults feeds arbitrary bytes to the results-file reader: it
// must return runs or an input error, never panic, and accept every file
// it would itself write.
func FuzzReadResults(f *testing.F) {
	f.Add(`{"puzzle":"slant","file":"a.txt","case":1,"run":{"solver":"dfs","verdict":"ok"}}` + "\n")
	f.Add("garbage\n{}\n")
	f.Add(`{"puzzle":"chain","fi`)
	f.Fuzz(func(t *testing.T, text string) {
		done, err := readResults("r.jsonl", strings.NewReader(text))
		if err != nil {
			if !instances.IsInputError(err) && !strings.Contains(err.Error(), "r.jsonl") {
				t.Fatalf("error does not name the file: %v", err)
			}
			return
		}
		if len(done) > strings.Count(text, "\n")+1 {
			t.Fatalf("%d runs from %d lines", len(done), strings.Count(text, "\n")+1)
		}
	})
}
