package compare

import "testing"

// TestOptionTablesCells: a pipe in a doc is escaped, so that it does not
// split its cell; a phrase default is text, an unset one "none".
func TestOptionTablesCells(t *testing.T) {
	tests := []struct{ got, want string }{
		{mdCell("at least |squares|-k"), `at least \|squares\|-k`},
		{mdValues("true|false"), "`true`, `false`"},
		{mdDefault(""), "none"},
		{mdDefault("the optimum"), "the optimum"},
		{mdDefault("0"), "`0`"},
	}
	for _, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("got %q, want %q", tt.got, tt.want)
		}
	}
}
