package compare

import (
	"reflect"
	"strings"
	"testing"
)

// TestDeclaredDefaultsAreUnset: every adapter's declaration means by each
// default what the option's absence means, as resume keys and reports,
// which spell defaults out, assume: the defaults spelled out parse to the
// config no options parse to. Exceptions: a phrase default (queens' k: the
// optimum), and queens' split, whose absence picks classes or none (card=pb
// and lines=false take none) while split=classes asked for is refused
// there, and makes gridsat dimacs write the cubes.
func TestDeclaredDefaultsAreUnset(t *testing.T) {
	checkDefaults(t, "chain dfs", chainDFSDecl)
	checkDefaults(t, "chain sat", chainSATDecl)
	checkDefaults(t, "queens dfs", queensDFSDecl)
	checkDefaults(t, "queens sat", queensSATDecl, "split")
	checkDefaults(t, "slant dfs", slantDFSDecl)
	checkDefaults(t, "slant sat", slantSATDecl)
	checkDefaults(t, "shared sat options", satDecl)
}

func checkDefaults[T any](t *testing.T, name string, d *OptionSet[T], auto ...string) {
	t.Helper()
	unset, err := d.Parse(Options{})
	if err != nil {
		t.Fatalf("%s: no options: %v", name, err)
	}
	spelled := Options{}
	for _, o := range d.Docs() {
		if strings.Contains(o.Default, " ") || contains(auto, o.Name) {
			continue
		}
		spelled[o.Name] = o.Default
		one, err := d.Parse(Options{o.Name: o.Default})
		if err != nil && o.Default != "" {
			t.Errorf("%s: its default %s=%s: %v", name, o.Name, o.Default, err)
		}
		if !reflect.DeepEqual(one, unset) {
			t.Errorf("%s: %s=%s parses to %+v, unset to %+v", name, o.Name, o.Default, one, unset)
		}
	}
	if all, err := d.Parse(spelled); err != nil || !reflect.DeepEqual(all, unset) {
		t.Errorf("%s: every default spelled out parses to %+v, %v; unset to %+v", name, all, err, unset)
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
