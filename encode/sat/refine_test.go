package sat

import (
	"strings"
	"testing"
	"time"
)

// TestRefineEnumeratesUntilRight uses a cutter that rejects every model but
// one chosen assignment, so the loop must add cuts until it finds it; with a
// cutter that rejects everything the loop ends UNSAT.
func TestRefineEnumeratesUntilRight(t *testing.T) {
	tests := []struct {
		name   string
		accept func(m []bool) bool
		want   Status
	}{
		{"accepts 1=true,2=false,3=true", func(m []bool) bool { return m[1] && !m[2] && m[3] }, Satisfiable},
		{"accepts nothing", func([]bool) bool { return false }, Unsatisfiable},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := &CNF{NumVars: 3}
			s, _ := gophersatBackend{}.New(f)
			var st Stats
			cut := func(m []bool) [][]int {
				if tt.accept(m) {
					return nil
				}
				// Block this full assignment.
				return [][]int{{Lit(1, !m[1]), Lit(2, !m[2]), Lit(3, !m[3])}}
			}
			got, err := Refine(s, cut, time.Time{}, &st)
			if err != nil {
				t.Fatal(err)
			}
			if got != tt.want {
				t.Fatalf("status %v, want %v", got, tt.want)
			}
			if got == Satisfiable && !tt.accept(s.Model()) {
				t.Fatalf("model %v not accepted", s.Model())
			}
			if st.Rounds != st.Added+1 || st.Added == 0 && tt.want == Unsatisfiable {
				t.Errorf("rounds %d, added %d", st.Rounds, st.Added)
			}
		})
	}
}

func TestRefineRejectsCutThatKeepsModel(t *testing.T) {
	s, _ := gophersatBackend{}.New(&CNF{NumVars: 1})
	var st Stats
	_, err := Refine(s, func(m []bool) [][]int { return [][]int{{Lit(1, m[1])}} }, time.Time{}, &st)
	if err == nil || !strings.Contains(err.Error(), "does not exclude") {
		t.Fatalf("err = %v", err)
	}
}
